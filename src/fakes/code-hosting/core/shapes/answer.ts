import type { CatalogRow } from '../catalog/catalog.js';
import type { OpResult } from '../catalog/engine.js';
import type { Resource } from '../catalog/state.js';
import { type OperationShape, operationShape } from './load.js';
import { type RenderContext, realUrl, renderShape } from './render.js';

const isObj = (v: unknown): v is Resource => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a base URL is a GHES one (`https://<host>/api/v3`). */
const isGhes = (baseUrl: string) => /\/api\/v3\/?$/.test(baseUrl);

/** The documented success status for what the engine answered (the engine's, when documented), on this host. */
function statusFor(shape: OperationShape, status: number, baseUrl: string): number {
  const documented = shape.hs && isGhes(baseUrl) ? shape.hs : shape.s;
  if (documented.includes(status)) return status;
  const ok = documented.filter((s) => s < 300);
  return ok.find((s) => s === 200) ?? ok[0] ?? status;
}

/** Whether the row's only documented success is a redirect (logs, archives, tarball, zipball). */
export function redirectShape(row: CatalogRow): boolean {
  if (row.method !== 'GET') return false;
  const shape = operationShape(row.method, row.path);
  return Boolean(shape && shape.s.length > 0 && shape.s.every((s) => s === 302));
}

/**
 * Renders an engine answer in the documented status, headers and body shape of the row's operation.
 * Rows without a documented shape answer as the engine did.
 */
export function shapeAnswer(row: CatalogRow, result: OpResult, key: string, rc: RenderContext): OpResult {
  const [method, path] = result.shape ? (result.shape.split(' ') as [string, string]) : [row.method, row.path];
  const shape = operationShape(method, path);
  if (!shape || shape.s.length === 0) return result;
  // A media type other than JSON (a file's raw bytes) is answered as it is.
  if (typeof result.body === 'string' && result.headers?.['content-type']) return result;
  const status = statusFor(shape, result.status, rc.baseUrl);
  const schema = shape.r[String(status)];
  const headers = { ...(result.headers ?? {}) };
  // GitHub sends a created object's URL as `Location` on every 201, documented or not; elsewhere only where documented.
  if (headers.location && status !== 201 && !(shape.h[String(status)] ?? []).includes('location')) delete headers.location;
  if (headers.location) headers.location = realUrl(headers.location);
  if (headers.link) headers.link = realUrl(headers.link);
  if (status === 204 || schema === null || schema === undefined) return { status, headers };
  if (schema === 't') return { status, body: typeof result.body === 'string' ? result.body : '', headers };
  const body = result.body;
  const ownKey = isObj(body) && typeof body.url === 'string' && body.url.startsWith(rc.baseUrl) ? body.url.slice(rc.baseUrl.length) : key;
  return { status, body: renderShape(schema, body ?? {}, ownKey, rc), headers };
}

/**
 * Renders the body of a hand-written route (repositories, hooks, imports) through the documented shape
 * of the operation it serves (`METHOD seed-path`) at a status: one way to render for every answer.
 * Operations without a documented JSON body answer the body as given.
 */
export function renderAs(operation: string, status: number, body: unknown, key: string, rc: RenderContext): unknown {
  const i = operation.indexOf(' ');
  const shape = operationShape(operation.slice(0, i), operation.slice(i + 1));
  const schema = shape?.r[String(status)];
  if (schema === undefined || schema === null || schema === 't') return body;
  return renderShape(schema, body, key, rc);
}
