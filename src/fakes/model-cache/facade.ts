import { z } from 'zod';
import type { ServiceHost } from '../service.js';
import { flushPending, insertCache, type PendingIndex, resolveExpiry, resolveModel } from './models/caches.js';
import { type CacheRecord, geminiScope, getCache, type ModelCacheState, type ReplyMatch, type StoredReply, vertexScope } from './models/state.js';
import { addDuration, fromMs, type Instant, inTimestampRange, readDuration, readTimestamp, TIMESTAMP_MAX_TEXT } from './models/time.js';
import { computeUsage } from './models/usage.js';
import type { ModelCacheOptions } from './options.js';
import { renderCache } from './render.js';
import { type CachedContentJson, ContentSchema } from './schemas/cached-content.js';
import { InvalidInputError, parseInput, unknownNameIn } from '../../util/parse.js';
import { GoogleError } from './errors.js';
import { FINISH_REASONS } from './schemas/generate.js';

/** Options of `seed.cachedContent`. */
export const SeedCacheSchema = z
  .object({
    api: z.enum(['vertex', 'gemini']).default('vertex'),
    /** Vertex default `p`; on the Gemini API the project a seeded API key is bound to (none by default). */
    project: z.string().min(1).optional(),
    location: z.string().min(1).default('us-central1'),
    /** Short model id (`gemini-2.5-flash`) or full name. */
    model: z.string().min(1).default('gemini-2.5-flash'),
    ttl: z.string().optional(),
    expireTime: z.string().optional(),
    displayName: z.string().optional(),
    contents: z.array(ContentSchema).optional(),
    /** The cache serves this many generateContent/streamGenerateContent calls, then expires (its expireTime becomes that last call's instant). */
    expireAfterUses: z.number().int().min(1).optional(),
  })
  .strict();
/** Input of `seed.cachedContent`. */
export type SeedCacheInput = z.input<typeof SeedCacheSchema>;

/** Options of `seed.credential`: a Vertex bearer token or a Gemini API key, optionally bound to one project. */
export const SeedCredentialSchema = z
  .object({
    token: z.string().min(1).optional(),
    apiKey: z.string().min(1).optional(),
    project: z.string().min(1).optional(),
    label: z.string().min(1).optional(),
    /**
     * The API is turned off in the credential's project: every call with it answers 403
     * PERMISSION_DENIED `SERVICE_DISABLED` ("Generative Language API has not been used in project
     * {project} before or it is disabled. ..."; on Vertex "Vertex AI API ..."), as the real hosts do.
     */
    serviceDisabled: z.boolean().optional(),
  })
  .strict();
/** Input of `seed.credential`. */
export type SeedCredentialInput = z.input<typeof SeedCredentialSchema>;

const TextMatchSchema = z.union([z.string(), z.instanceof(RegExp)]);

/** Options of `seed.model`: a model the fake serves and its minimum token count for a cache. */
export const SeedModelSchema = z
  .object({
    /** The model id (`gemini-2.5-flash`). */
    id: z.string().min(1),
    /** The fewest tokens a cache of this model may hold. */
    minTokens: z.number().int().nonnegative(),
  })
  .strict();
/** Input of `seed.model`. */
export type SeedModelInput = z.input<typeof SeedModelSchema>;

