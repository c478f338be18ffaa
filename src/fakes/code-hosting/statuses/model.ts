import { nextId } from '../../../store/ids.js';
import type { Resource } from '../core/catalog/state.js';
import { githubError } from '../core/errors.js';
import { commitOrFail } from '../git/model.js';
import type { CodeHostingState } from '../state.js';
import { apiOf, nodeId } from '../git/model/views.js';
import type { View } from '../core/family.js';
import { hashNumber } from '../core/shapes/render.js';
import type { RelationRepo } from '../core/family.js';
import { multiAdd } from '../../../store/multimap.js';
import { keyList, keyListAll, keyListPush } from '../../../store/key-list.js';
import { tableGet, tableSet } from '../../../store/table.js';
import type { StatusRecord, StatusState } from './state.js';

/**
 * Commit statuses. A status is stored once, by id, for the commit it was created on (a branch or tag
 * name resolves to its commit when the status is created, as on GitHub); beside it, per commit, the
 * ids in creation order and the latest status of each context: the combined status is built from those.
 */

const STATES: ReadonlySet<string> = new Set<StatusState>(['error', 'failure', 'pending', 'success']);

/** The commit statuses documentation (error bodies). */
export const STATUS_DOCS = 'https://docs.github.com/rest/commits/statuses';
const commitKey = (repo: RelationRepo, sha: string) => `${repo.record.id}:${sha}`;

/** What creating a status takes. */
export interface NewStatus {
  state: string;
  context?: string | undefined;
  description?: string | null | undefined;
  target_url?: string | null | undefined;
  creator: string;
}

/** Stores a status on the commit `ref` names. 422 when it names no commit or the state is unknown. */
export function createStatus(state: CodeHostingState, repo: RelationRepo, ref: string, input: NewStatus, env: { now: string }): StatusRecord {
  if (!STATES.has(input.state)) {
    throw githubError.validation([{ resource: 'Status', code: 'custom', field: 'state', message: 'state is not included in the list' }], STATUS_DOCS);
  }
  const sha = commitOrFail(state, repo, ref, STATUS_DOCS);
  const id = nextId(state.counters, 'catalog', 1000);
  const context = input.context || 'default';
  const rec: StatusRecord = {
    id,
    repoId: repo.record.id,
    sha,
    state: input.state as StatusState,
    context,
    description: input.description ?? null,
    target_url: input.target_url ?? null,
    created_at: env.now,
    updated_at: env.now,
    creator: input.creator,
  };
  const s = state.statuses;
  tableSet(s.records, String(id), rec);
  const ck = commitKey(repo, sha);
  keyListPush(s.byCommit, ck, id);
  const lk = `${ck}\n${context}`;
  if (s.latest[lk] === undefined) multiAdd(s.contexts, ck, context);
  s.latest[lk] = id;
  return tableGet(s.records, String(id)) as StatusRecord;
}

/** Statuses of a commit, newest first. */
export function statusesNewestFirst(state: CodeHostingState, repo: RelationRepo, sha: string): StatusRecord[] {
  const ids = keyListAll(keyList(state.statuses.byCommit, commitKey(repo, sha)));
  const out: StatusRecord[] = [];
  for (let i = ids.length - 1; i >= 0; i--) {
    const r = tableGet(state.statuses.records, String(ids[i]));
    if (r) out.push(r);
  }
  return out;
}

/** The latest status of each context of a commit, in the order the contexts first reported. */
export function latestByContext(state: CodeHostingState, repo: RelationRepo, sha: string): StatusRecord[] {
  const ck = commitKey(repo, sha);
  const out: StatusRecord[] = [];
  for (const c of state.statuses.contexts[ck] ?? []) {
    const r = tableGet(state.statuses.records, String(state.statuses.latest[`${ck}\n${c}`]));
    if (r) out.push(r);
  }
  return out;
}

/**
 * GitHub's combined state: `failure` if any context's latest status is `error` or `failure`,
 * `pending` if there are none or any is `pending`, `success` otherwise.
 */
export function combinedState(latest: readonly StatusRecord[]): 'failure' | 'pending' | 'success' {
  if (latest.some((s) => s.state === 'error' || s.state === 'failure')) return 'failure';
  if (latest.length === 0 || latest.some((s) => s.state === 'pending')) return 'pending';
  return 'success';
}

/** GitHub's `status` JSON (the renderer turns `creator` into the account's user object). */
export function statusView(v: View, rec: StatusRecord): Resource {
  return {
    url: `${apiOf(v)}/statuses/${rec.sha}`,
    // The creator's avatar, as the renderer draws the creator's user object.
    avatar_url: `https://avatars.githubusercontent.com/u/${hashNumber(`/users/${rec.creator}`)}?v=4`,
    id: rec.id,
    node_id: nodeId('StatusContext', v, String(rec.id)),
    state: rec.state,
    description: rec.description,
    target_url: rec.target_url,
    context: rec.context,
    created_at: rec.created_at,
    updated_at: rec.updated_at,
    creator: rec.creator,
  };
}
