// The Gemini API's v1alpha (what the SDK's thinking examples ask for with `apiVersion: 'v1alpha'`),
// served with v1beta's routes and rules, and the framing of errors on a server-sent-events stream.
import { ApiError } from '@google/genai';
import { createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, contentsOfTokens, geminiClient, vertexClient } from './helpers.js';

let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes({ clock: '2026-01-01T00:00:00Z' }).install();
});
afterEach(() => fakes.uninstall());

const GEMINI = 'https://generativelanguage.googleapis.com';

describe('Gemini API v1alpha', () => {
  const ai = geminiClient('AIza-alpha', 'v1alpha');

  it('serves generateContent, the stream, countTokens and the caches as v1beta does, journaled under v1alpha', async () => {
    const r = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'think about it' });
    expect(r.text).toBe('echo: think about it');
    expect(fakes.calls.last()?.route).toBe('/v1alpha/models/{model}:generateContent');
    let streamed = '';
    for await (const c of await ai.models.generateContentStream({ model: 'gemini-2.5-flash', contents: 'stream it' })) streamed += c.text ?? '';
    expect(streamed).toBe('echo: stream it');
    expect((await ai.models.countTokens({ model: 'gemini-2.5-flash', contents: 'abcdefgh' })).totalTokens).toBe(2);
    const cache = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1100) } });
    expect(fakes.calls.last()?.route).toBe('/v1alpha/cachedContents');
    expect((await ai.caches.get({ name: cache.name as string })).usageMetadata?.totalTokenCount).toBe(1100);
    const used = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'go on', config: { cachedContent: cache.name as string } });
    expect(used.usageMetadata?.cachedContentTokenCount).toBe(1100);
    // The same name selects the call in either spelling.
    expect(fakes.calls.where({ route: 'POST /{version}/models/{model}:generateContent' }).length).toBe(2);
  });

  it('serves the model list and embeddings under v1alpha too', async () => {
    expect((await ai.models.get({ model: 'gemini-2.5-flash' })).name).toBe('models/gemini-2.5-flash');
    const e = await ai.models.embedContent({ model: 'text-embedding-004', contents: 'hello' });
    expect(e.embeddings?.[0]?.values).toHaveLength(768);
    expect(fakes.calls.last()?.route).toBe('/v1alpha/models/{model}:batchEmbedContents');
  });

  it('applies the same auth rules: strict mode refuses a missing key (403) and an unknown key (400 API_KEY_INVALID)', async () => {
    fakes.uninstall();
    fakes = createFakes({ auth: 'strict' }).install();
    const key = fakes.modelCache.seed.credential({ apiKey: 'AIza-seeded' });
    const missing = await fakes.fetch(`${GEMINI}/v1alpha/models/gemini-2.5-flash:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'x' }] }] }),
    });
    expect(missing.status).toBe(403);
    const body = (await missing.json()) as { error: { details: Array<{ reason: string; metadata: { method: string } }> } };
    expect(body.error.details[0]).toMatchObject({
      reason: 'CREDENTIALS_MISSING',
      metadata: { method: 'google.ai.generativelanguage.v1alpha.GenerativeService.GenerateContent' },
    });
    // GenerateContent is an RPC of GenerativeService in Google's published protos (generative_service.proto), not of the cache service.
    const wrong = await apiError(geminiClient('AIza-unknown', 'v1alpha').models.generateContent({ model: 'gemini-2.5-flash', contents: 'x' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details?.[0]).toMatchObject({ reason: 'API_KEY_INVALID' });
    expect((await geminiClient(key, 'v1alpha').models.generateContent({ model: 'gemini-2.5-flash', contents: 'x' })).text).toBe('echo: x');
  });

  it('an unknown model is the real 404 naming v1alpha', async () => {
    const e = await apiError(ai.models.generateContent({ model: 'gemini-0-nope', contents: 'x' }));
    expect(e.status).toBe(404);
    expect(e.body.error.message).toBe(
      'models/gemini-0-nope is not found for API version v1alpha, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.',
    );
  });

  it('Vertex AI has no v1alpha: 404 like any unknown method', async () => {
    const e = await apiError(vertexClient({ apiVersion: 'v1alpha' }).models.generateContent({ model: 'gemini-2.5-flash', contents: 'x' }));
    expect(e.status).toBe(404);
    expect(e.body.error.status).toBe('NOT_FOUND');
  });
});

describe('errors on a streaming request', () => {
  const STREAM = `${GEMINI}/v1beta/models/gemini-0-nope:streamGenerateContent`;
  const send = (url: string) =>
    fakes.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'AIza-k' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'x' }] }] }),
    });

  it('alt=sse: the JSON error comes as text/event-stream, as the real service sends it', async () => {
    const res = await send(`${STREAM}?alt=sse`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const body = JSON.parse(await res.text()) as { error: { code: number; status: string; message: string } };
    expect(body.error).toMatchObject({ code: 404, status: 'NOT_FOUND', message: expect.stringContaining('models/gemini-0-nope is not found') });
  });

  it('without alt=sse the stream answers one JSON array, and its errors stay application/json', async () => {
    const res = await send(STREAM);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('the SDK still throws ApiError with the status and the error text, on both wires', async () => {
    for (const ai of [geminiClient(), vertexClient()]) {
      const err = await ai.models
        .generateContentStream({ model: 'gemini-0-nope', contents: 'x' })
        .then(async (s) => {
          for await (const _ of s);
        })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(404);
      // The SDK reads a body that is not application/json as text: the message carries the JSON error verbatim.
      const wrapped = JSON.parse((err as ApiError).message) as { error: { message: string; code: number } };
      expect(wrapped.error.code).toBe(404);
      expect(JSON.parse(wrapped.error.message)).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
    }
  });
});
