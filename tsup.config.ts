import { readFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

/**
 * Cold import: zod is bundled (one parsed file instead of ~100 ESM modules resolved one by one),
 * without its ~45 translated error locales (~500 KB of source nobody reaches through our copy:
 * users who switch locales do it on their own zod), and minified (it is not our code to debug).
 */
const slimZod = {
  name: 'slim-zod',
  // biome-ignore lint/suspicious/noExplicitAny: esbuild's plugin build type is not a dependency of ours.
  setup(build: any) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.c?js$/ }, async (args: { path: string }) => ({
      contents: args.path.endsWith('.cjs') ? `"use strict"; exports.en = require('./en.cjs').default;` : `export { default as en } from './en.js';`,
      loader: 'js',
      resolveDir: args.path.replace(/[\\/][^\\/]+$/, ''),
    }));
    build.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/].*\.c?js$/ }, async (args: { path: string }) => {
      const { transform } = await import('esbuild');
      const source = await readFile(args.path, 'utf8');
      const out = await transform(source, { minify: true, loader: 'js', target: 'node20' });
      return { contents: out.code, loader: 'js' };
    });
  },
};

export default defineConfig({
  entry: {
    index: 'src/entries/index.ts',
    'code-hosting': 'src/entries/code-hosting.ts',
    'social-graph': 'src/entries/social-graph.ts',
    'model-cache': 'src/entries/model-cache.ts',
    scenarios: 'src/entries/scenarios.ts',
    vitest: 'src/entries/vitest.ts',
    server: 'src/entries/server.ts',
    cli: 'src/entries/cli.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  splitting: true,
  sourcemap: false,
  clean: true,
  target: 'node20',
  platform: 'node',
  external: ['nock', 'vitest'],
  noExternal: ['zod'],
  esbuildPlugins: [slimZod],
});
