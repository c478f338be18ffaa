import type { RepoRecord } from './core/schemas/repo.js';
import type { WriteContext } from './core/family.js';
import { deriveEvents } from './events/model/derive.js';
import { refreshContributors } from './git/model/contributors.js';
import { deriveNotifications } from './notifications/model/derive.js';

/**
 * What is derived from every successful write of the catalog pipeline, inside the write's one update
 * (so it lands with the write or not at all): the activity events GitHub records for it, the
 * notifications of the users it concerns, and the contributors of the repository's default branch.
 */
export function afterWrite(w: WriteContext): void {
  deriveEvents(w);
  deriveNotifications(w);
  const rec = w.repo ? (w.state.repos[w.repo.record.id] as RepoRecord | undefined) : undefined;
  if (w.repo && rec) refreshContributors(w.state, { ...w.repo, defaultBranch: rec.defaultBranch, record: rec });
}
