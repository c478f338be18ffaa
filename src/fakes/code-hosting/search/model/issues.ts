import type { Resource } from '../../core/catalog/state.js';
import type { RepoRecord } from '../../core/schemas/repo.js';
import type { RepoIssueIndex } from '../../issues/state.js';
import { loginOf } from '../../issues/model/context.js';
import { issueCommentKey, issueKey, milestoneKey, pullKey } from '../../issues/model/keys.js';
import { membersOf, ms } from '../../issues/model/lists.js';
import { assigneesOf, labelsOf, milestoneOf } from '../../issues/model.js';
import { type Readable, tablePeek } from '../../../../store/table.js';
import { primaryLanguage } from '../../repos/model/facets.js';
import { type SearchQuery, type SortOrder, first, textMatches, values } from './query.js';
import { inRange } from './range.js';
import { type SearchEnv, me, searchedRepos } from './scope.js';

/**
 * Issue and pull request search over the state. Each searched repository is read through its issue
 * indexes: the smallest index list the query's qualifiers name (`label:`, `author:`, `assignee:`,
 * `mentions:`, `no:assignee`, `no:milestone`, `is:pr`, in the state asked) is walked, and each member is
 * tested against the whole query; a repository's other issues are not read. `language:` keeps the
 * repositories of that primary language.
 */

/** An issue or pull request found: its repository and number. */
export interface IssueHit {
  readonly repo: RepoRecord;
  readonly number: number;
}

/** The reaction each `reactions-<name>` sort counts (GitHub's sort names, the API's reaction contents). */
const REACTION_SORTS: Readonly<Record<string, string>> = {
  'reactions-+1': '+1',
  'reactions--1': '-1',
  'reactions-smile': 'laugh',
  'reactions-thinking_face': 'confused',
  'reactions-heart': 'heart',
  'reactions-tada': 'hooray',
};

/** The sort keys of `GET /search/issues` (every one GitHub documents). */
export const ISSUE_SORTS = ['created', 'updated', 'comments', 'reactions', 'interactions', ...Object.keys(REACTION_SORTS)];

const low = (s: string) => s.toLowerCase();
const repoPath = (r: RepoRecord) => `/repos/${encodeURIComponent(r.ownerLogin)}/${encodeURIComponent(r.name)}`;

interface Filter {
  state: 'open' | 'closed' | 'all';
  kind: 'issue' | 'pr' | undefined;
  is: Set<string>;
  /** Each entry: any one of these labels (`label:a,b`); every entry must hold. */
  labels: string[][];
  notLabels: Set<string>;
  authors: string[];
  notAuthors: Set<string>;
  assignees: string[];
  mentions: string[];
  involves: string[];
  milestones: string[];
  heads: string[];
  bases: string[];
  /** Range qualifiers: `created`, `updated`, `closed` (times), `comments` (a count). */
  ranges: Array<readonly [field: 'created_at' | 'updated_at' | 'closed_at' | 'comments', spec: string]>;
  no: Set<string>;
  fields: Set<string>;
  words: readonly string[];
}

function filterOf(env: SearchEnv, q: SearchQuery): Filter {
  const is = new Set([...values(q, 'is'), ...values(q, 'type')]);
  const st = first(q, 'state');
  const state = st === 'open' || is.has('open') ? 'open' : st === 'closed' || is.has('closed') || is.has('merged') ? 'closed' : 'all';
  const kind =
    is.has('pr') || is.has('pull-request') || is.has('merged') || is.has('unmerged') || is.has('draft') ? 'pr' : is.has('issue') ? 'issue' : undefined;
  const fields = new Set(values(q, 'in').flatMap((v) => v.split(',')));
  return {
    state,
    kind,
    is,
    labels: values(q, 'label').map((v) => v.split(',')),
    notLabels: new Set(values(q, 'label', true)),
    authors: values(q, 'author').map((a) => me(env, a)),
    notAuthors: new Set(values(q, 'author', true).map((a) => me(env, a))),
    assignees: values(q, 'assignee').map((a) => me(env, a)),
    mentions: values(q, 'mentions').map((a) => me(env, a)),
    involves: values(q, 'involves').map((a) => me(env, a)),
    milestones: values(q, 'milestone'),
    heads: values(q, 'head'),
    bases: values(q, 'base'),
    ranges: [
      ...values(q, 'created').map((v) => ['created_at', v] as const),
      ...values(q, 'updated').map((v) => ['updated_at', v] as const),
      ...values(q, 'closed').map((v) => ['closed_at', v] as const),
      ...values(q, 'comments').map((v) => ['comments', v] as const),
    ],
    no: new Set(values(q, 'no')),
    fields: fields.size ? fields : new Set(['title', 'body', 'comments']),
    words: q.words,
  };
}

/** The index lists (of the repository's issue indexes) whose members may match: the query's qualifiers as index dimensions. */
function candidateLists(f: Filter): string[] {
  const dims: string[] = [];
  for (const any of f.labels) if (any.length === 1) dims.push(`l:${any[0]}`);
  // Several authors: any of them (no one list holds them all).
  if (f.authors.length === 1) dims.push(`c:${f.authors[0]}`);
  for (const a of f.assignees) dims.push(`a:${a}`);
  for (const m of f.mentions) dims.push(`@:${m}`);
  if (f.no.has('assignee')) dims.push('a:none');
  if (f.no.has('milestone')) dims.push('m:none');
  const lists = dims.map((d) => `I|${f.state}|${d}`);
  if (f.kind === 'pr' || f.heads.length || f.bases.length) lists.push(`P|${f.state}`);
  return lists.length ? lists : [`I|${f.state}`];
}

