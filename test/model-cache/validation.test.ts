import type { CreateCachedContentConfig } from '@google/genai';
import { createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, contentsOfTokens, expectFieldError, vertexClient } from './helpers.js';

let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes({ clock: '2026-01-01T00:00:00Z' }).install();
});
afterEach(() => fakes.uninstall());

const contents = contentsOfTokens(1100);
const create = (config: Partial<CreateCachedContentConfig>, model = 'gemini-2.5-flash') =>
  vertexClient().caches.create({ model, config: { contents, ...config } });
const fn = (name: string, extra: Record<string, unknown> = {}) => ({ name, ...extra });
const withFns = (...fns: Array<Record<string, unknown>>) => create({ tools: [{ functionDeclarations: fns }] } as never);
const withTool = (tool: Record<string, unknown>) => create({ tools: [tool] } as never);
const withSchema = (parameters: Record<string, unknown>) => withFns(fn('f', { parameters }));
const FD = 'cached_content.tools[0].function_declarations';

describe('function declarations', () => {
  it('rejects a function name that does not start with a letter or underscore', async () => {
    await expectFieldError(withFns(fn('ok_name'), fn('1bad')), `${FD}[1].name`, /Invalid function name/);
  });
  it('rejects a function name with characters outside a-z, A-Z, 0-9, _ . -', async () => {
    await expectFieldError(withFns(fn('has space')), `${FD}[0].name`);
  });
  it('rejects a function name longer than 64 characters and accepts 64', async () => {
    await expectFieldError(withFns(fn(`a${'b'.repeat(64)}`)), `${FD}[0].name`);
    await expect(withFns(fn(`a${'b'.repeat(63)}`, { description: 'dotted.and-dashed ok' }))).resolves.toHaveProperty('name');
  });
  it('rejects a parameter name with a dot or dash (only a-z, A-Z, 0-9, _)', async () => {
    await expectFieldError(withSchema({ type: 'OBJECT', properties: { 'user.id': { type: 'STRING' } } }), `${FD}[0].parameters.properties[user.id]`);
  });
  it('rejects a parameter name longer than 64 characters', async () => {
    await expectFieldError(withSchema({ type: 'OBJECT', properties: { [`p${'x'.repeat(64)}`]: { type: 'STRING' } } }), `${FD}[0].parameters.properties[p`);
  });
  it('accepts at most 512 declarations per Tool', async () => {
    const many = Array.from({ length: 513 }, (_, i) => fn(`f${i}`));
    await expectFieldError(withFns(...many), FD, /at most 512/);
    await expect(withFns(...many.slice(0, 512))).resolves.toHaveProperty('name');
  });
  it('rejects parameters together with parametersJsonSchema', async () => {
    await expectFieldError(
      withFns(fn('f', { parameters: { type: 'OBJECT' }, parametersJsonSchema: { type: 'object' } })),
      `${FD}[0].parameters_json_schema`,
      /mutually exclusive/,
    );
  });
  it('rejects response together with responseJsonSchema', async () => {
    await expectFieldError(
      withFns(fn('f', { response: { type: 'STRING' }, responseJsonSchema: { type: 'string' } })),
      `${FD}[0].response_json_schema`,
      /mutually exclusive/,
    );
  });
  it('requires parameters to be an OBJECT schema', async () => {
    await expectFieldError(withSchema({ type: 'STRING' }), `${FD}[0].parameters.type`);
  });
});

