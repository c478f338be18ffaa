// Every rule of the model cache document ("Cached Content Resource of a Model-Serving API"), one test
// each, organised by the document's sections and named by the rule it checks. The oracle is the
// document's text (quoted in each test name); where the document is silent ("not shown"), the real
// service's published behaviour. Rules are driven through the wire (fakes.fetch with the exact JSON a
// client sends) and, for the methods, through the real @google/genai.
import { createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentsOfTokens, geminiClient, vertexClient } from './helpers.js';

const T0 = '2026-01-01T00:00:00Z';
let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes({ clock: T0 }).install();
});
afterEach(() => fakes.uninstall());

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: { error?: { code: number; status: string; message: string; details?: Json[] } } & Json;
}

const VERTEX = 'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/cachedContents';
const GEMINI = 'https://generativelanguage.googleapis.com/v1beta/cachedContents';
const VMODEL = 'projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash';
const contents = contentsOfTokens(1100);

async function call(method: string, url: string, body?: unknown): Promise<Answer> {
  const gemini = url.includes('generativelanguage');
  const res = await fakes.fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(gemini ? { 'x-goog-api-key': 'AIza-k' } : { authorization: 'Bearer t' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}
const create = (extra: Json = {}) => call('POST', VERTEX, { model: VMODEL, contents, ...extra });
const createGemini = (extra: Json = {}) => call('POST', GEMINI, { model: 'models/gemini-2.5-flash', contents, ...extra });

async function accepted(p: Promise<Answer>): Promise<Json> {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
/** A 400 INVALID_ARGUMENT whose message names `field` (and matches `text`), in Google's envelope, that stored nothing. */
async function refused(p: () => Promise<Answer>, field: string, text?: RegExp): Promise<void> {
  const before = fakes.snapshot();
  const r = await p();
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
  expect(r.body.error?.message).toContain(field);
  if (text) expect(r.body.error?.message).toMatch(text);
  expect(fakes.snapshot()).toBe(before);
}
const tools = (...t: Json[]) => ({ tools: t });
const fns = (...f: Json[]) => tools({ functionDeclarations: f });
const params = (parameters: Json) => fns({ name: 'f', parameters });
const prop = (schema: Json) => params({ type: 'OBJECT', properties: { a: schema } });
const P = 'cached_content.tools[0].function_declarations[0].parameters';
const DS = 'projects/p/locations/global/collections/c/dataStores/d';
const ENGINE = 'projects/p/locations/global/collections/c/engines/e';
const CORPUS = 'projects/p/locations/us-central1/ragCorpora/a';
const search = (s: Json) => tools({ retrieval: { vertexAiSearch: s } });
const VGEN = `https://us-central1-aiplatform.googleapis.com/v1/${VMODEL}:generateContent`;
const GGEN = 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent';
const user = (...parts: Json[]) => ({ role: 'user', parts });
const model = (...parts: Json[]) => ({ role: 'model', parts });
const fcall = (name: string) => ({ functionCall: { name, args: {} } });
const fresp = (name: string) => ({ functionResponse: { name, response: { ok: true } } });
/** A generate call on both wires: the status and error message of each. */
async function generateBoth(body: Json): Promise<Array<{ status: number; message: string | undefined }>> {
  const out = [];
  for (const url of [VGEN, GGEN]) {
    const r = await call('POST', url, body);
    out.push({ status: r.status, message: r.body.error?.message });
  }
  return out;
}
const rag = (r: Json) => tools({ retrieval: { vertexRagStore: r } });

describe('§1 What the service does', () => {
  it('"Creating one stores the cached content in the service\'s data storage": a created cache can be read back', async () => {
    const c = await accepted(create({ displayName: 'kb' }));
    expect(fakes.modelCache.get(c.name as string)).toMatchObject({ name: c.name, displayName: 'kb' });
    expect((await accepted(call('GET', `https://us-central1-aiplatform.googleapis.com/v1/${c.name}`))).name).toBe(c.name);
  });
  it('"Five methods exist: create, delete, get, list, update" — all five through @google/genai, on both wires', async () => {
    for (const ai of [vertexClient(), geminiClient()]) {
      const c = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents } });
      expect((await ai.caches.get({ name: c.name as string })).name).toBe(c.name);
      expect((await ai.caches.list()).page.map((x) => x.name)).toContain(c.name);
      expect((await ai.caches.update({ name: c.name as string, config: { ttl: '7200s' } })).expireTime).toBe('2026-01-01T02:00:00Z');
      await ai.caches.delete({ name: c.name as string });
      await expect(ai.caches.get({ name: c.name as string })).rejects.toMatchObject({ status: expect.any(Number) });
    }
    const ops = new Set(fakes.calls.map((c) => c.operation));
    expect([...ops].sort()).toEqual(['cachedContents/create', 'cachedContents/delete', 'cachedContents/get', 'cachedContents/list', 'cachedContents/update']);
  });
});

