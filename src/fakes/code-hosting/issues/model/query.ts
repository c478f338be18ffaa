import { linkHeader, parsePaging } from '../../core/catalog/paging.js';
import { type IssueCtx, q, rec } from './context.js';
import { issueKey, pullKey } from './keys.js';
import { type Ids, firstAtLeast, membersOf, ms, slicePage } from './lists.js';
import { issueOrders, listsOf } from '../model.js';

/**
 * Filtered, sorted, paged reads of issue and pull lists. Each filter names an index list (state ×
 * label, assignee, creator, milestone, mentioned, base, head); the smallest list of the request is
 * walked and a page is a slice of it. A request with one filter besides `state` (or none) costs the
 * same at page 1 and page 100; combining filters walks the smallest of their lists once.
 */

/** A list request over the issue or pull indexes. */
export interface ListQuery {
  prefix: 'I' | 'P';
  state: 'open' | 'closed' | 'all';
  /** Index dimensions every member must have (AND). */
  dims: string[];
  order: 'created' | 'updated' | 'comments';
  desc: boolean;
  /** Only members updated at or after this time (epoch ms). */
  since?: number;
  /** Any further test. */
  where?: (n: number) => boolean;
  /** True when a filter can match nothing (an unknown milestone, an issue type). */
  none?: boolean;
}

/** A page of member numbers and how many there are in all. */
export interface PageOf {
  ids: number[];
  total: number;
  headers: Record<string, string>;
}

/** Runs a list query and pages it (`per_page`, `page`, with GitHub's `Link` header). */
export function runQuery(c: IssueCtx, query: ListQuery): PageOf {
  const paging = parsePaging(c.op.query);
  const start = (paging.page - 1) * paging.perPage;
  const names = query.dims.length ? query.dims.map((d) => `${query.prefix}|${query.state}|${d}`) : [`${query.prefix}|${query.state}`];
  const lists = names.map((name) => ({ name, ids: membersOf(c.ix.lists, name, query.order) }));
  lists.sort((a, b) => a.ids.length - b.ids.length);
  const main = lists[0]?.ids ?? [];
  const rest = new Set(lists.slice(1).map((l) => l.name));
  const orders = issueOrders(c);
  let from = 0;
  const to = main.length;
  const tests: Array<(n: number) => boolean> = [];
  if (query.since !== undefined) {
    const since = query.since;
    if (query.order === 'updated') from = firstAtLeast(main, since, orders.updated as (n: number) => number);
    else tests.push((n) => ms(rec(c, issueKey(c.rp, n))?.updated_at) >= since);
  }
  if (rest.size) {
    tests.push((n) => {
      const issue = rec(c, issueKey(c.rp, n));
      if (!issue) return false;
      const has = new Set(listsOf(c, issue, issue._pull ? rec(c, pullKey(c.rp, n)) : undefined));
      for (const name of rest) if (!has.has(name)) return false;
      return true;
    });
  }
  if (query.where) tests.push(query.where);
  let ids: number[];
  let total: number;
  if (query.none) {
    ids = [];
    total = 0;
  } else if (tests.length === 0) {
    ids = slicePage(main, query.desc, start, paging.perPage, from, to);
    total = to - from;
  } else {
    ids = [];
    total = 0;
    const size = to - from;
    for (let i = 0; i < size; i++) {
      const n = main.at(query.desc ? to - 1 - i : from + i) as number;
      if (!tests.every((t) => t(n))) continue;
      if (total >= start && ids.length < paging.perPage) ids.push(n);
      total++;
    }
  }
  const link = linkHeader(c.op.url, paging, total);
  return { ids, total, headers: link ? { link } : {} };
}

/** A plain paged list of ids (children of one object: comments, events, reviews, reactions). */
export function pageIds(c: IssueCtx, ids: Ids, desc = false): PageOf {
  const paging = parsePaging(c.op.query);
  const out = slicePage(ids, desc, (paging.page - 1) * paging.perPage, paging.perPage);
  const link = linkHeader(c.op.url, paging, ids.length);
  return { ids: out, total: ids.length, headers: link ? { link } : {} };
}

/** `state` of a list request (`open` by default; an unknown value answers as the default). */
export function stateParam(c: IssueCtx): 'open' | 'closed' | 'all' {
  const s = q(c, 'state');
  return s === 'closed' || s === 'all' ? s : 'open';
}

/** `direction` of a list request, or the given default. */
export function directionParam(c: IssueCtx, dflt: 'asc' | 'desc'): boolean {
  const d = q(c, 'direction');
  return (d === 'asc' || d === 'desc' ? d : dflt) === 'desc';
}

/** `since` of a list request as epoch ms (undefined when absent or not a time). */
export function sinceParam(c: IssueCtx): number | undefined {
  const s = q(c, 'since');
  if (!s) return undefined;
  const t = Date.parse(s);
  return Number.isFinite(t) ? t : undefined;
}
