/**
 * Copies and searches of arrays read from the state, which are frozen. V8 (Node 20 and 24) takes a
 * slow, element-by-element path for `slice`, `lastIndexOf`, `filter` and `toSpliced` on a frozen
 * array: `slice()` of 500 frozen numbers costs ~12 µs, a spread of the same array ~0.2 µs. The
 * chunked lists copy and search their chunks on every write, so they use these instead.
 */

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