describe('§2.1 CachedContent', () => {
  it('name: "Server-generated. Format projects/{project}/locations/{location}/cachedContents/{cachedContent}" — a name sent on create is not used', async () => {
    const c = await accepted(create({ name: 'projects/p/locations/us-central1/cachedContents/mine' }));
    expect(c.name).toMatch(/^projects\/p\/locations\/us-central1\/cachedContents\/\d{19}$/);
    expect((await accepted(createGemini({ name: 'cachedContents/mine' }))).name).toMatch(/^cachedContents\/[0-9a-z]{12}$/);
  });
  it('name: "identifier, immutable" — an update cannot rename', async () => {
    const c = await accepted(create());
    const u = await accepted(
      call('PATCH', `https://us-central1-aiplatform.googleapis.com/v1/${c.name}`, { name: 'projects/p/locations/us-central1/cachedContents/x', ttl: '600s' }),
    );
    expect(u.name).toBe(c.name);
  });
  it('displayName: "optional, immutable" — absent is fine (Vertex omits it), an update of it is refused', async () => {
    const c = await accepted(create());
    expect(c).not.toHaveProperty('displayName');
    await refused(() => call('PATCH', `https://us-central1-aiplatform.googleapis.com/v1/${c.name}`, { displayName: 'new' }), 'display_name');
  });
  it('model: "Format projects/{PROJECT}/locations/{LOCATION}/publishers/<publisher>/models/{MODEL}"', async () => {
    await refused(() => create({ model: 'gemini-2.5-flash' }), 'cached_content.model');
    await refused(() => create({ model: 'models/gemini-2.5-flash' }), 'cached_content.model');
    expect((await accepted(create())).model).toBe(VMODEL);
  });
  it('model: "Only published base models are supported" — another publisher is refused, an unknown model is not found', async () => {
    await refused(
      () => create({ model: 'projects/p/locations/us-central1/publishers/acme/models/gemini-2.5-flash' }),
      'cached_content.model',
      /published base models/,
    );
    const r = await create({ model: 'projects/p/locations/us-central1/publishers/google/models/my-tuned-model' });
    expect(r.status).toBe(404);
    expect(r.body.error?.status).toBe('NOT_FOUND');
  });
  it('model: "immutable" — an update of it is refused', async () => {
    const c = await accepted(create());
    const other = VMODEL.replace('gemini-2.5-flash', 'gemini-2.5-pro');
    await refused(() => call('PATCH', `https://us-central1-aiplatform.googleapis.com/v1/${c.name}`, { model: other, ttl: '600s' }), 'cached_content.model');
  });
  it('systemInstruction: "Text only"', async () => {
    await refused(
      () => create({ systemInstruction: { parts: [{ inlineData: { mimeType: 'image/png', data: 'AAAA' } }] } }),
      'cached_content.system_instruction.parts[0]',
    );
    await accepted(create({ systemInstruction: { parts: [{ text: 'be brief' }, { text: 'and kind' }] } }));
  });
  it('systemInstruction, contents, tools, toolConfig, encryptionSpec: "input only" — never in an answer', async () => {
    const c = await accepted(
      create({
        systemInstruction: { parts: [{ text: 's' }] },
        tools: [{ functionDeclarations: [{ name: 'f' }] }],
        toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
        encryptionSpec: { kmsKeyName: 'projects/p/locations/us-central1/keyRings/r/cryptoKeys/k' },
        ttl: '600s',
      }),
    );
    for (const field of ['systemInstruction', 'contents', 'tools', 'toolConfig', 'encryptionSpec', 'ttl']) expect(c).not.toHaveProperty(field);
    for (const field of ['name', 'model', 'createTime', 'updateTime', 'expireTime', 'usageMetadata']) expect(c).toHaveProperty(field);
  });
  it('contents, tools, toolConfig, systemInstruction, encryptionSpec: "immutable" — an update of any is refused', async () => {
    const c = await accepted(create());
    const url = `https://us-central1-aiplatform.googleapis.com/v1/${c.name}`;
    await refused(() => call('PATCH', url, { contents }), 'cached_content.contents');
    await refused(() => call('PATCH', url, { tools: [{ codeExecution: {} }] }), 'cached_content.tools');
    await refused(() => call('PATCH', url, { toolConfig: {} }), 'cached_content.tool_config');
    await refused(() => call('PATCH', url, { systemInstruction: { parts: [{ text: 'x' }] } }), 'cached_content.system_instruction');
    await refused(
      () => call('PATCH', url, { encryptionSpec: { kmsKeyName: 'projects/p/locations/l/keyRings/r/cryptoKeys/k' } }),
      'cached_content.encryption_spec',
    );
  });
  it('contents: "optional" — a cache of a system instruction alone is fine; a part with no data is refused (the real parser\'s oneof rule)', async () => {
    const c = await accepted(call('POST', VERTEX, { model: VMODEL, systemInstruction: { parts: [{ text: 'abcd'.repeat(1100) }] } }));
    expect((c.usageMetadata as Json).totalTokenCount).toBe(1100);
    await refused(
      () => create({ contents: [{ role: 'user', parts: [{ text: 'abcd'.repeat(1100) }, {}] }] }),
      'cached_content.contents[0].parts[1].data',
      /required oneof field 'data' must have one initialized field/,
    );
    await refused(
      () => createGemini({ contents: [{ role: 'user', parts: [{ videoMetadata: { endOffset: '2s' } }] }] }),
      'cached_content.contents[0].parts[0].data',
    );
  });
  it('toolConfig: "Shared by all tools" — allowed function names may come from any Tool of the cache', async () => {
    await accepted(
      create({
        tools: [{ functionDeclarations: [{ name: 'a' }] }, { functionDeclarations: [{ name: 'b' }] }],
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['a', 'b'] } },
      }),
    );
  });
  it('createTime: "output only" and "Output is Z-normalized with 0, 3, 6 or 9 fractional digits"', async () => {
    const c = await accepted(create({ createTime: '1999-01-01T00:00:00Z' }));
    expect(c.createTime).toBe('2026-01-01T00:00:00Z');
    fakes.clock.advance(1500);
    expect((await accepted(create())).createTime).toBe('2026-01-01T00:00:01.500Z');
  });
  it('createTime/expireTime: "offsets other than Z are accepted" — and answered in Z', async () => {
    expect((await accepted(create({ expireTime: '2026-01-01T03:00:00.123456+02:00' }))).expireTime).toBe('2026-01-01T01:00:00.123456Z');
  });
  it('updateTime: "output only", "UTC" — a sent updateTime is ignored, an update moves it to now', async () => {
    const c = await accepted(create({ updateTime: '1999-01-01T00:00:00Z' }));
    expect(c.updateTime).toBe('2026-01-01T00:00:00Z');
    fakes.clock.advance('2m');
    const u = await accepted(call('PATCH', `https://us-central1-aiplatform.googleapis.com/v1/${c.name}`, { ttl: '600s' }));
    expect(u.updateTime).toBe('2026-01-01T00:02:00Z');
    expect(u.createTime).toBe('2026-01-01T00:00:00Z');
  });
  it('usageMetadata: "output only" — a sent usageMetadata is ignored', async () => {
    const c = await accepted(create({ usageMetadata: { totalTokenCount: 5 } }));
    expect((c.usageMetadata as Json).totalTokenCount).toBe(1100);
  });
  it('encryptionSpec: "Customer-managed key spec" — a Cloud KMS key name', async () => {
    await refused(() => create({ encryptionSpec: { kmsKeyName: 'not-a-key' } }), 'cached_content.encryption_spec.kms_key_name');
    await refused(() => create({ encryptionSpec: { kmsKeyName: 'projects/p/locations/l/keyRings/r/cryptoKeys/k', other: 1 } }), 'encryption_spec');
  });
  it('expiration: "Exactly one of expireTime or ttl" — both is refused; neither means the 1-hour default', async () => {
    await refused(
      () => create({ ttl: '600s', expireTime: '2026-01-01T05:00:00Z' }),
      "'cached_content' (oneof)",
      /oneof field 'expiration' is already set\. Cannot set 'expireTime'/,
    );
    expect((await accepted(create())).expireTime).toBe('2026-01-01T01:00:00Z');
  });
  it('expireTime: "Always returned on output regardless of input"', async () => {
    expect((await accepted(create({ ttl: '90s' }))).expireTime).toBe('2026-01-01T00:01:30Z');
    expect((await accepted(createGemini({ ttl: '90s' }))).expireTime).toBe('2026-01-01T00:01:30Z');
  });
  it('ttl: "Seconds with up to nine fractional digits, ending in s, for example 3.5s. Expiration is now plus ttl."', async () => {
    expect((await accepted(create({ ttl: '60.5s' }))).expireTime).toBe('2026-01-01T00:01:00.500Z');
    expect((await accepted(create({ ttl: '61.000000001s' }))).expireTime).toBe('2026-01-01T00:01:01.000000001Z');
    for (const bad of ['3600', '1h', '60.0000000001s', '1e3s', '-60s']) expect((await create({ ttl: bad })).status, bad).toBe(400);
  });
});

