import { PATH_ALIASES } from '../catalog/aliases.js';

/** Links in answers: the neutral path segments of the catalog's seed spelling in GitHub's own. */

const SEED_SEGMENT = new RegExp(`/(${PATH_ALIASES.map(([seed]) => seed).join('|')})(?=/|$|\\{|\\?)`, 'g');
const REAL: Record<string, string> = Object.fromEntries(PATH_ALIASES);
/** A URL or key in GitHub's spelling (the neutral path segments never appear in bodies). */
export function realUrl(s: string): string {
  if (!s.includes('/')) return s;
  let out = realUrls.get(s);
  if (out === undefined) {
    out = s.replace(SEED_SEGMENT, (_, seg: string) => `/${REAL[seg] ?? seg}`);
    // A bounded memo: answers repeat the same URLs (an account's links, a repository's), the replace is a scan of every seed segment.
    // Written out rather than util/memo's `memoize`: an answer asks dozens of times, and through
    // `memoize` a fresh issue read cost about 5 % more CPU (same-process comparison).
    if (realUrls.size >= MEMO_LIMIT) realUrls.clear();
    realUrls.set(s, out);
  }
  return out;
}
/** Entries the memo holds at most (cleared when full: the values are cheap to make again). */
const MEMO_LIMIT = 4096;
const realUrls = new Map<string, string>();
