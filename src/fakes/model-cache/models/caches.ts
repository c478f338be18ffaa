import type { Draft } from 'immer';
import { nextId } from '../../../store/ids.js';
import { plain } from '../../../store/store.js';
import { type Api, cacheNotFound, fieldError, type GoogleError, googleError, payloadError } from '../errors.js';
import type { CachedContentInput } from '../schemas/cached-content.js';
import { appendEntries, insertEntry, lastKey, walkAfter } from './chunked.js';
import { removeCaches } from './expiry.js';
import { decodePageToken, effectivePageSize, encodePageToken } from './paging.js';
import { cachingUnsupported } from './registry.js';
import { functionCallingOf, mapsWidgetOf } from './replies.js';
import { BUCKET, type CacheRecord, type FunctionCalling, getCache, idOf, type ModelCacheState, slotOf } from './state.js';
import { addDuration, formatTimestamp, fromMs, type Instant, inTimestampRange, readDuration, readTimestamp, TIMESTAMP_MAX_TEXT, toMsCeil } from './time.js';
import { computeUsage, INLINE_LIMIT_BYTES, type Usage } from './usage.js';

/** Default lifetime when neither ttl nor expireTime is given. */
export const DEFAULT_TTL_SECONDS = 3600;
/** Shortest allowed lifetime on Vertex AI (the Gemini API documents no minimum). */
export const MIN_TTL_SECONDS = 60;

/** Where a cache lives: its wire, listing scope, project and location. */
export interface Placement {
  api: Api;
  scope: string;
  project: string;
  location: string;
}

const VERTEX_MODEL_RE = /^projects\/([^/]+)\/locations\/([^/]+)\/publishers\/([^/]+)\/models\/([^/]+)$/;
const GEMINI_MODEL_RE = /^models\/([^/]+)$/;

/** Checks the model name's format and that it is a known published base model; returns its canonical name and minimum tokens. */
export function resolveModel(state: ModelCacheState, at: Placement, model: string | undefined, version: string): { model: string; minTokens: number } {
  if (!model) throw fieldError(at.api, 'cached_content.model', 'model is required.');
  if (at.api === 'gemini') {
    const m = GEMINI_MODEL_RE.exec(model);
    if (!m) throw fieldError('gemini', 'cached_content.model', `model must be of the form models/{model}, got '${model}'.`);
    const id = m[1] as string;
    const min = state.models[id];
    if (min === undefined || state.unavailableModels[id] || cachingUnsupported(id))
      throw googleError(
        'NOT_FOUND',
        `${model} is not found for API version ${version}, or is not supported for createCachedContent. Call ListModels to see the list of available models and their supported methods.`,
      );
    return { model, minTokens: min };
  }
  const full = model.startsWith('publishers/') ? `projects/${at.project}/locations/${at.location}/${model}` : model;
  const m = VERTEX_MODEL_RE.exec(full);
  if (!m)
    throw fieldError(
      'vertex',
      'cached_content.model',
      `model must be of the form projects/{project}/locations/{location}/publishers/google/models/{model}, got '${model}'.`,
    );
  if (m[1] !== at.project)
    throw fieldError('vertex', 'cached_content.model', `The model project '${m[1]}' must match the cached content project '${at.project}'.`);
  if (m[2] !== at.location)
    throw fieldError('vertex', 'cached_content.model', `The model location '${m[2]}' must match the cached content location '${at.location}'.`);
  if (m[3] !== 'google') throw fieldError('vertex', 'cached_content.model', 'Only published base models (publishers/google) are supported.');
  const id = m[4] as string;
  const min = state.models[id];
  if (min === undefined || state.unavailableModels[id]) throw googleError('NOT_FOUND', `Publisher Model \`${full}\` not found.`);
  return { model: full, minTokens: min };
}

/**
 * Computes expireTime from ttl or expireTime (at most one; neither means the 1-hour default both
 * APIs apply). Vertex refuses a lifetime under 1 minute (its documented minimum); the Gemini API
 * documents no minimum, so any ttl above zero and any expireTime in the future is fine there. An
 * expiry past the largest Timestamp (year 9999) is refused, never stored.
 */