describe('§2.2 UsageMetadata', () => {
  it('"totalTokenCount, textCount, imageCount, videoDurationSeconds, audioDurationSeconds" are integers (Vertex)', async () => {
    const c = await accepted(
      create({
        contents: [
          {
            role: 'user',
            parts: [
              { text: 'x'.repeat(4097) },
              { fileData: { mimeType: 'image/jpeg', fileUri: 'gs://b/i.jpg' } },
              { fileData: { mimeType: 'video/mp4', fileUri: 'gs://b/v.mp4' }, videoMetadata: { endOffset: '2.2s' } },
              { fileData: { mimeType: 'audio/wav', fileUri: 'gs://b/a.wav' }, videoMetadata: { endOffset: '1.5s' } },
            ],
          },
        ],
      }),
    );
    const u = c.usageMetadata as Record<string, number>;
    expect(u).toEqual({ totalTokenCount: 1025 + 258 + 3 * 263 + 2 * 32, textCount: 4097, imageCount: 1, videoDurationSeconds: 3, audioDurationSeconds: 2 });
    for (const v of Object.values(u)) expect(Number.isInteger(v)).toBe(true);
  });
  it('the Gemini API reports only totalTokenCount', async () => {
    expect((await accepted(createGemini())).usageMetadata).toEqual({ totalTokenCount: 1100 });
  });
});

describe('§2.3 Tool', () => {
  it('"exactly one kind of tool per Tool object"', async () => {
    await refused(() => create(tools({ codeExecution: {}, urlContext: {} })), 'cached_content.tools[0]', /exactly one kind/);
    await refused(() => create(tools({})), 'cached_content.tools[0]', /exactly one kind/);
  });
  it.each([
    ['functionDeclarations', { functionDeclarations: [{ name: 'f' }] }],
    ['retrieval', { retrieval: { vertexAiSearch: { datastore: DS } } }],
    ['platformSearch (googleSearch)', { platformSearch: {} }],
    ['platformSearchRetrieval (deprecated, still accepted)', { platformSearchRetrieval: {} }],
    ['platformMaps (googleMaps)', { platformMaps: { enableWidget: true } }],
    ['enterpriseWebSearch', { enterpriseWebSearch: {} }],
    ['codeExecution', { codeExecution: {} }],
    ['urlContext', { urlContext: {} }],
  ])('each kind is accepted: %s', async (_kind, tool) => {
    await accepted(create(tools(tool)));
  });
  it('codeExecution and urlContext: "No fields"', async () => {
    await refused(() => create(tools({ codeExecution: { language: 'PYTHON' } })), 'code_execution');
    await refused(() => create(tools({ urlContext: { urls: [] } })), 'url_context');
  });
  it('functionDeclarations: "the user supplies a FunctionResponse per call next turn" — both wires refuse a conversation where they do not pair up', async () => {
    const before = fakes.snapshot();
    const cases: Array<[Json[], string]> = [
      [[model(fcall('f'))], 'Please ensure that function call turn comes immediately after a user turn or after a function response turn.'],
      [
        [user({ text: 'a' }), model({ text: 'b' }), model(fcall('f'))],
        'Please ensure that function call turn comes immediately after a user turn or after a function response turn.',
      ],
      [[user(fresp('f'))], 'Please ensure that function response turn comes immediately after a function call turn.'],
      [
        [user({ text: 'a' }), model({ text: 'b' }), user(fresp('f'))],
        'Please ensure that function response turn comes immediately after a function call turn.',
      ],
      [
        [user({ text: 'a' }), model(fcall('f'), fcall('g')), user(fresp('f'))],
        'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
      ],
    ];
    for (const [turns, message] of cases) {
      for (const r of await generateBoth({ contents: turns })) expect(r, JSON.stringify(turns)).toEqual({ status: 400, message });
    }
    const paired = [user({ text: 'a' }), model(fcall('f'), fcall('g')), user(fresp('f'), fresp('g')), model({ text: 'done' }), user({ text: 'thanks' })];
    for (const r of await generateBoth({ contents: paired })) expect(r.status).toBe(200);
    // The real services also take a plain user turn that leaves a call unanswered (recorded 200 on both wires).
    const unanswered = [user({ text: 'a' }), model(fcall('f')), user({ text: 'never mind' })];
    for (const r of await generateBoth({ contents: unanswered })) expect(r.status).toBe(200);
    expect(fakes.snapshot()).toBe(before);
    // With a cache the conversation goes on from the cache's contents, which may end with the call.
    const c = fakes.modelCache.seed.cachedContent({});
    expect((await call('POST', VGEN, { contents: [user(fresp('f'))], cachedContent: c.name })).status).toBe(200);
  });
  it('functionDeclarations: "Model may call a subset; the user supplies a FunctionResponse per call next turn" — the whole loop through @google/genai chats', async () => {
    fakes.modelCache.seed.reply({ match: 'weather', functionCall: { name: 'get_weather', args: { city: 'Paris' } } });
    for (const ai of [vertexClient(), geminiClient()]) {
      const chat = ai.chats.create({
        model: 'gemini-2.5-flash',
        config: { tools: [{ functionDeclarations: [{ name: 'get_weather' }, { name: 'get_time' }] }] },
      });
      const first = await chat.sendMessage({ message: 'weather in Paris?' });
      expect(first.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }]);
      const answer = await chat.sendMessage({ message: [{ functionResponse: { name: 'get_weather', response: { temperature: 21 } } }] });
      // The turn after a function response reads as 'name: <response JSON>', so the call is not asked for again.
      expect(answer.text).toBe('echo: get_weather: {"temperature":21}');
      // A second response to the same call is not the turn after a function call any more.
      await expect(chat.sendMessage({ message: [{ functionResponse: { name: 'get_weather', response: {} } }] })).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('Please ensure that function response turn comes immediately after a function call turn.'),
      });
    }
  });
  it('functionDeclarations: "Maximum 512 declarations"', async () => {
    const many = Array.from({ length: 513 }, (_, i) => ({ name: `f${i}` }));
    await refused(() => create(fns(...many)), 'cached_content.tools[0].function_declarations', /at most 512/);
    await accepted(create(fns(...many.slice(0, 512))));
  });
});

