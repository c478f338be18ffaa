// generateContent, streamGenerateContent and countTokens through the real @google/genai, on both wires,
// with and without a cache: the calls a program makes right after `ai.caches.create`.
import type { GoogleGenAI } from '@google/genai';
import { createFakes } from 'stuntdouble';
import 'stuntdouble/vitest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, contentsOfTokens, geminiClient, vertexClient } from './helpers.js';

const T0 = '2026-01-01T00:00:00Z';
let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes({ clock: T0 }).install();
});
afterEach(() => fakes.uninstall());

const WIRES: Array<{ api: 'vertex' | 'gemini'; client: () => GoogleGenAI; notFound: { status: number; code: string } }> = [
  { api: 'vertex', client: () => vertexClient(), notFound: { status: 404, code: 'NOT_FOUND' } },
  { api: 'gemini', client: () => geminiClient(), notFound: { status: 403, code: 'PERMISSION_DENIED' } },
];

describe.each(WIRES)('$api wire', ({ api, client, notFound }) => {
  it('answers generateContent without a cache: the echo reply and usage from the documented estimate', async () => {
    const ai = client();
    const res = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hello there' });
    expect(res.text).toBe('echo: hello there');
    expect(res.candidates?.[0]?.finishReason).toBe('STOP');
    // ceil(11 / 4) = 3 prompt tokens; "echo: hello there" is 17 characters → 5 tokens; gemini-2.5-flash thinks
    // ("Thinking about: hello there", 27 characters → 7 tokens), and the total counts the thoughts.
    expect(res.usageMetadata).toMatchObject({ promptTokenCount: 3, candidatesTokenCount: 5, thoughtsTokenCount: 7, totalTokenCount: 15 });
    expect(res.usageMetadata?.cachedContentTokenCount).toBeUndefined();
    expect(res.modelVersion).toBe('gemini-2.5-flash');
    expect(res.responseId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('uses a cache: cachedContentTokenCount is the cache usage, prompt counts include it, the journal names the cache', async () => {
    const ai = client();
    const cache = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1100), ttl: '600s' } });
    expect(cache.usageMetadata?.totalTokenCount).toBe(1100);
    const res = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'summarize', config: { cachedContent: cache.name as string } });
    expect(res.usageMetadata?.cachedContentTokenCount).toBe(1100);
    expect(res.usageMetadata?.promptTokenCount).toBe(1100 + 3);
    expect(res.usageMetadata?.totalTokenCount).toBe(1103 + (res.usageMetadata?.candidatesTokenCount ?? 0) + (res.usageMetadata?.thoughtsTokenCount ?? 0));
    const call = fakes.calls.at(-1);
    expect(call?.operation).toBe('models/generateContent');
    expect(call?.tags).toContain(`cachedContent=${cache.name}`);
    expect(fakes).toHaveReceived(`POST ${call?.route}`, { body: expect.objectContaining({ cachedContent: cache.name }) });
  });

  it('answers the real error once the fake clock passes expireTime', async () => {
    const ai = client();
    const cache = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024), ttl: '300s' } });
    await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'first turn', config: { cachedContent: cache.name as string } });
    fakes.clock.advance('5m');
    const err = await apiError(
      ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'second turn', config: { cachedContent: cache.name as string } }),
    );
    expect(err.status).toBe(notFound.status);
    expect(err.body.error.status).toBe(notFound.code);
    if (api === 'gemini') expect(err.body.error.message).toBe('CachedContent not found (or permission denied)');
    else expect(err.body.error.message).toBe(`Not found: cached content metadata for ${cache.name?.split('/').pop()}.`);
  });

  it('answers not found for a deleted cache', async () => {
    const ai = client();
    const cache = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024) } });
    await ai.caches.delete({ name: cache.name as string });
    const err = await apiError(ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi', config: { cachedContent: cache.name as string } }));
    expect(err.status).toBe(notFound.status);
  });

  it('refuses a model other than the cache model', async () => {
    const ai = client();
    const cache = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(4096) } });
    const err = await apiError(ai.models.generateContent({ model: 'gemini-2.5-pro', contents: 'hi', config: { cachedContent: cache.name as string } }));
    expect(err.status).toBe(400);
    expect(err.body.error.status).toBe('INVALID_ARGUMENT');
    expect(err.body.error.message).toMatch(
      /^Model used by GenerateContent request \(.*models\/gemini-2\.5-pro\) and CachedContent \(.*models\/gemini-2\.5-flash\) has to be the same\.$/,
    );
  });

  it.each([
    ['systemInstruction', { systemInstruction: 'be brief' }],
    ['tools', { tools: [{ functionDeclarations: [{ name: 'lookup' }] }] }],
    ['toolConfig', { toolConfig: { functionCallingConfig: { mode: 'AUTO' as never } } }],
  ])('refuses %s beside a cache', async (_field, extra) => {
    const ai = client();
    const cache = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024) } });
    const before = fakes.snapshot();
    const err = await apiError(
      ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi', config: { cachedContent: cache.name as string, ...extra } }),
    );
    expect(err.status).toBe(400);
    expect(err.body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'Tool config, tools and system instruction should not be set in the request when using cached content.',
    });
    expect(fakes.snapshot()).toBe(before);
  });

  it('streams the reply in chunks over SSE; the last chunk carries finishReason and usage', async () => {
    fakes.modelCache.seed.reply({ match: 'story', text: 'Once upon a time there was a fake that answered every call the same way.' });
    const ai = client();
    const cache = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024) } });
    const stream = await ai.models.generateContentStream({
      model: 'gemini-2.5-flash',
      contents: 'tell a story',
      config: { cachedContent: cache.name as string },
    });
    const texts: string[] = [];
    let last: Awaited<ReturnType<typeof ai.models.generateContent>> | undefined;
    for await (const chunk of stream) {
      texts.push(chunk.text ?? '');
      last = chunk;
    }
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.join('')).toBe('Once upon a time there was a fake that answered every call the same way.');
    expect(last?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(last?.usageMetadata?.cachedContentTokenCount).toBe(1024);
    const call = fakes.calls.at(-1);
    expect(call?.operation).toBe('models/streamGenerateContent');
    expect(call?.query).toMatchObject({ alt: 'sse' });
    expect(call?.response.headers['content-type']).toBe('text/event-stream');
    expect(String(call?.response.body)).toMatch(/^data: \{.*\}\r\n\r\ndata: /);
  });

  it('streams an expired cache as the real error before any chunk', async () => {
    const ai = client();
    const cache = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024), ttl: '60s' } });
    fakes.clock.advance('61s');
    const err = await apiError(ai.models.generateContentStream({ model: 'gemini-2.5-flash', contents: 'hi', config: { cachedContent: cache.name as string } }));
    expect(err.status).toBe(notFound.status);
  });

  it('answers countTokens with the same estimate', async () => {
    const ai = client();
    const res = await ai.models.countTokens({ model: 'gemini-2.5-flash', contents: 'abcdefgh ijkl' });
    expect(res.totalTokens).toBe(4);
  });

  it('answers the seeded reply: text, function call, finish reason', async () => {
    fakes.modelCache.seed.reply({ match: { text: /weather/i, model: 'gemini-2.5-flash' }, functionCall: { name: 'get_weather', args: { city: 'Paris' } } });
    fakes.modelCache.seed.reply({ match: 'blocked', finishReason: 'SAFETY' });
    const ai = client();
    const fc = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'What is the Weather in Paris?' });
    expect(fc.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }]);
    const blocked = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'this is blocked' });
    expect(blocked.candidates?.[0]?.finishReason).toBe('SAFETY');
    expect(blocked.text).toBeUndefined();
    const other = await ai.models.generateContent({ model: 'gemini-2.5-pro', contents: 'weather?' });
    expect(other.text).toBe('echo: weather?');
  });

  it('answers the turn after a function response: match { functionResponse }, else the echo of the responses', async () => {
    fakes.modelCache.seed.reply({ match: 'weather', functionCall: { name: 'get_weather', args: { city: 'Paris' } } });
    const ai = client();
    const history = [
      { role: 'user', parts: [{ text: 'weather in Paris?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temperature: 21 } } }] },
    ];
    // The question is not asked again: the turn of function responses has no text for 'weather' to match.
    expect((await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: history })).text).toBe('echo: get_weather: {"temperature":21}');
    fakes.modelCache.seed.reply({ match: { functionResponse: 'get_weather' }, text: 'It is 21 degrees in Paris.' });
    fakes.modelCache.seed.reply({ match: { functionResponse: false, text: 'weather' }, text: 'never reached' });
    expect((await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: history })).text).toBe('It is 21 degrees in Paris.');
    expect(() => fakes.modelCache.seed.reply({ match: { functionResponse: '' }, text: 'x' })).toThrow(/functionResponse/);
  });

  it('answers an unknown model with the real 404', async () => {
    const err = await apiError(client().models.generateContent({ model: 'gemini-0-nope', contents: 'hi' }));
    expect(err.status).toBe(404);
    expect(err.body.error.status).toBe('NOT_FOUND');
  });
});

