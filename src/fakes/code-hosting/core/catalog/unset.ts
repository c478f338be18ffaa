import type { CatalogRow } from './catalog.js';
import { type ShapeNode, type ShapeSchema, operationShape, shapes } from '../shapes/load.js';
import type { Resource } from './state.js';

/**
 * What a singleton nobody wrote holds in the fake's state, in the fields its documented shape names: the
 * request's repository where the object names one (`full_name` of `GET .../actions/cache/usage`), and
 * zero for what it counts (`uniques` and `count` of traffic, bytes of caches), since nothing happened.
 * The renderer fills the rest; without these it would answer the description's examples
 * (`octo-org/Hello-World`, 3782 unique visitors) for a repository that has none of them.
 */

/** Integer fields that count or measure what happened (zero when nothing did). */
const COUNTED = /(^|_)(count|uniques|total|in_bytes|bytes|size|minutes|seconds|ms)$|^total_/;

const resolve = (n: ShapeNode): ShapeSchema => (typeof n === 'number' ? (shapes().S[n] as ShapeSchema) : n);

/** Top-level properties of a schema, its `allOf` parts' too. */
function props(s: ShapeSchema): Record<string, ShapeNode> {
  const out: Record<string, ShapeNode> = { ...(s.p ?? {}) };
  for (const part of s.l ?? []) Object.assign(out, props(resolve(part)));
  return out;
}

const typeOf = (s: ShapeSchema) => (Array.isArray(s.t) ? s.t.find((t) => t !== 'null') : s.t);

const cache = new Map<string, readonly [string, 'repo' | 'zero'][]>();

/** The fields of a row's documented answer that state decides when nobody set them. */
function stateFields(row: CatalogRow): readonly [string, 'repo' | 'zero'][] {
  const id = `${row.method} ${row.path}`;
  let fields = cache.get(id);
  if (!fields) {
    const out: [string, 'repo' | 'zero'][] = [];
    const r = operationShape(row.method, row.path)?.r;
    const node = r?.[String(row.status)] ?? r?.['200'];
    const s = node === undefined || node === null || node === 't' ? undefined : resolve(node);
    if (s && typeOf(s) !== 'array') {
      for (const [name, n] of Object.entries(props(s))) {
        const p = resolve(n);
        if (name === 'full_name' && typeOf(p) === 'string') out.push([name, 'repo']);
        else if ((typeOf(p) === 'integer' || typeOf(p) === 'number') && COUNTED.test(name)) out.push([name, 'zero']);
      }
    }
    fields = out;
    cache.set(id, fields);
  }
  return fields;
}

/** The values state gives a singleton nobody wrote at `key` (a concrete, canonical path). */
export function unsetSingleton(row: CatalogRow, key: string): Resource {
  const fields = stateFields(row);
  if (fields.length === 0) return {};
  const repo = /^\/repos\/([^/]+)\/([^/]+)/.exec(key);
  const out: Resource = {};
  for (const [name, kind] of fields) {
    if (kind === 'zero') out[name] = 0;
    else if (repo) out[name] = `${decodeURIComponent(repo[1] as string)}/${decodeURIComponent(repo[2] as string)}`;
  }
  return out;
}
