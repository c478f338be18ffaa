import type { RouteContext } from '../../service.js';
import { type Api, fieldError, googleError, invalidJsonError, payloadError } from '../errors.js';
import { authenticate } from '../models/auth.js';
import type { Placement } from '../models/caches.js';
import { geminiScope, type ModelCacheState, vertexScope } from '../models/state.js';
import type { ModelCacheOptions } from '../options.js';
import { ListQuerySchema } from '../schemas/cached-content.js';

/** The route context of this fake. */
export type Ctx = RouteContext<ModelCacheState, ModelCacheOptions>;

const VERSIONS: Record<Api, readonly string[]> = { vertex: ['v1', 'v1beta1'], gemini: ['v1', 'v1beta', 'v1alpha'] };

/** The API versions Google documents for a route template: Vertex AI's (`/projects/...`) or the Gemini API's. */
export function versionsOf(template: string): readonly string[] {
  if (!template.startsWith('/{version}/')) return [];
  return VERSIONS[template.startsWith('/{version}/projects/') ? 'vertex' : 'gemini'];
}

/** A template in one version's spelling: `/{version}/cachedContents` → `/v1beta/cachedContents`. */
export function withVersion(template: string, version: string): string {
  return template.replace(/^\/\{version\}\//, `/${version}/`);
}
// Multi-region locations served on the global host.
const GLOBAL_LOCATIONS = new Set(['global', 'us', 'eu']);

/**
 * Which wire a request speaks: `generativelanguage.googleapis.com`, or a base URL whose last path
 * segment is `gemini` (server mode's `http://127.0.0.1:4010/gemini`), is the Gemini API; anything else Vertex AI.
 */
export function apiOf(ctx: Ctx): Api {
  return apiOfUrl(ctx.req.url, ctx.baseUrl);
}

/** {@link apiOf} for a URL and the base URL it was served under. */
export function apiOfUrl(url: URL, baseUrl: string): Api {
  return url.hostname === 'generativelanguage.googleapis.com' || baseUrl.endsWith('/gemini') ? 'gemini' : 'vertex';
}

/** A resolved request: where it acts, its API version, who sent it. */
export interface Wire extends Placement {
  version: string;
  label: string | null;
}

/**
 * Checks host, version, region, outage and credentials; sets the journal's token and version.
 * A route of the other API, or an unknown version, is a 404 like any unknown method.
 */
export function resolveWire(
  ctx: Ctx,
  expected: Api,
  rpc: string,
  verb: string,
  nameField: 'parent' | 'name' | 'model',
  predict?: { resource: string },
  service?: string,
): Wire {
  const api = apiOf(ctx);
  const version = ctx.params.version as string;
  if (api !== expected || !VERSIONS[api].includes(version)) {
    ctx.meta.noMethod = true;
    throw googleError('NOT_FOUND', 'Method not found.');
  }
  ctx.meta.version = version;
  if (ctx.state.unavailable) throw googleError('UNAVAILABLE', 'The service is currently unavailable.');
  const project = ctx.params.project;
  const location = ctx.params.location;
  if (api === 'vertex' && location !== undefined) {
    const host = ctx.req.url.hostname;
    const regional = /^([a-z0-9-]+)-aiplatform\.googleapis\.com$/.exec(host)?.[1];
    const valid = regional ?? (host === 'aiplatform.googleapis.com' ? 'global' : undefined);
    const ok = valid === undefined || (regional ? location === regional : GLOBAL_LOCATIONS.has(location));
    if (!ok) throw fieldError('vertex', nameField, `The provided location ID doesn't match the endpoint. The valid location ID is \`${valid}\`.`);
  }
  const strict = ctx.auth === 'strict' || ctx.state.credentialCount > 0;
  let identity: { label: string | null; project: string | null };
  try {
    identity = authenticate(ctx.state, {
      api,
      strict,
      headers: ctx.req.headers,
      query: ctx.req.query,
      project,
      location,
      rpc,
      verb,
      version,
      ...(predict ? { surface: 'predict' as const, resource: predict.resource } : {}),
      ...(service ? { service } : {}),
    });
  } catch (err) {
    const header = ctx.req.headers.authorization ?? ctx.req.headers['x-goog-api-key'] ?? ctx.req.query.key;
    const secret = String(header).replace(/^Bearer\s+/i, '');
    ctx.meta.token = header ? ((Object.hasOwn(ctx.state.credentials, secret) ? ctx.state.credentials[secret]?.label : undefined) ?? 'unseeded') : null;
    throw err;
  }
  ctx.meta.token = identity.label;
  if (api === 'vertex') {
    return {
      api,
      version,
      label: identity.label,
      scope: vertexScope(project as string, location as string),
      project: project as string,
      location: location as string,
    };
  }
  const p = identity.project ?? '-';
  return { api, version, label: identity.label, scope: geminiScope(identity.project), project: p, location: '-' };
}

/**
 * {@link resolveWire} for a call on a model (generate, count, compute tokens, embed): on Vertex AI the
 * publisher model is the IAM resource. A body that is not JSON is the parser's 400.
 */
export function modelWire(ctx: Ctx, api: Api, rpc: string, service?: string): Wire {
  const p = ctx.params;
  const resource = api === 'vertex' ? `projects/${p.project}/locations/${p.location}/publishers/${p.publisher}/models/${p.model}` : '';
  const w = resolveWire(ctx, api, rpc, 'predict', 'model', { resource }, service);
  if (ctx.req.bodyError === 'invalid-json') throw invalidJsonError();
  return w;
}

/**
 * The paging query of a list method (`pageSize` or `page_size`, `pageToken` or `page_token`): a size
 * that is not an integer is the 400 of a bad TYPE_INT32 value, a negative one the field's own 400.
 */
export function listQuery(ctx: Ctx, api: Api, request: string): { pageSize: number | undefined; pageToken: string | undefined } {
  const raw = ctx.req.query.pageSize ?? ctx.req.query.page_size;
  const q = ListQuerySchema.safeParse({ pageSize: raw, pageToken: ctx.req.query.pageToken ?? ctx.req.query.page_token });
  if (!q.success) throw payloadError('page_size', `Invalid value at 'page_size' (TYPE_INT32), "${String(raw)}"`);
  const pageSize = q.data.pageSize === undefined ? undefined : Number(q.data.pageSize);
  if (pageSize !== undefined && pageSize < 0) throw fieldError(api, 'page_size', 'page_size must not be negative.', request);
  return { pageSize, pageToken: q.data.pageToken || undefined };
}
