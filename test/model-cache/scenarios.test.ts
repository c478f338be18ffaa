import { createFakes, scenarios } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, contentsOfTokens, geminiClient, vertexClient } from './helpers.js';

let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes({ clock: '2026-03-01T00:00:00Z' }).install();
});
afterEach(() => fakes.uninstall());

describe('model cache scenarios', () => {
  it('cacheReady: a live cache readable through the SDK', async () => {
    const h = fakes.apply(scenarios.cacheReady({ displayName: 'kb' }));
    expect(h).toMatchObject({ project: 'p', location: 'us-central1', api: 'vertex', expireTime: '2026-03-01T01:00:00Z' });
    const got = await vertexClient().caches.get({ name: h.id });
    expect(got).toMatchObject({ name: h.name, displayName: 'kb', model: h.model });
  });

  it('cacheReady on the Gemini API', async () => {
    const h = fakes.apply(scenarios.cacheReady({ api: 'gemini' }));
    expect(h.name).toMatch(/^cachedContents\//);
    expect((await geminiClient().caches.get({ name: h.name })).model).toBe('models/gemini-2.5-flash');
  });

  it('cacheExpiringSoon: gone once the clock passes expiresIn', async () => {
    const h = fakes.apply(scenarios.cacheExpiringSoon({ expiresIn: '90s' }));
    const ai = vertexClient();
    await expect(ai.caches.get({ name: h.name })).resolves.toHaveProperty('name', h.name);
    fakes.clock.advance('89s');
    await expect(ai.caches.get({ name: h.name })).resolves.toHaveProperty('name', h.name);
    fakes.clock.advance('1s');
    expect((await apiError(ai.caches.get({ name: h.name }))).status).toBe(404);
  });

  it('cacheExpiringSoon: generateContent with the cache works until expireTime, then answers the real error', async () => {
    const h = fakes.apply(scenarios.cacheExpiringSoon({ api: 'gemini', expiresIn: '90s' }));
    const ai = geminiClient();
    const ask = () => ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'q', config: { cachedContent: h.name } });
    expect((await ask()).usageMetadata?.cachedContentTokenCount).toBeGreaterThan(0);
    fakes.clock.advance('90s');
    const e = await apiError(ask());
    expect(e.status).toBe(403);
    expect(e.body.error.message).toBe('CachedContent not found (or permission denied)');
  });

  it('cacheExpired: NOT_FOUND and omitted from list', async () => {
    const h = fakes.apply(scenarios.cacheExpired());
    const ai = vertexClient();
    expect((await apiError(ai.caches.get({ name: h.name }))).body.error.status).toBe('NOT_FOUND');
    expect((await ai.caches.list()).page).toEqual([]);
  });

  it('cacheQuotaExhausted: create answers 429 RESOURCE_EXHAUSTED, elsewhere still works', async () => {
    const h = fakes.apply(scenarios.cacheQuotaExhausted({ project: 'busy' }));
    const e = await apiError(vertexClient({ project: h.project }).caches.create({ model: h.model, config: { contents: contentsOfTokens(1024) } }));
    expect(e.status).toBe(429);
    expect(e.body.error.status).toBe('RESOURCE_EXHAUSTED');
    await expect(vertexClient({ project: 'calm' }).caches.create({ model: h.model, config: { contents: contentsOfTokens(1024) } })).resolves.toHaveProperty(
      'name',
    );
  });

  it('cacheModelUnavailable: create with the model answers the real not-found', async () => {
    const h = fakes.apply(scenarios.cacheModelUnavailable());
    const e = await apiError(vertexClient().caches.create({ model: h.model, config: { contents: contentsOfTokens(4096) } }));
    expect(e.status).toBe(404);
    expect(e.body.error.message).toContain('gemini-2.0-flash-001');
  });

  it('modelCacheUnavailable: every request answers 503 UNAVAILABLE until restored', async () => {
    const h = fakes.apply(scenarios.modelCacheUnavailable());
    const e = await apiError(
      vertexClient()
        .caches.list()
        .then((p) => p.page),
    );
    expect(e.status).toBe(503);
    expect(e.body.error).toEqual({ code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' });
    for (const ai of [vertexClient(), geminiClient()]) {
      const g = await apiError(ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'q' }));
      expect(g.status).toBe(503);
      expect((await apiError(ai.models.countTokens({ model: 'gemini-2.5-flash', contents: 'q' }))).status).toBe(503);
    }
    h.restore();
    await expect(vertexClient().caches.list()).resolves.toBeDefined();
    await expect(geminiClient().models.generateContent({ model: 'gemini-2.5-flash', contents: 'q' })).resolves.toHaveProperty('text', 'echo: q');
    expect(fakes.describe()).toContain('modelCache');
  });
});

