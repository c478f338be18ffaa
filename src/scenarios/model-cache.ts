import { z } from 'zod';
import type { Fakes } from '../create-fakes.js';
import { defineScenario } from './define.js';

interface Where {
  api: 'vertex' | 'gemini';
  project: string;
  location: string;
}

/** Calls the model cache wire as a client would, with a seeded credential when strict auth is on. */
async function wire(fakes: Fakes, at: Where, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const creds = Object.entries(fakes.state.modelCache.credentials);
  const mine = creds.find(([, c]) => c.project === null || c.project === at.project) ?? creds[0];
  const secret = mine?.[0] ?? 'stuntdouble-check';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  let url: string;
  if (at.api === 'gemini') {
    url = `https://generativelanguage.googleapis.com/v1beta/${path}`;
    headers['x-goog-api-key'] = secret;
  } else {
    const host = at.location === 'global' ? 'aiplatform.googleapis.com' : `${at.location}-aiplatform.googleapis.com`;
    url = `https://${host}/v1/${path || `projects/${at.project}/locations/${at.location}/cachedContents`}`;
    headers.authorization = `Bearer ${secret}`;
  }
  const res = await fakes.fetch(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: await res.json() };
}

function expectStatus(scenario: string, got: { status: number; body: unknown }, want: number): void {
  if (got.status !== want) throw new Error(`${scenario}: expected HTTP ${want}, got ${got.status}: ${JSON.stringify(got.body)}`);
}

const createBody = (at: Where, model: string) => ({
  model: at.api === 'gemini' ? `models/${model}` : `projects/${at.project}/locations/${at.location}/publishers/google/models/${model}`,
  contents: [{ role: 'user', parts: [{ text: 'x'.repeat(4 * 8192) }] }],
});
const collection = (at: Where) => (at.api === 'gemini' ? 'cachedContents' : '');

/** Calls generateContent on `model`, with the cache when `cache` is given, as @google/genai would. */
async function generate(fakes: Fakes, at: Where, model: string, cache: string | undefined, text = 'stuntdouble check') {
  const path =
    at.api === 'gemini'
      ? `models/${model}:generateContent`
      : `projects/${at.project}/locations/${at.location}/publishers/google/models/${model}:generateContent`;
  return wire(fakes, at, 'POST', path, { contents: [{ role: 'user', parts: [{ text }] }], ...(cache ? { cachedContent: cache } : {}) });
}

/** The `usageMetadata.cachedContentTokenCount` of a generate answer. */
const cachedTokens = (got: { body: unknown }) => (got.body as { usageMetadata?: { cachedContentTokenCount?: number } }).usageMetadata?.cachedContentTokenCount;

/** Runs a check that has to change state (use a cache up) and puts the state back afterwards. */
async function thenRestore<T>(fakes: Fakes, run: () => Promise<T>): Promise<T> {
  const snap = fakes.snapshot();
  try {
    return await run();
  } finally {
    fakes.restore(snap);
  }
}

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
  description:
    'A cached content that is live and readable (get, list, update, delete all succeed); generateContent with it answers usageMetadata.cachedContentTokenCount = its totalTokenCount, and `reply` (optional) is what calls using it answer.',
  service: 'modelCache',
  reaches: 'cachedContent live (expireTime in the future)',
  options: z.object({ ...place, ttl: z.string().default('3600s'), displayName: z.string().optional(), reply: z.string().optional() }).strict(),
  handles: CACHE_HANDLES,
  apply: (fakes, { reply, ...o }) => {
    const h = fakes.modelCache.seed.cachedContent(o);
    if (reply !== undefined) fakes.modelCache.seed.reply({ match: { cachedContent: h.name }, text: reply });
    return h;
  },
  check: async (fakes, h, o) => {
    expectStatus('cacheReady', await wire(fakes, h, 'GET', h.name), 200);
    const got = await generate(fakes, h, h.model.split('/').pop() as string, h.name);
    expectStatus('cacheReady', got, 200);
    if (!(Number(cachedTokens(got)) > 0))
      throw new Error(`cacheReady: generateContent with the cache should report cachedContentTokenCount, got ${JSON.stringify(got.body)}`);
    const text = (got.body as { candidates?: Array<{ content?: { parts?: Array<{ text?: string }> } }> }).candidates?.[0]?.content?.parts?.[0]?.text;
    if (o.reply !== undefined && text !== o.reply)
      throw new Error(`cacheReady: calls using the cache should answer ${JSON.stringify(o.reply)}, got ${JSON.stringify(text)}`);
  },
});

