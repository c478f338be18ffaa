// The generate/count calls on every wire the real @google/genai speaks (regional and global Vertex hosts,
// both API versions of each API, streaming with and without SSE), the journal assertions a test writes
// with the vitest matcher, and the one token estimate shared by caches, prompts and countTokens.
import { createFakes } from 'stuntdouble';
import 'stuntdouble/vitest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, contentsOfTokens, geminiClient, vertexClient } from './helpers.js';

let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes({ clock: '2026-01-01T00:00:00Z' }).install();
});
afterEach(() => fakes.uninstall());

const VERTEX_GENERATE = 'POST /{version}/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}:generateContent';
const GEMINI_GENERATE = 'POST /{version}/models/{model}:generateContent';

describe('hosts and versions', () => {
  it.each([
    ['Vertex regional, v1beta1 (the SDK default)', () => vertexClient(), 'us-central1-aiplatform.googleapis.com', 'v1beta1'],
    ['Vertex regional, v1', () => vertexClient({ apiVersion: 'v1', location: 'europe-west4' }), 'europe-west4-aiplatform.googleapis.com', 'v1'],
    ['Vertex global', () => vertexClient({ location: 'global' }), 'aiplatform.googleapis.com', 'v1beta1'],
    ['Gemini API, v1 (the SDK default)', () => geminiClient(), 'generativelanguage.googleapis.com', 'v1'],
    ['Gemini API, v1beta', () => geminiClient('AIza-test', 'v1beta'), 'generativelanguage.googleapis.com', 'v1beta'],
  ])('%s: a cache, generate, stream and count all served on that host and version', async (_wire, client, host, version) => {
    const ai = client();
    const cache = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024) } });
    const res = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hello', config: { cachedContent: cache.name as string } });
    expect(res.usageMetadata?.cachedContentTokenCount).toBe(1024);
    const chunks: string[] = [];
    for await (const c of await ai.models.generateContentStream({ model: 'gemini-2.5-flash', contents: 'one two three four five six seven' }))
      chunks.push(c.text ?? '');
    expect(chunks).toEqual(['echo: one two three ', 'four five six seven']);
    expect((await ai.models.countTokens({ model: 'gemini-2.5-flash', contents: 'abcdefgh' })).totalTokens).toBe(2);
    const calls = fakes.calls.slice(-3);
    expect(calls.map((c) => c.operation)).toEqual(['models/generateContent', 'models/streamGenerateContent', 'models/countTokens']);
    for (const c of fakes.calls) {
      expect(new URL(c.url).hostname).toBe(host);
      expect(c.version).toBe(version);
    }
  });

  it('Vertex: a full publisher model name, and a cache named by its short id (the SDK expands both in the URL project and location)', async () => {
    const ai = vertexClient();
    const cache = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024) } });
    const id = (cache.name as string).split('/').pop() as string;
    const res = await ai.models.generateContent({
      model: 'projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash',
      contents: 'hi',
      config: { cachedContent: id },
    });
    expect(res.usageMetadata?.cachedContentTokenCount).toBe(1024);
    expect(fakes.calls.at(-1)?.tags).toContain(`cachedContent=${cache.name}`);
  });

  it('Vertex: a location that does not match the regional host is refused on the generate routes too', async () => {
    const url = 'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/europe-west4/publishers/google/models/gemini-2.5-flash:generateContent';
    const res = await fakes.fetch(url, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("The provided location ID doesn't match the endpoint.");
  });
});

