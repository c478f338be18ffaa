import { putResource } from '../core/catalog/engine.js';
import type { Resource } from '../core/catalog/state.js';
import { hashSha } from '../core/shapes/render.js';
import type { CodeHostingState } from '../state.js';
import type { RelationSeeder, SeededItem } from '../core/family.js';
import { commitOnTop } from '../git/model/merge.js';
import { branchHead, repoAt, setBranchHead } from './model/branches.js';
import { insertCommitComment, insertIssueComment } from './model/comments.js';
import type { IssueCtx } from './model/context.js';
import { loginOf, newId, rec } from './model/context.js';
import { markAssignable, names } from './model/issues.js';
import { issueKey, milestoneKey, pullKey } from './model/keys.js';
import { type Orders, addMembersBulk } from './model/lists.js';
import { plain } from '../../../store/store.js';
import {
  assigneesOf,
  changeIssue,
  ensureLabels,
  issueOrders,
  labelsOf,
  listsOf,
  mentionsIn,
  milestoneOf,
  recordEvent,
  reserveNumber,
  saveIssue,
  snapIssue,
} from './model.js';
import { insertMilestone, saveMilestone } from './model/milestones.js';
import { react } from './model/reactions.js';
import { insertReview, insertReviewComment } from './model/reviews.js';
import { emptyRepoIndex } from './state.js';
import { tableGet, tableSet, tableSetMany } from '../../../store/table.js';

/**
 * Seeding by path (`seed.resource('/repos/o/r/issues/1', {...})`, `seed.resources([...])`) for the
 * family's objects: stored like the API stores them, so seeded and created objects are listed,
 * filtered and counted alike. Seeded objects carry no events (they are history that already happened).
 */

const R = '/repos/{owner}/{repo}';
const T = {
  issue: `${R}/issues/{issue_number}`,
  pull: `${R}/pulls/{pull_number}`,
  merged: `${R}/pulls/{pull_number}/merge`,
  issueComment: `${R}/issues/comments/{comment_id}`,
  reviewComment: `${R}/pulls/comments/{comment_id}`,
  commitComment: `${R}/comments/{comment_id}`,
  review: `${R}/pulls/{pull_number}/reviews/{review_id}`,
  event: `${R}/issues/events/{event_id}`,
  milestone: `${R}/milestones/{milestone_number}`,
  issueLabel: `${R}/issues/{issue_number}/labels/{name}`,
  issueAssignee: `${R}/issues/{issue_number}/assignees/{assignee}`,
  reactionIssue: `${R}/issues/{issue_number}/reactions/{reaction_id}`,
  reactionIssueComment: `${R}/issues/comments/{comment_id}/reactions/{reaction_id}`,
  reactionReviewComment: `${R}/pulls/comments/{comment_id}/reactions/{reaction_id}`,
  reactionCommitComment: `${R}/comments/{comment_id}/reactions/{reaction_id}`,
} as const;

/** A context for seeding into repository `rp` (no request: the owner acts, the fake's base URL and time). */
export function seedCtx(s: CodeHostingState, rp: string, env: { baseUrl: string; now: string }, actor?: string): IssueCtx | undefined {
  const repo = repoAt(s, rp);
  if (!repo) return undefined;
  if (!s.issueIndex.repos[rp]) s.issueIndex.repos[rp] = emptyRepoIndex();
  const url = new URL(`${env.baseUrl}${rp}`);
  return {
    s,
    op: { row: undefined as never, key: rp, body: {}, baseUrl: env.baseUrl, url, query: {}, now: env.now, login: actor ?? repo.ownerLogin },
    rp,
    repo,
    defaultBranch: repo.defaultBranch,
    actor: actor ?? repo.ownerLogin,
    now: env.now,
    base: env.baseUrl,
    web: env.baseUrl.includes('//api.github.com') ? 'https://github.com' : new URL(env.baseUrl).origin,
    webRepo: rp.replace(/^\/repos/, ''),
    ix: s.issueIndex.repos[rp],
  };
}

