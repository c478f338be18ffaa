import { nextId } from '../../../../store/ids.js';
import type { CatalogRow } from './catalog.js';
import { githubError } from '../errors.js';
import { keyPrefix, parentDepth } from './table.js';
import { linkHeader, parsePaging } from './paging.js';
import { prepareReferences } from './references.js';
import { CREATOR, type CatalogSlice, type Resource } from './state.js';
import { tableDelete, tableGet, tableSet } from '../../../../store/table.js';
import { keyList, keyListAll, keyListHas, keyListPush, keyListRemove, keyListSize, keyListSlice } from '../../../../store/key-list.js';
import { webBase } from '../urls.js';
import { unsetSingleton } from './unset.js';
import type { Caller } from '../roles.js';

/** Everything one generic operation needs besides the state. */
export interface Operation {
  row: CatalogRow;
  /** Concrete key of the request path (seed spelling, params percent-encoded). */
  key: string;
  body: Resource;
  /** A body sent as a bare JSON array (GitHub documents one for label writes: `["bug", "triage"]`); `body` is then `{}`. */
  arrayBody?: readonly unknown[];
  /** Base URL the request came in on (absolute URLs in bodies and Link headers). */
  baseUrl: string;
  /** The request URL (Link headers keep its query). */
  url: URL;
  query: Record<string, string | string[]>;
  /** ISO time now. */
  now: string;
  /** Login of the caller, when known. */
  login: string | null;
  /** Whether the caller's token acts as the user its seed named (their own rights only), not as an owner of everything. */
  actsAsUser?: boolean;
  /** Whether the caller sent no credentials. */
  anonymous?: boolean;
  /** The caller as roles see it (an owner-acting caller when unknown). */
  caller?: Caller;
  /** The request's `Accept` header (media types such as `application/vnd.github.raw+json`). */
  accept?: string;
}

/** What an operation answers. */
export interface OpResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * The operation (`METHOD path`) whose documented shape renders the body, when not the route's own:
   * a media type the route's description leaves out (`GET /user/starred` with `star+json` answers
   * the starred-repository form of `GET /users/{username}/starred`).
   */
  shape?: string;
}

const answer = (status: number, body: unknown, headers?: Record<string, string>): OpResult =>
  status === 204 ? { status, ...(headers ? { headers } : {}) } : { status, body, ...(headers ? { headers } : {}) };

/** The web (html) URL of a resource for a base URL: github.com for api.github.com, the host otherwise. */
export function htmlUrl(baseUrl: string, key: string): string {
  return `${webBase(baseUrl)}${key.replace(/^\/repos\//, '/')}`;
}

/** Missing required body fields → 422 validation-error naming the first resource and each field. */
export function checkRequired(row: CatalogRow, body: Resource): void {
  const missing = row.required.filter((f) => body[f] === undefined || body[f] === null);
  if (missing.length === 0) return;
  const resource = resourceName(row.path);
  throw githubError.validation(missing.map((field) => ({ resource, field, code: 'missing_field' as const })));
}

