import { createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, contentsOfTokens, geminiClient, vertexClient } from './helpers.js';

const T0 = '2026-01-01T00:00:00Z';
let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes({ clock: T0 }).install();
});
afterEach(() => fakes.uninstall());

describe('model cache on the Vertex AI wire', () => {
  it('creates, gets by short id, updates ttl and deletes', async () => {
    const ai = vertexClient();
    const created = await ai.caches.create({
      model: 'gemini-2.5-flash',
      config: { contents: contentsOfTokens(1100), displayName: 'docs', ttl: '600s', systemInstruction: 'be brief' },
    });
    expect(created.name).toMatch(/^projects\/p\/locations\/us-central1\/cachedContents\/\d{19}$/);
    expect(created.model).toBe('projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash');
    expect(created.displayName).toBe('docs');
    expect(created.createTime).toBe('2026-01-01T00:00:00Z');
    expect(created.expireTime).toBe('2026-01-01T00:10:00Z');
    expect(created.usageMetadata?.totalTokenCount).toBe(1100 + 2);
    expect(created.usageMetadata?.textCount).toBe(4400 + 8);
    const call = fakes.calls.at(-1);
    expect(call?.response.body).not.toHaveProperty('contents');
    expect(call?.response.body).not.toHaveProperty('ttl');
    expect(call?.version).toBe('v1beta1');

    const id = created.name?.split('/').pop() as string;
    expect(fakes.modelCache.get(created.name as string)).toMatchObject({ name: created.name, displayName: 'docs' });
    const got = await ai.caches.get({ name: id });
    expect(got.name).toBe(created.name);

    fakes.clock.advance('1m');
    const updated = await ai.caches.update({ name: id, config: { ttl: '7200.5s' } });
    expect(updated.expireTime).toBe('2026-01-01T02:01:00.500Z');
    expect(updated.updateTime).toBe('2026-01-01T00:01:00Z');
    expect(fakes.calls.at(-1)?.body).toEqual({ ttl: '7200.5s' });

    const when = '2026-01-01T05:00:00.123456789+02:00';
    const moved = await ai.caches.update({ name: id, config: { expireTime: when } });
    expect(moved.expireTime).toBe('2026-01-01T03:00:00.123456789Z');

    await ai.caches.delete({ name: id });
    expect(fakes.calls.at(-1)?.response.body).toEqual({});
    expect(fakes.modelCache.get(created.name as string)).toBeUndefined();
    const gone = await apiError(ai.caches.get({ name: id }));
    expect(gone.status).toBe(404);
    expect(gone.body.error.status).toBe('NOT_FOUND');
  });

  it('speaks v1 as well as v1beta1', async () => {
    const ai = vertexClient({ apiVersion: 'v1' });
    const c = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024) } });
    expect(fakes.calls.at(-1)?.url).toContain('/v1/projects/p/locations/us-central1/cachedContents');
    expect((await ai.caches.get({ name: c.name as string })).name).toBe(c.name);
  });

  it('defaults to one hour', async () => {
    const created = await vertexClient().caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024) } });
    expect(created.expireTime).toBe('2026-01-01T01:00:00Z');
  });

  it('lists across several pages with the SDK pager, tokens only while more remain', async () => {
    fakes.modelCache.seed.cachedContents(5, { project: 'p', location: 'us-central1' });
    fakes.modelCache.seed.cachedContent({ project: 'other', location: 'us-central1' });
    const ai = vertexClient();
    const pager = await ai.caches.list({ config: { pageSize: 2 } });
    const names: string[] = [];
    for await (const c of pager) names.push(c.name as string);
    expect(names).toHaveLength(5);
    expect(new Set(names).size).toBe(5);
    const lists = fakes.calls.filter((c) => c.operation === 'cachedContents/list');
    expect(lists).toHaveLength(3);
    const tokenOf = (i: number) => (lists[i]?.response.body as { nextPageToken?: string } | undefined)?.nextPageToken;
    expect(tokenOf(2)).toBeUndefined();
    expect(tokenOf(0)).toEqual(expect.any(String));
  });

  it('coerces a page size above 1000 and rejects a forged page token', async () => {
    fakes.modelCache.seed.cachedContents(1005);
    const res = await fakes.fetch('https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/cachedContents?pageSize=5000', {
      headers: { authorization: 'Bearer t' },
    });
    const body = (await res.json()) as { cachedContents: unknown[]; nextPageToken?: string };
    expect(body.cachedContents).toHaveLength(1000);
    expect(body.nextPageToken).toEqual(expect.any(String));
    const forged = await apiError(
      vertexClient()
        .caches.list({ config: { pageSize: 2, pageToken: 'bm90LWEtdG9rZW4' } })
        .then((p) => p.page),
    );
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toBe('Invalid page token.');
  });

  it('expires on the fake clock: get, update and delete answer NOT_FOUND and list omits it', async () => {
    const ai = vertexClient();
    const a = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024), ttl: '120s' } });
    const b = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024), ttl: '3600s' } });
    fakes.clock.advance('2m');
    for (const call of [
      () => ai.caches.get({ name: a.name as string }),
      () => ai.caches.update({ name: a.name as string, config: { ttl: '600s' } }),
      () => ai.caches.delete({ name: a.name as string }),
    ]) {
      const e = await apiError(call());
      expect(e.status).toBe(404);
      expect(e.body.error.status).toBe('NOT_FOUND');
    }
    const pager = await ai.caches.list();
    expect(pager.page.map((c) => c.name)).toEqual([b.name]);
    expect(fakes.modelCache.count()).toBe(1);
  });

  it('serves location global on aiplatform.googleapis.com and refuses a region that does not match the host', async () => {
    const g = await vertexClient({ location: 'global' }).caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024) } });
    expect(g.name).toMatch(/^projects\/p\/locations\/global\//);
    expect(fakes.calls.at(-1)?.url).toMatch(/^https:\/\/aiplatform\.googleapis\.com\//);
    const res = await fakes.fetch('https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/europe-west4/cachedContents', {
      headers: { authorization: 'Bearer t' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; details: Array<{ fieldViolations: Array<{ field: string }> }> } };
    expect(body.error.message).toContain("The provided location ID doesn't match the endpoint. The valid location ID is `us-central1`.");
    expect(body.error.details[0]?.fieldViolations[0]?.field).toBe('parent');
  });

  it('answers 404 in the Google envelope for an unknown version or the other API', async () => {
    for (const url of [
      'https://us-central1-aiplatform.googleapis.com/v2/projects/p/locations/us-central1/cachedContents',
      'https://us-central1-aiplatform.googleapis.com/v1beta/projects/p/locations/us-central1/cachedContents',
      'https://generativelanguage.googleapis.com/v1beta/projects/p/locations/us-central1/cachedContents',
      'https://us-central1-aiplatform.googleapis.com/v1beta1/cachedContents',
      'https://generativelanguage.googleapis.com/v1beta1/cachedContents',
    ]) {
      const res = await fakes.fetch(url, { headers: { authorization: 'Bearer t', 'x-goog-api-key': 'k' } });
      expect(res.status, url).toBe(404);
      expect(((await res.json()) as { error: { status: string } }).error.status).toBe('NOT_FOUND');
    }
  });

  it('answers malformed JSON with the parser error', async () => {
    const res = await fakes.fetch('https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/cachedContents', {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{"model":',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; status: string } };
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    expect(body.error.message).toMatch(/^Invalid JSON payload received\./);
  });
});

describe('model cache on the Gemini API wire', () => {
  it('creates, gets, lists, updates and deletes with an API key', async () => {
    const ai = geminiClient();
    const created = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024), ttl: '300s' } });
    expect(created.name).toMatch(/^cachedContents\/[a-z0-9]{12}$/);
    expect(created.model).toBe('models/gemini-2.5-flash');
    expect(created.displayName).toBe('');
    expect(created.usageMetadata).toEqual({ totalTokenCount: 1024 });
    expect(fakes.calls.at(-1)?.url).toMatch(/^https:\/\/generativelanguage\.googleapis\.com\/v1\/cachedContents/);
    const id = created.name?.split('/')[1] as string;
    expect((await ai.caches.get({ name: id })).name).toBe(created.name);
    const page = await ai.caches.list({ config: { pageSize: 10 } });
    expect(page.page.map((c) => c.name)).toEqual([created.name]);
    const updated = await ai.caches.update({ name: created.name as string, config: { ttl: '7200s' } });
    expect(updated.expireTime).toBe('2026-01-01T02:00:00Z');
    await ai.caches.delete({ name: created.name as string });
    const gone = await apiError(ai.caches.get({ name: id }));
    expect(gone.status).toBe(403);
    expect(gone.body.error).toEqual({ code: 403, message: 'CachedContent not found (or permission denied)', status: 'PERMISSION_DENIED' });
  });

  it('works on v1beta too and refuses below the minimum with the Gemini wording', async () => {
    const ai = geminiClient('k', 'v1beta');
    const e = await apiError(ai.caches.create({ model: 'gemini-2.5-pro', config: { contents: contentsOfTokens(10) } }));
    expect(e.status).toBe(400);
    expect(e.body.error.message).toBe('Cached content is too small. total_token_count=10, min_total_token_count=4096');
    expect(fakes.calls.at(-1)?.version).toBe('v1beta');
  });

  it('pages through the SDK pager and expires on the fake clock', async () => {
    const seeded = fakes.modelCache.seed.cachedContents(5, { api: 'gemini', ttl: '600s' });
    const ai = geminiClient();
    const names: string[] = [];
    for await (const c of await ai.caches.list({ config: { pageSize: 2 } })) names.push(c.name as string);
    expect(names).toEqual(seeded.map((s) => s.name));
    expect(fakes.calls.filter((c) => c.operation === 'cachedContents/list')).toHaveLength(3);
    fakes.clock.advance('10m');
    const gone = await apiError(ai.caches.get({ name: seeded[0]?.name as string }));
    expect(gone.status).toBe(403);
    expect((await ai.caches.list()).page).toEqual([]);
  });

  it('does not show Vertex caches on the Gemini API', async () => {
    fakes.modelCache.seed.cachedContent();
    const page = await geminiClient().caches.list();
    expect(page.page).toEqual([]);
  });
});

