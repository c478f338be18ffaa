import type { CatalogRow } from '../catalog.js';
import type { OpResult } from '../catalog/engine.js';
import type { Resource } from '../catalog/state.js';
import type { RepoRecord } from '../schemas/repo.js';
import { type OperationShape, operationShape } from './load.js';
import { type RenderContext, type RepoView, realUrl, renderShape, webOrigin } from './render.js';

const isObj = (v: unknown): v is Resource => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the renderer knows of a repository record of the hand-written model. */
export function repoView(rec: RepoRecord): RepoView {
  return {
    id: rec.id,
    owner: rec.ownerLogin,
    name: rec.name,
    private: rec.private,
    description: rec.description,
    defaultBranch: rec.defaultBranch,
    createdAt: rec.createdAt,
    updatedAt: rec.updatedAt,
    pushedAt: rec.pushedAt,
  };
}

/** The documented success status for what the engine answered (the engine's, when documented). */
function statusFor(shape: OperationShape, status: number): number {
  if (shape.s.includes(status)) return status;
  const ok = shape.s.filter((s) => s < 300);
  return ok.find((s) => s === 200) ?? ok[0] ?? status;
}

/** Whether the row's only documented success is a redirect (logs, archives, tarball, zipball). */
export function redirectShape(row: CatalogRow): boolean {
  if (row.method !== 'GET') return false;
  const shape = operationShape(row.method, row.path);
  return Boolean(shape && shape.s.length > 0 && shape.s.every((s) => s === 302));
}

/**
 * Where a redirect answer sends the client: GitHub's archive host (codeload) for tarball/zipball, a
 * log host for logs and artifact archives. A private repository's archive URL carries a `token`.
 */
export function redirectLocation(key: string, baseUrl: string, token?: string): string {
  const web = webOrigin(baseUrl);
  const host = web === 'https://github.com' ? 'https://codeload.github.com' : `${web}/_codeload`;
  const m = /^\/repos\/([^/]+)\/([^/]+)\/(tarball|zipball)(?:\/(.*))?$/.exec(key);
  if (m) {
    const ext = m[3] === 'tarball' ? 'tar.gz' : 'zip';
    return `${host}/${m[1]}/${m[2]}/legacy.${ext}/${m[4] ? decodeURIComponent(m[4]) : 'HEAD'}${token ? `?token=${token}` : ''}`;
  }
  const logs = web === 'https://github.com' ? 'https://pipelines.actions.githubusercontent.com' : `${web}/_logs`;
  return `${logs}/stuntdouble${key}`;
}

/**
 * Renders an engine answer in the documented status, headers and body shape of the row's operation.
 * Rows without a documented shape answer as the engine did.
 */
export function shapeAnswer(row: CatalogRow, result: OpResult, key: string, rc: RenderContext): OpResult {
  const shape = operationShape(row.method, row.path);
  if (!shape || shape.s.length === 0) return result;
  // A media type other than JSON (a file's raw bytes) is answered as it is.
  if (typeof result.body === 'string' && result.headers?.['content-type']) return result;
  const status = statusFor(shape, result.status);
  const schema = shape.r[String(status)];
  const headers = { ...(result.headers ?? {}) };
  if (headers.location && !(shape.h[String(status)] ?? []).includes('location')) delete headers.location;
  if (headers.location) headers.location = realUrl(headers.location);
  if (headers.link) headers.link = realUrl(headers.link);
  if (status === 204 || schema === null || schema === undefined) return { status, headers };
  if (schema === 't') return { status, body: typeof result.body === 'string' ? result.body : '', headers };
  const body = result.body;
  const ownKey = isObj(body) && typeof body.url === 'string' && body.url.startsWith(rc.baseUrl) ? body.url.slice(rc.baseUrl.length) : key;
  return { status, body: renderShape(schema, body ?? {}, ownKey, rc), headers };
}