function resourceName(template: string): string {
  const last =
    template
      .split('/')
      .filter((s) => s && !s.startsWith('{'))
      .pop() ?? 'Resource';
  const word = last
    .replace(/[-_](\w)/g, (_, c: string) => c.toUpperCase())
    .replace(/ies$/, 'y')
    .replace(/s$/, '');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function stamp(op: Operation, key: string, rec: Resource): Resource {
  return { ...rec, url: `${op.baseUrl}${key}`, html_url: htmlUrl(op.baseUrl, key) };
}

/** Lists a key in its parent collection; `isNew` (no record before) skips the O(n) duplicate check. */
function addToParent(slice: CatalogSlice, template: string, key: string, isNew: boolean): void {
  const depth = parentDepth(template);
  if (depth === undefined) return;
  const parent = keyPrefix(key, depth);
  if (isNew || !keyListHas(keyList(slice.lists, parent), key)) keyListPush(slice.lists, parent, key);
}

function removeFromParent(slice: CatalogSlice, template: string, key: string): void {
  const depth = parentDepth(template);
  if (depth === undefined) return;
  keyListRemove(slice.lists, keyPrefix(key, depth), key);
}

/** Stores a resource at a concrete key (seeding and PUT): keeps its id, adds it to its parent list. */
export function putResource(
  slice: CatalogSlice,
  counters: Record<string, number>,
  template: string,
  key: string,
  rec: Resource,
  op: Pick<Operation, 'baseUrl' | 'now'>,
): Resource {
  const prev = tableGet(slice.records, key);
  const id = prev?.id ?? rec.id ?? nextId(counters, 'catalog', 1000);
  const out: Resource = {
    id,
    node_id: `CR_${Number(id).toString(36)}`,
    ...rec,
    url: `${op.baseUrl}${key}`,
    html_url: htmlUrl(op.baseUrl, key),
    created_at: prev?.created_at ?? rec.created_at ?? op.now,
    updated_at: op.now,
  };
  tableSet(slice.records, key, out);
  addToParent(slice, template, key, !prev);
  return out;
}

/** Identity fields named otherwise than `name` by the path parameter that carries them. */
const IDENTITY_FIELD: Readonly<Record<string, string>> = { custom_property_name: 'property_name' };

/**
 * The identity a PUT path gives its resource: a template ending in a name parameter (`{secret_name}`,
 * `{environment_name}`, `{custom_property_name}`, `{name}`) stores the path's value in the resource's
 * name field (`name`, `property_name`), over anything the body says: `PUT .../secrets/DEPLOY_KEY`
 * with `{ "name": "OTHER" }` is still `DEPLOY_KEY`, as on GitHub.
 */
export function pathIdentity(template: string, key: string): Resource {
  const param = /\{([a-z_]+)\}$/.exec(template)?.[1];
  if (!param || !(param === 'name' || param.endsWith('_name'))) return {};
  const raw = key.slice(key.lastIndexOf('/') + 1);
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    value = raw;
  }
  return { [IDENTITY_FIELD[param] ?? 'name']: value };
}

function numberCounter(collKey: string): string {
  return /^\/repos\/[^/]+\/[^/]+\/(issues|pulls)$/.test(collKey) ? `${collKey.replace(/\/(issues|pulls)$/, '')}#number` : `${collKey}#number`;
}