const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;
/** The number at the end of a URL field (`issue_url`, `pull_request_url`). */
const tailNumber = (v: unknown): number | undefined => (typeof v === 'string' ? num(v.split('/').pop()) : undefined);
const segAfter = (key: string, seg: string, nth = 0): string => {
  const s = key.split('/');
  let seen = 0;
  for (let i = 0; i < s.length - 1; i++) if (s[i] === seg && seen++ === nth) return s[i + 1] as string;
  return '';
};

/** Moves the catalog id counter past a seeded id, so created objects never reuse it. */
function reserveId(c: IssueCtx, id: number): void {
  if ((c.s.counters.catalog ?? 1000) < id) c.s.counters.catalog = id;
}

/** The stored issue record of a seeded body (shared issue fields only). */
export function issueRecord(c: IssueCtx, n: number, b: Resource, prev: Resource | undefined): Resource {
  const at = typeof b.created_at === 'string' ? b.created_at : ((prev?.created_at as string | undefined) ?? c.now);
  const closed = b.state === 'closed' || (b.state === undefined && prev?.state === 'closed');
  const id = num(b.id) ?? (prev?.id as number | undefined) ?? newId(c);
  const out: Resource = {
    ...(prev ?? {}),
    id,
    node_id: prev?.node_id ?? `I_kwDO${Number(id).toString(36)}`,
    number: n,
    title: b.title !== undefined ? String(b.title) : (prev?.title ?? ''),
    body: b.body !== undefined ? b.body : (prev?.body ?? null),
    user: loginOf(b.user) ?? loginOf(prev?.user) ?? c.actor,
    labels: b.labels !== undefined ? labelsOf(b) : (prev?.labels ?? []),
    assignees: b.assignees !== undefined || b.assignee !== undefined ? assigneesOf(b) : (prev?.assignees ?? []),
    milestone: b.milestone !== undefined ? milestoneOf(b) : (prev?.milestone ?? null),
    state: closed ? 'closed' : 'open',
    state_reason: closed ? (b.state_reason ?? prev?.state_reason ?? 'completed') : (b.state_reason ?? null),
    locked: b.locked === true || (b.locked === undefined && prev?.locked === true),
    active_lock_reason: b.active_lock_reason ?? prev?.active_lock_reason ?? null,
    comments: prev?.comments ?? 0,
    created_at: at,
    updated_at: typeof b.updated_at === 'string' ? b.updated_at : at,
    closed_at: closed ? (b.closed_at ?? prev?.closed_at ?? c.now) : null,
    closed_by: closed ? (loginOf(b.closed_by) ?? loginOf(prev?.closed_by) ?? c.actor) : null,
    _mentions: mentionsIn(b.body !== undefined ? b.body : prev?.body),
  };
  if (b.pull_request || rec(c, pullKey(c.rp, n))) out._pull = true;
  return out;
}

/** The stored pull record of a seeded body (pull-only fields). */
function pullRecord(c: IssueCtx, n: number, b: Resource, prev: Resource | undefined): Resource {
  const ref = (v: unknown, dflt: string) =>
    typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as Resource).ref === 'string' ? ((v as Resource).ref as string) : dflt;
  const head = ref(b.head, prev ? String((prev.head as Resource).ref) : `patch-${n}`);
  const base = ref(b.base, prev ? String((prev.base as Resource).ref) : c.defaultBranch);
  const headSha = (b.head as Resource | undefined)?.sha;
  const id = (prev?.id as number | undefined) ?? newId(c);
  const merged = b.merged === true || (b.merged === undefined && prev?.merged === true);
  return {
    ...(prev ?? {}),
    id,
    node_id: prev?.node_id ?? `PR_kwDO${Number(id).toString(36)}`,
    number: n,
    head: { ref: head, repo: (prev?.head as Resource | undefined)?.repo ?? c.rp, ...(typeof headSha === 'string' ? { sha: headSha } : {}) },
    base: { ref: base },
    draft: b.draft === true || (b.draft === undefined && prev?.draft === true),
    merged,
    merged_at: merged ? (b.merged_at ?? prev?.merged_at ?? c.now) : null,
    merged_by: merged ? (loginOf(b.merged_by) ?? prev?.merged_by ?? c.actor) : null,
    merge_commit_sha: merged ? (b.merge_commit_sha ?? prev?.merge_commit_sha ?? hashSha(`merge:${c.rp}#${n}`)) : null,
    maintainer_can_modify: b.maintainer_can_modify === true,
    requested_reviewers: names(b.requested_reviewers, 'login') ?? prev?.requested_reviewers ?? [],
    requested_teams: names(b.requested_teams, 'slug') ?? prev?.requested_teams ?? [],
    created_at: b.created_at ?? prev?.created_at ?? c.now,
    updated_at: b.updated_at ?? b.created_at ?? c.now,
  };
}