/** A live cache that expires soon: advance the clock by `expiresIn` and it is gone. */
export const cacheExpiringSoon = defineScenario({
  name: 'cacheExpiringSoon',
  description:
    'A cached content whose expireTime is close (default 2 minutes): generateContent with it works until then; advancing the fake clock past it garbage-collects it, and calls using it answer the real expired-cache error.',
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
  check: async (fakes, h) => {
    const got = await wire(fakes, h, 'GET', h.name);
    expectStatus('cacheExpiringSoon', got, 200);
    const at = (got.body as { expireTime?: string }).expireTime;
    if (at !== h.expireTime) throw new Error(`cacheExpiringSoon: expireTime ${at}, expected ${h.expireTime}`);
    expectStatus('cacheExpiringSoon (generateContent)', await generate(fakes, h, h.model.split('/').pop() as string, h.name), 200);
  },
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
  check: async (fakes, h) => {
    expectStatus('cacheExpired', await wire(fakes, h, 'GET', h.name), h.api === 'gemini' ? 403 : 404);
    expectStatus('cacheExpired', await generate(fakes, h, h.model.split('/').pop() as string, h.name), h.api === 'gemini' ? 403 : 404);
  },
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
  check: async (fakes, h) => {
    expectStatus('cacheQuotaExhausted', await wire(fakes, h, 'POST', collection(h), createBody(h, h.model)), 429);
  },
});

/** A model that is no longer served: create answers the real unknown-model 404. */
export const cacheModelUnavailable = defineScenario({
  name: 'cacheModelUnavailable',
  description:
    'A published model is unavailable (retired): create with it, and generateContent on it, answer the real model-not-found 404; existing caches stay readable.',
  service: 'modelCache',
  reaches: 'create → 404 model not found',
  options: z.object({ ...place, model: z.string().min(1).default('gemini-2.0-flash-001') }).strict(),
  handles: '{ project, location, model, api }',
  apply: (fakes, o) => {
    fakes.modelCache.setModelUnavailable(o.model);
    return { project: o.project ?? (o.api === 'vertex' ? 'p' : '-'), location: o.api === 'vertex' ? o.location : '-', model: o.model, api: o.api };
  },
  check: async (fakes, h) => {
    expectStatus('cacheModelUnavailable', await wire(fakes, h, 'POST', collection(h), createBody(h, h.model)), 404);
    expectStatus('cacheModelUnavailable', await generate(fakes, h, h.model, undefined), 404);
  },
});

/** Every model cache request answers 503 UNAVAILABLE. */
export const modelCacheUnavailable = defineScenario({
  name: 'modelCacheUnavailable',
  description:
    'The service is down: every request (cachedContents, generateContent, streamGenerateContent, countTokens; both wires) answers 503 UNAVAILABLE "The service is currently unavailable."',
  service: 'modelCache',
  reaches: 'any request → 503 UNAVAILABLE',
  options: z.object({}).strict(),
  handles: '{ restore() }',
  apply: (fakes) => {
    fakes.modelCache.setUnavailable(true);
    return {
      /** Brings the service back. */
      restore: () => fakes.modelCache.setUnavailable(false),
    };
  },
  check: async (fakes) => {
    for (const at of [
      { api: 'vertex' as const, project: 'p', location: 'us-central1' },
      { api: 'gemini' as const, project: '-', location: '-' },
    ]) {
      expectStatus('modelCacheUnavailable', await wire(fakes, at, 'GET', collection(at)), 503);
      expectStatus('modelCacheUnavailable (generateContent)', await generate(fakes, at, 'gemini-2.5-flash', undefined), 503);
    }
  },
});