describe('§2.4 FunctionDeclaration', () => {
  const N = 'cached_content.tools[0].function_declarations[0].name';
  it('name: "Required"', async () => {
    await refused(() => create(fns({ description: 'no name' })), N);
  });
  it('name: "Starts with a letter or underscore"', async () => {
    await refused(() => create(fns({ name: '9lives' })), N);
    await refused(() => create(fns({ name: '-x' })), N);
    await accepted(create(fns({ name: '_private' })));
  });
  it('name: "contains a-z, A-Z, 0-9, underscores, dots, dashes"', async () => {
    await accepted(create(fns({ name: 'Tools.get-weather_v2' })));
    for (const bad of ['get weather', 'get/weather', 'wetter_ä', 'a:b']) await refused(() => create(fns({ name: bad })), N);
  });
  it('name: "maximum length 64"', async () => {
    await accepted(create(fns({ name: 'a'.repeat(64) })));
    await refused(() => create(fns({ name: 'a'.repeat(65) })), N);
  });
  it('description: "Optional"', async () => {
    await accepted(create(fns({ name: 'f', description: 'what it does' })));
  });
  it('parameters: "OBJECT schema"', async () => {
    await refused(() => create(params({ type: 'ARRAY', items: { type: 'STRING' } })), `${P}.type`);
  });
  it('parameters: "parameter names are case sensitive, start with a letter or underscore, contain only a-z, A-Z, 0-9 or underscores, maximum length 64"', async () => {
    await accepted(create(params({ type: 'OBJECT', properties: { City: { type: 'STRING' }, city: { type: 'STRING' }, _n: { type: 'INTEGER' } } })));
    for (const bad of ['1st', 'user-id', 'user.id', 'a b', `p${'x'.repeat(64)}`])
      await refused(() => create(params({ type: 'OBJECT', properties: { [bad]: { type: 'STRING' } } })), `${P}.properties[`);
    await accepted(create(params({ type: 'OBJECT', properties: { [`p${'x'.repeat(63)}`]: { type: 'STRING' } } })));
  });
  it('parameters: "May be unset for no parameters"', async () => {
    await accepted(create(fns({ name: 'now' })));
  });
  it('parametersJsonSchema: "JSON Schema describing an object"; "Mutually exclusive with parameters"', async () => {
    await accepted(create(fns({ name: 'f', parametersJsonSchema: { type: 'object', properties: { 'any-name': { type: 'string' } } } })));
    await refused(() => create(fns({ name: 'f', parametersJsonSchema: { type: 'string' } })), 'parameters_json_schema');
    await refused(
      () => create(fns({ name: 'f', parameters: { type: 'OBJECT' }, parametersJsonSchema: { type: 'object' } })),
      'parameters_json_schema',
      /mutually exclusive/,
    );
  });
  it('response: "Output type" (a Schema); responseJsonSchema: "Mutually exclusive with response"', async () => {
    await accepted(create(fns({ name: 'f', response: { type: 'STRING' } })));
    await accepted(create(fns({ name: 'f', responseJsonSchema: { type: 'string' } })));
    await refused(() => create(fns({ name: 'f', response: { type: 'STRING' }, responseJsonSchema: {} })), 'response_json_schema', /mutually exclusive/);
    await refused(() => create(fns({ name: 'f', response: { type: 'TEXT' } })), 'function_declarations[0].response.type');
  });
});

