/**
 * The journal over the admin API: `GET /__stuntdouble/calls` (and `unmatched`) with its filters,
 * checked as strictly as `fakes.calls.where()` (a misspelt route, operation, method or key answers 400
 * naming the nearest valid spelling), paged by `after` and `limit`, and written as a stream.
 */
import type { ServerResponse } from 'node:http';
import { UnknownNameError } from '../errors.js';
import type { ServiceName } from '../fakes/service-name.js';
import type { Engine } from '../http/dispatch.js';
import { closestRoutes } from '../http/closest-routes.js';
import { type CallFilter, type CallList, type RecordedCall, callMatches, splitRouteKey } from '../store/journal.js';
import { didYouMean as hint, suggest } from '../util/suggest.js';
import { AdminError, toJson } from './json.js';
import { didYouMean } from './nearest.js';

/** The query keys `GET calls` and `GET unmatched` take. */
export const CALL_FILTERS = ['service', 'method', 'operation', 'route', 'path', 'status', 'token', 'after', 'since', 'limit'] as const;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const WHERE = 'GET /__stuntdouble/calls';

/** A parsed journal query. */
export interface CallQuery {
  /** Whether a call matches the filters. */
  matches(call: RecordedCall): boolean;
  /** Calls after this seq only (`after`, or its older name `since`). */
  after: number | undefined;
  limit: number | undefined;
}

/** Reads and checks the filters of a journal query; throws {@link AdminError} 400 for any mistake. */
export function parseCallQuery(q: URLSearchParams, engine: Engine, service: (raw: string) => ServiceName): CallQuery {
  for (const k of q.keys())
    if (!(CALL_FILTERS as readonly string[]).includes(k))
      throw new AdminError(400, `stuntdouble: unknown calls filter '${k}'.${didYouMean(k, CALL_FILTERS)} Filters: ${CALL_FILTERS.join(', ')}`);
  const filter: CallFilter = {};
  const raw = q.get('service');
  if (raw) filter.service = service(raw);
  const method = q.get('method');
  if (method !== null) {
    if (!METHODS.includes(method.toUpperCase()))
      throw new AdminError(
        400,
        `stuntdouble: unknown method '${method}' in ${WHERE}?method=.${didYouMean(method.toUpperCase(), METHODS)} Methods: ${METHODS.join(', ')}`,
      );
    filter.method = method;
  }
  const operation = q.get('operation');
  if (operation !== null) {
    const known = filter.service ? engine.operationsOf(filter.service) : engine.serviceNames().flatMap((s) => engine.operationsOf(s));
    if (operation !== 'unmatched' && !known.includes(operation)) {
      const near = suggest(operation, known);
      throw new AdminError(400, `stuntdouble: unknown operation '${operation}' in ${WHERE}?operation=.${hint(near)}`, { suggestions: near });
    }
    filter.operation = operation;
  }
  for (const k of ['path', 'token'] as const) {
    const v = q.get(k);
    if (v !== null) filter[k] = v;
  }
  const status = q.get('status');
  if (status !== null) filter.status = intParam('status', status);
  const selectors: Array<(c: RecordedCall) => boolean> = [];
  const route = q.get('route');
  if (route !== null) selectors.push(routeSelector(engine, filter.service, route, 'route'));
  if (filter.path?.includes('{')) {
    selectors.push(routeSelector(engine, filter.service, filter.path, 'path'));
    delete filter.path;
  } else if (filter.path !== undefined) {
    // `path=PUT /repos/octo/hello/import`: a method in front of a concrete path.
    const { method: m, template } = splitRouteKey(filter.path);
    filter.path = template;
    if (m) selectors.push((c) => c.method === m);
  }
  const after = q.get('after') ?? q.get('since');
  if (q.has('after') && q.has('since')) throw new AdminError(400, `stuntdouble: give 'after' or its older name 'since', not both`);
  return {
    matches: (c) => callMatches(c, filter) && selectors.every((s) => s(c)),
    after: after === null ? undefined : intParam(q.has('after') ? 'after' : 'since', after),
    limit: q.get('limit') === null ? undefined : intParam('limit', q.get('limit') as string),
  };
}

/**
 * The predicate of a `route=` (or `path=` with `{`) filter. The string must name a route template of
 * a fake (any spelling of its parameters, with or without a method); a concrete path (what curl's
 * `{}` globbing makes of `/repos/{owner}/{repo}`) or a misspelt route answers 400 with the nearest routes.
 */
