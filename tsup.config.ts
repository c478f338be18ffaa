import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Options, defineConfig } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * zod's code is bundled, tree-shaken, instead of imported from node_modules: `import('zod')` costs more
 * than `import('nock')` (dozens of ES modules, every locale), while the parts the fakes use, bundled
 * into one chunk, load in a fraction of that. esbuild drops zod's unused parts only through a
 * namespace import (`import * as z from 'zod'`), not through zod's `z` export (a namespace re-exported
 * whole, locales and all), so this rewrites the sources' `import { z } from 'zod'` for the build.
 * zod's types are not bundled: the declarations still import `zod` (a dependency), so the exported
 * schemas and `defineScenario` speak the user's zod. zod 4 keeps its registry and config on
 * `globalThis` and checks `instanceof` by traits, so a user's schemas and the bundled copy mix.
 */
const zodNamespaceImport: EsbuildPlugin = {
  name: 'zod-namespace-import',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes("import { z } from 'zod';")) return undefined;
      return { contents: source.replaceAll("import { z } from 'zod';", "import * as z from 'zod';"), loader: 'ts' };
    });
  },
};

/**
 * marked (the GitHub fake's markdown renderer) is bundled (ESM only, and the CommonJS build must not
 * require an ES module), but evaluating it builds its many regular expressions: ~6 ms at every import,
 * for a renderer only markdown answers use. Imports of `marked` from our sources get a stand-in whose
 * `Marked` evaluates the bundled marked on the first `new Marked()`: esbuild wraps a module reached by
 * `require()` in a lazy initializer, in both output formats.
 */
const lazyMarked: EsbuildPlugin = {
  name: 'lazy-marked',
  setup(build) {
    build.onResolve({ filter: /^marked$/ }, (args) => {
      if (args.namespace === 'lazy-marked' || !/[\\/]src[\\/]/.test(args.importer)) return undefined;
      return { path: 'marked', namespace: 'lazy-marked' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy-marked' }, () => ({
      resolveDir: process.cwd(),
      loader: 'js',
      contents: `let real;
const load = () => (real ??= require('marked'));
export class Marked {
  constructor(...options) {
    return new (load().Marked)(...options);
  }
}`,
    }));
  },
};

/**
 * A service's parts (src/fakes/<service>/definition.ts: its routes, models, schemas and generated
 * tables, most of the package's code) are evaluated on first use (the first `createFakes()`), not at
 * import (see src/fakes/lazy-service.ts). Imports of a `definition.ts` from our sources get a stand-in
 * whose exported functions evaluate the real module on their first call, through `require()`: esbuild
 * wraps a module reached by `require()` in a lazy initializer (both output formats), and with it every
 * module only it imports. A module also imported eagerly elsewhere is evaluated at import as before.
 * A `definition.ts` may export functions only (and types): the build fails on anything else.
 */
const lazyServiceParts: EsbuildPlugin = {
  name: 'lazy-service-parts',
  setup(build) {
    const parts = /[\\/]src[\\/]fakes[\\/][^\\/]+[\\/]definition\.ts$/;
    build.onResolve({ filter: /[\\/]definition\.js$/ }, (args) => {
      if (args.namespace === 'lazy-service-parts' || !/[\\/]src[\\/]/.test(args.importer)) return undefined;
      const real = path.resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
      return parts.test(real) ? { path: real, namespace: 'lazy-service-parts' } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy-service-parts' }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const runtime = source.split('\n').filter((l) => /^export /.test(l) && !/^export (type|interface) /.test(l));
      const names = runtime.map((l) => /^export function (\w+)\(/.exec(l)?.[1]);
      const bad = runtime.filter((_, i) => !names[i]);
      if (bad.length) throw new Error(`${args.path}: a lazily loaded service module may export functions only, not: ${bad.join('; ')}`);
      const real = JSON.stringify(`./${path.basename(args.path)}`);
      return {
        resolveDir: path.dirname(args.path),
        loader: 'js',
        contents: `let real;
const load = () => (real ??= require(${real}));
${names.map((n) => `export function ${n}(...args) {\n  return load().${n}(...args);\n}`).join('\n')}`,
      };
    });
  },
};

/**
 * One entry per package export, each a thin file under src/entries/, built as ESM and CommonJS with
 * declarations for both and source maps. zod's code is bundled (see above), its types are not. The
 * runners' own modules (vitest, @jest/globals, node:test) stay external: the runner provides them.
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
  external: ['nock', 'vitest', '@jest/globals', 'immer', 'msw', '@mswjs/interceptors'],
  // marked (the code hosting fake's markdown renderer) ships ESM only: bundled, so the CommonJS build
  // does not require() an ES module.
  // zod: see zodNamespaceImport.
  noExternal: ['marked', 'zod'],
  esbuildPlugins: [zodNamespaceImport, lazyMarked, lazyServiceParts],
});
