import { isDraft, original } from 'immer';
import { putResource } from '../core/catalog/engine.js';
import type { Resource } from '../core/catalog/state.js';
import { type IssueCtx, loginOf, newId, rec } from './model/context.js';
import { checkNameOnIssue } from './model/label-rules.js';
import { TIMELINE_KIND, eventKey, issueCommentKey, issueKey, labelKey, milestoneKey, pullKey, reviewKey, timelineEntry } from './model/keys.js';
import { type Orders, addMember, membersOf, memoized, ms, removeMember, reposition } from './model/lists.js';
import { tableGet, tablePeek, tableSet } from '../../../store/table.js';

/**
 * Issues and pull requests: one record per issue number at `/repos/o/r/issues/<n>` holding what both
 * share (title, body, state, labels, assignees, milestone, comments counter), and for a pull request
 * a second record at `/repos/o/r/pulls/<n>` holding what only pulls have (head, base, merge). Every
 * change goes through {@link saveIssue}, which moves the number between the index lists it belongs to.
 */

const low = (s: string) => s.toLowerCase();

/** Label names of a stored issue (names, or objects with a name). */
export function labelsOf(issue: Resource): string[] {
  const v = issue.labels;
  if (!Array.isArray(v)) return [];
  const out: string[] = [];
  for (const l of v) {
    const name = typeof l === 'string' ? l : l && typeof l === 'object' ? (l as Resource).name : undefined;
    if (typeof name === 'string' && name && !out.includes(name)) out.push(name);
  }
  return out;
}

/** Assignee logins of a stored issue (`assignees`, else `assignee`). */
export function assigneesOf(issue: Resource): string[] {
  const v = Array.isArray(issue.assignees) ? issue.assignees : issue.assignee ? [issue.assignee] : [];
  const out: string[] = [];
  for (const a of v) {
    const l = loginOf(a);
    if (l && !out.some((x) => low(x) === low(l))) out.push(l);
  }
  return out;
}

/** Milestone number of a stored issue, or null. */
export function milestoneOf(issue: Resource): number | null {
  const m = issue.milestone;
  if (typeof m === 'number' && Number.isInteger(m)) return m;
  if (typeof m === 'string' && /^\d+$/.test(m)) return Number(m);
  if (m && typeof m === 'object' && typeof (m as Resource).number === 'number') return (m as Resource).number as number;
  return null;
}

