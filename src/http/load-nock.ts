import { createRequire } from 'node:module';

/**
 * nock is an optional peer: stuntdouble loads it only when the nock transport is chosen or the
 * program already uses it. A CommonJS project on nock 15 (ESM-only) can then load stuntdouble
 * without a runner flag, as long as it does not use nock itself.
 */
export type NockModule = typeof import('nock');

// Set by the build (tsup.config.ts): true in the CommonJS build only.
declare const __STUNTDOUBLE_CJS__: boolean | undefined;

// The CommonJS build uses its own `require` (Jest's, under Jest, so nock is the instance the test file
// got); the ESM build one made for this file (Node's module cache, shared with the program's import).
const localRequire: NodeJS.Require = typeof __STUNTDOUBLE_CJS__ !== 'undefined' && __STUNTDOUBLE_CJS__ ? require : createRequire(import.meta.url);

/** Requires a module as this package resolves it. */
export function requireLocal<T>(id: string): T {
  return localRequire(id) as T;
}

/**
 * nock 14 (CommonJS) and nock 15 (ESM-only) reach us in different shapes depending on the build
 * (CJS require, or require(esm) on Node >= 22): find the callable.
 */
function callableNock(mod: unknown): NockModule {
  let candidate: unknown = (mod as { default?: unknown } | undefined)?.default ?? mod;
  if (typeof candidate !== 'function' && candidate && typeof (candidate as { default?: unknown }).default === 'function')
    candidate = (candidate as { default: unknown }).default;
  if (typeof candidate !== 'function') throw new Error('stuntdouble: could not load nock (peer dependency nock >=14 <16)');
  return candidate as NockModule;
}

let nockCache: NockModule | undefined;

/** The nock function, loading nock when it is not loaded yet (the nock transport needs it). */
export function loadNock(): NockModule {
  if (nockCache) return nockCache;
  let mod: unknown;
  try {
    mod = localRequire('nock');
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'MODULE_NOT_FOUND')
      throw new Error("stuntdouble: transport 'nock' needs nock (npm i -D nock@14 on Node 20, nock@15 on Node >= 22.20)", { cause: err });
    if (code === 'ERR_REQUIRE_ESM' || /Must use import to load ES Module|require\(\) of ES Module/i.test(String((err as Error).message)))
      throw new Error(
        "stuntdouble: nock 15 is ES modules only and this CommonJS runtime cannot require() it (under Jest: run Node with --experimental-vm-modules). The default transport does not need nock: drop transport: 'nock'.",
        { cause: err },
      );
    throw err;
  }
  nockCache = callableNock(mod);
  return nockCache;
}

/** Where the program resolves nock from, or undefined when it is not installed. */
function nockPath(): string | undefined {
  try {
    return localRequire.resolve('nock');
  } catch {
    return undefined;
  }
}

/** Whether a socket-level interceptor (@mswjs/interceptors 0.45, which nock 15 uses) is active in this process. */
export function socketLevelInterceptorActive(): boolean {
  const registry = (globalThis as { __MSW_INTERCEPTORS_REGISTRY?: Map<symbol, { readyState?: unknown }> }).__MSW_INTERCEPTORS_REGISTRY;
  if (!registry) return false;
  const source = registry.get(Symbol.for('node-http-request-source'));
  return !!source && source.readyState === 'ACTIVE';
}

/**
 * The nock the program already loaded, without loading it: nock 14 is in the module cache; nock 15
 * (ESM) is known by its socket-level interceptor, and require(esm) then hands back the loaded instance.
 */
export function nockIfLoaded(): NockModule | undefined {
  if (nockCache) return nockCache;
  const path = nockPath();
  if (!path) return undefined;
  const cache = localRequire.cache as Record<string, unknown> | undefined;
  if (cache?.[path] || socketLevelInterceptorActive()) {
    try {
      return loadNock();
    } catch {
      return undefined;
    }
  }
  return undefined;
}
