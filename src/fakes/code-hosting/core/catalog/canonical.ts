import { findRepo } from '../lookup.js';
import { repoPrefixEnd } from '../urls.js';
import type { CodeHostingState } from '../../state.js';

/**
 * Rewrites the `/repos/<owner>/<repo>` prefix of a concrete key to the repository's canonical
 * spelling, so `/repos/Octo/HELLO/issues` and `/repos/octo/hello/issues` are one collection (owner
 * and repository names are case-insensitive on GitHub). Keys of unknown repositories stay as they are.
 */
export function canonicalKey(state: Pick<CodeHostingState, 'repos' | 'repoIndex'>, key: string): string {
  const end = repoPrefixEnd(key);
  if (end === -1) return key;
  const rest = key.slice(end);
  // What `/^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/` matches: `.` matches no line terminator.
  if (LINE_TERMINATOR.test(rest)) return key;
  const slash = key.indexOf('/', 7);
  const owner = key.slice(7, slash);
  const name = key.slice(slash + 1, end);
  const rec = findRepo(state as CodeHostingState, decodeURIComponent(owner), decodeURIComponent(name));
  if (!rec) return key;
  const o = encodeURIComponent(rec.ownerLogin);
  const n = encodeURIComponent(rec.name);
  return o === owner && n === name ? key : `/repos/${o}/${n}${rest}`;
}

const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
