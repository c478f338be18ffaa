import type { Draft } from 'immer';
import { type Api, CACHE_CONFLICT_MESSAGE, cacheModelMismatch, googleError, usedCacheNotFound } from '../errors.js';
import type { Part } from '../schemas/cached-content.js';
import type { GenerateContentRequest } from '../schemas/generate.js';
import { insertEntry } from './chunked.js';
import type { Placement } from './caches.js';
import { type CacheRecord, getCache, type ModelCacheState } from './state.js';
import { formatTimestamp, fromMs } from './time.js';
import { computeUsage } from './usage.js';

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

/** Token counts of one call, all from the shared estimate (`computeUsage`). */
export interface CallUsage {
  prompt: number;
  candidates: number;
  cached: number;
}

/** Prompt tokens = the request's own (contents, system instruction, tools) + the cache's totalTokenCount. */
export function promptTokens(req: Pick<GenerateContentRequest, 'contents' | 'systemInstruction' | 'tools'>, cache: CacheRecord | undefined): number {
  return computeUsage(req.contents ?? [], req.systemInstruction, req.tools).totalTokenCount + (cache?.usage.totalTokenCount ?? 0);
}

/** The usageMetadata of a response: zero counts are omitted, as the real services do; Vertex adds `trafficType`. */
export function usageMetadata(api: Api, u: CallUsage): Record<string, unknown> {
  const out: Record<string, unknown> = { promptTokenCount: u.prompt };
  if (u.candidates > 0) out.candidatesTokenCount = u.candidates;
  out.totalTokenCount = u.prompt + u.candidates;
  if (u.cached > 0) out.cachedContentTokenCount = u.cached;
  out.promptTokensDetails = [{ modality: 'TEXT', tokenCount: u.prompt }];
  if (u.cached > 0) out.cacheTokensDetails = [{ modality: 'TEXT', tokenCount: u.cached }];
  if (api === 'vertex') {
    if (u.candidates > 0) out.candidatesTokensDetails = [{ modality: 'TEXT', tokenCount: u.candidates }];
    out.trafficType = 'ON_DEMAND';
  }
  return out;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A deterministic response id from the request's sequence number (22 url-safe characters, like the real ones). */
export function responseIdOf(seq: number): string {
  let h = (seq * 0x9e3779b1) >>> 0;
  let out = '';
  for (let i = 0; i < 22; i++) {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
    h = (h + seq + i) >>> 0;
    out += ID_ALPHABET[h & 63];
  }
  return out;
}

/** Everything one response (or stream) is built from. */
export interface ReplyPlan {
  api: Api;
  modelId: string;
  parts: Part[];
  finishReason: string;
  usage: CallUsage;
  responseId: string;
  /** The fake clock's now, Vertex's `createTime`. */
  createTime: string;
  /** A googleMaps tool with `enableWidget: true` is in force: the answer carries a widget context token. */
  mapsWidget?: boolean;
}

function envelope(plan: ReplyPlan, parts: Part[], final: boolean): Record<string, unknown> {
  const candidate: Record<string, unknown> = { content: { role: 'model', parts } };
  if (final) candidate.finishReason = plan.finishReason;
  if (final && plan.mapsWidget) candidate.groundingMetadata = { googleMapsWidgetContextToken: `widgetcontent/${plan.responseId}` };
  if (plan.api === 'gemini') candidate.index = 0;
  const out: Record<string, unknown> = { candidates: [candidate] };
  if (final) out.usageMetadata = usageMetadata(plan.api, plan.usage);
  out.modelVersion = plan.modelId;
  if (plan.api === 'vertex') out.createTime = plan.createTime;
  out.responseId = plan.responseId;
  return out;
}

/** The GenerateContentResponse of a generateContent call. */
export function renderResponse(plan: ReplyPlan): Record<string, unknown> {
  return envelope(plan, plan.parts, true);
}

/** Words per streamed chunk. */
export const WORDS_PER_CHUNK = 4;

/** Splits a text into chunks of {@link WORDS_PER_CHUNK} words (whitespace kept with the word before it). */
export function textChunks(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += WORDS_PER_CHUNK) out.push(words.slice(i, i + WORDS_PER_CHUNK).join(''));
  return out.length > 0 ? out : [text];
}

/** The chunks of a streamGenerateContent call: text parts in chunks of four words, other parts one per chunk; the last chunk carries finishReason and usageMetadata. */
export function renderChunks(plan: ReplyPlan): Array<Record<string, unknown>> {
  const pieces: Part[] = [];
  for (const p of plan.parts) {
    const keys = Object.keys(p).filter((k) => (p as Record<string, unknown>)[k] !== undefined);
    if (typeof p.text === 'string' && keys.length === 1) for (const t of textChunks(p.text)) pieces.push({ text: t });
    else pieces.push(p);
  }
  if (pieces.length === 0) return [envelope(plan, [], true)];
  return pieces.map((p, i) => envelope(plan, [p], i === pieces.length - 1));
}

/** Server-sent events as the real service writes them: `data: {json}\r\n\r\n` per chunk. */
export function toSse(chunks: ReadonlyArray<Record<string, unknown>>): string {
  return chunks.map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`).join('');
}

/** A Vertex countTokens answer's `totalBillableCharacters`: text characters without whitespace. */
export function billableCharacters(req: Pick<GenerateContentRequest, 'contents' | 'systemInstruction'>): number {
  let n = 0;
  const all = req.systemInstruction ? [req.systemInstruction, ...(req.contents ?? [])] : (req.contents ?? []);
  for (const c of all) for (const p of c.parts) if (p.text !== undefined) n += [...p.text.replace(/\s+/g, '')].length;
  return n;
}