describe('seed.reply', () => {
  it('parts as the wire carries them, streamed one non-text part per chunk; match by api and by cache use', async () => {
    const c = fakes.modelCache.seed.cachedContent({ api: 'gemini' });
    fakes.modelCache.seed.reply({
      match: { api: 'gemini', cachedContent: true },
      parts: [
        { text: 'Let me check the code.' },
        { executableCode: { language: 'PYTHON', code: 'print(1)' } },
        { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1' } },
      ],
    });
    fakes.modelCache.seed.reply({ match: { api: 'vertex' }, text: 'vertex only' });
    fakes.modelCache.seed.reply({ match: { cachedContent: false }, text: 'no cache' });
    const ai = geminiClient();
    const chunks = [];
    for await (const ch of await ai.models.generateContentStream({ model: 'gemini-2.5-flash', contents: 'run it', config: { cachedContent: c.name } }))
      chunks.push(ch);
    expect(chunks.map((ch) => Object.keys(ch.candidates?.[0]?.content?.parts?.[0] ?? {}))).toEqual([
      ['text'],
      ['text'],
      ['executableCode'],
      ['codeExecutionResult'],
    ]);
    expect(chunks.at(-1)?.executableCode).toBeUndefined();
    expect(chunks.map((ch) => ch.text ?? '').join('')).toBe('Let me check the code.');
    expect(chunks[2]?.executableCode).toBe('print(1)');
    expect(chunks.at(-1)?.codeExecutionResult).toBe('1');
    expect((await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'plain' })).text).toBe('no cache');
    expect((await vertexClient().models.generateContent({ model: 'gemini-2.5-flash', contents: 'plain' })).text).toBe('vertex only');
  });

  it('refuses ambiguous or misspelt seeds with a named error', () => {
    expect(() => fakes.modelCache.seed.reply({ text: 'a', functionCall: { name: 'f' } })).toThrow(/at most one of text, parts and functionCall/);
    expect(() => fakes.modelCache.seed.reply({ text: 'a', finishReason: 'DONE' as never })).toThrow(/finishReason/);
    expect(() => fakes.modelCache.seed.reply({ match: { txt: 'a' } as never, text: 'a' })).toThrow(/txt/);
    expect(fakes.state.modelCache.replies).toEqual([]);
  });
});

