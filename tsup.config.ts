import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'code-hosting': 'src/fakes/code-hosting/public.ts',
    'social-graph': 'src/fakes/social-graph/public.ts',
    'model-cache': 'src/fakes/model-cache/public.ts',
    scenarios: 'src/scenarios/public.ts',
    vitest: 'src/vitest/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  splitting: true,
  sourcemap: false,
  clean: true,
  target: 'node20',
  platform: 'node',
  external: ['nock', 'vitest'],
  // zod is bundled: one file parses much faster than zod's ~100 ESM modules resolved one by one (cold import).
  noExternal: ['zod'],
});
