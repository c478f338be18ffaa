import { findRepo } from '../lookup.js';
import type { CodeHostingState } from '../../state.js';

/**
 * Rewrites the `/repos/<owner>/<repo>` prefix of a concrete key to the repository's canonical
 * spelling, so `/repos/Octo/HELLO/issues` and `/repos/octo/hello/issues` are one collection (owner
 * and repository names are case-insensitive on GitHub). Keys of unknown repositories stay as they are.
 */
export function canonicalKey(state: Pick<CodeHostingState, 'repos' | 'repoIndex'>, key: string): string {
  const m = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(key);
  if (!m) return key;
  const rec = findRepo(state as CodeHostingState, decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string));
  return rec ? `/repos/${encodeURIComponent(rec.ownerLogin)}/${encodeURIComponent(rec.name)}${m[3] ?? ''}` : key;
}