describe('cache placement', () => {
  it('Vertex: a cache of another location or project is not found', async () => {
    const eu = fakes.modelCache.seed.cachedContent({ project: 'p', location: 'europe-west4' });
    const other = fakes.modelCache.seed.cachedContent({ project: 'q', location: 'us-central1' });
    const ai = vertexClient();
    for (const c of [eu, other]) {
      const err = await apiError(ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi', config: { cachedContent: c.name } }));
      expect(err.status).toBe(404);
      expect(err.body.error.message).toBe(`Not found: cached content metadata for ${c.id}.`);
    }
  });

  it('Gemini API: a cache of another project (key) is not found', async () => {
    const keyP = fakes.modelCache.seed.credential({ apiKey: 'AIza-p', project: 'p' });
    const keyQ = fakes.modelCache.seed.credential({ apiKey: 'AIza-q', project: 'q' });
    const cache = await geminiClient(keyP).caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024) } });
    const ok = await geminiClient(keyP).models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi', config: { cachedContent: cache.name as string } });
    expect(ok.usageMetadata?.cachedContentTokenCount).toBe(1024);
    const err = await apiError(
      geminiClient(keyQ).models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi', config: { cachedContent: cache.name as string } }),
    );
    expect(err.status).toBe(403);
    expect(err.body.error.message).toBe('CachedContent not found (or permission denied)');
  });

  it('a seeded cache with expireAfterUses expires right after its last use', async () => {
    const c = fakes.modelCache.seed.cachedContent({ api: 'gemini', expireAfterUses: 2 });
    const ai = geminiClient();
    for (const turn of ['one', 'two']) await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: turn, config: { cachedContent: c.name } });
    const err = await apiError(ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'three', config: { cachedContent: c.name } }));
    expect(err.status).toBe(403);
    expect(fakes.modelCache.get(c.name)).toBeUndefined();
  });
});

