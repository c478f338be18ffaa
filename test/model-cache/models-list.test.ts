// The Gemini API's model list through @google/genai (models.list / models.get), checked against the
// model ids the SDK's own documentation examples call, and the fields the service answers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Model } from '@google/genai';
import { createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, geminiClient } from './helpers.js';

let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes().install();
});
afterEach(() => fakes.uninstall());

const ai = geminiClient();

async function listAll(pageSize?: number): Promise<Model[]> {
  const out: Model[] = [];
  for await (const m of await ai.models.list(pageSize ? { config: { pageSize } } : {})) out.push(m);
  return out;
}

/** Model ids in `model: '...'` of the SDK's JSDoc examples (its types file), for the model families this fake serves. */
function sdkExampleIds(): string[] {
  const require = createRequire(import.meta.url);
  const dts = join(dirname(require.resolve('@google/genai')), '..', 'genai.d.ts');
  const ids = new Set<string>();
  for (const m of readFileSync(dts, 'utf8').matchAll(/^\s*\*.*\bmodel: '([^']+)'/gm)) ids.add(m[1] as string);
  return [...ids].filter((id) => /^(gemini-|text-embedding-)/.test(id));
}

describe('Gemini API model list', () => {
  it('lists gemini-2.0-flash-preview-image-generation with the fields the service answers', async () => {
    const all = await listAll();
    const m = all.find((x) => x.name === 'models/gemini-2.0-flash-preview-image-generation');
    expect(m).toMatchObject({
      version: '2.0',
      displayName: 'Gemini 2.0 Flash Preview Image Generation',
      inputTokenLimit: 32768,
      outputTokenLimit: 8192,
      supportedActions: ['generateContent', 'countTokens', 'batchGenerateContent'],
      temperature: 1,
      topP: 0.95,
      topK: 40,
      maxTemperature: 2,
    });
    // It is served, not only listed: generate and count, but no cache (createCachedContent is not among its methods).
    const r = await ai.models.generateContent({ model: 'gemini-2.0-flash-preview-image-generation', contents: 'draw' });
    expect(r.text).toBe('echo: draw');
    expect((await ai.models.countTokens({ model: 'gemini-2.0-flash-preview-image-generation', contents: 'abcd' })).totalTokens).toBe(1);
    const cache = await apiError(ai.caches.create({ model: 'gemini-2.0-flash-preview-image-generation', config: { contents: 'x'.repeat(10_000) } }));
    expect(cache.status).toBe(404);
    expect(cache.body.error.message).toMatch(/is not supported for createCachedContent\./);
  });

  it("every model id the SDK's own examples call is listed, and answers its method", async () => {
    const ids = sdkExampleIds();
    expect(ids.length).toBeGreaterThan(2);
    const listed = new Set((await listAll()).map((m) => m.name));
    for (const id of ids) {
      expect(listed, id).toContain(`models/${id}`);
      const m = await ai.models.get({ model: id });
      if (m.supportedActions?.includes('generateContent')) expect((await ai.models.generateContent({ model: id, contents: 'hi' })).text).toBe('echo: hi');
      else expect((await ai.models.embedContent({ model: id, contents: 'hi' })).embeddings).toHaveLength(1);
    }
  });

  it('get answers the raw Model key for key (gemini-2.5-flash as the service answers it)', async () => {
    const res = await fakes.fetch('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash?key=AIza-k');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      name: 'models/gemini-2.5-flash',
      version: '001',
      displayName: 'Gemini 2.5 Flash',
      description: 'Stable version of Gemini 2.5 Flash, our mid-size multimodal model that supports up to 1 million tokens, released in June of 2025.',
      inputTokenLimit: 1048576,
      outputTokenLimit: 65536,
      supportedGenerationMethods: ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent'],
      temperature: 1,
      topP: 0.95,
      topK: 64,
      maxTemperature: 2,
      thinking: true,
    });
  });

  it('pages with pageSize and nextPageToken, every model once', async () => {
    const all = await listAll();
    const paged = await listAll(3);
    expect(paged.map((m) => m.name)).toEqual(all.map((m) => m.name));
    expect(fakes.calls.where({ operation: 'models/list' }).length).toBeGreaterThan(2);
    const res = await fakes.fetch('https://generativelanguage.googleapis.com/v1beta/models?pageToken=forged&key=AIza-k');
    expect(res.status).toBe(400);
  });

  it('a seeded model is listed; an unavailable one is gone from list and get (404)', async () => {
    fakes.modelCache.seed.model({ id: 'gemini-test-model', minTokens: 10 });
    fakes.modelCache.setModelUnavailable('gemini-2.0-flash');
    const names = (await listAll()).map((m) => m.name);
    expect(names).toContain('models/gemini-test-model');
    expect(names).not.toContain('models/gemini-2.0-flash');
    const e = await apiError(ai.models.get({ model: 'gemini-2.0-flash' }));
    expect(e.status).toBe(404);
    expect(e.body.error.message).toMatch(/^models\/gemini-2\.0-flash is not found for API version v1(beta)?/);
  });

  it('needs a key like every Gemini API call (strict mode: 403 without one)', async () => {
    fakes.uninstall();
    fakes = createFakes({ auth: 'strict' }).install();
    const res = await fakes.fetch('https://generativelanguage.googleapis.com/v1beta/models');
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error: { details: Array<{ reason: string; metadata: { method: string } }> } };
    expect(body.error.details[0]).toMatchObject({
      reason: 'CREDENTIALS_MISSING',
      metadata: { method: 'google.ai.generativelanguage.v1beta.ModelService.ListModels' },
    });
  });
});
