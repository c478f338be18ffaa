import type { ListSource } from '../connections.js';
import {
  type ListQuery,
  type RepoRecord,
  type Resource,
  authorizeRest,
  headOf,
  issueCtx,
  issueKey,
  labelsOf,
  pullKey,
  readOperation,
  relationRepo,
  runQuery,
  tablePeek,
} from '../rest-models.js';
import type { Args, Env } from '../types.js';
import { type IssueSrc, loadIssueish, viaRest } from './sources.js';

/**
 * `issues` and `pullRequests` connections read the REST family's sorted indexes (the lists
 * `GET /repos/{owner}/{repo}/issues` and `/pulls` page), with GraphQL's filters: `states`, `labels`
 * (any of them, as GitHub's GraphQL reads a list of labels), `filterBy` (assignee, creator, mentioned,
 * milestone, since), `headRefName`, `baseRefName` and `orderBy`. Each item is then read through
 * `GET /repos/{owner}/{repo}/issues/{issue_number}`.
 */

const low = (s: string) => s.toLowerCase();

/** The sort of an `orderBy` argument (default: oldest first, as GitHub's connections). */
function orderOf(args: Args): { order: ListQuery['order']; desc: boolean } {
  const o = args.orderBy && typeof args.orderBy === 'object' ? (args.orderBy as Record<string, unknown>) : {};
  const field = o.field === 'UPDATED_AT' ? 'updated' : o.field === 'COMMENTS' ? 'comments' : 'created';
  return { order: field, desc: o.direction === 'DESC' };
}

/** A list query run in pages of the REST family's paging (`per_page`, `page`). */
function pagedQuery(env: Env, repo: RepoRecord, query: ListQuery): ListSource<number> {
  const rp = relationRepo(repo);
  const run = (perPage: number, page: number) => {
    const op = readOperation(env, LIST, `${rp.path}/issues`, { per_page: String(perPage), page: String(page) });
    return runQuery(issueCtx({ state: env.state, op, repo: rp }, false), query);
  };
  let total: number | undefined;
  return {
    total: () => {
      total ??= run(1, 1).total;
      return total;
    },
    slice: (start, end) => {
      const count = end - start;
      if (count <= 0) return [];
      if (start % count === 0) return run(count, start / count + 1).ids;
      const out: number[] = [];
      for (let p = Math.floor(start / 100); p * 100 < end; p++) {
        const ids = run(100, p + 1).ids;
        for (let i = 0; i < ids.length; i++) if (p * 100 + i >= start && p * 100 + i < end) out.push(ids[i] as number);
        if (ids.length < 100) break;
      }
      return out;
    },
  };
}

const repoPathOf = (repo: RepoRecord) => relationRepo(repo).path;
/** The REST list the indexes serve (its operation carries the paging the index query reads). */
const LIST = 'GET /repos/{owner}/{repo}/issues';

/** Label names an argument lists, lower-cased (empty: no filter). */
function labelFilter(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').map(low) : [];
}

function hasAnyLabel(issue: Resource | undefined, want: readonly string[]): boolean {
  if (!issue) return false;
  const have = labelsOf(issue).map(low);
  return want.some((l) => have.includes(l));
}

/** `repository.issues(...)`: the repository's issues (pull requests left out). */
export function issueList(env: Env, repo: RepoRecord, args: Args): ListSource<number> {
  viaRest(env, 'issues', () => authorizeRest(env, 'GET /repos/{owner}/{repo}/issues', repo), 'issues');
  const rp = repoPathOf(repo);
  const records = env.state.catalog.records;
  const filter = args.filterBy && typeof args.filterBy === 'object' ? (args.filterBy as Record<string, unknown>) : {};
  const states = new Set(Array.isArray(args.states) ? args.states : Array.isArray(filter.states) ? filter.states : []);
  const state: ListQuery['state'] = states.size === 1 ? (states.has('OPEN') ? 'open' : 'closed') : 'all';
  const dims: string[] = [];
  let none = false;
  if (typeof filter.assignee === 'string' && filter.assignee) dims.push(filter.assignee === '*' ? 'a:*' : `a:${low(filter.assignee)}`);
  if (typeof filter.createdBy === 'string' && filter.createdBy) dims.push(`c:${low(filter.createdBy)}`);
  if (typeof filter.mentioned === 'string' && filter.mentioned) dims.push(`@:${low(filter.mentioned)}`);
  const milestone = typeof filter.milestoneNumber === 'string' ? filter.milestoneNumber : typeof filter.milestone === 'string' ? filter.milestone : undefined;
  if (milestone !== undefined && milestone !== '') {
    if (milestone === '*' || milestone === 'none') dims.push(`m:${milestone}`);
    else if (/^\d+$/.test(milestone)) dims.push(`m:${Number(milestone)}`);
    else none = true;
  }
  const labels = labelFilter(args.labels ?? filter.labels);
  const query: ListQuery = {
    prefix: 'I',
    state,
    dims,
    ...orderOf(args),
    none,
    where: (n) => {
      const issue = tablePeek(records, issueKey(rp, n));
      return issue?._pull !== true && (labels.length === 0 || hasAnyLabel(issue, labels));
    },
  };
  if (typeof filter.since === 'string' && Number.isFinite(Date.parse(filter.since))) query.since = Date.parse(filter.since);
  return pagedQuery(env, repo, query);
}

/** `repository.pullRequests(...)`: states OPEN / CLOSED (not merged) / MERGED, branch names, labels. */
export function pullList(env: Env, repo: RepoRecord, args: Args): ListSource<number> {
  viaRest(env, 'pullRequests', () => authorizeRest(env, 'GET /repos/{owner}/{repo}/pulls', repo), 'pullRequests');
  const rp = repoPathOf(repo);
  const records = env.state.catalog.records;
  const states = new Set(Array.isArray(args.states) ? args.states : []);
  const open = states.size === 0 || states.has('OPEN');
  const closed = states.size === 0 || states.has('CLOSED');
  const merged = states.size === 0 || states.has('MERGED');
  const state: ListQuery['state'] = open && !closed && !merged ? 'open' : !open ? 'closed' : 'all';
  const dims: string[] = [];
  if (typeof args.baseRefName === 'string') dims.push(`b:${args.baseRefName}`);
  const head = typeof args.headRefName === 'string' ? args.headRefName : undefined;
  const labels = labelFilter(args.labels);
  const c = issueCtx({ state: env.state, op: readOperation(env, LIST, `${rp}/issues`), repo: relationRepo(repo) }, false);
  const query: ListQuery = {
    prefix: 'P',
    state,
    dims,
    ...orderOf(args),
    where: (n) => {
      const pull = tablePeek(records, pullKey(rp, n));
      if (!pull) return false;
      if (pull.state === 'closed' || tablePeek(records, issueKey(rp, n))?.state === 'closed') {
        if (pull.merged === true ? !merged : !closed) return false;
      } else if (!open) return false;
      if (head !== undefined && headOf(c, pull).ref !== head) return false;
      return labels.length === 0 || hasAnyLabel(tablePeek(records, issueKey(rp, n)), labels);
    },
  };
  return pagedQuery(env, repo, query);
}

/** An issue number of a list as its source. */
export function issueAt(env: Env, repo: RepoRecord, n: number): IssueSrc {
  return loadIssueish(env, repo, n, `an issue or pull request with the number of ${n}`);
}
