// The example of docs/model-cache.md, kept runnable.
import { GoogleGenAI } from '@google/genai';
import { createFakes, scenarios } from 'stuntdouble';
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