function routeSelector(engine: Engine, service: ServiceName | undefined, raw: string, key: 'route' | 'path'): (c: RecordedCall) => boolean {
  const where = `${WHERE}?${key}=`;
  const services = service ? [service] : engine.serviceNames();
  const names = services.some((s) => {
    try {
      engine.resolveRouteKey(s, raw, where);
      return true;
    } catch {
      return false;
    }
  });
  if (names) return engine.routeSelector(service, raw, where);
  const { method, template } = splitRouteKey(raw);
  if (template.startsWith('/') && !template.includes('{')) {
    const routes = services.flatMap((s) => engine.routesOf(s).map((r) => ({ method: r.slice(0, r.indexOf(' ')), template: r.slice(r.indexOf(' ') + 1) })));
    const near = closestRoutes(routes, method ?? 'GET', template).filter((r) => !method || r.startsWith(`${method} `));
    throw new AdminError(
      400,
      `stuntdouble: '${raw}' is not a route template of ${service ?? 'any fake'} (in ${where}).${hint(near)} ` +
        `A route names its parameters in braces; for a concrete path use path=. With curl, '{owner}' becomes 'owner' unless globbing is off: use curl -g, or -G --data-urlencode '${key}=...'.`,
      { suggestions: near },
    );
  }
  try {
    return engine.routeSelector(service, raw, where);
  } catch (err) {
    if (err instanceof UnknownNameError) throw new AdminError(400, err.message, { suggestions: err.suggestions });
    throw new AdminError(400, (err as Error).message);
  }
}

/** An integer query parameter (400 otherwise). */
export function intParam(name: string, v: string): number {
  if (!/^\d+$/.test(v)) throw new AdminError(400, `stuntdouble: '${name}' must be a non-negative integer, got '${v}'`);
  return Number(v);
}

/** Index of the first call with a seq above `after` (calls are in seq order): no scan of the older ones. */
export function firstAfter(list: readonly RecordedCall[], after: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as RecordedCall).seq <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The calls a query selects. Without `after`, `limit` keeps the most recent ones; with `after`, the
 * first `limit` after it, and `more` says whether calls past the page remain (for the next link).
 */
export function selectCalls(list: readonly RecordedCall[], query: CallQuery): { calls: RecordedCall[]; more: boolean } {
  const out: RecordedCall[] = [];
  const { after, limit } = query;
  if (after !== undefined && limit !== undefined) {
    for (let i = firstAfter(list, after); i < list.length; i++) {
      const c = list[i] as RecordedCall;
      if (!query.matches(c)) continue;
      if (out.length === limit) return { calls: out, more: true };
      out.push(c);
    }
    return { calls: out, more: false };
  }
  if (after === undefined && limit !== undefined) {
    // The most recent `limit` matches: walk back from the end.
    for (let i = list.length - 1; i >= 0 && out.length < limit; i--) if (query.matches(list[i] as RecordedCall)) out.push(list[i] as RecordedCall);
    return { calls: out.reverse(), more: false };
  }
  for (let i = firstAfter(list, after ?? 0); i < list.length; i++) if (query.matches(list[i] as RecordedCall)) out.push(list[i] as RecordedCall);
  return { calls: out, more: false };
}

/**
 * One answer of `GET calls` / `GET unmatched`: the calls (picked now, as references: calls recorded
 * while the answer streams are not in it) and, when more follow the page, a `Link` to the next one.
 */
export function pageOfCalls(
  list: readonly RecordedCall[],
  query: CallQuery,
  q: URLSearchParams,
  route: 'calls' | 'unmatched',
): { calls: RecordedCall[]; headers: Record<string, string> } {
  const { calls, more } = selectCalls(list, query);
  const headers: Record<string, string> = {};
  const last = calls.at(-1);
  if (more && last) {
    const next = new URLSearchParams(q);
    next.delete('since');
    next.set('after', String(last.seq));
    headers.link = `</__stuntdouble/${route}?${next}>; rel="next"`;
  }
  return { calls, headers };
}

/** `GET calls/{seq}`: one journal entry (404 when the journal does not hold it). */
export function callBySeq(list: CallList, raw: string): RecordedCall {
  const seq = intParam('seq', raw);
  const c = list[firstAfter(list, seq - 1)];
  if (!c || c.seq !== seq) {
    const first = list.first()?.seq;
    const last = list.last()?.seq;
    throw new AdminError(404, `stuntdouble: no call #${seq} in the journal (it holds ${first === undefined ? 'none' : `#${first} to #${last}`})`);
  }
  return c;
}

// Bytes gathered before a write: large enough for few syscalls, small enough to stay far from a 41 MB string.
const CHUNK_BYTES = 64 * 1024;

/**
 * Writes calls as one JSON array, a call at a time, waiting for the socket to drain when its buffer
 * is full: a full journal (10,000 calls with bodies, tens of MB) never becomes one string.
 */
export async function streamCalls(res: ServerResponse, calls: readonly RecordedCall[], headers: Record<string, string> = {}): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  let buf = '[';
  for (let i = 0; i < calls.length; i++) {
    buf += (i ? ',' : '') + (toJson(calls[i]) ?? 'null');
    if (buf.length >= CHUNK_BYTES) {
      const ok = res.write(buf);
      buf = '';
      if (!ok) await drained(res);
      if (res.destroyed) return;
    }
  }
  res.end(`${buf}]`);
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