/** A conversation whose cache expires between turns: it serves `turns` generate calls, then the real expired-cache error. */
export const cacheExpiredMidConversation = defineScenario({
  name: 'cacheExpiredMidConversation',
  description:
    'A live cache that serves `turns` generateContent/streamGenerateContent calls (default 1) and expires right after the last one, as if its TTL ran out mid-conversation: the next call using it answers the real error (Vertex 404 NOT_FOUND "Not found: cached content metadata for {id}.", Gemini API 403 PERMISSION_DENIED "CachedContent not found (or permission denied)"), and get/list no longer see it.',
  service: 'modelCache',
  reaches: 'cachedContent live for N generate calls, then expired',
  options: z.object({ ...place, turns: z.number().int().min(1).default(1) }).strict(),
  handles: `${CACHE_HANDLES.slice(0, -2)}, turns }`,
  apply: (fakes, { turns, ...o }) => ({ ...fakes.modelCache.seed.cachedContent({ ...o, expireAfterUses: turns }), turns }),
  check: (fakes, h) =>
    thenRestore(fakes, async () => {
      const model = h.model.split('/').pop() as string;
      for (let turn = 1; turn <= h.turns; turn++) {
        const got = await generate(fakes, h, model, h.name, `turn ${turn}`);
        expectStatus(`cacheExpiredMidConversation (turn ${turn})`, got, 200);
        if (!(Number(cachedTokens(got)) > 0))
          throw new Error(`cacheExpiredMidConversation: turn ${turn} should use the cache, got ${JSON.stringify(got.body)}`);
      }
      expectStatus(`cacheExpiredMidConversation (turn ${h.turns + 1})`, await generate(fakes, h, model, h.name), h.api === 'gemini' ? 403 : 404);
    }),
});

/** A cache made for one model, used by code that asks another: generateContent answers the real 400. */
export const cacheModelMismatch = defineScenario({
  name: 'cacheModelMismatch',
  description:
    'A live cache created for `model` (default gemini-2.5-flash) while the code under test asks `requestModel` (default gemini-2.5-pro): generateContent with the cache answers 400 INVALID_ARGUMENT "Model used by GenerateContent request (…/gemini-2.5-pro) and CachedContent (…/gemini-2.5-flash) has to be the same."; with `model` it works.',
  service: 'modelCache',
  reaches: 'generateContent with the cache → 400 model mismatch',
  options: z.object({ ...place, requestModel: z.string().min(1).default('gemini-2.5-pro') }).strict(),
  handles: `${CACHE_HANDLES.slice(0, -2)}, requestModel }`,
  apply: (fakes, { requestModel, ...o }) => {
    if (requestModel.split('/').pop() === o.model.split('/').pop())
      throw new TypeError(`stuntdouble: scenario cacheModelMismatch: requestModel must differ from model (both '${o.model}')`);
    return { ...fakes.modelCache.seed.cachedContent(o), requestModel };
  },
  check: async (fakes, h) => {
    const got = await generate(fakes, h, h.requestModel.split('/').pop() as string, h.name);
    expectStatus('cacheModelMismatch', got, 400);
    const message = (got.body as { error?: { message?: string } }).error?.message ?? '';
    if (!message.startsWith('Model used by GenerateContent request')) throw new Error(`cacheModelMismatch: unexpected message ${JSON.stringify(message)}`);
    expectStatus('cacheModelMismatch (cache model)', await generate(fakes, h, h.model.split('/').pop() as string, h.name), 200);
  },
});

/** Scenarios of this area, by name. */
export const modelCacheScenarios = {
  cacheReady,
  cacheExpiringSoon,
  cacheExpired,
  cacheExpiredMidConversation,
  cacheModelMismatch,
  cacheQuotaExhausted,
  cacheModelUnavailable,
  modelCacheUnavailable,
};