const MENTION = /(?:^|[^\w`/])@([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\b/g;
/** Logins @-mentioned in a text. */
export function mentionsIn(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return [...text.matchAll(MENTION)].map((m) => m[1] as string);
}

/** The head of a pull record: its ref and the repository path it lives in. */
export interface HeadRef {
  ref: string;
  /** `/repos/<owner>/<repo>` of the head (a fork for cross-repository pulls). */
  repo: string;
  /** Last known sha (kept when the pull closes; open pulls follow their branch). */
  sha?: string;
}

/** The head of a stored pull. */
export function headOf(c: IssueCtx, pull: Resource): HeadRef {
  const h = pull.head;
  if (h && typeof h === 'object') {
    const o = h as Resource;
    return { ref: String(o.ref ?? 'patch-1'), repo: typeof o.repo === 'string' ? o.repo : c.rp, ...(typeof o.sha === 'string' ? { sha: o.sha } : {}) };
  }
  return { ref: typeof h === 'string' ? h : `patch-${pull.number ?? 1}`, repo: c.rp };
}

/** The base branch name of a stored pull. */
export function baseOf(c: IssueCtx, pull: Resource): string {
  const b = pull.base;
  if (b && typeof b === 'object' && typeof (b as Resource).ref === 'string') return (b as Resource).ref as string;
  return typeof b === 'string' ? b : c.defaultBranch;
}

/** `owner:ref` of a head, as GitHub labels it and as the `head` filter spells it. */
export function headLabel(head: HeadRef): string {
  return `${decodeURIComponent(head.repo.split('/')[2] ?? '')}:${head.ref}`;
}

/** Index dimensions of an issue (see RepoIssueIndex.lists). */
function dimsOf(issue: Resource): string[] {
  const out = new Set<string>();
  for (const l of labelsOf(issue)) out.add(`l:${low(l)}`);
  const as = assigneesOf(issue);
  if (as.length) out.add('a:*');
  else out.add('a:none');
  for (const a of as) out.add(`a:${low(a)}`);
  const creator = loginOf(issue.user);
  if (creator) out.add(`c:${low(creator)}`);
  const m = milestoneOf(issue);
  if (m === null) out.add('m:none');
  else out.add(`m:${m}`).add('m:*');
  for (const who of Array.isArray(issue._mentions) ? (issue._mentions as string[]) : []) out.add(`@:${low(who)}`);
  return [...out];
}

/** Every index list an issue (and its pull) belongs to. */
export function listsOf(c: IssueCtx, issue: Resource, pull: Resource | undefined): string[] {
  const st = issue.state === 'closed' ? 'closed' : 'open';
  const out = ['I|all', `I|${st}`];
  for (const d of dimsOf(issue)) out.push(`I|all|${d}`, `I|${st}|${d}`);
  if (pull) {
    out.push('P|all', `P|${st}`);
    for (const d of [`b:${baseOf(c, pull)}`, `h:${low(headLabel(headOf(c, pull)))}`]) out.push(`P|all|${d}`, `P|${st}|${d}`);
  }
  return out;
}

/** Orders of issue and pull lists: `created`, `updated`, `comments` (popularity). `records` overrides where records are read. */
export function issueOrders(c: Pick<IssueCtx, 'rp' | 's' | 'dirty'>, records?: (key: string) => Resource | undefined): Orders {
  const r = c.s.catalog.records;
  // Inside a change, an issue nobody stored in it reads from the state before the change: reading it
  // through the draft would copy every bucket a binary search touches. A record the base lacks (a
  // repository renamed in this change) is read from the draft.
  const base = isDraft(r) ? (original(r) as typeof r) : undefined;
  const fromDraft = (n: number) => tablePeek(r, issueKey(c.rp, n));
  const at = records
    ? (n: number) => records(issueKey(c.rp, n))
    : base
      ? (n: number) => (c.dirty?.has(n) ? undefined : tableGet(base, issueKey(c.rp, n))) ?? fromDraft(n)
      : fromDraft;
  return {
    created: (n) => ms(at(n)?.created_at),
    updated: (n) => ms(at(n)?.updated_at),
    comments: (n) => Number(at(n)?.comments ?? 0),
  };
}

/** What an issue's indexes looked like before a change. */
export interface IssueSnap {
  lists: string[];
  keys: Record<string, number>;
  openRef?: string;
}

function openRefOf(c: IssueCtx, issue: Resource, pull: Resource | undefined): string | undefined {
  if (!pull || issue.state === 'closed') return undefined;
  return `OPEN|${low(headLabel(headOf(c, pull)))}|${baseOf(c, pull)}`;
}

/** The index state of issue n before a change (undefined: a new issue). */
export function snapIssue(c: IssueCtx, n: number): IssueSnap | undefined {
  const issue = rec(c, issueKey(c.rp, n));
  if (!issue) return undefined;
  const pull = issue._pull ? rec(c, pullKey(c.rp, n)) : undefined;
  const orders = issueOrders(c);
  const ref = openRefOf(c, issue, pull);
  return {
    lists: listsOf(c, issue, pull),
    keys: Object.fromEntries(Object.entries(orders).map(([o, k]) => [o, k(n)])),
    ...(ref ? { openRef: ref } : {}),
  };
}

/** Stores issue n (its pull record already stored) and moves it between its index lists. */
export function saveIssue(c: IssueCtx, n: number, issue: Resource, snap: IssueSnap | undefined): void {
  tableSet(c.s.catalog.records, issueKey(c.rp, n), issue);
  c.dirty ??= new Set();
  c.dirty.add(n);
  const pull = issue._pull ? rec(c, pullKey(c.rp, n)) : undefined;
  const lists = c.ix.lists;
  // Keys computed once for this write: the binary searches below read the same members' keys again and again.
  const orders = memoized(issueOrders(c));
  const next = listsOf(c, issue, pull);
  const had = new Set(snap?.lists ?? []);
  const has = new Set(next);
  for (const l of had) if (!has.has(l)) removeMember(lists, l, n, orders, snap?.keys);
  const moved: Record<string, (id: number) => number> = {};
  for (const [o, k] of Object.entries(orders)) if (!snap || snap.keys[o] !== k(n)) moved[o] = k;
  for (const l of next) {
    if (!had.has(l)) addMember(lists, l, n, orders);
    else if (Object.keys(moved).length) reposition(lists, l, n, moved, snap?.keys);
  }
  const ref = openRefOf(c, issue, pull);
  if (snap?.openRef && snap.openRef !== ref && c.ix.refs[snap.openRef] === n) delete c.ix.refs[snap.openRef];
  if (ref) c.ix.refs[ref] = n;
}

/** Changes issue n in one step: `fn` gets a copy to edit; `updated_at` moves to now unless `touch` is false. */
export function changeIssue(c: IssueCtx, n: number, fn: (issue: Resource) => void, touch = true): Resource {
  const snap = snapIssue(c, n);
  const prev = rec(c, issueKey(c.rp, n));
  if (!prev || !snap) throw new Error(`no issue ${n}`);
  const issue: Resource = { ...prev };
  fn(issue);
  if (touch) issue.updated_at = c.now;
  saveIssue(c, n, issue, snap);
  const pk = pullKey(c.rp, n);
  const pull = issue._pull ? rec(c, pk) : undefined;
  if (pull && touch) tableSet(c.s.catalog.records, pk, { ...pull, updated_at: c.now });
  return issue;
}

/** The next issue number of the repository (issues and pulls share it), past any seeded number. */
export function nextNumber(c: IssueCtx): number {
  const counter = `${c.rp}#number`;
  let n = (c.s.counters[counter] ?? 0) + 1;
  while (rec(c, issueKey(c.rp, n)) || rec(c, pullKey(c.rp, n))) n++;
  c.s.counters[counter] = n;
  return n;
}

/** Makes the number counter skip a seeded number. */
export function reserveNumber(c: IssueCtx, n: number): void {
  const counter = `${c.rp}#number`;
  if ((c.s.counters[counter] ?? 0) < n) c.s.counters[counter] = n;
}

/** Creates the repository's labels it lacks (GitHub does so for names sent on issues), color `ededed`. */
export function ensureLabels(c: IssueCtx, names: readonly string[]): void {
  for (const name of names) {
    const key = labelKey(c.rp, name);
    if (!rec(c, key)) {
      checkNameOnIssue(name);
      putResource(
        c.s.catalog,
        c.s.counters,
        '/repos/{owner}/{repo}/labels/{name}',
        key,
        { name, color: 'ededed', description: null, default: false },
        {
          baseUrl: c.base,
          now: c.now,
        },
      );
    }
  }
}

/** Whether milestone n exists. */
export function hasMilestone(c: IssueCtx, n: number): boolean {
  return Boolean(rec(c, milestoneKey(c.rp, n)));
}

/** Recomputes the logins mentioned in an issue's body and its comments (bounded by the issue's comments). */
export function refreshMentions(c: IssueCtx, n: number, issue: Resource): void {
  const who = new Set(mentionsIn(issue.body));
  for (const id of membersOf(c.ix.lists, `C|${n}`, 'created')) for (const m of mentionsIn(rec(c, issueCommentKey(c.rp, id))?.body)) who.add(m);
  issue._mentions = [...who];
}

/** Fields of an issue event beyond its kind. */
export type EventExtra = Record<string, unknown>;

const byCreated = (c: IssueCtx, keyOf: (id: number) => string): Orders => ({ created: (id) => ms(rec(c, keyOf(id))?.created_at) });

/** Orders of event lists. */
export function eventOrders(c: IssueCtx): Orders {
  return byCreated(c, (id) => eventKey(c.rp, id));
}

/** Orders of the timeline of issue n (entries encode their kind, see keys.ts; reviews count from submission). */
export function timelineOrders(c: IssueCtx, n: number): Orders {
  return {
    created: (e) => {
      const id = Math.floor(e / 4);
      const kind = e % 4;
      if (kind === TIMELINE_KIND.review) return ms(rec(c, reviewKey(c.rp, n, id))?.submitted_at);
      return ms(rec(c, kind === TIMELINE_KIND.event ? eventKey(c.rp, id) : issueCommentKey(c.rp, id))?.created_at);
    },
  };
}

/** Records what happened to issue n (`labeled`, `closed`, ...): stored once, listed per issue, per repository, on the timeline. */
export function recordEvent(
  c: IssueCtx,
  n: number,
  event: string,
  extra: EventExtra = {},
  at: { id?: number; actor?: string; created_at?: string } = {},
): number {
  const id = at.id ?? newId(c);
  tableSet(c.s.catalog.records, eventKey(c.rp, id), {
    id,
    node_id: `IE_${id.toString(36)}`,
    event,
    actor: at.actor ?? c.actor,
    issue_number: n,
    commit_id: null,
    created_at: at.created_at ?? c.now,
    ...extra,
  });
  const orders = eventOrders(c);
  addMember(c.ix.lists, `E|${n}`, id, orders);
  addMember(c.ix.lists, 'E|*', id, orders);
  addMember(c.ix.lists, `T|${n}`, timelineEntry(id, 'event'), timelineOrders(c, n));
  return id;
}