describe('streamGenerateContent without alt=sse', () => {
  it.each([
    [
      'vertex',
      'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash',
      { authorization: 'Bearer t' },
    ],
    ['gemini', 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash', { 'x-goog-api-key': 'k' }],
  ])('%s: one JSON array of the chunks; only the last carries finishReason and the full usageMetadata', async (api, base, auth) => {
    const res = await fakes.fetch(`${base}:streamGenerateContent`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'one two three four five six' }] }] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const chunks = (await res.json()) as Array<{
      candidates: Array<{ content: { parts: Array<{ text: string }> }; finishReason?: string }>;
      usageMetadata?: unknown;
    }>;
    expect(chunks.map((c) => c.candidates[0]?.content.parts[0]?.text).join('')).toBe('echo: one two three four five six');
    expect(chunks.length).toBe(2);
    expect(chunks[0]?.candidates[0]?.finishReason).toBeUndefined();
    // Every chunk carries usage: Vertex trafficType before the last (the first also billablePromptUsage: 22
    // characters without whitespace), the Gemini API the prompt (and thoughts) so far.
    // gemini-2.5-flash thinks: "Thinking about: one two three four five six" is 43 characters → 11 thoughts tokens.
    if (api === 'vertex') expect(chunks[0]?.usageMetadata).toEqual({ billablePromptUsage: { textCount: 22 }, trafficType: 'ON_DEMAND' });
    else expect(chunks[0]?.usageMetadata).toMatchObject({ promptTokenCount: 7, totalTokenCount: 18, thoughtsTokenCount: 11 });
    expect(chunks[1]?.candidates[0]?.finishReason).toBe('STOP');
    expect(chunks[1]?.usageMetadata).toMatchObject({ promptTokenCount: 7, candidatesTokenCount: 9, thoughtsTokenCount: 11, totalTokenCount: 27 });
  });
});

describe('the journal: toHaveReceived tells a call that used the cache from one that did not', () => {
  it.each([
    ['vertex', () => vertexClient(), VERTEX_GENERATE],
    ['gemini', () => geminiClient(), GEMINI_GENERATE],
  ])('%s', async (_api, client, route) => {
    const ai = client();
    const cache = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024), ttl: '120s' } });
    const name = cache.name as string;
    await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'without the cache' });
    expect(fakes).not.toHaveReceived(route, { status: 200, body: expect.objectContaining({ cachedContent: name }) });
    await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'with it', config: { cachedContent: name } });
    // The cache was used: the call named it and was answered (a gone or mismatched cache is refused).
    expect(fakes).toHaveReceived(route, { status: 200, body: expect.objectContaining({ cachedContent: name }) });
    expect(fakes).toHaveReceivedTimes(route, 2);
    expect(fakes.calls.where({ route, status: 200 }).filter((c) => c.tags.includes(`cachedContent=${name}`))).toHaveLength(1);
    // Once it has expired, a call naming it is journaled with the error status and no cache tag.
    fakes.clock.advance('121s');
    await apiError(ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'late', config: { cachedContent: name } }));
    const late = fakes.calls.at(-1);
    expect(late?.status).toBe(_api === 'vertex' ? 404 : 403);
    expect(late?.tags).not.toContain(`cachedContent=${name}`);
    expect(fakes).toHaveReceived(route, { status: late?.status, body: expect.objectContaining({ cachedContent: name, contents: [expect.anything()] }) });
  });
});

describe('one token estimate for caches, prompts and countTokens', () => {
  const contents = [
    { role: 'user', parts: [{ text: 'The quick brown fox jumps over the lazy dog. '.repeat(100) }] },
    { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
    { role: 'user', parts: [{ functionResponse: { name: 'f', response: { ok: true } } }, { text: 'and then?' }] },
  ];
  // ceil(chars / 4) of the text, plus ceil(JSON chars / 4) of the function call and response (see docs/model-cache.md).
  const structured = Math.ceil((JSON.stringify({ name: 'f', args: {} }).length + JSON.stringify({ name: 'f', response: { ok: true } }).length) / 4);
  const text = 45 * 100 + 'and then?'.length;
  it.each([
    ['vertex', () => vertexClient()],
    ['gemini', () => geminiClient()],
  ])("%s: countTokens of some contents = the cache's totalTokenCount for them = generate's promptTokenCount for them", async (_api, client) => {
    const ai = client();
    const counted = (await ai.models.countTokens({ model: 'gemini-2.5-flash', contents })).totalTokens;
    expect(counted).toBe(Math.ceil(text / 4) + structured);
    const cache = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents } });
    expect(cache.usageMetadata?.totalTokenCount).toBe(counted);
    const res = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: [...contents, { role: 'model', parts: [{ text: 'ok' }] }, { role: 'user', parts: [{ text: 'x' }] }],
    });
    expect(res.usageMetadata?.promptTokenCount).toBe(Math.ceil((text + 'ok'.length + 'x'.length) / 4) + structured);
  });
});