/** Options of `seed.reply`: what a generate call answers when it matches. */
export const SeedReplySchema = z
  .object({
    /**
     * Which calls get this reply: a string (a substring of the last user turn's text), a RegExp, or
     * `{ text, model, cachedContent, api, functionResponse }` (all given keys must match; `cachedContent: true`
     * any cache, `false` no cache, a string a cache name or id; `functionResponse` a function the last turn
     * answers, `true` any, `false` none). Absent: every call.
     */
    match: z
      .union([
        TextMatchSchema,
        z
          .object({
            text: TextMatchSchema.optional(),
            model: z.string().min(1).optional(),
            cachedContent: z.union([z.string().min(1), z.boolean()]).optional(),
            api: z.enum(['vertex', 'gemini']).optional(),
            functionResponse: z.union([z.string().min(1), z.boolean()]).optional(),
          })
          .strict(),
      ])
      .optional(),
    /** The reply text (one text part). */
    text: z.string().optional(),
    /** The reply's parts as the wire carries them. */
    parts: z.array(z.record(z.string(), z.unknown())).min(1).optional(),
    /** A function call the model makes (one functionCall part). */
    functionCall: z
      .object({ name: z.string().min(1), args: z.record(z.string(), z.unknown()).optional(), id: z.string().optional() })
      .strict()
      .optional(),
    finishReason: z.enum(FINISH_REASONS).default('STOP'),
    /** `finishMessage` beside the finish reason (the real services explain a MALFORMED_FUNCTION_CALL, a SAFETY stop, ... in it). */
    finishMessage: z.string().min(1).optional(),
    /**
     * What a thinking model (2.5, 3) thought before answering: its tokens are the answer's
     * `thoughtsTokenCount`, and with `thinkingConfig.includeThoughts` it comes first as a
     * `{ text, thought: true }` part. Models that do not think ignore it. Default: `Thinking about: <echo>`.
     */
    thoughts: z.string().min(1).optional(),
    /** The thought signature a thinking model puts on its answer (base64); default: derived from the response id and the thoughts. */
    thoughtSignature: z.base64().min(1).optional(),
  })
  .strict()
  .refine((o) => [o.text, o.parts, o.functionCall].filter((v) => v !== undefined).length <= 1, {
    message: 'give at most one of text, parts and functionCall',
  });
/** Input of `seed.reply`. */
export type SeedReplyInput = z.input<typeof SeedReplySchema>;

function storedReply(raw: SeedReplyInput): StoredReply {
  const parsed = SeedReplySchema.safeParse(raw);
  if (!parsed.success) {
    const named = unknownNameIn(SeedReplySchema, raw, parsed.error.issues, 'modelCache.seed.reply()');
    if (named) throw named;
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(options)'}: ${i.message}`).join('; ');
    throw new TypeError(`stuntdouble: seed.reply: ${issues}`);
  }
  const o = parsed.data;
  const m = o.match;
  const textMatch = (t: string | RegExp) => (typeof t === 'string' ? { substring: t } : { source: t.source, flags: t.flags });
  const match: ReplyMatch =
    m === undefined
      ? {}
      : typeof m === 'string' || m instanceof RegExp
        ? { text: textMatch(m) }
        : {
            ...(m.text !== undefined ? { text: textMatch(m.text) } : {}),
            ...(m.model !== undefined ? { model: m.model } : {}),
            ...(m.cachedContent !== undefined ? { cachedContent: m.cachedContent } : {}),
            ...(m.api !== undefined ? { api: m.api } : {}),
            ...(m.functionResponse !== undefined ? { functionResponse: m.functionResponse } : {}),
          };
  const parts: Array<Record<string, unknown>> = o.parts
    ? structuredClone(o.parts)
    : o.functionCall
      ? [{ functionCall: { ...structuredClone(o.functionCall), args: structuredClone(o.functionCall.args ?? {}) } }]
      : o.text !== undefined
        ? [{ text: o.text }]
        : [];
  const out: StoredReply = { match, parts, finishReason: o.finishReason };
  if (o.finishMessage !== undefined) out.finishMessage = o.finishMessage;
  if (o.thoughts !== undefined) out.thoughts = o.thoughts;
  if (o.thoughtSignature !== undefined) out.thoughtSignature = o.thoughtSignature;
  return out;
}

/** A seeded cache's handle. */
export interface SeededCache {
  name: string;
  id: string;
  project: string;
  location: string;
  model: string;
  expireTime: string;
  api: 'vertex' | 'gemini';
}