describe('schema subset', () => {
  it('rejects an unknown type', async () => {
    await expectFieldError(withSchema({ type: 'OBJECT', properties: { a: { type: 'TEXT' } } }), `${FD}[0].parameters.properties[a].type`);
  });
  it('rejects TYPE_UNSPECIFIED', async () => {
    await expectFieldError(withSchema({ type: 'OBJECT', properties: { a: { type: 'TYPE_UNSPECIFIED' } } }), `${FD}[0].parameters.properties[a].type`);
  });
  it('allows only float/double for NUMBER and int32/int64 for INTEGER', async () => {
    await expectFieldError(
      withSchema({ type: 'OBJECT', properties: { n: { type: 'INTEGER', format: 'double' } } }),
      `${FD}[0].parameters.properties[n].format`,
    );
    await expectFieldError(withSchema({ type: 'OBJECT', properties: { b: { type: 'BOOLEAN', format: 'int32' } } }), `${FD}[0].parameters.properties[b].format`);
    await expect(
      withSchema({ type: 'OBJECT', properties: { n: { type: 'NUMBER', format: 'float' }, e: { type: 'STRING', format: 'email' } } }),
    ).resolves.toHaveProperty('name');
  });
  it('accepts ref only to a child of the root defs', async () => {
    await expectFieldError(
      withSchema({ type: 'OBJECT', properties: { a: { ref: '#/defs/Missing' } }, defs: { Item: { type: 'STRING' } } }),
      `${FD}[0].parameters.properties[a].ref`,
    );
    await expectFieldError(withSchema({ type: 'OBJECT', properties: { a: { ref: '#/components/Item' } }, defs: { Item: { type: 'STRING' } } }), 'ref');
    await expect(withSchema({ type: 'OBJECT', properties: { a: { ref: '#/defs/Item' } }, defs: { Item: { type: 'STRING' } } })).resolves.toHaveProperty('name');
  });
  it('accepts defs only at the root', async () => {
    await expectFieldError(
      withSchema({ type: 'OBJECT', properties: { a: { type: 'OBJECT', defs: { X: { type: 'STRING' } } } } }),
      `${FD}[0].parameters.properties[a].defs`,
    );
  });
  it('accepts example only at the root', async () => {
    await expectFieldError(withSchema({ type: 'OBJECT', properties: { a: { type: 'STRING', example: 'x' } } }), `${FD}[0].parameters.properties[a].example`);
    await expect(withSchema({ type: 'OBJECT', example: { a: 'x' }, properties: { a: { type: 'STRING' } } })).resolves.toHaveProperty('name');
  });
  it('rejects an unknown schema field with the parser error', async () => {
    const e = await apiError(withSchema({ type: 'OBJECT', oneOf: [] }));
    expect(e.status).toBe(400);
    expect(e.body.error.message).toBe(`Invalid JSON payload received. Unknown name "oneOf" at '${FD}[0].parameters': Cannot find field.`);
  });
});

