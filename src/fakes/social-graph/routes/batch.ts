import { json } from '../../../http/response.js';
import type { FakeResponse } from '../../../http/response.js';
import { GraphError, fbtraceId, graphErrors, renderGraphError } from '../errors.js';
import type { GraphRouteContext } from '../models/registry.js';
import { graphContext } from './context.js';

/** Graph's cap on operations per batch. */
export const MAX_BATCH = 50;

/** One operation of a batch, as clients send it. */
interface BatchOp {
  method: string;
  relative_url: string;
  body?: string;
  name?: string;
  depends_on?: string;
  omit_response_on_success?: boolean;
  headers?: Array<{ name: string; value: string }> | Record<string, string>;
}

/** Whether a request to `/` is a batch (`batch=[...]`) rather than a shared-URL scrape. */
export function isBatch(ctx: GraphRouteContext): boolean {
  const b = ctx.req.body as Record<string, unknown> | undefined;
  return ctx.req.query.batch !== undefined || (typeof b === 'object' && b !== null && !(b instanceof Uint8Array) && 'batch' in b);
}

function readOps(raw: unknown): BatchOp[] {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw graphErrors.param('The parameter batch must be a JSON-encoded array of requests');
    }
  }
  if (!Array.isArray(value)) throw graphErrors.param('The parameter batch must be a JSON-encoded array of requests');
  if (value.length === 0) throw graphErrors.param('The parameter batch must contain at least one request');
  if (value.length > MAX_BATCH) throw graphErrors.param(`Too many requests in batch message. Maximum batch size is ${MAX_BATCH}`);
  const names = new Set<string>();
  return value.map((op, i) => {
    if (typeof op !== 'object' || op === null || Array.isArray(op)) throw graphErrors.param(`batch[${i}] must be an object`);
    const o = op as Record<string, unknown>;
    const method = typeof o.method === 'string' ? o.method.toUpperCase() : 'GET';
    if (!['GET', 'POST', 'DELETE', 'PUT'].includes(method)) throw graphErrors.param(`batch[${i}][method] must be one of GET, POST, DELETE, PUT`);
    if (typeof o.relative_url !== 'string') throw graphErrors.param(`The parameter batch[${i}][relative_url] is required`);
    if (o.body !== undefined && typeof o.body !== 'string') throw graphErrors.param(`batch[${i}][body] must be a URL-encoded string`);
    if (o.name !== undefined) {
      if (typeof o.name !== 'string' || o.name === '') throw graphErrors.param(`batch[${i}][name] must be a non-empty string`);
      if (names.has(o.name)) throw graphErrors.param(`batch[${i}][name]: the name ${o.name} is used twice`);
      names.add(o.name);
    }
    if (o.depends_on !== undefined && (typeof o.depends_on !== 'string' || !names.has(o.depends_on) || o.depends_on === o.name)) {
      throw graphErrors.param(`batch[${i}][depends_on] must name an earlier request of the batch`);
    }
    return {
      method,
      relative_url: o.relative_url,
      ...(typeof o.body === 'string' ? { body: o.body } : {}),
      ...(typeof o.name === 'string' ? { name: o.name } : {}),
      ...(typeof o.depends_on === 'string' ? { depends_on: o.depends_on } : {}),
      ...(o.omit_response_on_success !== undefined
        ? { omit_response_on_success: o.omit_response_on_success === true || o.omit_response_on_success === 'true' }
        : {}),
      ...(o.headers !== undefined ? { headers: o.headers as BatchOp['headers'] } : {}),
    };
  });
}

const REF = /\{result=([^:}]+):([^}]*)\}/g;

/** Evaluates the JSONPath subset Graph's batch references use: `$.a.b.0.c` and `$.data.*.id` (joined with commas). */
export function jsonPath(doc: unknown, path: string): string | undefined {
  if (!path.startsWith('$')) return undefined;
  const parts = path
    .slice(1)
    .split(/\.|\[(\d+|\*)\]/)
    .filter((p) => p !== undefined && p !== '');
  let values: unknown[] = [doc];
  for (const p of parts) {
    const next: unknown[] = [];
    for (const v of values) {
      if (v === null || typeof v !== 'object') continue;
      if (p === '*') next.push(...(Array.isArray(v) ? v : Object.values(v)));
      else {
        const child = (v as Record<string, unknown>)[p];
        if (child !== undefined) next.push(child);
      }
    }
    values = next;
  }
  if (values.length === 0) return undefined;
  return values.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(',');
}

/** The names an operation refers to with `{result=name:$.path}`. */
function referencedNames(op: BatchOp): string[] {
  const text = `${op.relative_url} ${op.body ?? ''}`;
  return [...text.matchAll(REF)].map((m) => m[1] as string);
}

function headerList(h: Record<string, string>): Array<{ name: string; value: string }> {
  return Object.entries(h).map(([name, value]) => ({ name, value }));
}

