// What a cachedContents.create body may hold, checked as Google's JSON parser and the real services
// check it: a cache's contents as generateContent checks contents (role, parts, the Part `data` oneof,
// base64 bytes, no unknown names), FunctionDeclaration parameters (a type at the root, the naming rule
// at every depth), proto JSON numbers (int64/int32 as strings, in range), RAG resources of one corpus,
// the model's project, and field names that happen to be JavaScript's (constructor, __proto__).
import { createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vertexClient } from './helpers.js';
import { CONTENTS, type Json, T0, wire } from './wire.js';

let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes({ clock: T0 }).install();
});
afterEach(() => fakes.uninstall());
const { call, create, createOn, accepted, refused } = wire(() => fakes);
const APIS = ['vertex', 'gemini'] as const;
const TEXT = 'abcd'.repeat(1100);
const withContents = (...contents: Json[]) => ({ contents });
const fns = (...f: Json[]) => ({ tools: [{ functionDeclarations: f }] });
const params = (parameters: Json) => fns({ name: 'f', parameters });
const P = 'cached_content.tools[0].function_declarations[0].parameters';
const CORPUS = 'projects/p/locations/us-central1/ragCorpora/a';
const rag = (r: Json) => ({ tools: [{ retrieval: { managedRagStore: r } }] });
const search = (s: Json) => ({ tools: [{ retrieval: { managedSearch: { datastore: 'projects/p/locations/global/collections/c/dataStores/d', ...s } } }] });

describe('cache contents are checked as generateContent checks contents', () => {
  it('Content.role "must be either \'user\' or \'model\'": a cache with role "banana" gets generate\'s 400 "Please use a valid role: user, model."', async () => {
    for (const api of APIS) {
      await refused(() => createOn(api, withContents({ role: 'banana', parts: [{ text: TEXT }] })), 'Please use a valid role: user, model.', true);
      await accepted(createOn(api, withContents({ role: 'user', parts: [{ text: TEXT }] }, { role: 'model', parts: [{ text: 'ok' }] })));
    }
  });
  it('unknown names in a Content or Part are the parser\'s 400 "Unknown name", quoted as sent', async () => {
    for (const api of APIS) {
      await refused(
        () => createOn(api, withContents({ role: 'user', parts: [{ text: TEXT, fooBar: 1 }] })),
        `Invalid JSON payload received. Unknown name "fooBar" at 'cached_content.contents[0].parts[0]': Cannot find field.`,
        true,
      );
      await refused(
        () => createOn(api, withContents({ role: 'user', parts: [{ text: TEXT }], author: 'me' })),
        `Invalid JSON payload received. Unknown name "author" at 'cached_content.contents[0]': Cannot find field.`,
        true,
      );
    }
  });
  it('a Content without parts is refused (Vertex "must include at least one parts field", Gemini API contents[0].parts)', async () => {
    await refused(() => createOn('vertex', withContents({ role: 'user', parts: [{ text: TEXT }] }, { role: 'model' })), /at least one parts field/);
    await refused(() => createOn('gemini', withContents({ role: 'user', parts: [] })), 'cached_content.contents[0].parts');
  });
  it('Part "data" is a oneof: text and inlineData in one Part is the parser\'s "oneof field \'data\' is already set"', async () => {
    for (const api of APIS)
      await refused(
        () => createOn(api, withContents({ role: 'user', parts: [{ text: TEXT, inlineData: { mimeType: 'image/png', data: 'AAAA' } }] })),
        "Invalid value at 'cached_content.contents[0].parts[0]' (oneof), oneof field 'data' is already set. Cannot set 'inlineData'",
        true,
      );
  });
  it('inlineData.data is bytes: text that is not base64 is "Base64 decoding failed"; standard and URL-safe base64, padded or not, are fine', async () => {
    const part = (data: string) => withContents({ role: 'user', parts: [{ text: TEXT }, { inlineData: { mimeType: 'image/png', data } }] });
    for (const api of APIS) {
      await refused(
        () => createOn(api, part('not base64!')),
        `Invalid value at 'cached_content.contents[0].parts[1].inline_data.data' (TYPE_BYTES), Base64 decoding failed for "not base64!"`,
        true,
      );
      await refused(() => createOn(api, part('AAAAA')), 'Base64 decoding failed for "AAAAA"');
      for (const ok of ['AAAA', 'AA==', 'AA', '-_8=', '+/8']) await accepted(createOn(api, part(ok)));
    }
  });
});

