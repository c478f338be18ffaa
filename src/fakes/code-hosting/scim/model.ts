import { plain } from '../../../store/store.js';
import type { Resource } from '../core/catalog/state.js';
import { githubError } from '../core/errors.js';
import { scimTypeOf } from './state.js';

/**
 * SCIM answers of provisioned users and groups: the stored resource with SCIM's `meta` (its type,
 * when it was created and last modified, and where it lives, from the record's own timestamps and
 * URL on the fake clock), and SCIM PATCH (RFC 7644 §3.5.2: `add`, `replace`, `remove` of a top-level
 * attribute, or of several when `path` is left out).
 */

const DOCS = 'https://docs.github.com/enterprise-cloud@latest/rest/enterprise-admin/scim';

/** A stored SCIM resource as GitHub answers it: with `meta` from the record (a copy: no draft leaves the update). */
export function scimView(rec: Resource): Resource {
  const url = typeof rec.url === 'string' ? rec.url : '';
  return {
    ...Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, plain(v)])),
    meta: {
      resourceType: scimTypeOf(url),
      ...(typeof rec.created_at === 'string' ? { created: rec.created_at } : {}),
      ...(typeof rec.updated_at === 'string' ? { lastModified: rec.updated_at } : {}),
      location: url,
    },
  };
}

/** SCIM's 400 for an operation it cannot apply (`invalidPath`, `invalidSyntax`, `invalidValue`). */
const invalid = (detail: string, scimType = 'invalidSyntax') => githubError.scim(400, detail, scimType, DOCS);

/** Attributes a PATCH may change (not the id, meta or schemas of the resource). */
const FIXED = new Set(['id', 'meta', 'schemas', 'url', 'html_url', 'node_id', 'created_at', 'updated_at']);

/** A PATCH path: `attr`, `attr.sub`, or `attr[sub eq "value"].sub` (a filter on a multi-valued attribute). */
interface Path {
  attr: string;
  filter?: { key: string; value: string };
  sub?: string;
}

const PATH = /^([A-Za-z]\w*)(?:\[([A-Za-z]\w*) eq (?:"([^"]*)"|'([^']*)')\])?(?:\.([A-Za-z]\w*))?$/;

function parsePath(raw: string): Path {
  const m = PATH.exec(raw);
  if (!m || FIXED.has(m[1] as string)) throw invalid(`Unsupported path: ${raw}`, 'invalidPath');
  return {
    attr: m[1] as string,
    ...(m[2] ? { filter: { key: m[2], value: (m[3] ?? m[4]) as string } } : {}),
    ...(m[5] ? { sub: m[5] } : {}),
  };
}

const isObj = (v: unknown): v is Resource => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The identity of a member of a multi-valued attribute (`value`), for adding and removing members. */
const idOf = (m: unknown) => String(isObj(m) ? m.value : m);

/** One operation on a multi-valued attribute's members that match a filter. */
function onFiltered(out: Resource, p: Path & { filter: { key: string; value: string } }, op: string, value: unknown): void {
  const items = Array.isArray(out[p.attr]) ? [...(out[p.attr] as unknown[])] : [];
  const hit = (x: unknown) => isObj(x) && String(x[p.filter.key]) === p.filter.value;
  if (op === 'remove') {
    out[p.attr] = p.sub
      ? items.map((x) => (hit(x) ? Object.fromEntries(Object.entries(x as Resource).filter(([k]) => k !== p.sub)) : x))
      : items.filter((x) => !hit(x));
    return;
  }
  const set = (x: Resource): Resource => (p.sub ? { ...x, [p.sub]: value } : isObj(value) ? { ...x, ...value } : x);
  // No member matches: `add` (and `replace`, as GitHub does for an email of a type the user lacks) adds one.
  out[p.attr] = items.some(hit) ? items.map((x) => (hit(x) ? set(x as Resource) : x)) : [...items, set({ [p.filter.key]: p.filter.value })];
}

/** Applies the `Operations` of a SCIM PATCH body to a stored resource (400 for a malformed operation). */
export function applyPatch(rec: Resource, body: Resource): Resource {
  const ops = body.Operations;
  if (!Array.isArray(ops)) throw invalid('Operations must be an array');
  const out: Resource = Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, plain(v)]));
  for (const o0 of ops) {
    const o = isObj(o0) ? o0 : {};
    const op = String(o.op ?? '').toLowerCase();
    if (!['add', 'replace', 'remove'].includes(op)) throw invalid(`Unsupported operation: ${String(o.op)}`);
    if (typeof o.path !== 'string') {
      if (op === 'remove' || !isObj(o.value)) throw invalid('An operation without path needs an object value', 'invalidValue');
      for (const [k, v] of Object.entries(o.value)) if (!FIXED.has(k)) out[k] = v;
      continue;
    }
    const p = parsePath(o.path);
    if (p.filter) {
      onFiltered(out, p as Path & { filter: { key: string; value: string } }, op, o.value);
      continue;
    }
    if (p.sub) {
      const parent = isObj(out[p.attr]) ? { ...(out[p.attr] as Resource) } : {};
      if (op === 'remove') delete parent[p.sub];
      else parent[p.sub] = o.value;
      out[p.attr] = parent;
      continue;
    }
    const cur = out[p.attr];
    if (op === 'remove') {
      // Removing members of a multi-valued attribute by value; without a value, the attribute goes.
      if (Array.isArray(cur) && Array.isArray(o.value)) {
        const gone = new Set(o.value.map(idOf));
        out[p.attr] = cur.filter((m) => !gone.has(idOf(m)));
      } else delete out[p.attr];
      continue;
    }
    // `add` to a multi-valued attribute appends the members not there yet; otherwise the value replaces.
    if (op === 'add' && Array.isArray(o.value) && Array.isArray(cur)) {
      const have = new Set(cur.map(idOf));
      out[p.attr] = [...cur, ...o.value.filter((m) => !have.has(idOf(m)))];
    } else out[p.attr] = o.value;
  }
  return out;
}
