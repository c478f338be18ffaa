import { UnknownNameError } from '../errors.js';

/** Edit distance (Levenshtein, case-insensitive) between two short strings, O(a*b) with two rows. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  if (s === t) return 0;
  let prev = Array.from({ length: t.length + 1 }, (_, i) => i);
  let cur = new Array<number>(t.length + 1);
  for (let i = 1; i <= s.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      cur[j] = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[t.length] as number;
}

/**
 * The candidates nearest to `input`, best first: those within a distance proportional to the
 * input's length, plus candidates that contain it or that it contains (`fetch` → `fetch-import`).
 */
export function suggest(input: string, candidates: Iterable<string>, max = 3): string[] {
  const limit = Math.max(2, Math.ceil(input.length / 3));
  const low = input.toLowerCase();
  const scored: Array<{ c: string; d: number }> = [];
  for (const c of new Set(candidates)) {
    let d = editDistance(input, c);
    const cl = c.toLowerCase();
    if (d > limit && low.length >= 3 && (cl.includes(low) || low.includes(cl))) d = limit;
    if (d <= limit) scored.push({ c, d });
  }
  scored.sort((x, y) => x.d - y.d || x.c.localeCompare(y.c));
  return scored.slice(0, max).map((s) => s.c);
}

/** The candidate at the smallest edit distance from `input` (the first of a tie), whatever the distance. */
export function closest(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = editDistance(input, c);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}

/** "Did you mean 'a' or 'b'?" or '' when there is nothing close. */
export function didYouMean(suggestions: readonly string[]): string {
  if (suggestions.length === 0) return '';
  const quoted = suggestions.map((s) => `'${s}'`);
  return ` Did you mean ${quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`}?`;
}

/**
 * The error for an unknown name, with the nearest valid spellings.
 * @param kind what the name is (`option`, `route`, `operation`, `permission`, ...)
 * @param where where it was given, e.g. `createFakes()` or `calls.where()`
 */
export function unknownName(kind: string, input: string, candidates: Iterable<string>, where: string, nearest?: readonly string[]): UnknownNameError {
  const list = nearest ?? suggest(input, candidates);
  return new UnknownNameError(`stuntdouble: unknown ${kind} '${input}' in ${where}.${didYouMean(list)}`, kind, input, list);
}

/** Throws {@link UnknownNameError} for the first key of `value` that is not in `allowed`. */
export function assertKnownKeys(value: unknown, allowed: readonly string[], kind: string, where: string): void {
  if (!value || typeof value !== 'object') return;
  for (const key of Object.keys(value)) if (!allowed.includes(key)) throw unknownName(kind, key, allowed, where);
}