describe('FunctionDeclaration.parameters', () => {
  it('parameters is "OBJECT schema": without a type it is refused like a nested schema ("must be specified when not using one_of, any_of or all_of fields")', async () => {
    for (const api of APIS) {
      await refused(() => createOn(api, params({ properties: { a: { type: 'STRING' } } })), `${P}.type`);
      await refused(() => createOn(api, params({})), /parameters\.type.*must be specified when not using one_of, any_of or all_of fields/s);
      await accepted(createOn(api, params({ type: 'OBJECT', properties: { a: { type: 'STRING' } } })));
    }
  });
  it('parameter names "start with a letter or underscore, contain only a-z, A-Z, 0-9 or underscores, maximum length 64" at every depth', async () => {
    const nested = (name: string) => params({ type: 'OBJECT', properties: { outer: { type: 'OBJECT', properties: { [name]: { type: 'STRING' } } } } });
    for (const bad of ['b-c', 'b.c', '1b', 'é', 'x'.repeat(65)]) await refused(() => create(nested(bad)), `${P}.properties[outer].properties[${bad}]`);
    await refused(
      () => create(params({ type: 'OBJECT', properties: { list: { type: 'ARRAY', items: { type: 'OBJECT', properties: { 'a-b': { type: 'STRING' } } } } } })),
      `${P}.properties[list].items.properties[a-b]`,
    );
    await accepted(create(nested(`_${'x'.repeat(63)}`)));
  });
  it('a parameter validly named "__proto__" is a parameter like any other: kept, and may be required', async () => {
    const body = `{"model":"projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash","contents":${JSON.stringify(CONTENTS)},
      "tools":[{"functionDeclarations":[{"name":"f","parameters":{"type":"OBJECT","properties":{"__proto__":{"type":"STRING"},"constructor":{"type":"INTEGER"}},"required":["__proto__","constructor"]}}]}]}`;
    const r = await call('POST', 'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/cachedContents', body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Kept: the tools count toward the cache's tokens with both parameters in them.
    const without = await accepted(create(params({ type: 'OBJECT', properties: { constructor: { type: 'INTEGER' } }, required: ['constructor'] })));
    expect((r.body.usageMetadata as Json).totalTokenCount).toBeGreaterThan((without.usageMetadata as Json).totalTokenCount as number);
  });
});

describe('proto JSON numbers', () => {
  it("int64 fields (minItems, maxLength, ...): a bad value is the parser's \"Invalid value at '…' (TYPE_INT64)\", never the validator's own text", async () => {
    const arr = (minItems: unknown) => params({ type: 'OBJECT', properties: { a: { type: 'ARRAY', items: { type: 'STRING' }, minItems } } });
    const at = `${P}.properties[a].min_items`;
    for (const [v, shown] of [
      ['abc', '"abc"'],
      ['1.5', '"1.5"'],
      [1.5, '1.5'],
    ] as const) {
      const r = await refused(() => create(arr(v)), `Invalid value at '${at}' (TYPE_INT64), ${shown}`, true);
      expect(r.body.error?.message).not.toMatch(/pattern|Invalid string|Invalid input/);
    }
  });
  it('int64 fields: values beyond the int64 range are refused (as a string or a number)', async () => {
    const str = (maxLength: unknown) => params({ type: 'OBJECT', properties: { a: { type: 'STRING', maxLength } } });
    await refused(() => create(str('9223372036854775808')), `(TYPE_INT64), "9223372036854775808"`);
    await refused(() => create(str('-9223372036854775809')), '(TYPE_INT64)');
    await refused(() => create(str(1e20)), '(TYPE_INT64), 100000000000000000000');
    await accepted(create(str('9223372036854775807')));
    await accepted(create(str(12)));
  });
  it('int32 fields (maxResults, similarityTopK, topK) sent as decimal strings are read, as proto JSON reads them; out of range is TYPE_INT32', async () => {
    await accepted(create(search({ maxResults: '5' })));
    await accepted(create(rag({ ragResources: [{ ragCorpus: CORPUS }], similarityTopK: '3', ragRetrievalConfig: { topK: '2' } })));
    // Read as numbers: the document's maximum still applies to a string.
    await refused(() => create(search({ maxResults: '11' })), /max_results.*between 1 and 10/s);
    await refused(() => create(search({ maxResults: '3000000000' })), `(TYPE_INT32), "3000000000"`);
    await refused(() => create(search({ maxResults: 'five' })), `(TYPE_INT32), "five"`);
  });
});

describe('RAG resources: "one corpus, or multiple files of one corpus"', () => {
  it('two RagResources naming files of the same corpus are one corpus: accepted', async () => {
    await accepted(
      create(
        rag({
          ragResources: [
            { ragCorpus: CORPUS, ragFileIds: ['1'] },
            { ragCorpus: CORPUS, ragFileIds: ['2', '3'] },
          ],
        }),
      ),
    );
    await refused(
      () =>
        create(
          rag({
            ragResources: [
              { ragCorpus: CORPUS, ragFileIds: ['1'] },
              { ragCorpus: CORPUS.replace(/a$/, 'b'), ragFileIds: ['2'] },
            ],
          }),
        ),
      'vertex_rag_store.rag_resources',
    );
  });
  it('an empty managedRagStore ({}) names no corpus: refused', async () => {
    await refused(() => create(rag({})), 'cached_content.tools[0].retrieval.vertex_rag_store.rag_resources');
    await refused(() => create(rag({ ragResources: [] })), 'vertex_rag_store.rag_resources');
    await refused(() => create(rag({ ragResources: [{}] })), 'vertex_rag_store.rag_resources[0].rag_corpus');
  });
});

describe('the model of a Vertex cache', () => {
  it('model "projects/{PROJECT}/...": a model of another project is refused on a cache of this one', async () => {
    await refused(() => create({ model: 'projects/q/locations/us-central1/publishers/google/models/gemini-2.5-flash' }), /cached_content\.model.*project 'q'/s);
    // The short form is read in the cache's own project.
    await accepted(create({ model: 'publishers/google/models/gemini-2.5-flash' }));
    // Through the SDK: a client of project q asking for project p's model.
    await expect(
      vertexClient({ project: 'q' }).caches.create({
        model: 'projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash',
        config: { contents: TEXT },
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(() =>
      fakes.modelCache.seed.cachedContent({ project: 'p', model: 'projects/q/locations/us-central1/publishers/google/models/gemini-2.5-flash' }),
    ).toThrow(expect.objectContaining({ name: 'InvalidInputError' }));
  });
});

describe('field names that are JavaScript names', () => {
  it('top-level keys such as "constructor" are unknown names quoted as sent (not "function _object() ...")', async () => {
    for (const api of APIS)
      for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'])
        await refused(
          () =>
            call(
              'POST',
              api === 'vertex'
                ? 'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/cachedContents'
                : 'https://generativelanguage.googleapis.com/v1beta/cachedContents',
              `{"model":"x",${JSON.stringify(key)}:{"model":"y"}}`,
            ),
          `Invalid JSON payload received. Unknown name "${key}" at 'cached_content': Cannot find field.`,
          true,
        );
  });
});
