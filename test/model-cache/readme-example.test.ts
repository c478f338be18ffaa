// The example of docs/model-cache.md, kept runnable.
import { GoogleGenAI } from '@google/genai';
import { createFakes, scenarios } from 'stuntdouble';
import 'stuntdouble/vitest';
import { afterEach, beforeEach, expect, it } from 'vitest';

let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes({ clock: '2026-01-01T00:00:00Z' }).install();
});
afterEach(() => fakes.uninstall());

const ai = new GoogleGenAI({
  vertexai: true,
  project: 'p',
  location: 'us-central1',
  googleAuthOptions: { authClient: { getRequestHeaders: async () => new Headers({ authorization: 'Bearer t' }) } } as never,
});

it('caches a document and lets it expire', async () => {
  const cache = await ai.caches.create({
    model: 'gemini-2.5-flash',
    config: { contents: [{ role: 'user', parts: [{ text: 'x'.repeat(8000) }] }], ttl: '300s' },
  });
  expect(cache.usageMetadata?.totalTokenCount).toBe(2000);
  expect(cache.expireTime).toBe('2026-01-01T00:05:00Z');

  fakes.clock.advance('5m');
  await expect(ai.caches.get({ name: cache.name as string })).rejects.toMatchObject({ status: 404 });
});

it('answers 429 when the quota is exhausted', async () => {
  fakes.apply(scenarios.cacheQuotaExhausted());
  await expect(ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: 'hello' } })).rejects.toMatchObject({ status: 429 });
});

it('uses the cache until it expires mid-conversation', async () => {
  const cache = fakes.apply(scenarios.cacheExpiredMidConversation({ turns: 1 }));
  fakes.modelCache.seed.reply({ match: { cachedContent: cache.name }, text: 'From the cached manual.' });

  const first = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'How do I reset it?', config: { cachedContent: cache.name } });
  expect(first.text).toBe('From the cached manual.');
  expect(first.usageMetadata?.cachedContentTokenCount).toBe(1024); // the cache's totalTokenCount
  expect(fakes).toHaveReceived('POST /v1beta1/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}:generateContent', {
    body: expect.objectContaining({ cachedContent: cache.name }),
  });

  await expect(ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'And then?', config: { cachedContent: cache.name } })).rejects.toMatchObject({
    status: 404, // Vertex NOT_FOUND; the Gemini API answers 403 "CachedContent not found (or permission denied)"
  });
});