/** `fakes.modelCache`: seed helpers and controls of the model cache fake. */
export interface ModelCacheFacade {
  readonly baseUrls: readonly string[];
  readonly seed: {
    /** Stores a cache as if created (no token minimum; usage from `contents`, else the model's minimum). */
    cachedContent(input?: SeedCacheInput): SeededCache;
    /** Stores `n` caches in ONE state update (fast bulk seeding). */
    cachedContents(n: number, input?: SeedCacheInput): SeededCache[];
    /** Seeds a credential (turns strict auth on); returns its secret. */
    credential(input?: SeedCredentialInput): string;
    /** Adds a published model to the registry. */
    model(input: SeedModelInput): void;
    /**
     * What generateContent / streamGenerateContent answer when a call matches (first seeded match wins;
     * otherwise the echo `echo: <last user text>`).
     * @example fakes.modelCache.seed.reply({ match: { cachedContent: true, text: 'summary' }, text: 'A short summary.' });
     */
    reply(input: SeedReplyInput): void;
  };
  /** Makes creates in a project/location (or everywhere) answer 429 RESOURCE_EXHAUSTED; `false` restores. */
  exhaustQuota(where?: { api?: 'vertex' | 'gemini'; project?: string; location?: string }, exhausted?: boolean): void;
  /** Makes a model answer as not found on create; `false` restores. */
  setModelUnavailable(model: string, unavailable?: boolean): void;
  /** Makes every request answer 503 UNAVAILABLE; `false` restores. */
  setUnavailable(unavailable?: boolean): void;
  /** Number of live caches. */
  count(): number;
  /** A live cache as the wire shows it (full name), or undefined: for assertions without a client. */
  get(name: string): CachedContentJson | undefined;
  /** One-line summary for `fakes.describe()`. */
  describe(): string;
}

type Host = ServiceHost<ModelCacheState, ModelCacheOptions>;

/**
 * A seed's expiry. Seeds may use any lifetime the wire can show (a past expireTime too, for
 * cacheExpired; the API's 1-minute minimum is not applied), but only within the Timestamp range:
 * anything else is an InvalidInputError naming the option.
 */
function seedExpiry(o: z.output<typeof SeedCacheSchema>, now: number): Instant {
  const where = 'stuntdouble: invalid modelCache.seed.cachedContent()';
  if (o.ttl !== undefined && o.expireTime !== undefined) throw new InvalidInputError(`${where}: give at most one of ttl and expireTime`);
  if (o.expireTime !== undefined) {
    const at = readTimestamp(o.expireTime);
    if ('problem' in at)
      throw new InvalidInputError(`${where}: expireTime must be an RFC 3339 timestamp between years 0001 and 9999 (${at.problem}), got '${o.expireTime}'`);
    return at;
  }
  if (o.ttl === undefined) return resolveExpiry(o.api, now, {});
  const d = readDuration(o.ttl);
  if ('problem' in d) throw new InvalidInputError(`${where}: ttl must be a Duration like '600s' (${d.problem}), got '${o.ttl}'`);
  if (d.negative) throw new InvalidInputError(`${where}: ttl must not be negative, got '${o.ttl}' (use expireTime for a cache that has already expired)`);
  const expire = addDuration(fromMs(now), d.s, d.n);
  if (!inTimestampRange(expire)) throw new InvalidInputError(`${where}: ttl '${o.ttl}' puts expireTime after ${TIMESTAMP_MAX_TEXT}, the latest there is`);
  return expire;
}

