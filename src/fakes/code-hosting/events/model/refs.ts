import type { Resource } from '../../core/catalog/state.js';
import type { RelationRepo, WriteContext } from '../../core/family.js';
import { fullRef, refSha } from '../../git/model.js';
import { tablePeek } from '../../../../store/table.js';
import { pullKey } from '../../issues/model/keys.js';
import type { CodeHostingState } from '../../state.js';

/**
 * The refs a write may move, and the events GitHub records when it does: a branch or tag that appears
 * is a `CreateEvent`, one that goes a `DeleteEvent`, a ref that moves a `PushEvent`. Each write names
 * its refs (the file's branch, the ref of `git/refs`, the base of a merge), so comparing them before
 * and after is O(1).
 */

/** An event's type and payload, before its actor, repository and time are added. */
export interface Derived {
  type: string;
  payload: Resource;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The part of the request key after `marker` (a ref that holds slashes), decoded. */
function after(key: string, marker: string): string | undefined {
  const at = key.indexOf(marker);
  return at < 0 ? undefined : decodeURIComponent(key.slice(at + marker.length));
}

/** The base branch of the pull of the request (`/pulls/{n}/...`), before the write. */
function pullBranch(w: WriteContext, side: 'base' | 'head'): string | undefined {
  const m = /\/pulls\/(\d+)/.exec(w.op.key);
  const rp = w.repo?.path;
  if (!m || !rp) return undefined;
  const pull = tablePeek(w.before.catalog.records, pullKey(rp, Number(m[1])));
  const ref = (pull?.[side] as Resource | undefined)?.ref;
  return str(ref);
}

const T = '/repos/{owner}/{repo}';
const heads = (name: string | undefined) => (name ? [`refs/heads/${name}`] : []);

/** The full refs each write may move, by `METHOD template`. */
const REF_WRITES: Readonly<Record<string, (w: WriteContext) => string[]>> = {
  [`PUT ${T}/contents/{path}`]: (w) => heads(str(w.op.body.branch) ?? w.repo?.defaultBranch),
  [`DELETE ${T}/contents/{path}`]: (w) => heads(str(w.op.body.branch) ?? w.repo?.defaultBranch),
  [`POST ${T}/git/refs`]: (w) => (str(w.op.body.ref) ? [fullRef(str(w.op.body.ref) as string)] : []),
  [`PATCH ${T}/git/refs/{ref}`]: (w) => [fullRef(after(w.op.key, '/git/refs/') ?? '')],
  [`DELETE ${T}/git/refs/{ref}`]: (w) => [fullRef(after(w.op.key, '/git/refs/') ?? '')],
  [`POST ${T}/merges`]: (w) => heads(str(w.op.body.base)),
  [`POST ${T}/merge-upstream`]: (w) => heads(str(w.op.body.branch)),
  [`PUT ${T}/pulls/{pull_number}/merge`]: (w) => heads(pullBranch(w, 'base')),
  [`PUT ${T}/pulls/{pull_number}/update-branch`]: (w) => heads(pullBranch(w, 'head')),
  [`POST ${T}/releases`]: (w) => (str(w.op.body.tag_name) ? [`refs/tags/${str(w.op.body.tag_name)}`] : []),
  [`PATCH ${T}/releases/{release_id}`]: (w) => (str(w.op.body.tag_name) ? [`refs/tags/${str(w.op.body.tag_name)}`] : []),
};

/** Whether a ref exists (a branch with a record; the default branch always does). */
function shaOf(state: CodeHostingState, repo: RelationRepo, full: string): string | undefined {
  return refSha(state, repo, full);
}

const short = (full: string) => full.replace(/^refs\/(heads|tags)\//, '');

/** The ref events of a write: what each ref it names did. `pushId` numbers each push. */
export function refEvents(w: WriteContext, pushId: () => number): Derived[] {
  const names = REF_WRITES[`${w.op.row.method} ${w.op.row.path}`];
  const repo = w.repo;
  if (!names || !repo) return [];
  const out: Derived[] = [];
  for (const full of names(w)) {
    if (!/^refs\/(heads|tags)\/./.test(full)) continue;
    const before = shaOf(w.before, repo, full);
    const now = shaOf(w.state, repo, full);
    if (before === now) continue;
    const refType = full.startsWith('refs/tags/') ? 'tag' : 'branch';
    if (before === undefined && now !== undefined) {
      out.push({
        type: 'CreateEvent',
        payload: {
          ref: short(full),
          ref_type: refType,
          full_ref: full,
          master_branch: repo.record.defaultBranch,
          description: repo.record.description,
          pusher_type: 'user',
        },
      });
    } else if (before !== undefined && now === undefined) {
      out.push({ type: 'DeleteEvent', payload: { ref: short(full), ref_type: refType, full_ref: full, pusher_type: 'user' } });
    } else if (before !== undefined && now !== undefined) {
      out.push({ type: 'PushEvent', payload: { repository_id: repo.record.id, push_id: pushId(), ref: full, head: now, before } });
    }
  }
  return out;
}

/** The `CreateEvent` of a new repository (GitHub names its default branch as the ref). */
export function repositoryCreated(defaultBranch: string, description: string | null): Derived {
  return {
    type: 'CreateEvent',
    payload: {
      ref: defaultBranch,
      ref_type: 'repository',
      full_ref: `refs/heads/${defaultBranch}`,
      master_branch: defaultBranch,
      description,
      pusher_type: 'user',
    },
  };
}
