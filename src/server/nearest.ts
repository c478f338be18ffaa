import { closest, editDistance, didYouMean as hint } from '../util/suggest.js';

/** The candidate closest to `word`, or undefined when none is close enough to be a typo of it. */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  const best = closest(word, candidates);
  return best !== undefined && editDistance(word, best) <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

/** `" Did you mean 'x'?"`, or `''`. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const n = nearest(word, candidates);
  return hint(n === undefined ? [] : [n]);
}