export function resolveExpiry(api: Api, now: number, input: { ttl?: string | undefined; expireTime?: string | undefined }, request?: string): Instant {
  const start = fromMs(now);
  if (input.ttl !== undefined) {
    const d = readDuration(input.ttl);
    if ('problem' in d) throw durationError(d.problem);
    const seconds = d.s + d.n / 1e9;
    if (api === 'vertex' && (d.negative || seconds < MIN_TTL_SECONDS))
      throw fieldError(api, 'cached_content.ttl', 'ttl must be at least 1 minute (60s).', request);
    if (api === 'gemini' && (d.negative || seconds === 0)) throw fieldError(api, 'cached_content.ttl', 'ttl must be positive.', request);
    const expire = addDuration(start, d.s, d.n);
    if (!inTimestampRange(expire))
      throw fieldError(api, 'cached_content.ttl', `ttl is too long: now + ttl is after ${TIMESTAMP_MAX_TEXT}, the latest expire_time there is.`, request);
    return expire;
  }
  if (input.expireTime !== undefined) {
    const at = readTimestamp(input.expireTime);
    if ('problem' in at) throw durationError(at.problem, 'expire_time');
    if (api === 'vertex' && toMsCeil(at) < now + MIN_TTL_SECONDS * 1000)
      throw fieldError(api, 'cached_content.expire_time', 'expire_time must be at least 1 minute in the future.', request);
    if (api === 'gemini' && toMsCeil(at) <= now) throw fieldError(api, 'cached_content.expire_time', 'expire_time must be in the future.', request);
    return at;
  }
  return addDuration(start, DEFAULT_TTL_SECONDS, 0);
}

/** The parser's error for a ttl or expireTime that does not parse (request bodies are parsed before this; kept for direct callers). */
function durationError(problem: string, field: 'ttl' | 'expire_time' = 'ttl'): GoogleError {
  const type = field === 'ttl' ? 'Duration' : 'Timestamp';
  return payloadError(
    `cached_content.${field}`,
    `Invalid value at 'cached_content.${field}' (type.googleapis.com/google.protobuf.${type}), Field '${field}', ${problem}`,
  );
}

/** Counts the contents and enforces the 10 MB inline limit and the model's minimum token count. */
export function measure(api: Api, input: CachedContentInput, minTokens: number, rawBytes = 0): Usage {
  const usage = computeUsage(input.contents ?? [], input.systemInstruction, input.tools);
  if (Math.max(usage.inlineBytes, rawBytes) > INLINE_LIMIT_BYTES)
    throw googleError('INVALID_ARGUMENT', `Request payload size exceeds the limit: ${INLINE_LIMIT_BYTES} bytes.`);
  if (usage.totalTokenCount < minTokens) {
    const n = usage.totalTokenCount;
    throw googleError(
      'INVALID_ARGUMENT',
      api === 'vertex'
        ? `The cached content is of ${n} tokens. The minimum token count to start caching is ${minTokens}.`
        : `Cached content is too small. total_token_count=${n}, min_total_token_count=${minTokens}`,
    );
  }
  return usage;
}

function newId(d: Draft<ModelCacheState>, api: Api): { id: string; seq: number } {
  const seq = nextId(d.counters, 'cache');
  return { seq, id: idOf(api, seq) };
}

/** What a new cache is made of once validated. */
export interface NewCache {
  model: string;
  displayName?: string | undefined;
  expire: Instant;
  usage: Usage;
  /** The function calling of the cache's tools and toolConfig, when it has either. */
  calling?: FunctionCalling | undefined;
  /** The cache's tools ask for the Maps widget context token. */
  mapsWidget?: boolean | undefined;
}

/** Collects bulk inserts so the scope list and the expiry index are updated once. */
export interface PendingIndex {
  seqs: number[];
  names: string[];
  expiry: Array<[number, string]>;
}

/** Stores a new cache (no validation: callers validate first). With `pending`, bulk seeding indexes once at the end ({@link flushPending}). */
export function insertCache(d: Draft<ModelCacheState>, at: Placement, c: NewCache, now: number, pending?: PendingIndex): CacheRecord {
  const { id, seq } = newId(d, at.api);
  const name = at.api === 'vertex' ? `${at.scope}/cachedContents/${id}` : `cachedContents/${id}`;
  const created = formatTimestamp(fromMs(now));
  const { inlineBytes: _bytes, ...usage } = c.usage;
  const rec: CacheRecord = {
    name,
    id,
    api: at.api,
    scope: at.scope,
    seq,
    project: at.project,
    location: at.location,
    model: c.model,
    displayName: c.displayName ?? null,
    createTime: created,
    updateTime: created,
    expireTime: formatTimestamp(c.expire),
    expireMs: toMsCeil(c.expire),
    usage,
    ...(c.calling ? { calling: c.calling } : {}),
    ...(c.mapsWidget ? { mapsWidget: true as const } : {}),
  };
  const { page, bucket, index } = slotOf(seq);
  let buckets = d.caches[page];
  if (!buckets) {
    buckets = new Array(BUCKET).fill(null);
    d.caches[page] = buckets;
  }
  const records = buckets[bucket];
  if (records) records[index] = rec;
  else {
    const fresh: Array<CacheRecord | null> = new Array(BUCKET).fill(null);
    fresh[index] = rec;
    buckets[bucket] = fresh;
  }
  d.cacheCount += 1;
  if (pending) {
    pending.seqs.push(seq);
    pending.names.push(name);
    pending.expiry.push([rec.expireMs, name]);
  } else {
    appendEntries(d.lists, at.scope, [seq], [name]);
    insertEntry(d, 'expiry', rec.expireMs, name);
  }
  return rec;
}

