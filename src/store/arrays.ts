/**
 * Copies and searches of arrays read from the state, which are frozen. V8 (Node 20 and 24) takes a
 * slow, element-by-element path for `slice`, `lastIndexOf`, `filter` and `toSpliced` on a frozen
 * array: `slice()` of 500 frozen numbers costs ~12 µs, a spread of the same array ~0.2 µs. The
 * chunked lists copy and search their chunks on every write, so they use these instead.
 */
import type { Draft } from 'immer';
import { plain } from './store.js';

/** `a.slice(from, to)` without V8's slow path for frozen arrays (a spread first). */
export function sliceOf<T>(a: readonly T[], from = 0, to = a.length): T[] {
  const copy = [...a];
  return from === 0 && to >= a.length ? copy : copy.slice(from, to);
}

/** `a.lastIndexOf(x)` without V8's slow path for frozen arrays. */
export function lastIndexIn<T>(a: readonly T[], x: T): number {
  for (let i = a.length - 1; i >= 0; i--) if (a[i] === x) return i;
  return -1;
}

/** A copy of `a` with `x` inserted at `at` (`a.toSpliced(at, 0, x)`), without the slow path. */
export function insertedAt<T>(a: readonly T[], at: number, x: T): T[] {
  const copy = [...a];
  copy.splice(at, 0, x);
  return copy;
}

/** A copy of `a` without the item at `at` (`a.toSpliced(at, 1)`), without the slow path. */
export function removedAt<T>(a: readonly T[], at: number): T[] {
  const copy = [...a];
  copy.splice(at, 1);
  return copy;
}

/**
 * Edits the array at `parent[index]` (a state array inside a change) as a frozen copy: `edit` gets a
 * spread copy, which then replaces it, frozen. Through the draft, immer would copy the array with
 * `slice()` (the slow path above) on its first edit; and a plain, unfrozen array put into a draft is
 * walked element by element when the change ends (immer looks for drafts inside it), while a frozen
 * one is taken as it is. Returns what `edit` returns.
 * @example editArray(chunks, chunks.length - 1, (last) => last.push(id))
 */
export function editArray<T, R>(parent: Draft<T[][]>, index: number, edit: (copy: T[]) => R): R {
  const copy = [...plain((parent as unknown as T[][])[index] as T[])];
  const out = edit(copy);
  (parent as unknown as T[][])[index] = Object.freeze(copy) as T[];
  return out;
}
