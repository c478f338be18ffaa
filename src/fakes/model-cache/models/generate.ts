import type { Draft } from 'immer';
import { CACHE_CONFLICT_MESSAGE, cacheModelMismatch, googleError, usedCacheNotFound } from '../errors.js';
import type { Content } from '../schemas/cached-content.js';
import type { GenerateContentRequest } from '../schemas/generate.js';
export { type CallUsage, type ReplyPlan, renderChunks, renderResponse, responseIdOf, textChunks, toSse, usageMetadata, WORDS_PER_CHUNK } from './answer.js';
import { insertEntry } from './chunked.js';
import type { Placement } from './caches.js';
import { type CacheRecord, getCache, type ModelCacheState } from './state.js';
import { formatTimestamp, fromMs } from './time.js';
import { addModalities, cacheModalities, computeDetailed, computeUsage, type ModalityTokens } from './usage.js';

/** The model a generate/count call addresses, from its URL. */
export interface ServedModel {
  /** Wire name: `models/{id}` (Gemini API) or `projects/p/locations/l/publishers/google/models/{id}` (Vertex). */
  name: string;
  id: string;
}

/** The last path segment of a model name (`gemini-2.5-flash`). */
export const modelIdOf = (name: string) => name.slice(name.lastIndexOf('/') + 1);

/**
 * The published model a call's URL names, or the real 404: Vertex "Publisher Model `...` not found.",
 * the Gemini API "models/x is not found for API version v1, or is not supported for generateContent. ...".
 */
export function servedModel(
  state: ModelCacheState,
  at: Placement,
  params: { model: string; publisher?: string | undefined },
  version: string,
  method: string,
): ServedModel {
  const id = params.model;
  const known = Object.hasOwn(state.models, id) && !state.unavailableModels[id];
  if (at.api === 'gemini') {
    const name = `models/${id}`;
    if (!known)
      throw googleError(
        'NOT_FOUND',
        `${name} is not found for API version ${version}, or is not supported for ${method}. Call ListModels to see the list of available models and their supported methods.`,
      );
    return { name, id };
  }
  const name = `projects/${at.project}/locations/${at.location}/publishers/${params.publisher ?? 'google'}/models/${id}`;
  if (!known || params.publisher !== 'google') throw googleError('NOT_FOUND', `Publisher Model \`${name}\` not found.`);
  return { name, id };
}

const VERTEX_CACHE_RE = /^projects\/[^/]+\/locations\/[^/]+\/cachedContents\/[^/]+$/;

/** The full cache name a request's `cachedContent` means: Vertex resolves `cachedContents/{id}` and bare ids against the URL's project and location, as the SDK does. */
export function cacheNameOf(at: Placement, ref: string): string | undefined {
  if (at.api === 'gemini') {
    if (/^cachedContents\/[^/]+$/.test(ref)) return ref;
    return /^[^/]+$/.test(ref) ? `cachedContents/${ref}` : undefined;
  }
  if (VERTEX_CACHE_RE.test(ref)) return ref;
  const id = /^(?:cachedContents\/)?([^/]+)$/.exec(ref)?.[1];
  return id ? `projects/${at.project}/locations/${at.location}/cachedContents/${id}` : undefined;
}

/**
 * The rules of a call that uses a cache: no systemInstruction, tools or toolConfig beside it (400);
 * the cache must be live and in the caller's project/location (else the wire's not-found); the
 * request's model must be the cache's (400 "Model used by GenerateContent request ... has to be the same.").
 */
export function resolveCacheUse(
  state: ModelCacheState,
  at: Placement,
  model: ServedModel,
  req: Pick<GenerateContentRequest, 'systemInstruction' | 'tools' | 'toolConfig' | 'cachedContent'>,
  now: number,
): CacheRecord | undefined {
  const ref = req.cachedContent;
  if (ref === undefined || ref === '') return undefined;
  if (req.systemInstruction !== undefined || req.tools !== undefined || req.toolConfig !== undefined)
    throw googleError('INVALID_ARGUMENT', CACHE_CONFLICT_MESSAGE);
  const name = cacheNameOf(at, ref);
  const rec = name === undefined ? undefined : getCache(state, name);
  if (!rec || rec.api !== at.api || rec.scope !== at.scope || rec.expireMs <= now) throw usedCacheNotFound(at.api, name ?? ref);
  if (modelIdOf(rec.model) !== model.id) throw cacheModelMismatch(model.name, rec.model);
  return rec;
}

/** Counts one use of a cache seeded with `expireAfterUses`; the last use makes it expire now (collected before the next request). */
export function recordCacheUse(d: Draft<ModelCacheState>, name: string, now: number): void {
  const rec = getCache(d, name) as Draft<CacheRecord> | undefined;
  if (!rec || rec.usesLeft === undefined) return;
  rec.usesLeft -= 1;
  if (rec.usesLeft > 0) return;
  delete rec.usesLeft;
  rec.expireMs = now;
  rec.expireTime = formatTimestamp(fromMs(now));
  insertEntry(d, 'expiry', now, name);
}

/** Prompt tokens = the request's own (contents, system instruction, tools) + the cache's totalTokenCount. */
export function promptTokens(req: Pick<GenerateContentRequest, 'contents' | 'systemInstruction' | 'tools'>, cache: CacheRecord | undefined): number {
  return computeUsage(req.contents ?? [], req.systemInstruction, req.tools).totalTokenCount + (cache?.usage.totalTokenCount ?? 0);
}

/** The prompt's tokens by modality: the request's own plus the cache's. */
export function promptModalities(
  req: Pick<GenerateContentRequest, 'contents' | 'systemInstruction' | 'tools'>,
  cache: CacheRecord | undefined,
): ModalityTokens {
  const own = computeDetailed(req.contents ?? [], req.systemInstruction, req.tools).modalities;
  return cache ? addModalities(own, cacheModalities(cache.usage)) : own;
}

/**
 * The Gemini API countTokens breakdown: `contentTokens` per content (`partTokens` per part, each part
 * counted alone under the shared rule, and `roleTokens` 0: the rule counts no role tokens) and
 * `systemInstructionsTokens` (`{}` without a system instruction).
 */
export function countBreakdown(req: Pick<GenerateContentRequest, 'contents' | 'systemInstruction'>): Record<string, unknown> {
  const of = (c: Content) => ({
    partTokens: c.parts.map((p) => computeUsage([{ role: 'user', parts: [p] }]).totalTokenCount),
    roleTokens: 0,
  });
  return { systemInstructionsTokens: req.systemInstruction ? of(req.systemInstruction) : {}, contentTokens: (req.contents ?? []).map(of) };
}

/** A Vertex countTokens answer's `totalBillableCharacters`: text characters without whitespace. */
export function billableCharacters(req: Pick<GenerateContentRequest, 'contents' | 'systemInstruction'>): number {
  let n = 0;
  const all = req.systemInstruction ? [req.systemInstruction, ...(req.contents ?? [])] : (req.contents ?? []);
  for (const c of all) for (const p of c.parts) if (p.text !== undefined) n += [...p.text.replace(/\s+/g, '')].length;
  return n;
}