describe('§2.5 Schema', () => {
  it('type: a nested Schema names its type unless it is an anyOf (or a ref): the real "must be specified when not using one_of, any_of or all_of fields"', async () => {
    await refused(
      () => create(prop({ description: 'no type' })),
      `${P}.properties[a].type`,
      /must be specified when not using one_of, any_of or all_of fields/,
    );
    await refused(() => create(prop({ type: 'ARRAY', items: {} })), `${P}.properties[a].items.type`, /must be specified/);
    await accepted(create(prop({ anyOf: [{ type: 'STRING' }, { type: 'NULL' }] })));
  });
  it('type: "TYPE_UNSPECIFIED (should not be used), STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT, NULL"', async () => {
    for (const type of ['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'NULL']) await accepted(create(prop({ type })));
    await accepted(create(prop({ type: 'ARRAY', items: { type: 'STRING' } })));
    await accepted(create(prop({ type: 'OBJECT', properties: {} })));
    await refused(() => create(prop({ type: 'TYPE_UNSPECIFIED' })), `${P}.properties[a].type`);
    await refused(() => create(prop({ type: 'DATE' })), `${P}.properties[a].type`);
  });
  it('format: "NUMBER: float, double. INTEGER: int32, int64. STRING: email, byte, enum, etc."', async () => {
    for (const [type, format] of [
      ['NUMBER', 'float'],
      ['NUMBER', 'double'],
      ['INTEGER', 'int32'],
      ['INTEGER', 'int64'],
      ['STRING', 'email'],
      ['STRING', 'byte'],
      ['STRING', 'enum'],
      ['STRING', 'date-time'],
    ])
      await accepted(create(prop({ type, format })));
    for (const [type, format] of [
      ['NUMBER', 'int32'],
      ['INTEGER', 'float'],
      ['BOOLEAN', 'int32'],
    ])
      await refused(() => create(prop({ type, format })), `${P}.properties[a].format`);
  });
  it('title, description: "string"; nullable: "boolean"', async () => {
    await accepted(create(prop({ type: 'STRING', title: 'A', description: 'the a', nullable: true })));
    await refused(() => create(prop({ type: 'STRING', nullable: 'yes' })), `${P}.properties[a].nullable`);
    await refused(() => create(prop({ type: 'STRING', title: 5 })), `${P}.properties[a].title`);
  });
  it('default, example: "value"; example: "only populated on the root"', async () => {
    await accepted(create(params({ type: 'OBJECT', example: { a: 1 }, properties: { a: { type: 'INTEGER', default: 3 } } })));
    await refused(() => create(prop({ type: 'INTEGER', example: 3 })), `${P}.properties[a].example`);
  });
  it('items: "For ARRAY"', async () => {
    await accepted(create(prop({ type: 'ARRAY', items: { type: 'INTEGER' } })));
    await refused(() => create(prop({ type: 'STRING', items: { type: 'STRING' } })), `${P}.properties[a].items`, /: only allowed for ARRAY type/);
  });
  it('minItems, maxItems: "string (int64)", "For ARRAY"', async () => {
    await accepted(create(prop({ type: 'ARRAY', items: { type: 'STRING' }, minItems: '1', maxItems: 3 })));
    await refused(() => create(prop({ type: 'ARRAY', minItems: 'one' })), `${P}.properties[a].min_items`);
    await refused(() => create(prop({ type: 'STRING', maxItems: '2' })), `${P}.properties[a].max_items`, /: only allowed for ARRAY type/);
  });
  it('enum[]: "string" — "Possible primitive values"', async () => {
    await accepted(create(prop({ type: 'STRING', format: 'enum', enum: ['red', 'green'] })));
    await refused(() => create(prop({ type: 'STRING', enum: [1, 2] })), `${P}.properties[a].enum[0]`);
  });
  it('properties: "map string to Schema", "For OBJECT"; propertyOrdering[], required[]: strings', async () => {
    await accepted(create(prop({ type: 'OBJECT', properties: { x: { type: 'STRING' } }, propertyOrdering: ['x'], required: ['x'] })));
    await refused(
      () => create(prop({ type: 'STRING', properties: { x: { type: 'STRING' } } })),
      `${P}.properties[a].properties`,
      /: only allowed for OBJECT type/,
    );
    await refused(() => create(prop({ type: 'OBJECT', required: 'x' })), `${P}.properties[a].required`);
  });
  it('required[]: "Required properties" — each names one of the properties, and only an OBJECT has them (the real wording)', async () => {
    await refused(
      () => create(params({ type: 'OBJECT', properties: { a: { type: 'STRING' } }, required: ['a', 'b'] })),
      `${P}.required[1]`,
      /property is not defined/,
    );
    await refused(() => create(params({ type: 'OBJECT', required: ['a'] })), `${P}.required[0]`, /property is not defined/);
    await refused(() => create(prop({ type: 'STRING', required: ['a'] })), `${P}.properties[a].required`, /only allowed for OBJECT type/);
    // The generate routes read the same Schema, and the Gemini API words the error with its request message.
    const r = await call('POST', GGEN, { contents: [user({ text: 'x' })], ...params({ type: 'OBJECT', properties: {}, required: ['ref'] }) });
    expect(r.status).toBe(400);
    expect(r.body.error?.message).toBe('* GenerateContentRequest.tools[0].function_declarations[0].parameters.required[0]: property is not defined\n');
  });
  it('minProperties, maxProperties: "string (int64)", "For OBJECT"', async () => {
    await accepted(create(prop({ type: 'OBJECT', minProperties: '1', maxProperties: '4' })));
    await refused(() => create(prop({ type: 'ARRAY', minProperties: '1' })), `${P}.properties[a].min_properties`, /: only allowed for OBJECT type/);
  });
  it('minimum, maximum: "number", "For INTEGER and NUMBER"', async () => {
    await accepted(create(prop({ type: 'INTEGER', minimum: 0, maximum: 10 })));
    await accepted(create(prop({ type: 'NUMBER', minimum: -0.5 })));
    await refused(() => create(prop({ type: 'STRING', minimum: 1 })), `${P}.properties[a].minimum`, /: only allowed for INTEGER and NUMBER type/);
    await refused(() => create(prop({ type: 'NUMBER', maximum: 'ten' })), `${P}.properties[a].maximum`);
  });
  it('minLength, maxLength: "string (int64)", "For STRING"; pattern: "Regular expression for STRING"', async () => {
    await accepted(create(prop({ type: 'STRING', minLength: '1', maxLength: 8, pattern: '^[a-z]+$' })));
    await refused(() => create(prop({ type: 'INTEGER', maxLength: 8 })), `${P}.properties[a].max_length`, /: only allowed for STRING type/);
    await refused(() => create(prop({ type: 'BOOLEAN', pattern: 'x' })), `${P}.properties[a].pattern`, /: only allowed for STRING type/);
  });
  it('anyOf[]: "Validated against one or more" — each alternative is a Schema', async () => {
    await accepted(create(prop({ anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }] })));
    await refused(() => create(prop({ anyOf: [{ type: 'STRING' }, { type: 'INTEGER', format: 'float' }] })), `${P}.properties[a].any_of[1].format`);
  });
  it('additionalProperties: "Boolean or object"', async () => {
    await accepted(create(prop({ type: 'OBJECT', additionalProperties: false })));
    await accepted(create(prop({ type: 'OBJECT', additionalProperties: { type: 'STRING' } })));
    await refused(() => create(prop({ type: 'OBJECT', additionalProperties: 5 })), `${P}.properties[a].additional_properties`);
    await refused(() => create(prop({ type: 'OBJECT', additionalProperties: 'yes' })), `${P}.properties[a].additional_properties`);
  });
  it('ref: "Reference to a child of the root defs, form #/defs/<Name>"; defs: "Only at the root"', async () => {
    const root = (a: Json, extra: Json = {}) => create(params({ type: 'OBJECT', properties: { a }, defs: { Item: { type: 'STRING' } }, ...extra }));
    await accepted(root({ ref: '#/defs/Item' }));
    await refused(() => root({ ref: '#/defs/Other' }), `${P}.properties[a].ref`);
    await refused(() => root({ ref: '#/$defs/Item' }), `${P}.properties[a].ref`);
    await refused(() => root({ type: 'OBJECT', defs: { X: { type: 'STRING' } } }), `${P}.properties[a].defs`);
  });
  it('an unknown Schema field is the parser\'s error (the subset has no "oneOf")', async () => {
    const r = await create(prop({ oneOf: [] }));
    expect(r.status).toBe(400);
    expect(r.body.error?.message).toBe(`Invalid JSON payload received. Unknown name "oneOf" at '${P}.properties[a]': Cannot find field.`);
  });
});