/** Stores a seeded issue (or the issue side of a pull) at number n. */
function putIssue(c: IssueCtx, n: number, b: Resource): Resource {
  const prev = rec(c, issueKey(c.rp, n));
  const snap = snapIssue(c, n);
  const issue = issueRecord(c, n, b, prev);
  reserveNumber(c, n);
  reserveId(c, Number(issue.id));
  ensureLabels(c, labelsOf(issue));
  markAssignable(c, assigneesOf(issue));
  saveIssue(c, n, issue, snap);
  return issue;
}

function putOne(c: IssueCtx, item: SeededItem): Resource {
  const { template, key, body: b } = item;
  switch (template) {
    case T.issue:
      return putIssue(c, Number(segAfter(key, 'issues')), b);
    case T.pull: {
      const n = Number(segAfter(key, 'pulls'));
      const prev = rec(c, pullKey(c.rp, n));
      const pull = pullRecord(c, n, b, prev);
      tableSet(c.s.catalog.records, pullKey(c.rp, n), pull);
      reserveId(c, Number(pull.id));
      putIssue(c, n, { ...b, pull_request: true });
      return pull;
    }
    case T.merged: {
      const n = Number(segAfter(key, 'pulls'));
      const pull = rec(c, pullKey(c.rp, n));
      if (!pull) return b;
      const next = pullRecord(c, n, { ...pull, merged: true, ...b }, pull);
      tableSet(c.s.catalog.records, pullKey(c.rp, n), next);
      putIssue(c, n, { state: 'closed', state_reason: null });
      return next;
    }
    case T.issueComment: {
      const id = Number(segAfter(key, 'comments'));
      reserveId(c, id);
      const n = num(b.issue_number) ?? tailNumber(b.issue_url);
      if (n !== undefined && rec(c, issueKey(c.rp, n)))
        insertIssueComment(c, n, String(b.body ?? ''), loginOf(b.user) ?? c.actor, String(b.created_at ?? c.now), id);
      else
        tableSet(c.s.catalog.records, key, {
          id,
          node_id: `IC_kwDO${id.toString(36)}`,
          body: String(b.body ?? ''),
          user: loginOf(b.user) ?? c.actor,
          created_at: c.now,
          updated_at: c.now,
        });
      return rec(c, key) as Resource;
    }
    case T.reviewComment: {
      const id = Number(segAfter(key, 'comments'));
      reserveId(c, id);
      const n = num(b.pull_number) ?? tailNumber(b.pull_request_url) ?? 0;
      const review = num(b.pull_request_review_id);
      insertReviewComment(c, n, review ?? null, b, loginOf(b.user) ?? c.actor, String(b.created_at ?? c.now), id);
      return rec(c, key) as Resource;
    }
    case T.commitComment: {
      const id = Number(segAfter(key, 'comments'));
      reserveId(c, id);
      const sha = typeof b.commit_id === 'string' ? b.commit_id : hashSha(`commit:${c.rp}`);
      insertCommitComment(c, sha, b, loginOf(b.user) ?? c.actor, String(b.created_at ?? c.now), id);
      return rec(c, key) as Resource;
    }
    case T.review: {
      const n = Number(segAfter(key, 'pulls'));
      const id = Number(segAfter(key, 'reviews'));
      reserveId(c, id);
      const states: Record<string, string> = { APPROVE: 'APPROVED', REQUEST_CHANGES: 'CHANGES_REQUESTED', COMMENT: 'COMMENTED' };
      const state = typeof b.state === 'string' ? b.state : (states[String(b.event)] ?? 'PENDING');
      insertReview(c, n, {
        state,
        id,
        ...(typeof b.body === 'string' ? { body: b.body } : {}),
        ...(typeof b.commit_id === 'string' ? { commit_id: b.commit_id } : {}),
        ...(loginOf(b.user) ? { user: loginOf(b.user) as string } : {}),
      });
      return rec(c, key) as Resource;
    }
    case T.event: {
      const id = Number(segAfter(key, 'events'));
      reserveId(c, id);
      const n = num(b.issue_number) ?? tailNumber((b.issue as Resource | undefined)?.url);
      if (n !== undefined && rec(c, issueKey(c.rp, n))) {
        const { id: _id, node_id: _node, url: _url, html_url: _html, issue: _issue, issue_number: _n, event: _event, actor, created_at, ...extra } = b;
        recordEvent(c, n, String(b.event ?? 'closed'), extra, {
          id,
          actor: loginOf(actor) ?? c.actor,
          created_at: typeof created_at === 'string' ? created_at : c.now,
        });
      } else tableSet(c.s.catalog.records, key, { id, node_id: `IE_${id.toString(36)}`, ...b, created_at: b.created_at ?? c.now });
      return rec(c, key) as Resource;
    }
    case T.milestone: {
      const n = Number(segAfter(key, 'milestones'));
      const prev = rec(c, milestoneKey(c.rp, n));
      if ((c.s.counters[`${c.rp}/milestones#number`] ?? 0) < n) c.s.counters[`${c.rp}/milestones#number`] = n;
      if (!prev) insertMilestone(c, { title: `Milestone ${n}`, ...b }, n);
      else saveMilestone(c, n, { ...prev, ...b, number: n, updated_at: c.now }, prev);
      return rec(c, milestoneKey(c.rp, n)) as Resource;
    }
    case T.issueLabel: {
      const n = Number(segAfter(key, 'issues'));
      const name = decodeURIComponent(key.split('/').pop() as string);
      if (!rec(c, issueKey(c.rp, n))) return b;
      ensureLabels(c, [name]);
      return changeIssue(
        c,
        n,
        (i) => {
          i.labels = [...labelsOf(i).filter((l) => l !== name), name];
        },
        false,
      );
    }
    case T.issueAssignee: {
      const n = Number(segAfter(key, 'issues'));
      const login = decodeURIComponent(key.split('/').pop() as string);
      if (!rec(c, issueKey(c.rp, n))) return b;
      markAssignable(c, [login]);
      return changeIssue(
        c,
        n,
        (i) => {
          i.assignees = [...assigneesOf(i).filter((a) => a.toLowerCase() !== login.toLowerCase()), login];
        },
        false,
      );
    }
    default: {
      // Reactions: the subject is the key up to `/reactions`.
      const id = Number(key.split('/').pop());
      reserveId(c, id);
      const subject = key.slice(0, key.lastIndexOf('/reactions'));
      if (!rec(c, subject)) return b;
      react(c, subject, typeof b.content === 'string' ? b.content : '+1', loginOf(b.user) ?? c.actor, String(b.created_at ?? c.now), id);
      return rec(c, key) as Resource;
    }
  }
}