function itemKeyValue(row: CatalogRow, body: Resource, id: number, number: number | undefined): string {
  if (number !== undefined) return String(number);
  if (row.itemKey === 'slug')
    return String(body.name ?? id)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-');
  if (row.itemKey === 'ref') return String(body.ref ?? id).replace(/^refs\//, '');
  if (row.itemKey === 'sha') return id.toString(16).padStart(40, '0');
  if (row.itemKey && body[row.itemKey] !== undefined) return String(body[row.itemKey]);
  return String(id);
}

/** Runs a mutating operation on the draft slice. */
export function mutate(slice: CatalogSlice, counters: Record<string, number>, op: Operation): OpResult {
  const { row, key, body } = op;
  checkRequired(row, body);
  prepareReferences(slice, op, (template, k, rec) => putResource(slice, counters, template, k, rec, op));
  switch (row.kind) {
    case 'create': {
      let id = nextId(counters, 'catalog', 1000);
      let number = row.numbered ? nextId(counters, numberCounter(key)) : undefined;
      let childKey = `${key}/${encodeURIComponent(itemKeyValue(row, body, id, number))}`;
      // Seeded items may hold the next number or id: generated keys move past them.
      for (let guard = 0; tableGet(slice.records, childKey) && guard < 10_000 && (row.numbered || !row.itemKey); guard++) {
        if (number !== undefined) number = nextId(counters, numberCounter(key));
        else id = nextId(counters, 'catalog', 1000);
        childKey = `${key}/${encodeURIComponent(itemKeyValue(row, body, id, number))}`;
      }
      if (tableGet(slice.records, childKey))
        throw githubError.validation([{ resource: resourceName(row.path), code: 'already_exists', field: row.itemKey ?? 'id' }]);
      const rec: Resource = stamp(op, childKey, {
        id,
        node_id: `CR_${id.toString(36)}`,
        ...(number !== undefined ? { number } : {}),
        ...(row.itemKey === 'sha' ? { sha: childKey.split('/').pop() } : {}),
        ...body,
        // Who created it: its user/author/creator fields nobody set render as this account for every reader.
        ...(op.login ? { [CREATOR]: op.login } : {}),
        created_at: op.now,
        updated_at: op.now,
      });
      tableSet(slice.records, childKey, rec);
      keyListPush(slice.lists, key, childKey);
      return answer(row.status, rec, { location: rec.url as string });
    }
    case 'item':
    case 'singleton': {
      const prev = tableGet(slice.records, key);
      if (row.method === 'PATCH') {
        if (!prev && row.kind === 'item') throw githubError.notFound();
        const rec = putResource(slice, counters, row.path, key, { ...(prev ?? {}), ...body }, op);
        return answer(row.status, rec);
      }
      if (row.method === 'PUT') {
        const rec = putResource(slice, counters, row.path, key, { ...body, ...pathIdentity(row.path, key) }, op);
        const status = prev && row.updateStatus ? row.updateStatus : row.status;
        return answer(status, rec);
      }
      // DELETE
      if (!prev && row.kind === 'item') throw githubError.notFound();
      tableDelete(slice.records, key);
      removeFromParent(slice, row.path, key);
      return answer(row.status, {});
    }
    case 'set-collection': {
      tableSet(slice.records, key, { ...body, updated_at: op.now });
      return answer(row.status, Object.values(body).find(Array.isArray) ?? []);
    }
    case 'clear-collection': {
      for (const k of keyListAll(keyList(slice.lists, key))) tableDelete(slice.records, k);
      tableDelete(slice.lists, key);
      tableDelete(slice.records, key);
      return answer(row.status, []);
    }
    default: {
      // Actions: recorded; those answering a body keep what they set (GET on the same path shows it).
      const prev = slice.actions[key];
      slice.actions[key] = { count: (prev?.count ?? 0) + 1, last: body };
      if (row.status === 204 || row.status === 202) return answer(row.status, {});
      const rec = putResource(slice, counters, row.path, key, { ...(tableGet(slice.records, key) ?? {}), ...body }, op);
      return answer(row.status, rec);
    }
  }
}

/** Runs a reading operation on the (frozen) slice. */
export function read(slice: CatalogSlice, op: Operation): OpResult {
  const { row, key } = op;
  if (row.kind === 'redirect') return { status: 302, headers: { location: `${htmlUrl(op.baseUrl, key)}?download=1` } };
  if (row.kind === 'list') {
    const paging = parsePaging(op.query);
    const list = keyList(slice.lists, key);
    const total = keyListSize(list);
    const items: Resource[] = [];
    for (const k of keyListSlice(list, (paging.page - 1) * paging.perPage, paging.perPage)) {
      const rec = tableGet(slice.records, k);
      if (rec) items.push(rec);
    }
    const link = linkHeader(op.url, paging, total);
    const headers = link ? { link } : undefined;
    if (!row.listKey) return answer(row.status, items, headers);
    const wrapped: Resource = { total_count: total, [row.listKey]: items };
    if (row.path.startsWith('/search/')) wrapped.incomplete_results = false;
    return answer(row.status, wrapped, headers);
  }
  const rec = tableGet(slice.records, key);
  if (rec) return answer(row.status, rec);
  if (row.kind === 'item' || row.status === 204) throw githubError.notFound();
  // Nobody wrote it: what the state says of it (the request's repository, nothing counted yet).
  return answer(row.status, { url: `${op.baseUrl}${key}`, ...unsetSingleton(row, key) });
}