function seedMany(host: Host, n: number, raw: SeedCacheInput | undefined): SeededCache[] {
  const o = parseInput(SeedCacheSchema, raw ?? {}, 'modelCache.seed.cachedContent()');
  const now = host.clock.nowMs();
  const at =
    o.api === 'vertex'
      ? { api: o.api, scope: vertexScope(o.project ?? 'p', o.location), project: o.project ?? 'p', location: o.location }
      : { api: o.api, scope: geminiScope(o.project ?? null), project: o.project ?? '-', location: '-' };
  const id = o.model.split('/').pop() as string;
  const modelName = o.api === 'vertex' ? (o.model.includes('/') ? o.model : `publishers/google/models/${id}`) : `models/${id}`;
  const expire = seedExpiry(o, now);
  return host.update((d) => {
    let resolved: { model: string; minTokens: number };
    try {
      resolved = resolveModel(d, at, modelName, 'v1');
    } catch (err) {
      if (err instanceof GoogleError) throw new InvalidInputError(`stuntdouble: invalid modelCache.seed.cachedContent(): model: ${err.message.trim()}`);
      throw err;
    }
    const { model, minTokens } = resolved;
    const usage = o.contents
      ? computeUsage(o.contents)
      : { totalTokenCount: minTokens, textCount: minTokens * 4, imageCount: 0, videoDurationSeconds: 0, audioDurationSeconds: 0, inlineBytes: 0 };
    const out: SeededCache[] = [];
    const pending: PendingIndex = { seqs: [], names: [], expiry: [] };
    for (let i = 0; i < n; i++) {
      const rec = insertCache(d, at, { model, displayName: o.displayName, expire, usage }, now, pending);
      if (o.expireAfterUses !== undefined) (getCache(d, rec.name) as CacheRecord).usesLeft = o.expireAfterUses;
      out.push({ name: rec.name, id: rec.id, project: at.project, location: at.location, model, expireTime: rec.expireTime, api: o.api });
    }
    flushPending(d, at.scope, pending);
    return out;
  });
}

/** Builds `fakes.modelCache`. */
export function buildFacade(host: Host): ModelCacheFacade {
  return {
    baseUrls: host.baseUrls,
    seed: {
      cachedContent: (input) => seedMany(host, 1, input)[0] as SeededCache,
      cachedContents: (n, input) => seedMany(host, n, input),
      credential(raw) {
        const o = parseInput(SeedCredentialSchema, raw ?? {}, 'modelCache.seed.credential()');
        return host.update((d) => {
          const n = d.credentialCount + 1;
          const kind = o.apiKey !== undefined ? 'apiKey' : 'token';
          const secret = o.token ?? o.apiKey ?? (kind === 'token' ? `ya29.fake-token-${n}` : `AIzaFakeKey${String(n).padStart(28, '0')}`);
          if (!d.credentials[secret]) d.credentialCount = n;
          d.credentials[secret] = {
            kind,
            label: o.label ?? `${kind}-${n}`,
            project: o.project ?? null,
            ...(o.serviceDisabled ? { serviceDisabled: true as const } : {}),
          };
          return secret;
        });
      },
      model(raw) {
        const input = parseInput(SeedModelSchema, raw, 'modelCache.seed.model()');
        host.update((d) => {
          d.models[input.id] = input.minTokens;
        });
      },
      reply(input) {
        const r = storedReply(input);
        host.update((d) => {
          d.replies.push(r);
        });
      },
    },
    exhaustQuota(where = {}, exhausted = true) {
      const key =
        where.project === undefined ? '*' : where.api === 'gemini' ? geminiScope(where.project) : vertexScope(where.project, where.location ?? 'us-central1');
      host.update((d) => {
        if (exhausted) d.exhausted[key] = true;
        else delete d.exhausted[key];
      });
    },
    setModelUnavailable(model, unavailable = true) {
      const id = model.split('/').pop() as string;
      host.update((d) => {
        if (unavailable) d.unavailableModels[id] = true;
        else delete d.unavailableModels[id];
      });
    },
    setUnavailable(unavailable = true) {
      host.update((d) => {
        d.unavailable = unavailable;
      });
    },
    count: () => host.state.cacheCount,
    get(name) {
      const rec = getCache(host.state, name);
      return rec && rec.expireMs > host.clock.nowMs() ? renderCache(rec) : undefined;
    },
    describe() {
      const s = host.state;
      const n = s.cacheCount;
      const flags = [
        s.unavailable ? 'unavailable' : '',
        Object.keys(s.exhausted).length ? 'quota exhausted' : '',
        s.credentialCount ? `${s.credentialCount} credentials` : '',
      ]
        .filter(Boolean)
        .join(', ');
      return `${n} cached content${n === 1 ? '' : 's'}${flags ? ` (${flags})` : ''}`;
    },
  };
}