/** Many seeded issues of one repository at once (thousands for paging): each index list sorted once. */
function putIssuesBulk(c: IssueCtx, items: readonly SeededItem[]): Resource[] {
  const out: Resource[] = [];
  const members = new Map<string, number[]>();
  const labels = new Set<string>();
  const assignees = new Set<string>();
  const records: Record<string, Resource> = {};
  for (const item of items) {
    const n = Number(segAfter(item.key, 'issues'));
    const issue = issueRecord(c, n, item.body, undefined);
    records[item.key] = issue;
    reserveNumber(c, n);
    reserveId(c, Number(issue.id));
    for (const l of labelsOf(issue)) labels.add(l);
    for (const a of assigneesOf(issue)) assignees.add(a);
    out.push(issue);
  }
  // Sort keys read from plain objects, once per issue: no draft traps in the sorts.
  const base = plain(c.s.catalog.records);
  const orders = issueOrders(c, (k) => records[k] ?? tableGet(base, k));
  const memo: Orders = Object.fromEntries(
    Object.entries(orders).map(([o, keyOf]) => {
      const cache = new Map<number, number>();
      return [o, (n: number) => cache.get(n) ?? (cache.set(n, keyOf(n)).get(n) as number)];
    }),
  );
  for (const issue of out) {
    const n = issue.number as number;
    for (const l of listsOf(c, issue, issue._pull ? tableGet(base, pullKey(c.rp, n)) : undefined)) {
      const ids = members.get(l);
      if (ids) ids.push(n);
      else members.set(l, [n]);
    }
  }
  addMembersBulk(c.ix.lists, members, memo);
  tableSetMany(c.s.catalog.records, Object.entries(records));
  ensureLabels(c, [...labels]);
  markAssignable(c, [...assignees]);
  return out;
}

