import type { Api } from '../errors.js';

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
}

/** A seeded credential (its secret is the key of `credentials`). */
export interface CredentialRecord {
  kind: 'token' | 'apiKey';
  label: string;
  /** The project it is valid for; null for every project. */
  project: string | null;
}

/** The model cache fake's state slice. */
export interface ModelCacheState {
  counters: Record<string, number>;
  caches: Record<string, CacheRecord>;
  /** Per scope, cache names in creation (seq) order. */
  lists: Record<string, string[]>;
  /** `[expireMs, name]` sorted by time; entries of updated or deleted caches are skipped when due. */
  expiry: Array<[number, string]>;
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
}

/** The listing scope of a Vertex parent. */
export const vertexScope = (project: string, location: string) => `projects/${project}/locations/${location}`;
/** The listing scope of the Gemini API for a project (`-` when the key names none). */
export const geminiScope = (project: string | null) => `gemini:${project ?? '-'}`;