const CORPUS = 'projects/p/locations/us-central1/ragCorpora/a';
describe('tools', () => {
  it('requires exactly one kind of tool per Tool', async () => {
    await expectFieldError(withTool({ googleSearch: {}, codeExecution: {} }), 'cached_content.tools[0]', /exactly one kind/);
    await expectFieldError(withTool({}), 'cached_content.tools[0]', /exactly one kind/);
  });
  it('requires exactly one retrieval source', async () => {
    const both = { vertexAiSearch: { datastore: 'projects/p/locations/global/collections/c/dataStores/d' }, vertexRagStore: {} };
    await expectFieldError(withTool({ retrieval: both }), 'cached_content.tools[0].retrieval', /exactly one source/);
  });
  it('keeps datastore and engine mutually exclusive', async () => {
    const s = { datastore: 'projects/p/locations/global/collections/c/dataStores/d', engine: 'projects/p/locations/global/collections/c/engines/e' };
    await expectFieldError(withTool({ retrieval: { vertexAiSearch: s } }), 'cached_content.tools[0].retrieval.vertex_ai_search', /mutually exclusive/);
  });
  it('checks the datastore name format', async () => {
    await expectFieldError(
      withTool({ retrieval: { vertexAiSearch: { datastore: 'my-store' } } }),
      'cached_content.tools[0].retrieval.vertex_ai_search.datastore',
    );
  });
  it('accepts dataStoreSpecs only with an engine', async () => {
    const s = {
      datastore: 'projects/p/locations/global/collections/c/dataStores/d',
      dataStoreSpecs: [{ dataStore: 'projects/p/locations/global/collections/c/dataStores/d' }],
    };
    await expectFieldError(withTool({ retrieval: { vertexAiSearch: s } }), 'vertex_ai_search.data_store_specs');
    const e = {
      engine: 'projects/p/locations/global/collections/c/engines/e',
      dataStoreSpecs: [{ dataStore: 'projects/p/locations/global/collections/c/dataStores/d' }],
    };
    await expect(withTool({ retrieval: { vertexAiSearch: e } })).resolves.toHaveProperty('name');
  });
  it('caps maxResults at 10', async () => {
    const s = { engine: 'projects/p/locations/global/collections/c/engines/e', maxResults: 11 };
    await expectFieldError(withTool({ retrieval: { vertexAiSearch: s } }), 'vertex_ai_search.max_results');
  });
  it('accepts one RAG corpus only', async () => {
    const ragResources = [{ ragCorpus: 'projects/p/locations/us-central1/ragCorpora/a' }, { ragCorpus: 'projects/p/locations/us-central1/ragCorpora/b' }];
    await expectFieldError(withTool({ retrieval: { vertexRagStore: { ragResources } } }), 'vertex_rag_store.rag_resources');
    const files = [{ ragCorpus: 'projects/p/locations/us-central1/ragCorpora/a', ragFileIds: ['1', '2'] }];
    await expect(withTool({ retrieval: { vertexRagStore: { ragResources: files } } })).resolves.toHaveProperty('name');
  });
  it('keeps the vector distance and similarity thresholds mutually exclusive', async () => {
    const filter = { vectorDistanceThreshold: 0.5, vectorSimilarityThreshold: 0.5 };
    await expectFieldError(
      withTool({ retrieval: { vertexRagStore: { ragResources: [{ ragCorpus: CORPUS }], ragRetrievalConfig: { filter } } } }),
      'vertex_rag_store.rag_retrieval_config.filter',
    );
  });
  it('keeps rankService and llmRanker mutually exclusive', async () => {
    const ranking = { rankService: { modelName: 'semantic-ranker-512@latest' }, llmRanker: { modelName: 'gemini-2.5-flash' } };
    await expectFieldError(
      withTool({ retrieval: { vertexRagStore: { ragResources: [{ ragCorpus: CORPUS }], ragRetrievalConfig: { ranking } } } }),
      'vertex_rag_store.rag_retrieval_config.ranking',
    );
  });
  it('caps excludeDomains at 2000 for web search tools', async () => {
    const domains = Array.from({ length: 2001 }, (_, i) => `d${i}.example.com`);
    await expectFieldError(withTool({ googleSearch: { excludeDomains: domains } }), 'cached_content.tools[0].google_search.exclude_domains');
    await expectFieldError(withTool({ enterpriseWebSearch: { excludeDomains: domains } }), 'cached_content.tools[0].enterprise_web_search.exclude_domains');
    await expect(withTool({ googleSearch: { excludeDomains: domains.slice(0, 2000), blockingConfidence: 'BLOCK_LOW_AND_ABOVE' } })).resolves.toHaveProperty(
      'name',
    );
  });
  it('rejects an unknown PhishBlockThreshold', async () => {
    await expectFieldError(withTool({ googleSearch: { blockingConfidence: 'BLOCK_SOME' } }), 'google_search.blocking_confidence');
  });
  it('accepts the seed neutral tool names and the real ones', async () => {
    const res = await fakes.fetch('https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/cachedContents', {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash',
        contents,
        tools: [
          { platformSearch: {} },
          { platformSearchRetrieval: { dynamicRetrievalConfig: { mode: 'MODE_DYNAMIC' } } },
          { platformMaps: { enableWidget: true } },
          { retrieval: { managedSearch: { engine: 'projects/p/locations/global/collections/c/engines/e' } } },
          { retrieval: { managedRagStore: { ragResources: [{ ragCorpus: 'projects/p/locations/us-central1/ragCorpora/a' }] } } },
          { googleMaps: {} },
          { urlContext: {} },
        ],
      }),
    });
    expect(res.status).toBe(200);
  });
});