/** A batch entry answering Graph's error 100 (an operation the batch could not send), rendered as every Graph error is. */
function errorEntry(
  ctx: GraphRouteContext,
  message: string,
  includeHeaders: boolean,
): { code: number; headers?: Array<{ name: string; value: string }>; body: string } {
  const res = renderGraphError(graphErrors.param(message), fbtraceId(ctx.seq));
  const headers = { ...(res.headers ?? {}), 'content-type': 'application/json; charset=UTF-8' };
  return { code: res.status, ...(includeHeaders ? { headers: headerList(headers) } : {}), body: JSON.stringify(res.body) };
}

/**
 * Graph's batch API (`POST /` with `batch=[...]`): runs each operation in order through the same
 * routes as a request of its own (each one journaled), resolves `{result=name:$.path}` references and
 * `depends_on`, and answers one `{ code, headers, body }` per operation; operations whose dependency
 * failed answer null, as do referenced operations unless `omit_response_on_success` is false.
 */
export async function runBatch(ctx: GraphRouteContext): Promise<FakeResponse> {
  const g = graphContext(ctx, null, 'batch');
  if (!ctx.subrequest) throw new GraphError(1, 'Batch requests are not available here');
  const ops = readOps(g.params.batch);
  const includeHeaders = !(g.params.include_headers === 'false' || g.params.include_headers === false || g.params.include_headers === '0');
  const referenced = new Set(ops.flatMap(referencedNames));
  const results: Array<{ ok: boolean; body: unknown } | undefined> = [];
  const byName = new Map<string, number>();
  const out: unknown[] = [];
  const prefix = `${ctx.baseUrl}${g.version ? `/${g.version}` : ''}`;
  for (const [i, op] of ops.entries()) {
    if (op.name) byName.set(op.name, i);
    const deps = [...(op.depends_on ? [op.depends_on] : []), ...referencedNames(op)];
    // A reference to a name no earlier operation has can never resolve: Graph's error, not a silent null.
    const unknownRef = referencedNames(op).find((n) => {
      const j = byName.get(n);
      return j === undefined || j >= i;
    });
    if (unknownRef !== undefined) {
      results.push({ ok: false, body: null });
      out.push(
        errorEntry(
          ctx,
          `Cannot resolve the reference {result=${unknownRef.slice(0, 100)}:...}: no earlier request of the batch is named ${unknownRef.slice(0, 100)}`,
          includeHeaders,
        ),
      );
      continue;
    }
    const failed = deps.some((n) => {
      const j = byName.get(n);
      return j === undefined || j >= i || !results[j]?.ok;
    });
    if (failed) {
      results.push({ ok: false, body: null });
      out.push(null);
      continue;
    }
    let unresolved: string | undefined;
    const resolve = (text: string) =>
      text.replace(REF, (m, name: string, path: string) => {
        const v = jsonPath(results[byName.get(name) as number]?.body, path);
        if (v === undefined) unresolved ??= m;
        return encodeURIComponent(v ?? '');
      });
    const rel = resolve(op.relative_url).replace(/^\/+/, '');
    const body = op.body === undefined ? undefined : resolve(op.body);
    if (unresolved !== undefined) {
      // The JSONPath matched nothing in the answer it names: the operation is not sent, and answers Graph's error 100.
      results.push({ ok: false, body: null });
      out.push(
        errorEntry(ctx, `Cannot resolve the reference ${unresolved.slice(0, 200)}: the JSONPath expression matches nothing in that answer`, includeHeaders),
      );
      continue;
    }
    // A relative_url may carry its own version (`v24.0/me`), as Graph's batch examples do: it wins over the batch's.
    const url = new URL(`${/^v\d+\.\d+(\/|$|\?)/.test(rel) ? ctx.baseUrl : prefix}/${rel}`);
    const carriesToken = url.searchParams.has('access_token') || (body !== undefined && new URLSearchParams(body).has('access_token'));
    if (!carriesToken && g.principal.token !== null) url.searchParams.set('access_token', g.principal.token);
    const headers: Record<string, string> = {};
    if (Array.isArray(op.headers)) for (const h of op.headers) headers[String(h.name).toLowerCase()] = String(h.value);
    else if (op.headers) for (const [k, v] of Object.entries(op.headers)) headers[k.toLowerCase()] = String(v);
    if (body !== undefined) headers['content-type'] ??= 'application/x-www-form-urlencoded';
    const res = await ctx.subrequest({ method: op.method, url, headers, ...(body !== undefined ? { body } : {}) });
    if (!res) {
      results.push({ ok: false, body: null });
      out.push(null);
      continue;
    }
    const ok = res.status >= 200 && res.status < 300 && !(typeof res.body === 'object' && res.body !== null && 'error' in res.body);
    results.push({ ok, body: res.body });
    const omit = op.omit_response_on_success ?? (op.name !== undefined && referenced.has(op.name));
    if (ok && omit) {
      out.push(null);
      continue;
    }
    const text = typeof res.body === 'string' ? res.body : res.body === undefined ? '' : JSON.stringify(res.body);
    out.push({ code: res.status, ...(includeHeaders ? { headers: headerList(res.headers ?? {}) } : {}), body: text });
  }
  ctx.meta.operation = 'batch';
  return json(200, out);
}
