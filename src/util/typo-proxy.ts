import { closest, suggest, unknownName } from './suggest.js';

/**
 * Property names that tools probe on any object they are handed, and that must read as `undefined`
 * rather than throw: `await` looks for `then`; `JSON.stringify` for `toJSON`; vitest's and Jest's
 * equality and pretty-format for `asymmetricMatch`, `$$typeof`, `nodeType`, `tagName`, `toJSON`,
 * `_isMockFunction` and Immutable.js' `@@__IMMUTABLE_...@@` markers; module interop for `__esModule`
 * and `default`; old custom inspection for `inspect`. Besides these, every name starting with `_`, `$`
 * or `@@` passes (private-looking and framework markers), and every symbol.
 */
export const PROBED_NAMES: ReadonlySet<string> = new Set([
  'then',
  'catch',
  'finally',
  'toJSON',
  'asymmetricMatch',
  'toAsymmetricMatcher',
  'nodeType',
  'nodeName',
  'tagName',
  'constructor',
  'toString',
  'toLocaleString',
  'valueOf',
  'inspect',
  'length',
  'prototype',
  'default',
  'caller',
  'callee',
  'arguments',
  'mock',
  'getMockName',
  'getMockImplementation',
  'isEqualNode',
  'hasAttribute',
  'size',
  'entries',
  'keys',
  'values',
  'forEach',
  'next',
  'splice',
]);

function isProbe(key: string): boolean {
  return PROBED_NAMES.has(key) || key.startsWith('_') || key.startsWith('$') || key.startsWith('@@');
}

/**
 * Wraps `target` so that reading a name it does not have throws an `UnknownNameError` naming the
 * nearest names it has, instead of answering `undefined` (which, for a function call in plain
 * JavaScript, becomes a bare "is not a function"). Everything else passes through untouched:
 * own and inherited names, symbols, `Object.keys()`, `in`, property descriptors, and the names tools
 * probe on any object ({@link PROBED_NAMES}). The type is the target's.
 * @param kind what a name is, e.g. `'scenario'` or `'seed helper'`.
 * @param where how the object is reached, e.g. `'scenarios'` or `'fakes.codeHosting.seed'`.
 */
export function typoProxy<T extends object>(target: T, kind: string, where: string): T {
  return new Proxy(target, {
    get(obj, key, receiver) {
      if (typeof key === 'symbol' || key in obj || isProbe(key)) return Reflect.get(obj, key, receiver);
      const names = Object.keys(obj);
      const near = suggest(key, names);
      const best = near.length ? near : [closest(key, names)].filter((n): n is string => n !== undefined);
      throw unknownName(kind, key, names, where, best.slice(0, 3));
    },
  });
}

/**
 * Puts a {@link typoProxy} on a service facade's `seed` object (`fakes.codeHosting.seed`), in place,
 * so that `fakes.codeHosting.seed.repos(...)` names `repo` instead of failing as "not a function".
 */
export function withTypoSeed<F>(facade: F, service: string): F {
  const f = facade as { seed?: unknown };
  if (f && typeof f.seed === 'object' && f.seed !== null) f.seed = typoProxy(f.seed, 'seed helper', `fakes.${service}.seed`);
  return facade;
}
