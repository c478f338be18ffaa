import type { Draft } from 'immer';
import type { RepoRecord } from '../../core/schemas/repo.js';
import type { CodeHostingState as S } from '../../state.js';
import { tablePeek } from '../../../../store/table.js';

/**
 * A repository's topics and primary language, as the catalog stores them: the topics written with
 * `PUT /repos/{owner}/{repo}/topics` (or seeded at that path), the languages seeded at
 * `/repos/{owner}/{repo}/languages` (bytes by language; the primary language has the most bytes).
 */

const path = (rec: RepoRecord, tail: string) => `/repos/${encodeURIComponent(rec.ownerLogin)}/${encodeURIComponent(rec.name)}/${tail}`;

/** The repository's topics (lower-case names, in their order). */
export function repoTopics(state: S | Draft<S>, rec: RepoRecord): string[] {
  const names = tablePeek(state.catalog.records, path(rec, 'topics'))?.names;
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
}

/** The repository's primary language (the language with the most bytes), or null. */
export function primaryLanguage(state: S | Draft<S>, rec: RepoRecord): string | null {
  const langs = tablePeek(state.catalog.records, path(rec, 'languages'));
  let best: string | null = null;
  let most = -1;
  for (const [name, bytes] of Object.entries(langs ?? {})) {
    if (typeof bytes === 'number' && bytes > most) {
      best = name;
      most = bytes;
    }
  }
  return best;
}