/** The branch name of a stored pull's `head` or `base` (a name, or an object with `ref`). */
function refOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  return v && typeof v === 'object' && typeof (v as Resource).ref === 'string' ? ((v as Resource).ref as string) : undefined;
}

function matches(
  f: Filter,
  n: number,
  issue: Resource,
  pull: Resource | undefined,
  repo: RepoRecord,
  rp: string,
  records: Readable<Resource>,
  lists: RepoIssueIndex['lists'],
): boolean {
  if ((f.kind === 'pr' || f.heads.length || f.bases.length) && !pull) return false;
  if (f.kind === 'issue' && pull) return false;
  const state = issue.state === 'closed' ? 'closed' : 'open';
  if (f.state !== 'all' && state !== f.state) return false;
  if (f.is.has('merged') && pull?.merged !== true && !pull?.merged_at) return false;
  if (f.is.has('unmerged') && (pull?.merged === true || Boolean(pull?.merged_at))) return false;
  if (f.is.has('draft') && pull?.draft !== true) return false;
  if (f.is.has('locked') && issue.locked !== true) return false;
  if (f.is.has('unlocked') && issue.locked === true) return false;
  const labels = labelsOf(issue).map(low);
  if (!f.labels.every((any) => any.some((l) => labels.includes(l)))) return false;
  if (labels.some((l) => f.notLabels.has(l))) return false;
  if (f.no.has('label') && labels.length) return false;
  const author = low(loginOf(issue.user) ?? '');
  if ((f.authors.length && !f.authors.includes(author)) || f.notAuthors.has(author)) return false;
  const assignees = assigneesOf(issue).map(low);
  if (!f.assignees.every((a) => assignees.includes(a))) return false;
  if (f.no.has('assignee') && assignees.length) return false;
  if (f.no.has('milestone') && milestoneOf(issue) !== null) return false;
  const mentioned = Array.isArray(issue._mentions) ? (issue._mentions as string[]).map(low) : [];
  if (!f.mentions.every((m) => mentioned.includes(m))) return false;
  if (f.involves.length) {
    const people = new Set([author, ...assignees, ...mentioned]);
    if (!f.involves.every((p) => people.has(p))) return false;
  }
  if (f.milestones.length) {
    const n = milestoneOf(issue);
    const title = n === null ? undefined : tablePeek(records, milestoneKey(rp, n))?.title;
    if (typeof title !== 'string' || !f.milestones.includes(low(title))) return false;
  }
  if (pull) {
    const head = low(refOf(pull.head) ?? `patch-${n}`);
    if (f.heads.length && !f.heads.includes(head)) return false;
    const base = low(refOf(pull.base) ?? repo.defaultBranch);
    if (f.bases.length && !f.bases.includes(base)) return false;
  }
  for (const [field, spec] of f.ranges) {
    const v = field === 'comments' ? Number(issue.comments ?? 0) : ms(issue[field]);
    if (field !== 'comments' && issue[field] == null) return false;
    if (!inRange(v, spec, field !== 'comments')) return false;
  }
  const texts = [f.fields.has('title') ? issue.title : undefined, f.fields.has('body') ? issue.body : undefined];
  if (textMatches(f.words, texts)) return true;
  if (!f.fields.has('comments')) return false;
  // The comments are read only when the title and body do not hold every word.
  const comments = [...membersOf(lists, `C|${n}`, 'created')].map((id) => tablePeek(records, issueCommentKey(rp, id))?.body);
  return textMatches(f.words, [...texts, ...comments]);
}

/** An issue's key in a sort: a time, comments, reactions (all, or one), or interactions (comments and reactions). */
function sortKey(sort: string | undefined, issue: Resource, reactions: Readonly<Record<string, number>>, created: number): number {
  const all = () => Object.values(reactions).reduce((a, b) => a + b, 0);
  if (sort === 'updated') return ms(issue.updated_at);
  if (sort === 'comments') return Number(issue.comments ?? 0);
  if (sort === 'reactions') return all();
  if (sort === 'interactions') return Number(issue.comments ?? 0) + all();
  const one = sort === undefined ? undefined : REACTION_SORTS[sort];
  return one === undefined ? created : (reactions[one] ?? 0);
}

interface Scored extends IssueHit {
  key: number;
  at: number;
}

/** The issues and pull requests a query finds, in the order asked (best match: newest first). */
export function searchIssues(env: SearchEnv, q: SearchQuery, order: SortOrder): IssueHit[] {
  const f = filterOf(env, q);
  const records = env.state.catalog.records;
  const hits: Scored[] = [];
  const languages = values(q, 'language');
  for (const repo of searchedRepos(env, q)) {
    if (languages.length && !languages.includes(primaryLanguage(env.state, repo)?.toLowerCase() ?? '')) continue;
    const rp = repoPath(repo);
    const ix = env.state.issueIndex.repos[rp];
    if (!ix) continue;
    const lists = candidateLists(f).map((name) => membersOf(ix.lists, name, 'created'));
    const smallest = lists.reduce((a, b) => (b.length < a.length ? b : a));
    for (const n of smallest) {
      const issue = tablePeek(records, issueKey(rp, n));
      if (!issue) continue;
      const pull = issue._pull === true ? tablePeek(records, pullKey(rp, n)) : undefined;
      if (!matches(f, n, issue, pull, repo, rp, records, ix.lists)) continue;
      const at = ms(issue.created_at);
      const key = sortKey(order.sort, issue, ix.counts[`/issues/${n}`] ?? {}, at);
      hits.push({ repo, number: n, key, at });
    }
  }
  const dir = order.desc ? -1 : 1;
  hits.sort((a, b) => dir * (a.key - b.key) || dir * (a.at - b.at) || dir * (a.repo.id - b.repo.id) || dir * (a.number - b.number));
  return hits.map(({ repo, number }) => ({ repo, number }));
}