describe('scenarios of the calls that use a cache', () => {
  it('cacheReady: generateContent with the cache reports its tokens and answers the scenario reply', async () => {
    const h = fakes.apply(scenarios.cacheReady({ reply: 'From the cache.' }));
    const res = await vertexClient().models.generateContent({ model: 'gemini-2.5-flash', contents: 'q', config: { cachedContent: h.name } });
    expect(res.text).toBe('From the cache.');
    expect(res.usageMetadata?.cachedContentTokenCount).toBe(
      (fakes.modelCache.get(h.name) as { usageMetadata: { totalTokenCount: number } }).usageMetadata.totalTokenCount,
    );
    const plain = await vertexClient().models.generateContent({ model: 'gemini-2.5-flash', contents: 'q' });
    expect(plain.text).toBe('echo: q');
  });

  it('cacheExpiredMidConversation: the turns work, the next one gets the real expired-cache error (both wires)', async () => {
    for (const api of ['vertex', 'gemini'] as const) {
      const h = fakes.apply(scenarios.cacheExpiredMidConversation({ api, turns: 2 }));
      const ai = api === 'vertex' ? vertexClient() : geminiClient();
      const chat = ai.chats.create({ model: 'gemini-2.5-flash', config: { cachedContent: h.name } });
      expect((await chat.sendMessage({ message: 'hello' })).usageMetadata?.cachedContentTokenCount).toBeGreaterThan(0);
      expect((await chat.sendMessage({ message: 'and then?' })).text).toBe('echo: and then?');
      const e = await apiError(chat.sendMessage({ message: 'still there?' }));
      expect(e.status).toBe(api === 'vertex' ? 404 : 403);
      expect(e.body.error.status).toBe(api === 'vertex' ? 'NOT_FOUND' : 'PERMISSION_DENIED');
      expect((await apiError(ai.caches.get({ name: h.name }))).status).toBe(api === 'vertex' ? 404 : 403);
    }
  });

  it('cacheModelMismatch: the other model gets the real 400, the cache model works', async () => {
    const h = fakes.apply(scenarios.cacheModelMismatch({ api: 'gemini' }));
    expect(h.requestModel).toBe('gemini-2.5-pro');
    const ai = geminiClient();
    const e = await apiError(ai.models.generateContent({ model: h.requestModel, contents: 'q', config: { cachedContent: h.name } }));
    expect(e.status).toBe(400);
    expect(e.body.error.message).toBe(
      'Model used by GenerateContent request (models/gemini-2.5-pro) and CachedContent (models/gemini-2.5-flash) has to be the same.',
    );
    await expect(ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'q', config: { cachedContent: h.name } })).resolves.toBeDefined();
    expect(() => scenarios.cacheModelMismatch({ requestModel: 'gemini-2.5-flash' }).apply(fakes)).toThrow(/requestModel must differ/);
  });

  it("cacheExpiredMidConversation's check leaves the cache as it was", async () => {
    const scenario = scenarios.cacheExpiredMidConversation({ turns: 3 });
    const h = fakes.apply(scenario);
    await scenario.check?.(fakes, h);
    await expect(vertexClient().models.generateContent({ model: 'gemini-2.5-flash', contents: 'q', config: { cachedContent: h.name } })).resolves.toBeDefined();
  });
});

describe('model cache scenario checks', () => {
  const names = [
    'cacheReady',
    'cacheExpiringSoon',
    'cacheExpired',
    'cacheExpiredMidConversation',
    'cacheModelMismatch',
    'cacheQuotaExhausted',
    'cacheModelUnavailable',
  ] as const;
  for (const api of ['vertex', 'gemini'] as const) {
    for (const name of names) {
      it(`${name} (${api}) proves its state through the wire`, async () => {
        const scenario = scenarios[name]({ api });
        const handles = fakes.apply(scenario);
        await scenario.check?.(fakes, handles as never);
      });
    }
  }
  it('modelCacheUnavailable proves its state through the wire', async () => {
    const scenario = scenarios.modelCacheUnavailable();
    await scenario.check?.(fakes, fakes.apply(scenario));
  });
  it('a check fails when the state does not hold', async () => {
    const scenario = scenarios.cacheQuotaExhausted();
    const handles = fakes.apply(scenario);
    fakes.modelCache.exhaustQuota({ project: 'p', location: 'us-central1' }, false);
    await expect(scenario.check?.(fakes, handles)).rejects.toThrow(/expected HTTP 429, got 200/);
  });
});
