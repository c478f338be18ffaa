import type { CacheRecord } from './models/state.js';
import type { CachedContentJson } from './schemas/cached-content.js';

/** A CachedContent as the wire shows it: no input-only fields; Vertex omits zero usage numbers, the Gemini API reports only totalTokenCount. */
export function renderCache(rec: CacheRecord): CachedContentJson {
  const times = { name: rec.name, model: rec.model, createTime: rec.createTime, updateTime: rec.updateTime, expireTime: rec.expireTime };
  if (rec.api === 'gemini') return { ...times, displayName: rec.displayName ?? '', usageMetadata: { totalTokenCount: rec.usage.totalTokenCount } };
  const usage: CachedContentJson['usageMetadata'] = {};
  for (const [k, v] of Object.entries(rec.usage) as Array<[keyof CachedContentJson['usageMetadata'], number]>) if (v !== 0) usage[k] = v;
  return { ...times, ...(rec.displayName !== null ? { displayName: rec.displayName } : {}), usageMetadata: usage };
}