/** The family's seeder (see `RELATION_SEEDERS`). */
export const ISSUE_SEEDER: RelationSeeder = {
  templates: new Set(Object.values(T)),
  put(s, items, env) {
    const out: Resource[] = new Array(items.length);
    // New issues of one repository go in bulk; everything else one by one, in order.
    const bulk = new Map<string, number[]>();
    items.forEach((item, i) => {
      const rp = /^\/repos\/[^/]+\/[^/]+/.exec(item.key)?.[0] ?? '';
      if (item.template === T.issue && !tableGet(s.catalog.records, item.key)) {
        const list = bulk.get(rp);
        if (list) list.push(i);
        else bulk.set(rp, [i]);
      }
    });
    const inBulk = new Set<number>();
    for (const [rp, idx] of bulk) {
      if (idx.length < 50) continue;
      const c = seedCtx(s, rp, env);
      if (!c) continue;
      const stored = putIssuesBulk(
        c,
        idx.map((i) => items[i] as SeededItem),
      );
      idx.forEach((i, k) => {
        out[i] = stored[k] as Resource;
        inBulk.add(i);
      });
    }
    items.forEach((item, i) => {
      if (inBulk.has(i)) return;
      const rp = /^\/repos\/[^/]+\/[^/]+/.exec(item.key)?.[0] ?? '';
      const c = seedCtx(s, rp, env, loginOf(item.body.user));
      // A repository nobody seeded: stored as a plain catalog resource, like before.
      out[i] = c ? putOne(c, item) : putResource(s.catalog, s.counters, item.template, item.key, item.body, env);
    });
    return out;
  },
};

/**
 * Ensures a branch exists for a seed. A new branch, or one that must be ahead of `aheadOf` and is
 * not, gets a commit of its own on top of its head (or the default branch's): in the git graph, so
 * merging the pull is a real merge, or a sha of its own when that head is not a graph commit.
 */
export function ensureSeedBranch(c: IssueCtx, rp: string, name: string, aheadOf?: string): void {
  const current = branchHead(c.s, rp, name);
  if (current && current !== aheadOf) return;
  const from = current ?? branchHead(c.s, rp, repoAt(c.s, rp)?.defaultBranch ?? '');
  const sha =
    (from ? commitOnTop(c.s, rp, from, `Seeded commit on ${name}`, { login: c.actor, now: c.now, baseUrl: c.base }) : undefined) ??
    hashSha(`seed-branch:${rp}:${name}`);
  setBranchHead(c.s, rp, name, sha, c.base, c.now);
}