describe('tool config', () => {
  const tools = [{ functionDeclarations: [fn('lookup')] }];
  it('accepts allowedFunctionNames only with mode ANY', async () => {
    await expectFieldError(
      create({ tools, toolConfig: { functionCallingConfig: { mode: 'AUTO', allowedFunctionNames: ['lookup'] } } } as never),
      'cached_content.tool_config.function_calling_config.allowed_function_names',
      /mode is ANY/,
    );
  });
  it('accepts only declared function names', async () => {
    await expectFieldError(
      create({ tools, toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['lookup', 'other'] } } } as never),
      'cached_content.tool_config.function_calling_config.allowed_function_names[1]',
    );
    await expect(create({ tools, toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['lookup'] } } } as never)).resolves.toHaveProperty(
      'name',
    );
  });
});

describe('cached content fields', () => {
  it('accepts text-only system instructions', async () => {
    const systemInstruction = { parts: [{ text: 'hi' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] };
    await expectFieldError(create({ systemInstruction } as never), 'cached_content.system_instruction.parts[1]');
  });
  it('rejects ttl together with expireTime', async () => {
    await expectFieldError(create({ ttl: '600s', expireTime: '2026-01-01T02:00:00Z' }), "'cached_content' (oneof)", /Cannot set 'expireTime'/);
  });
  it('reads ttl only in the 3.5s form with up to nine fractional digits', async () => {
    const e = await apiError(create({ ttl: '1h' }));
    expect(e.status).toBe(400);
    expect(e.body.error.message).toBe(
      `Invalid value at 'cached_content.ttl' (type.googleapis.com/google.protobuf.Duration), Field 'ttl', Illegal duration format; duration must end with 's'`,
    );
    await expectFieldError(create({ ttl: '600.0000000001s' }), 'cached_content.ttl');
    await expect(create({ ttl: '600.123456789s' })).resolves.toMatchObject({ expireTime: '2026-01-01T00:10:00.123456789Z' });
  });
  it('requires a ttl of at least one minute', async () => {
    await expectFieldError(create({ ttl: '59.999s' }), 'cached_content.ttl', /at least 1 minute/);
  });
  it('reads expireTime as RFC 3339 with any offset and refuses malformed or too-close times', async () => {
    await expectFieldError(create({ expireTime: 'tomorrow' }), 'cached_content.expire_time');
    await expectFieldError(create({ expireTime: '2026-01-01T00:00:30Z' }), 'cached_content.expire_time', /at least 1 minute/);
    await expect(create({ expireTime: '2026-01-01T09:30:00.5+09:00' })).resolves.toMatchObject({ expireTime: '2026-01-01T00:30:00.500Z' });
  });
  it('checks the model name format', async () => {
    const res = await fakes.fetch('https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/cachedContents', {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gemini-2.5-flash', contents }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('cached_content.model');
  });
  it('requires the model in the cache location', async () => {
    await expectFieldError(create({}, 'projects/p/locations/europe-west4/publishers/google/models/gemini-2.5-flash'), 'cached_content.model', /must match/);
  });
  it('accepts only published base models (unknown model is the real 404)', async () => {
    const e = await apiError(create({}, 'gemini-9-ultra'));
    expect(e.status).toBe(404);
    expect(e.body.error.message).toBe('Publisher Model `projects/p/locations/us-central1/publishers/google/models/gemini-9-ultra` not found.');
    await expectFieldError(create({}, 'projects/p/locations/us-central1/publishers/acme/models/x'), 'cached_content.model', /published base models/);
  });
  it('checks the encryption key name format', async () => {
    await expectFieldError(create({ kmsKeyName: 'my-key' }), 'cached_content.encryption_spec.kms_key_name');
    await expect(create({ kmsKeyName: 'projects/p/locations/us-central1/keyRings/r/cryptoKeys/k' })).resolves.toHaveProperty('name');
  });
  it('knows encryption_spec only on Vertex (the Gemini API parser rejects it)', async () => {
    const res = await fakes.fetch('https://generativelanguage.googleapis.com/v1beta/cachedContents', {
      method: 'POST',
      headers: { 'x-goog-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'models/gemini-2.5-flash', contents, encryption_spec: { kmsKeyName: 'projects/p/locations/l/keyRings/r/cryptoKeys/k' } }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('Unknown name "encryption_spec"');
  });
  it('limits displayName to 128 characters', async () => {
    await expectFieldError(create({ displayName: 'x'.repeat(129) }), 'cached_content.display_name');
  });
  it('refuses inline content over 10 MB', async () => {
    const data = Buffer.alloc(10 * 1024 * 1024 + 3).toString('base64');
    const e = await apiError(create({ contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'video/mp4', data } }] }] }));
    expect(e.status).toBe(400);
    expect(e.body.error.message).toBe('Request payload size exceeds the limit: 10485760 bytes.');
  });
  it('enforces the minimum token count per model with the real message', async () => {
    const e = await apiError(create({ contents: contentsOfTokens(151) }));
    expect(e.body.error).toEqual({
      code: 400,
      status: 'INVALID_ARGUMENT',
      message: 'The cached content is of 151 tokens. The minimum token count to start caching is 1024.',
    });
    const pro = await apiError(create({ contents: contentsOfTokens(2000) }, 'gemini-2.5-pro'));
    expect(pro.body.error.message).toBe('The cached content is of 2000 tokens. The minimum token count to start caching is 4096.');
  });
  it('counts images, video and audio under the documented rule', async () => {
    const c = await create({
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'abcd' },
            { fileData: { mimeType: 'image/png', fileUri: 'gs://b/a.png' } },
            { fileData: { mimeType: 'video/mp4', fileUri: 'gs://b/v.mp4' }, videoMetadata: { startOffset: '10s', endOffset: '14.5s' } },
            { fileData: { mimeType: 'audio/mp3', fileUri: 'gs://b/a.mp3' } },
          ],
        },
      ],
    });
    expect(c.usageMetadata).toEqual({
      totalTokenCount: 1 + 258 + 5 * 263 + 60 * 32,
      textCount: 4,
      imageCount: 1,
      videoDurationSeconds: 5,
      audioDurationSeconds: 60,
    });
  });
  it('rejects an unknown field with the parser error', async () => {
    const res = await fakes.fetch('https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/cachedContents', {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash', contents, colour: 'red' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      `Invalid JSON payload received. Unknown name "colour" at 'cached_content': Cannot find field.`,
    );
  });
});

describe('update', () => {
  it('updates only ttl or expireTime: another field (no mask) or another mask path is a 400', async () => {
    const { name } = fakes.modelCache.seed.cachedContent();
    const url = `https://us-central1-aiplatform.googleapis.com/v1/${name}`;
    const patch = (body: unknown, q = '') =>
      fakes.fetch(url + q, { method: 'PATCH', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const r1 = await patch({ displayName: 'new' });
    expect(r1.status).toBe(400);
    expect(JSON.stringify(await r1.json())).toContain('cached_content.display_name');
    const r2 = await patch({ ttl: '600s', displayName: 'x' }, '?updateMask=display_name');
    expect(r2.status).toBe(400);
    expect(JSON.stringify(await r2.json())).toContain('update_mask');
    const r3 = await patch({ ttl: '600s', displayName: 'ignored' }, '?updateMask=ttl');
    expect(r3.status).toBe(200);
    expect(((await r3.json()) as { expireTime: string }).expireTime).toBe('2026-01-01T00:10:00Z');
    const r4 = await patch({});
    expect(r4.status).toBe(400);
  });
});