describe('§2.6 Retrieval, search and ranking types', () => {
  const R = 'cached_content.tools[0].retrieval';
  it('Retrieval: "disableAttribution (boolean, deprecated, unsupported)" — a boolean is read, nothing else', async () => {
    await accepted(create(tools({ retrieval: { disableAttribution: true, vertexAiSearch: { datastore: DS } } })));
    await refused(() => create(tools({ retrieval: { disableAttribution: 'yes', vertexAiSearch: { datastore: DS } } })), `${R}.disable_attribution`);
  });
  it('Retrieval: "source union, exactly one of managedSearch or managedRagStore"', async () => {
    await refused(() => create(tools({ retrieval: {} })), R, /exactly one source/);
    await refused(
      () => create(tools({ retrieval: { managedSearch: { datastore: DS }, managedRagStore: { ragResources: [{ ragCorpus: CORPUS }] } } })),
      R,
      /exactly one source/,
    );
    await accepted(create(tools({ retrieval: { managedRagStore: { ragResources: [{ ragCorpus: CORPUS }] } } })));
  });
  it('ManagedSearch: datastore "format projects/{project}/locations/{location}/collections/{collection}/dataStores/{dataStore}"', async () => {
    await refused(() => create(search({ datastore: 'projects/p/locations/global/dataStores/d' })), `${R}.vertex_ai_search.datastore`);
  });
  it('ManagedSearch: engine "format projects/{project}/locations/{location}/collections/{collection}/engines/{engine}"', async () => {
    await accepted(create(search({ engine: ENGINE })));
    await refused(() => create(search({ engine: 'engines/e' })), `${R}.vertex_ai_search.engine`);
  });
  it('ManagedSearch: "datastore and engine are mutually exclusive"', async () => {
    await refused(() => create(search({ datastore: DS, engine: ENGINE })), `${R}.vertex_ai_search`, /mutually exclusive/);
  });
  it('ManagedSearch: "maxResults (integer, default 10, maximum 10)"', async () => {
    await accepted(create(search({ datastore: DS, maxResults: 10 })));
    await accepted(create(search({ datastore: DS })));
    await refused(() => create(search({ datastore: DS, maxResults: 11 })), `${R}.vertex_ai_search.max_results`);
    await refused(() => create(search({ datastore: DS, maxResults: 2.5 })), `${R}.vertex_ai_search.max_results`);
  });
  it('ManagedSearch: "filter (string)"', async () => {
    await accepted(create(search({ datastore: DS, filter: 'lang: ANY("en")' })));
    await refused(() => create(search({ datastore: DS, filter: 7 })), `${R}.vertex_ai_search.filter`);
  });
  it('ManagedSearch: dataStoreSpecs "only set when engine is used"', async () => {
    await accepted(create(search({ engine: ENGINE, dataStoreSpecs: [{ dataStore: DS, filter: 'x' }] })));
    await refused(() => create(search({ datastore: DS, dataStoreSpecs: [{ dataStore: DS }] })), `${R}.vertex_ai_search.data_store_specs`);
  });
  it('DataStoreSpec: "dataStore (string full resource name)"', async () => {
    await refused(() => create(search({ engine: ENGINE, dataStoreSpecs: [{ dataStore: 'd' }] })), `${R}.vertex_ai_search.data_store_specs[0].data_store`);
  });
  it('ManagedRagStore: "ragResources[] (one corpus, or multiple files of one corpus)"', async () => {
    await accepted(create(rag({ ragResources: [{ ragCorpus: CORPUS, ragFileIds: ['1', '2', '3'] }] })));
    await refused(
      () => create(rag({ ragResources: [{ ragCorpus: CORPUS }, { ragCorpus: 'projects/p/locations/us-central1/ragCorpora/b' }] })),
      `${R}.vertex_rag_store.rag_resources`,
    );
  });
  it('ManagedRagStore: "similarityTopK (integer, deprecated), vectorDistanceThreshold (number, deprecated)" — still read', async () => {
    await accepted(create(rag({ ragResources: [{ ragCorpus: CORPUS }], similarityTopK: 5, vectorDistanceThreshold: 0.3 })));
    await refused(() => create(rag({ ragResources: [{ ragCorpus: CORPUS }], similarityTopK: 1.5 })), `${R}.vertex_rag_store.similarity_top_k`);
  });
  it('RagResource: ragCorpus "format projects/{project}/locations/{location}/ragCorpora/{ragCorpus}"; "ragFileIds[] (strings in the same corpus)"', async () => {
    await refused(() => create(rag({ ragResources: [{ ragCorpus: 'corpora/a' }] })), `${R}.vertex_rag_store.rag_resources[0].rag_corpus`);
    await refused(() => create(rag({ ragResources: [{ ragFileIds: ['1'] }] })), `${R}.vertex_rag_store.rag_resources[0].rag_corpus`);
  });
  it('Filter: "union vector_db_threshold with exactly one of vectorDistanceThreshold or vectorSimilarityThreshold"', async () => {
    const cfg = (filter: Json) => rag({ ragResources: [{ ragCorpus: CORPUS }], ragRetrievalConfig: { filter } });
    await accepted(create(cfg({ metadataFilter: 'a = 1', vectorSimilarityThreshold: 0.8 })));
    await accepted(create(cfg({ vectorDistanceThreshold: 0.2 })));
    await refused(() => create(cfg({ vectorDistanceThreshold: 0.2, vectorSimilarityThreshold: 0.8 })), `${R}.vertex_rag_store.rag_retrieval_config.filter`);
  });
  it('Ranking: "union ranking_config with exactly one of rankService or llmRanker" (each with a modelName string)', async () => {
    const cfg = (ranking: Json) => rag({ ragResources: [{ ragCorpus: CORPUS }], ragRetrievalConfig: { ranking } });
    await accepted(create(cfg({ rankService: { modelName: 'semantic-ranker-default@latest' } })));
    await accepted(create(cfg({ llmRanker: { modelName: 'gemini-2.5-flash' } })));
    await refused(() => create(cfg({ rankService: { modelName: 'r' }, llmRanker: { modelName: 'l' } })), `${R}.vertex_rag_store.rag_retrieval_config.ranking`);
    await refused(() => create(cfg({ llmRanker: { modelName: 3 } })), 'llm_ranker.model_name');
  });
  it('PlatformSearch / EnterpriseWebSearch: "excludeDomains[] (strings; default limit 2000 domains)"', async () => {
    const domains = Array.from({ length: 2001 }, (_, i) => `d${i}.example`);
    for (const kind of ['platformSearch', 'enterpriseWebSearch']) {
      await accepted(create(tools({ [kind]: { excludeDomains: domains.slice(0, 2000) } })));
      await refused(() => create(tools({ [kind]: { excludeDomains: domains } })), 'exclude_domains', /at most 2000/);
    }
  });
  it('PhishBlockThreshold: the seven values, "PHISH_BLOCK_THRESHOLD_UNSPECIFIED (default)" among them; nothing else', async () => {
    const values = [
      'PHISH_BLOCK_THRESHOLD_UNSPECIFIED',
      'BLOCK_LOW_AND_ABOVE',
      'BLOCK_MEDIUM_AND_ABOVE',
      'BLOCK_HIGH_AND_ABOVE',
      'BLOCK_HIGHER_AND_ABOVE',
      'BLOCK_VERY_HIGH_AND_ABOVE',
      'BLOCK_ONLY_EXTREMELY_HIGH',
    ];
    for (const v of values) await accepted(create(tools({ enterpriseWebSearch: { blockingConfidence: v } })));
    await refused(() => create(tools({ platformSearch: { blockingConfidence: 'BLOCK_NONE' } })), 'google_search.blocking_confidence');
  });
  it('PlatformSearchRetrieval: "dynamicRetrievalConfig: mode enum MODE_UNSPECIFIED, MODE_DYNAMIC; dynamicThreshold number, optional"', async () => {
    for (const mode of ['MODE_UNSPECIFIED', 'MODE_DYNAMIC'])
      await accepted(create(tools({ platformSearchRetrieval: { dynamicRetrievalConfig: { mode, dynamicThreshold: 0.7 } } })));
    await accepted(create(tools({ platformSearchRetrieval: { dynamicRetrievalConfig: {} } })));
    await refused(() => create(tools({ platformSearchRetrieval: { dynamicRetrievalConfig: { mode: 'MODE_ALWAYS' } } })), 'dynamic_retrieval_config.mode');
    await refused(() => create(tools({ platformSearchRetrieval: { dynamicRetrievalConfig: { dynamicThreshold: 'high' } } })), 'dynamic_threshold');
  });
  it('PlatformMaps: "enableWidget (boolean, optional)"', async () => {
    await accepted(create(tools({ platformMaps: {} })));
    await refused(() => create(tools({ platformMaps: { enableWidget: 'true' } })), 'google_maps.enable_widget');
  });
  it('PlatformMaps: "true includes the widget context token in the response" — in the request\'s tools or the cache\'s', async () => {
    for (const ai of [vertexClient(), geminiClient()]) {
      const ask = (config: Json) => ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'coffee nearby?', config });
      const token = (await ask({ tools: [{ googleMaps: { enableWidget: true } }] })).candidates?.[0]?.groundingMetadata?.googleMapsWidgetContextToken;
      expect(token).toMatch(/^widgetcontent\/[A-Za-z0-9_-]+$/);
      expect((await ask({ tools: [{ googleMaps: {} }] })).candidates?.[0]?.groundingMetadata).toBeUndefined();
      const cache = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents, tools: [{ googleMaps: { enableWidget: true } }] } });
      const cached = await ask({ cachedContent: cache.name });
      expect(cached.candidates?.[0]?.groundingMetadata?.googleMapsWidgetContextToken).toMatch(/^widgetcontent\//);
    }
  });
  it('ToolConfig: "functionCallingConfig, retrievalConfig"', async () => {
    await accepted(create({ toolConfig: { functionCallingConfig: { mode: 'NONE' }, retrievalConfig: { languageCode: 'en' } } }));
    await refused(() => create({ toolConfig: { functionCalling: {} } }), 'cached_content.tool_config');
  });
  it('FunctionCallingConfig: "mode (enum MODE_UNSPECIFIED should not be used; AUTO, ANY, NONE)"', async () => {
    for (const mode of ['AUTO', 'ANY', 'NONE']) await accepted(create({ ...fns({ name: 'f' }), toolConfig: { functionCallingConfig: { mode } } }));
    await refused(
      () => create({ toolConfig: { functionCallingConfig: { mode: 'MODE_UNSPECIFIED' } } }),
      'cached_content.tool_config.function_calling_config.mode',
    );
    await refused(() => create({ toolConfig: { functionCallingConfig: { mode: 'SOMETIMES' } } }), 'cached_content.tool_config.function_calling_config.mode');
  });
  it('FunctionCallingConfig: "allowedFunctionNames[] (strings matching FunctionDeclaration names, set only when mode is ANY)"', async () => {
    const F = 'cached_content.tool_config.function_calling_config.allowed_function_names';
    await accepted(create({ ...fns({ name: 'f' }, { name: 'g' }), toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['g'] } } }));
    await refused(() => create({ ...fns({ name: 'f' }), toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['h'] } } }), `${F}[0]`);
    await refused(
      () => create({ ...fns({ name: 'f' }), toolConfig: { functionCallingConfig: { mode: 'AUTO', allowedFunctionNames: ['f'] } } }),
      F,
      /mode is ANY/,
    );
    await refused(() => create({ ...fns({ name: 'f' }), toolConfig: { functionCallingConfig: { allowedFunctionNames: ['f'] } } }), F, /mode is ANY/);
  });
  it('FunctionCallingConfig: "AUTO, the model chooses between a function call and text; ANY, function calls only, limited to allowedFunctionNames when set; NONE, no function calls" — what generate calls answer', async () => {
    fakes.modelCache.seed.reply({ match: 'call f', functionCall: { name: 'f', args: { x: 1 } } });
    fakes.modelCache.seed.reply({ match: 'say hi', text: 'hi' });
    const declared = [{ functionDeclarations: [{ name: 'f' }, { name: 'g' }] }];
    const ask = (ai: ReturnType<typeof geminiClient>, text: string, mode?: 'AUTO' | 'ANY' | 'NONE', allowed?: string[]) =>
      ai.models.generateContent({
        model: 'gemini-2.5-flash',
        contents: text,
        config: {
          tools: declared,
          ...(mode ? { toolConfig: { functionCallingConfig: { mode: mode as never, ...(allowed ? { allowedFunctionNames: allowed } : {}) } } } : {}),
        },
      });
    for (const ai of [vertexClient(), geminiClient()]) {
      // AUTO (and no config): the seeded answer, call or text.
      expect((await ask(ai, 'call f', 'AUTO')).functionCalls).toEqual([{ name: 'f', args: { x: 1 } }]);
      expect((await ask(ai, 'say hi')).text).toBe('hi');
      // ANY: a text answer cannot come back; a call of a function outside allowedFunctionNames cannot either.
      expect((await ask(ai, 'say hi', 'ANY')).functionCalls).toEqual([{ name: 'f', args: {} }]);
      expect((await ask(ai, 'call f', 'ANY', ['g'])).functionCalls).toEqual([{ name: 'g', args: {} }]);
      expect((await ask(ai, 'call f', 'ANY', ['f', 'g'])).functionCalls).toEqual([{ name: 'f', args: { x: 1 } }]);
      // NONE: no function call, whatever was seeded.
      const none = await ask(ai, 'call f', 'NONE');
      expect(none.functionCalls).toBeUndefined();
      expect(none.text).toBe('echo: call f');
    }
  });
  it('FunctionCallingConfig in a cache: "Shared by all tools" — calls using the cache answer under its mode', async () => {
    for (const ai of [vertexClient(), geminiClient()]) {
      const cache = await ai.caches.create({
        model: 'gemini-2.5-flash',
        config: {
          contents,
          tools: [{ functionDeclarations: [{ name: 'lookup' }] }, { functionDeclarations: [{ name: 'book' }] }],
          toolConfig: { functionCallingConfig: { mode: 'ANY' as never, allowedFunctionNames: ['book'] } },
        },
      });
      const res = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'a table for two', config: { cachedContent: cache.name as string } });
      expect(res.functionCalls).toEqual([{ name: 'book', args: {} }]);
      expect(res.usageMetadata?.cachedContentTokenCount).toBe(
        1100 + Math.ceil(JSON.stringify([{ functionDeclarations: [{ name: 'lookup' }] }, { functionDeclarations: [{ name: 'book' }] }]).length / 4),
      );
    }
  });
});

