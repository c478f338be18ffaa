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
    if (seen.has(key)) return seen.get(key) as V;
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
