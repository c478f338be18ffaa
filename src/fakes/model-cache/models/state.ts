import type { Api } from '../errors.js';
import type { Chunked } from './chunked.js';

/** What `usageMetadata` reports for a cache. */
export interface UsageMetadata {
  totalTokenCount: number;
  textCount: number;
  imageCount: number;
  videoDurationSeconds: number;
  audioDurationSeconds: number;
}

/** One stored cached content. */
export interface CacheRecord {
  /** Full resource name: `projects/p/locations/l/cachedContents/id` or `cachedContents/id`. */
  name: string;
  id: string;
  api: Api;
  /** Listing scope: `projects/p/locations/l` (Vertex) or `gemini:<project>` (Gemini API). */
  scope: string;
  /** Creation order within the instance: the cursor of list pages. */
  seq: number;
  project: string;
  location: string;
  model: string;
  displayName: string | null;
  createTime: string;
  updateTime: string;
  expireTime: string;
  /** First fake-clock millisecond at which the cache is gone. */
  expireMs: number;
  usage: UsageMetadata;
  /** Set by `seed.cachedContent({ expireAfterUses })`: generate calls it still serves before it expires. */
  usesLeft?: number;
  /** What the cache's tools and toolConfig say about function calls (set when it has either): what calls using it may answer. */
  calling?: FunctionCalling;
  /** The cache's tools hold a googleMaps tool with `enableWidget: true`. */
  mapsWidget?: true;
}

/** The function calling a request (or the cache it uses) allows: its declared functions and `functionCallingConfig`. */
export interface FunctionCalling {
  /** `functionCallingConfig.mode` (`AUTO`, `ANY`, `NONE`, `VALIDATED`), when set. */
  mode?: string;
  /** `functionCallingConfig.allowedFunctionNames`, when set. */
  allowed?: string[];
  /** Names of every FunctionDeclaration of every Tool. */
  declared: string[];
}

/** What a seeded reply matches, in serializable form (a RegExp is kept as source and flags). */
export interface ReplyMatch {
  text?: { substring: string } | { source: string; flags: string };
  /** Short model id (`gemini-2.5-flash`). */
  model?: string;
  /** A cache name or id, `true` for any cache, `false` for calls without one. */
  cachedContent?: string | boolean;
  api?: Api;
  /** A function the last turn answers with a functionResponse part, `true` for any, `false` for a turn without one. */
  functionResponse?: string | boolean;
}

/** A seeded model reply (`seed.reply`). */
export interface StoredReply {
  match: ReplyMatch;
  /** The candidate's parts (role `model`). */
  parts: Array<Record<string, unknown>>;
  finishReason: string;
  /** `finishMessage` beside the finishReason. */
  finishMessage?: string;
  /** What a thinking model thought (its thoughtsTokenCount, and the thought part when thoughts are included). */
  thoughts?: string;
  /** The thought signature of the answer (else one derived from the response id and the thoughts). */
  thoughtSignature?: string;
}

/** A seeded credential (its secret is the key of `credentials`). */
export interface CredentialRecord {
  kind: 'token' | 'apiKey';
  label: string;
  /** The project it is valid for; null for every project. */
  project: string | null;
  /** The API is turned off in the credential's project: every call answers 403 SERVICE_DISABLED. */
  serviceDisabled?: true;
}

/** The model cache fake's state slice. */
export interface ModelCacheState {
  counters: Record<string, number>;
  /**
   * Caches by seq in two levels of arrays (see `slotOf`): pages of `BUCKET` buckets of `BUCKET`
   * records. A write copies one bucket and one page (arrays of 128), never a list of every bucket.
   */
  caches: Record<string, Array<Array<CacheRecord | null> | null>>;
  cacheCount: number;
  /** Per scope, cache names keyed by seq (creation order), chunked. */
  lists: Record<string, Chunked>;
  /** Names keyed by expireMs, chunked; entries of updated or deleted caches are skipped when due. */
  expiry: Chunked;
  credentials: Record<string, CredentialRecord>;
  credentialCount: number;
  /** Known published models → minimum token count. */
  models: Record<string, number>;
  /** Models answered as not found (retired or unavailable). */
  unavailableModels: Record<string, true>;
  /** Scopes whose create quota is exhausted (`*` for all). */
  exhausted: Record<string, true>;
  /** Every request answers 503 UNAVAILABLE. */
  unavailable: boolean;
  /** Seeded replies of generateContent, first match wins. */
  replies: StoredReply[];
}

/** The listing scope of a Vertex parent. */
export const vertexScope = (project: string, location: string) => `projects/${project}/locations/${location}`;
/** The listing scope of the Gemini API for a project (`-` when the key names none). */
export const geminiScope = (project: string | null) => `gemini:${project ?? '-'}`;

/** Records per bucket of `caches`. */
export const BUCKET = 128;

/** The id of the n-th cache: Vertex a 19-digit number, the Gemini API 12 lowercase letters and digits. */
export function idOf(api: Api, seq: number): string {
  if (api === 'vertex') return (3_000_000_000_000_000_000n + BigInt(seq) * 1_000_003n).toString();
  const mix = (Math.imul(seq, 0x9e3779b1) >>> 0).toString(36).padStart(7, '0').slice(0, 4);
  return `${mix}${seq.toString(36).padStart(8, '0')}`;
}

/** The seq a cache id was made from (see {@link idOf}); undefined for ids this fake never issues. */
export function seqOfId(id: string): number | undefined {
  if (/^\d{19}$/.test(id)) {
    const v = BigInt(id) - 3_000_000_000_000_000_000n;
    return v > 0n && v % 1_000_003n === 0n ? Number(v / 1_000_003n) : undefined;
  }
  const m = /^[0-9a-z]{4}([0-9a-z]{8})$/.exec(id);
  return m ? Number.parseInt(m[1] as string, 36) : undefined;
}

/**
 * Where a cache lives in `caches`: page (a key per `BUCKET`² seqs), bucket in the page and index in
 * the bucket. Arrays, not wide objects: immer and the store's freeze check every child of every copied
 * node, which costs O(keys) on an object; with one flat object of buckets each write grew with the
 * number of caches (781 buckets at 100,000).
 */
export function slotOf(seq: number): { page: string; bucket: number; index: number } {
  return { page: String(Math.floor(seq / (BUCKET * BUCKET))), bucket: Math.floor(seq / BUCKET) % BUCKET, index: seq % BUCKET };
}

/** A stored cache by name (live or not). */
export function getCache(state: Pick<ModelCacheState, 'caches'>, name: string): CacheRecord | undefined {
  const seq = seqOfId(name.slice(name.lastIndexOf('/') + 1));
  if (seq === undefined) return undefined;
  const { page, bucket, index } = slotOf(seq);
  const rec = state.caches[page]?.[bucket]?.[index];
  return rec && rec.name === name ? rec : undefined;
}