describe('bad input on the generate routes', () => {
  const V = 'https://us-central1-aiplatform.googleapis.com/v1beta1/projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash';
  const G = 'https://generativelanguage.googleapis.com/v1/models/gemini-2.5-flash';
  const ROUTES = [':generateContent', ':streamGenerateContent?alt=sse', ':countTokens'].flatMap((m) => [
    { url: `${V}${m}`, headers: { authorization: 'Bearer t' } as Record<string, string> },
    { url: `${G}${m}`, headers: { 'x-goog-api-key': 'AIza-k' } as Record<string, string> },
  ]);
  const BODIES: Array<[string, string]> = [
    ['malformed JSON', '{"contents": ['],
    ['a JSON array', '[]'],
    ['a JSON string', '"hello"'],
    ['an unknown field', JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'x' }] }], colour: 'red' })],
    ['contents of the wrong type', JSON.stringify({ contents: 'hello' })],
    ['no contents', JSON.stringify({})],
    ['a content without parts', JSON.stringify({ contents: [{ role: 'user', parts: [] }] })],
    ['a bad role', JSON.stringify({ contents: [{ role: 'system', parts: [{ text: 'x' }] }] })],
    ['a part with no data', JSON.stringify({ contents: [{ role: 'user', parts: [{ videoMetadata: { endOffset: '1s' } }] }] })],
    [
      'a function response with no call before it',
      JSON.stringify({ contents: [{ role: 'user', parts: [{ functionResponse: { name: 'f', response: {} } }] }] }),
    ],
    ['a part text of the wrong type', JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 5 }] }] })],
    ['an invalid tool', JSON.stringify({ contents: [{ parts: [{ text: 'x' }] }], tools: [{ functionDeclarations: [{ name: '1 bad' }] }] })],
    ['a generationConfig of the wrong type', JSON.stringify({ contents: [{ parts: [{ text: 'x' }] }], generationConfig: { temperature: 'hot' } })],
    ['a cachedContent of the wrong type', JSON.stringify({ contents: [{ parts: [{ text: 'x' }] }], cachedContent: 42 })],
    ['a malformed cache name', JSON.stringify({ contents: [{ parts: [{ text: 'x' }] }], cachedContent: 'a/b/c' })],
  ];
  it.each(BODIES)("%s: Google's envelope on every route, never a 5xx, nothing written", async (_what, body) => {
    fakes.modelCache.seed.cachedContent({ expireAfterUses: 1 });
    for (const r of ROUTES) {
      const before = fakes.snapshot();
      const res = await fakes.fetch(r.url, { method: 'POST', headers: { ...r.headers, 'content-type': 'application/json' }, body });
      // countTokens legitimately answers 200 for some inputs the generate routes refuse (no cache rules apply): then it must be the count.
      const json = (await res.json()) as { error?: { code: number; status: string; message: string; details?: unknown[] }; totalTokens?: number };
      expect(res.status, `${r.url} ${body}`).toBeLessThan(500);
      if (res.status === 200) {
        expect(r.url).toContain(':countTokens');
        expect(json.totalTokens).toEqual(expect.any(Number));
      } else {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(json.error).toMatchObject({ code: res.status, status: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
        // A server-sent-events stream carries its error as text/event-stream, as the real service does.
        expect(res.headers.get('content-type')).toContain(r.url.endsWith('alt=sse') ? 'text/event-stream' : 'application/json');
        if (json.error?.details) expect(json.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ '@type': expect.any(String) })]));
      }
      expect(fakes.snapshot()).toBe(before);
    }
  });
});

describe('countTokens on the wire', () => {
  it('Gemini API: a generateContentRequest with cachedContent counts the cache and reports cachedContentTokenCount', async () => {
    const c = fakes.modelCache.seed.cachedContent({ api: 'gemini', contents: contentsOfTokens(2000) });
    const url = 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:countTokens';
    const post = (body: unknown) =>
      fakes.fetch(url, { method: 'POST', headers: { 'x-goog-api-key': 'k', 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const contents = [{ role: 'user', parts: [{ text: 'abcdefgh' }] }];
    const res = await post({ generateContentRequest: { model: 'models/gemini-2.5-flash', contents, cachedContent: c.name } });
    expect(res.status).toBe(200);
    // CountTokensResponse of the Gemini API: totalTokens, cachedContentTokenCount, the per-content breakdown, promptTokensDetails, cacheTokensDetails.
    expect(await res.json()).toEqual({
      totalTokens: 2002,
      cachedContentTokenCount: 2000,
      systemInstructionsTokens: {},
      contentTokens: [{ partTokens: [2], roleTokens: 0 }],
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: 2002 }],
      cacheTokensDetails: [{ modality: 'TEXT', tokenCount: 2000 }],
    });
    expect(fakes.calls.at(-1)?.tags).toContain(`cachedContent=${c.name}`);
    const both = await post({ contents, generateContentRequest: { contents } });
    expect(both.status).toBe(400);
    fakes.clock.advance('2h');
    expect((await post({ generateContentRequest: { contents, cachedContent: c.name } })).status).toBe(403);
  });

  it('Vertex: totalTokens counts contents, systemInstruction and tools; totalBillableCharacters the text without whitespace', async () => {
    const res = await vertexClient().models.countTokens({
      model: 'gemini-2.5-flash',
      contents: 'ab cd ef gh',
      config: { systemInstruction: 'be brief', tools: [{ functionDeclarations: [{ name: 'f' }] }] },
    });
    // ceil((11 + 8) / 4) = 5 text tokens + ceil(JSON.stringify(tools).length / 4) = ceil(35 / 4) = 9.
    expect(res.totalTokens).toBe(5 + Math.ceil(JSON.stringify([{ functionDeclarations: [{ name: 'f' }] }]).length / 4));
    expect(fakes.calls.at(-1)?.response.body).toMatchObject({ totalBillableCharacters: 15 });
  });
});