/** Indexes caches collected by bulk inserts into one scope. */
export function flushPending(d: Draft<ModelCacheState>, scope: string, p: PendingIndex): void {
  if (p.seqs.length === 0) return;
  appendEntries(d.lists, scope, p.seqs, p.names);
  const sorted = p.expiry.slice().sort((a, b) => a[0] - b[0]);
  const last = lastKey(plain(d.expiry)) ?? Number.NEGATIVE_INFINITY;
  if ((sorted[0]?.[0] ?? last) >= last)
    appendEntries(
      d,
      'expiry',
      sorted.map((e) => e[0]),
      sorted.map((e) => e[1]),
    );
  else for (const [k, n] of sorted) insertEntry(d, 'expiry', k, n);
}

/** Creates a cache from a validated request body: quota, model, expiry, size and token checks, then the insert. */
export function createCache(d: Draft<ModelCacheState>, at: Placement, input: CachedContentInput, now: number, version: string, rawBytes: number): CacheRecord {
  if (d.exhausted[at.scope] || d.exhausted['*']) {
    throw googleError(
      'RESOURCE_EXHAUSTED',
      at.api === 'vertex'
        ? 'Resource exhausted. Please try again later. Please refer to https://cloud.google.com/vertex-ai/generative-ai/docs/error-code-429 for more details.'
        : 'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
    );
  }
  const { model, minTokens } = resolveModel(d, at, input.model, version);
  const expire = resolveExpiry(at.api, now, input);
  const usage = measure(at.api, input, minTokens, rawBytes);
  const calling = functionCallingOf(input.tools, input.toolConfig);
  return insertCache(d, at, { model, displayName: input.displayName, expire, usage, calling, mapsWidget: mapsWidgetOf(input.tools) }, now);
}

/** A live cache in the scope, or undefined. */
export function liveCache(state: ModelCacheState, at: Placement, name: string, now: number): CacheRecord | undefined {
  const rec = getCache(state, name);
  return rec && rec.scope === at.scope && rec.expireMs > now ? rec : undefined;
}

/** A live cache in the scope, or the real not-found answer. */
export function findCache(state: ModelCacheState, at: Placement, name: string, now: number): CacheRecord {
  const rec = liveCache(state, at, name, now);
  if (!rec) throw cacheNotFound(at.api, name);
  return rec;
}

/** Moves a cache's expiry (the only updatable thing). */
export function updateExpiry(d: Draft<ModelCacheState>, at: Placement, name: string, expire: Instant, now: number): void {
  const rec = findCache(d, at, name, now) as Draft<CacheRecord>;
  rec.expireTime = formatTimestamp(expire);
  rec.expireMs = toMsCeil(expire);
  rec.updateTime = formatTimestamp(fromMs(now));
  insertEntry(d, 'expiry', rec.expireMs, name);
}

/** Deletes a cache. */
export function deleteCache(d: Draft<ModelCacheState>, at: Placement, name: string, now: number): void {
  findCache(d, at, name, now);
  removeCaches(d, [name]);
}

/** One page of a scope's caches: cost grows with the page size, not with its depth or the number of caches. */
export function listCaches(
  state: ModelCacheState,
  scope: string,
  now: number,
  pageSize: number | undefined,
  pageToken: string | undefined,
): { items: CacheRecord[]; nextPageToken?: string } {
  const size = effectivePageSize(pageSize);
  const after = pageToken ? decodePageToken(scope, pageToken) : undefined;
  const items: CacheRecord[] = [];
  let more = false;
  walkAfter(state.lists[scope] ?? [], after, (_seq, name) => {
    const rec = getCache(state, name);
    if (!rec || rec.expireMs <= now) return true;
    if (items.length === size) {
      more = true;
      return false;
    }
    items.push(rec);
    return true;
  });
  const last = items[items.length - 1];
  return more && last ? { items, nextPageToken: encodePageToken(scope, last.seq) } : { items };
}