describe('§3 States and transitions', () => {
  it('"The resource has an expiration time (expireTime, computed from ttl when given)": live before it, gone at it', async () => {
    const c = await accepted(create({ ttl: '120s' }));
    const url = `https://us-central1-aiplatform.googleapis.com/v1/${c.name}`;
    fakes.clock.advance(119_999);
    expect((await call('GET', url)).status).toBe(200);
    fakes.clock.advance(1);
    const gone = await call('GET', url);
    expect(gone.status).toBe(404);
    expect((await call('PATCH', url, { ttl: '600s' })).status).toBe(404);
    expect((await call('DELETE', url)).status).toBe(404);
    expect((await accepted(call('GET', VERTEX))).cachedContents).toBeUndefined();
  });
  it('an update moves the expiration; the cache then lives until the new expireTime', async () => {
    const c = await accepted(create({ ttl: '60s' }));
    const url = `https://us-central1-aiplatform.googleapis.com/v1/${c.name}`;
    await accepted(call('PATCH', url, { expireTime: '2026-01-01T00:10:00Z' }));
    fakes.clock.advance('9m');
    expect((await call('GET', url)).status).toBe(200);
    fakes.clock.advance('1m');
    expect((await call('GET', url)).status).toBe(404);
  });
});

describe('§4 Endpoints', () => {
  it('list: "in a project" — only the caches of the project and location asked', async () => {
    const mine = await accepted(create());
    fakes.modelCache.seed.cachedContent({ project: 'q', location: 'us-central1' });
    fakes.modelCache.seed.cachedContent({ project: 'p', location: 'europe-west4' });
    const page = await accepted(call('GET', VERTEX));
    expect((page.cachedContents as Json[]).map((c) => c.name)).toEqual([mine.name]);
  });
  it('update: "cached content configuration" — only the expiration is updatable', async () => {
    const c = await accepted(create());
    await refused(
      () => call('PATCH', `https://us-central1-aiplatform.googleapis.com/v1/${c.name}?updateMask=display_name`, { displayName: 'x' }),
      'update_mask',
    );
  });
  it('delete answers {} and the cache is gone', async () => {
    const c = await accepted(create());
    expect(await accepted(call('DELETE', `https://us-central1-aiplatform.googleapis.com/v1/${c.name}`))).toEqual({});
    expect(fakes.modelCache.get(c.name as string)).toBeUndefined();
  });
});

