/**
 * Small caches for work a request path repeats with the same input: a client sends the same `Accept`
 * header, polls the same object (the same answer text), and on a frozen clock every answer shares one
 * instant. Both kinds are bounded and pure: they remember results, never state.
 */

/**
 * `fn` with its results remembered for up to `max` recent inputs (forgotten all at once when full).
 * Inputs longer than `maxChars` (a string key) are computed every time: comparing a long key with a
 * remembered one costs about what computing it does.
 */
export function memoize<K, V>(fn: (key: K) => V, max: number, maxChars = Number.POSITIVE_INFINITY): (key: K) => V {
  const seen = new Map<K, V>();
  return (key) => {
    if (typeof key === 'string' && key.length > maxChars) return fn(key);
    // One lookup when the value is there (`has` is asked only for an undefined result).
    const known = seen.get(key);
    if (known !== undefined || seen.has(key)) return known as V;
    const value = fn(key);
    if (seen.size >= max) seen.clear();
    seen.set(key, value);
    return value;
  };
}

/** `fn` with its result for the last input remembered: for inputs that repeat in runs (the clock's instant). */
export function memoizeLast<K, V>(fn: (key: K) => V): (key: K) => V {
  let lastKey: K | undefined;
  let lastValue: V | undefined;
  let has = false;
  return (key) => {
    if (!has || !Object.is(key, lastKey)) {
      lastValue = fn(key);
      lastKey = key;
      has = true;
    }
    return lastValue as V;
  };
}

/** What {@link memoizeRecent} keeps by default: anything but a text over 64 KB. */
const notLong = (key: unknown): boolean => typeof key !== 'string' || key.length <= 64 * 1024;

/**
 * `fn` with its results remembered for the `max` most recent inputs, found by comparing the input with
 * each remembered one (`===`), never by hashing it: a `Map` lookup of a new long string hashes every
 * character of it first (about 1.4 ns a character, ~6 µs for a 4 KB answer), while comparing two texts
 * of different lengths costs nothing and two of the same length stops at their first difference; an
 * object is found by identity. For answer texts and bodies, which a client polling one object sends
 * again and again. A result is remembered only when `keep(input, result)` says so (by default: not for
 * a text over 64 KB, since a few remembered megabyte bodies would stay on the heap).
 * @example const tag = memoizeRecent((text: string) => sha256(text), 4);
 */
export function memoizeRecent<K, V>(fn: (key: K) => V, max: number, keep: (key: K, value: V) => boolean = notLong): (key: K) => V {
  const keys: K[] = [];
  const values: V[] = [];
  let next = 0;
  return (key) => {
    for (let i = 0; i < keys.length; i++) if (keys[i] === key) return values[i] as V;
    const value = fn(key);
    if (keep(key, value)) {
      keys[next] = key;
      values[next] = value;
      next = (next + 1) % max;
    }
    return value;
  };
}