describe('model cache at scale', () => {
  it('garbage-collects thousands of caches that expire together, and keeps the rest', async () => {
    fakes.modelCache.seed.cachedContents(3000, { ttl: '600s' });
    const keep = fakes.modelCache.seed.cachedContent({ ttl: '3600s' });
    expect(fakes.modelCache.count()).toBe(3001);
    fakes.clock.advance('10m');
    expect(fakes.modelCache.count()).toBe(1);
    const page = await vertexClient().caches.list({ config: { pageSize: 1000 } });
    expect(page.page.map((c) => c.name)).toEqual([keep.name]);
    expect((await vertexClient().caches.get({ name: keep.id })).name).toBe(keep.name);
  });
});

describe('model cache state', () => {
  it('survives snapshot/restore and reset, and describes itself', async () => {
    const a = fakes.modelCache.seed.cachedContent();
    const snap = fakes.snapshot();
    await vertexClient().caches.delete({ name: a.name });
    expect(fakes.modelCache.get(a.name)).toBeUndefined();
    fakes.restore(snap);
    expect((await vertexClient().caches.get({ name: a.id })).name).toBe(a.name);
    expect(fakes.modelCache.describe()).toBe('1 cached content');
    expect(fakes.describe()).toContain('modelCache: 1 cached content');
    fakes.reset();
    expect(fakes.modelCache.count()).toBe(0);
    const again = fakes.modelCache.seed.cachedContent();
    expect(again.name).toBe(a.name);
  });
});