describe('§5 Authentication ("not shown": as the real hosts)', () => {
  it('no credential: Vertex 401 UNAUTHENTICATED, Gemini API 403 PERMISSION_DENIED', async () => {
    const v = await fakes.fetch(VERTEX, { method: 'GET' });
    expect(v.status).toBe(401);
    const g = await fakes.fetch(GEMINI, { method: 'GET' });
    expect(g.status).toBe(403);
  });
});

describe('§7 Errors ("not shown": Google\'s AIP-193 envelope)', () => {
  it('every error is { error: { code, message, status, details? } } with the HTTP status in code', async () => {
    const answers = [
      await create({ ttl: 'soon' }),
      await create({ colour: 'red' }),
      await call('GET', `${VERTEX}/3000000000000000000`),
      await call('GET', `${GEMINI}/nope`),
      await call('POST', 'https://us-central1-aiplatform.googleapis.com/v9/projects/p/locations/us-central1/cachedContents', {}),
    ];
    for (const a of answers) {
      expect(Object.keys(a.body)).toEqual(['error']);
      expect(a.body.error?.code).toBe(a.status);
      expect(a.body.error?.message).toEqual(expect.any(String));
      expect(a.body.error?.status).toMatch(/^[A-Z_]+$/);
      for (const d of a.body.error?.details ?? []) expect(d['@type']).toMatch(/^type\.googleapis\.com\/google\.rpc\./);
    }
  });
});

describe('§8 Limits', () => {
  it("the document's limit table holds on the Gemini API as on Vertex (512 declarations, 64-character names, 2000 domains, maxResults 10)", async () => {
    const G = 'cached_content.tools[0]';
    await refused(() => createGemini(fns(...Array.from({ length: 513 }, (_, i) => ({ name: `f${i}` })))), `${G}.function_declarations`);
    await refused(() => createGemini(fns({ name: 'n'.repeat(65) })), `${G}.function_declarations[0].name`);
    await refused(
      () => createGemini(params({ type: 'OBJECT', properties: { ['q'.repeat(65)]: { type: 'STRING' } } })),
      `${G}.function_declarations[0].parameters.properties[`,
    );
    await refused(
      () => createGemini(tools({ googleSearch: { excludeDomains: Array.from({ length: 2001 }, (_, i) => `d${i}.x`) } })),
      `${G}.google_search.exclude_domains`,
    );
    await refused(() => createGemini(search({ engine: ENGINE, maxResults: 11 })), `${G}.retrieval.vertex_ai_search.max_results`);
  });
  it('the Gemini API words field errors as "* CreateCachedContentRequest.<path>: <text>"', async () => {
    const r = await createGemini(fns({ name: '1x' }));
    expect(r.body.error?.message).toMatch(/^\* CreateCachedContentRequest\.cached_content\.tools\[0\]\.function_declarations\[0\]\.name: /);
  });
});

describe('§9 Versioning ("not shown": the versions the real hosts serve)', () => {
  it('Vertex serves v1 and v1beta1, the Gemini API v1 and v1beta; any other version is 404 NOT_FOUND', async () => {
    for (const v of ['v1', 'v1beta1'])
      expect((await call('GET', `https://us-central1-aiplatform.googleapis.com/${v}/projects/p/locations/us-central1/cachedContents`)).status).toBe(200);
    for (const v of ['v1', 'v1beta']) expect((await call('GET', `https://generativelanguage.googleapis.com/${v}/cachedContents`)).status).toBe(200);
    for (const url of [
      'https://us-central1-aiplatform.googleapis.com/v1beta/projects/p/locations/us-central1/cachedContents',
      'https://generativelanguage.googleapis.com/v1beta1/cachedContents',
      'https://generativelanguage.googleapis.com/v2/cachedContents',
    ]) {
      const r = await call('GET', url);
      expect(r.status, url).toBe(404);
      expect(r.body.error?.status).toBe('NOT_FOUND');
    }
  });
});
