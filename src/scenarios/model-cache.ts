import { z } from 'zod';
import { defineScenario } from './define.js';

const place = {
  api: z.enum(['vertex', 'gemini']).default('vertex'),
  /** Vertex project (default `p`); on the Gemini API, the project a seeded key is bound to (none by default). */
  project: z.string().min(1).optional(),
  location: z.string().min(1).default('us-central1'),
  model: z.string().min(1).default('gemini-2.5-flash'),
};
const CACHE_HANDLES = '{ name, id, project, location, model, expireTime, api }';

/** A live cache with the default one-hour lifetime (or `ttl`). */
export const cacheReady = defineScenario({
  name: 'cacheReady',
  description: 'A cached content that is live and readable (get, list, update, delete all succeed).',
  service: 'modelCache',
  reaches: 'cachedContent live (expireTime in the future)',
  options: z.object({ ...place, ttl: z.string().default('3600s'), displayName: z.string().optional() }).strict(),
  handles: CACHE_HANDLES,
  apply: (fakes, o) => fakes.modelCache.seed.cachedContent(o),
});

/** A live cache that expires soon: advance the clock by `expiresIn` and it is gone. */
export const cacheExpiringSoon = defineScenario({
  name: 'cacheExpiringSoon',
  description: 'A cached content whose expireTime is close (default 2 minutes); advancing the fake clock past it garbage-collects it.',
  service: 'modelCache',
  reaches: 'cachedContent live, expireTime within minutes',
  options: z
    .object({
      ...place,
      expiresIn: z
        .string()
        .regex(/^\d+(\.\d{1,9})?s$/)
        .default('120s'),
    })
    .strict(),
  handles: `${CACHE_HANDLES.slice(0, -2)}, expiresIn }`,
  apply: (fakes, { expiresIn, ...o }) => ({ ...fakes.modelCache.seed.cachedContent({ ...o, ttl: expiresIn }), expiresIn }),
});

/** A cache whose expireTime has already passed: get/update/delete answer not found, list omits it. */
export const cacheExpired = defineScenario({
  name: 'cacheExpired',
  description:
    'A cached content whose expireTime has passed (1 second ago); the next request garbage-collects it, so get/update/delete answer NOT_FOUND (403 on the Gemini API) and list omits it.',
  service: 'modelCache',
  reaches: 'cachedContent expired (garbage-collected)',
  options: z.object(place).strict(),
  handles: CACHE_HANDLES,
  apply: (fakes, o) => fakes.modelCache.seed.cachedContent({ ...o, expireTime: new Date(fakes.clock.nowMs() - 1000).toISOString() }),
});

/** Creating a cache in the project/location answers 429 RESOURCE_EXHAUSTED. */
export const cacheQuotaExhausted = defineScenario({
  name: 'cacheQuotaExhausted',
  description: 'The cache quota of a project/location is exhausted: create answers 429 RESOURCE_EXHAUSTED; reads still work.',
  service: 'modelCache',
  reaches: 'create → 429 RESOURCE_EXHAUSTED',
  options: z.object(place).strict(),
  handles: '{ project, location, model, api }',
  apply: (fakes, o) => {
    const project = o.project ?? (o.api === 'vertex' ? 'p' : undefined);
    fakes.modelCache.exhaustQuota({ api: o.api, ...(project ? { project } : {}), location: o.location });
    return { project: project ?? '-', location: o.api === 'vertex' ? o.location : '-', model: o.model, api: o.api };
  },
});

/** A model that is no longer served: create answers the real unknown-model 404. */
export const cacheModelUnavailable = defineScenario({
  name: 'cacheModelUnavailable',
  description: 'A published model is unavailable (retired): create with it answers the real model-not-found 404; existing caches stay readable.',
  service: 'modelCache',
  reaches: 'create → 404 model not found',
  options: z.object({ ...place, model: z.string().min(1).default('gemini-2.0-flash-001') }).strict(),
  handles: '{ project, location, model, api }',
  apply: (fakes, o) => {
    fakes.modelCache.setModelUnavailable(o.model);
    return { project: o.project ?? (o.api === 'vertex' ? 'p' : '-'), location: o.api === 'vertex' ? o.location : '-', model: o.model, api: o.api };
  },
});

/** Every model cache request answers 503 UNAVAILABLE. */
export const modelCacheUnavailable = defineScenario({
  name: 'modelCacheUnavailable',
  description: 'The service is down: every cachedContents request (both wires) answers 503 UNAVAILABLE "The service is currently unavailable."',
  service: 'modelCache',
  reaches: 'any request → 503 UNAVAILABLE',
  options: z.object({}).strict(),
  handles: '{ restore() }',
  apply: (fakes) => {
    fakes.modelCache.setUnavailable(true);
    return { restore: () => fakes.modelCache.setUnavailable(false) };
  },
});

/** Scenarios of this area, by name. */
export const modelCacheScenarios = {
  cacheReady,
  cacheExpiringSoon,
  cacheExpired,
  cacheQuotaExhausted,
  cacheModelUnavailable,
  modelCacheUnavailable,
};
