import { existsSync, readFileSync, readdirSync } from 'node:fs';
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

// Every service's parts module (src/fakes/<service>/definition.ts), by service folder.
const PARTS = Object.fromEntries(
  readdirSync('src/fakes', { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join('src/fakes', d.name, 'definition.ts')))
    .map((d) => [d.name, path.resolve('src/fakes', d.name, 'definition.ts')]),
);

/**
 * A service's parts (src/fakes/<service>/definition.ts: its routes, models, schemas and generated
 * tables, most of the package's code) are loaded on first use (the first `createFakes()`), not at
 * import (see src/fakes/lazy-service.ts): each is an entry of its own (`dist/parts/<service>.js`), so
 * importing the package neither compiles nor evaluates it. Imports of a `definition.ts` from our
 * sources get a stand-in whose exported functions load the real module on their first call,
 * synchronously: `require()` in the CommonJS build (Jest's own under Jest), and in the ES module build
 * Node's `require()` of an ES module (Node 20.19+, 22.12+), which shares the module instances the
 * package's `import` already loaded. Where that is missing (older Node, or a test runner that runs
 * modules in a VM context of its own, such as Jest's ESM mode, whose instances a native `require()`
 * would not share; Node 22.12, which warns on it), the ES module build loads the parts at import
 * instead, with a top-level `await`.
 * A `definition.ts` may export functions only (and types): the build fails on anything else.
 */
const lazyServiceParts: EsbuildPlugin = {
  name: 'lazy-service-parts',
  setup(build) {
    // tsup builds both formats as ES modules and converts the CommonJS one after: the format is in the define.
    const cjs = build.initialOptions.define?.__STUNTDOUBLE_CJS__ === 'true';
    const ext = cjs ? '.cjs' : '.js';
    const file = (service: string) => JSON.stringify(`./parts/${service}${ext}`);
    build.onResolve({ filter: /[\\/]definition\.js$/ }, (args) => {
      if (!/[\\/]src[\\/]/.test(args.importer)) return undefined;
      const real = path.resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
      const service = Object.keys(PARTS).find((s) => PARTS[s] === real);
      return service ? { path: service, namespace: 'lazy-service-parts' } : undefined;
    });
    build.onResolve({ filter: /^lazy-service-parts:runtime$/ }, () => ({ path: 'runtime', namespace: 'lazy-service-parts' }));
    // The built parts are loaded by path at run time: `./parts/<service>` next to the chunk that loads them.
    build.onResolve({ filter: /^\.\/parts\// }, (args) => (args.namespace === 'lazy-service-parts' ? { path: args.path, external: true } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'lazy-service-parts' }, (args) => {
      if (args.path === 'runtime') {
        const services = Object.keys(PARTS);
        const load = cjs
          ? `{\n${services.map((s) => `  ${JSON.stringify(s)}: () => require(${file(s)}),`).join('\n')}\n}`
          : `{\n${services.map((s) => `  ${JSON.stringify(s)}: () => nativeRequire(${file(s)}),`).join('\n')}\n}`;
        const preload = cjs
          ? ''
          : `import { createRequire } from 'node:module';
const nativeRequire = createRequire(import.meta.url);
// A VM context of its own (Jest's ESM mode) has its own Function: a native require() there would load
// a second copy of the package's modules, outside the runner's. Node 22.12 and 23.0-23.4 warn on
// every process's first require() of an ES module: they load the parts at import too.
const [major, minor] = process.versions.node.split('.').map(Number);
const quiet = major === 22 ? minor >= 13 : major === 23 ? minor >= 5 : true;
if (!process.features?.require_module || !quiet || !(createRequire instanceof Function)) {
  const [${services.map((_, i) => `m${i}`).join(', ')}] = await Promise.all([${services.map((s) => `import(${file(s)})`).join(', ')}]);
${services.map((s, i) => `  loaded[${JSON.stringify(s)}] = m${i};`).join('\n')}
}`;
        return {
          loader: 'js',
          contents: `const loaded = {};
const loaders = ${load};
${preload}
export function loadParts(service) {
  return (loaded[service] ??= loaders[service]());
}`,
        };
      }
      const source = readFileSync(PARTS[args.path] as string, 'utf8');
      const runtime = source.split('\n').filter((l) => /^export /.test(l) && !/^export (type|interface) /.test(l));
      const names = runtime.map((l) => /^export function (\w+)\(/.exec(l)?.[1]);
      const bad = runtime.filter((_, i) => !names[i]);
      if (bad.length) throw new Error(`${PARTS[args.path]}: a lazily loaded service module may export functions only, not: ${bad.join('; ')}`);
      return {
        loader: 'js',
        contents: `import { loadParts } from 'lazy-service-parts:runtime';
${names.map((n) => `export function ${n}(...args) {\n  return loadParts(${JSON.stringify(args.path)}).${n}(...args);\n}`).join('\n')}`,
      };
    });
  },
};

/**
 * One entry per package export, each a thin file under src/entries/, built as ESM and CommonJS with
 * declarations for both and source maps. zod's code is bundled (see above), its types are not. The
 * runners' own modules (vitest, @jest/globals, node:test) stay external: the runner provides them.
 */
/** One entry per package export (src/entries/). */
const ENTRIES = {
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
};

export default defineConfig({
  // The public entries, and each service's parts (see lazyServiceParts): dist/parts/<service>.
  entry: { ...ENTRIES, ...Object.fromEntries(Object.entries(PARTS).map(([service, file]) => [`parts/${service}`, file])) },
  format: ['esm', 'cjs'],
  // Declarations for the public entries only: the parts are no export of the package.
  dts: { entry: ENTRIES },
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
