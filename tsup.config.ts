import { defineConfig } from 'tsup';

/**
 * One entry per package export, each a thin file under src/entries/, built as ESM and CommonJS with
 * declarations for both and source maps. zod is a dependency (our exported types and `defineScenario`
 * speak the user's zod), so it is not bundled. The runners' own modules (vitest, @jest/globals,
 * node:test) stay external: the runner provides them.
 */
export default defineConfig({
  entry: {
    index: 'src/entries/index.ts',
    'code-hosting': 'src/entries/code-hosting.ts',
    'social-graph': 'src/entries/social-graph.ts',
    'model-cache': 'src/entries/model-cache.ts',
    scenarios: 'src/entries/scenarios.ts',
    vitest: 'src/entries/vitest.ts',
    jest: 'src/entries/jest.ts',
    'node-test': 'src/entries/node-test.ts',
    server: 'src/entries/server.ts',
    msw: 'src/entries/msw.ts',
    cli: 'src/entries/cli.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  splitting: true,
  sourcemap: true,
  clean: true,
  // src/http/load-nock.ts: the CommonJS build requires through its own `require` (Jest's under Jest);
  // the shims keep the ESM-only `import.meta.url` of the other branch valid syntax in CommonJS.
  shims: true,
  esbuildOptions(options, context) {
    options.define = { ...options.define, __STUNTDOUBLE_CJS__: context.format === 'cjs' ? 'true' : 'false' };
  },
  target: 'node20',
  platform: 'node',
  // Keep `node:test` as written: `test` without the prefix is not a builtin.
  removeNodeProtocol: false,
  external: ['nock', 'vitest', '@jest/globals', 'zod', 'immer', 'msw', '@mswjs/interceptors'],
  // marked (the code hosting fake's markdown renderer) ships ESM only: bundled, so the CommonJS build
  // does not require() an ES module.
  noExternal: ['marked'],
});
