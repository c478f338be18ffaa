// Embeddings through @google/genai on both wires: the Gemini API's :batchEmbedContents (what the SDK
// sends for one content or several) and :embedContent, Vertex AI's :predict of a text-embedding model.
import { createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, geminiClient, vertexClient } from './helpers.js';

let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes().install();
});
afterEach(() => fakes.uninstall());

const norm = (v: readonly number[] | undefined) => Math.sqrt((v ?? []).reduce((s, x) => s + x * x, 0));
const GEMINI = 'https://generativelanguage.googleapis.com/v1beta/models';
const VERTEX = 'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/publishers/google/models';

async function post(url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> & { error?: { status: string; message: string } } }> {
  const gemini = url.includes('generativelanguage');
  const res = await fakes.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(gemini ? { 'x-goog-api-key': 'AIza-k' } : { authorization: 'Bearer t' }) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as never };
}

describe('Gemini API embeddings', () => {
  const ai = geminiClient();

  it('one content and several: :batchEmbedContents answers a vector per content, of the model published size', async () => {
    const one = await ai.models.embedContent({ model: 'text-embedding-004', contents: 'What is the meaning of life?' });
    expect(one.embeddings).toHaveLength(1);
    expect(one.embeddings?.[0]?.values).toHaveLength(768);
    expect(fakes.calls.where({ operation: 'models/batchEmbedContents' })).toHaveLength(1);
    const many = await ai.models.embedContent({ model: 'gemini-embedding-001', contents: ['What is your name?', 'What is your favorite color?'] });
    expect(many.embeddings?.map((e) => e.values?.length)).toEqual([3072, 3072]);
    expect(norm(many.embeddings?.[0]?.values)).toBeCloseTo(1, 4);
    expect(many.embeddings?.[0]?.values).not.toEqual(many.embeddings?.[1]?.values);
  });

  it('is deterministic: the same text gets the same vector, in any batch', async () => {
    const a = await ai.models.embedContent({ model: 'text-embedding-004', contents: ['alpha', 'beta'] });
    const b = await ai.models.embedContent({ model: 'text-embedding-004', contents: 'beta' });
    expect(b.embeddings?.[0]?.values).toEqual(a.embeddings?.[1]?.values);
  });

  it('honours outputDimensionality (the first values of the full vector)', async () => {
    const full = await ai.models.embedContent({ model: 'gemini-embedding-001', contents: 'x' });
    const cut = await ai.models.embedContent({
      model: 'gemini-embedding-001',
      contents: 'x',
      config: { outputDimensionality: 256, taskType: 'RETRIEVAL_QUERY' },
    });
    expect(cut.embeddings?.[0]?.values).toEqual(full.embeddings?.[0]?.values?.slice(0, 256));
  });

  it(':embedContent answers { embedding: { values } }', async () => {
    const r = await post(`${GEMINI}/text-embedding-004:embedContent`, {
      model: 'models/text-embedding-004',
      content: { parts: [{ text: 'What is the meaning of life?' }] },
      outputDimensionality: 8,
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['embedding']);
    expect((r.body.embedding as { values: number[] }).values).toHaveLength(8);
  });

  it('an unknown model, or a generate model, is the real 404 naming the method', async () => {
    const e = await apiError(ai.models.embedContent({ model: 'text-embedding-999', contents: 'x' }));
    expect(e.status).toBe(404);
    expect(e.body.error.message).toMatch(
      /^models\/text-embedding-999 is not found for API version v1(beta)?, or is not supported for batchEmbedContents\. Call ListModels to see the list of available models and their supported methods\.$/,
    );
    expect((await apiError(ai.models.embedContent({ model: 'gemini-2.5-flash', contents: 'x' }))).status).toBe(404);
    // Vertex-only models are not served here.
    expect((await apiError(ai.models.embedContent({ model: 'text-embedding-005', contents: 'x' }))).status).toBe(404);
  });

  it('refuses empty contents, an empty batch and a dimension out of range with 400 INVALID_ARGUMENT naming the field', async () => {
    const noParts = await post(`${GEMINI}/text-embedding-004:batchEmbedContents`, {
      requests: [{ model: 'models/text-embedding-004', content: { parts: [] } }],
    });
    expect(noParts.status).toBe(400);
    expect(noParts.body.error?.message).toBe('* BatchEmbedContentsRequest.requests[0].content.parts: contents.parts must not be empty.\n');
    const none = await post(`${GEMINI}/text-embedding-004:batchEmbedContents`, { requests: [] });
    expect(none.status).toBe(400);
    expect(none.body.error?.message).toContain('BatchEmbedContentsRequest.requests');
    const e = await apiError(ai.models.embedContent({ model: 'text-embedding-004', contents: 'x', config: { outputDimensionality: 769 } }));
    expect(e.status).toBe(400);
    expect(e.body.error.message).toContain('requests[0].output_dimensionality');
    const badTask = await post(`${GEMINI}/text-embedding-004:embedContent`, { content: { parts: [{ text: 'x' }] }, taskType: 'GUESSING' });
    expect(badTask.status).toBe(400);
    expect(badTask.body.error?.message).toContain("Invalid value at 'task_type'");
  });
});

describe('Vertex AI embeddings (:predict)', () => {
  const ai = vertexClient();

  it('the SDK reads embeddings with statistics (tokenCount by the countTokens rule) and metadata.billableCharacterCount', async () => {
    const r = await ai.models.embedContent({ model: 'text-embedding-004', contents: ['Hello world', 'abcdefghi'], config: { outputDimensionality: 64 } });
    expect(r.embeddings?.map((e) => e.values?.length)).toEqual([64, 64]);
    const counted = await ai.models.countTokens({ model: 'gemini-2.5-flash', contents: 'Hello world' });
    expect(r.embeddings?.[0]?.statistics).toEqual({ truncated: false, tokenCount: counted.totalTokens });
    expect(r.embeddings?.[1]?.statistics?.tokenCount).toBe(3);
    // Characters without whitespace: "Helloworld" (10) + "abcdefghi" (9).
    expect(r.metadata?.billableCharacterCount).toBe(19);
    expect(fakes.calls.where({ operation: 'models/predict' })).toHaveLength(1);
  });

  it('answers key for key as the service does (the recorded answer to {"instances":[{"content":"Hello world"}]})', async () => {
    const r = await post(`${VERTEX}/text-embedding-004:predict`, { instances: [{ content: 'Hello world' }] });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['predictions', 'metadata']);
    const p = (r.body.predictions as Array<{ embeddings: { statistics: object; values: number[] } }>)[0] as {
      embeddings: { statistics: object; values: number[] };
    };
    expect(Object.keys(p)).toEqual(['embeddings']);
    expect(Object.keys(p.embeddings)).toEqual(['statistics', 'values']);
    expect(Object.keys(p.embeddings.statistics)).toEqual(['truncated', 'token_count']);
    expect(p.embeddings.values).toHaveLength(768);
    expect(r.body.metadata).toEqual({ billableCharacterCount: 10 });
  });

  it('gemini-embedding-001 gives 3,072 values and takes one text a request', async () => {
    const r = await ai.models.embedContent({ model: 'gemini-embedding-001', contents: 'one text' });
    expect(r.embeddings?.[0]?.values).toHaveLength(3072);
    const two = await apiError(ai.models.embedContent({ model: 'gemini-embedding-001', contents: ['a', 'b'] }));
    expect(two.status).toBe(400);
    expect(two.body.error.message).toContain('maximum number of instances');
  });

  it('truncates long text (statistics.truncated) unless autoTruncate is false, which is a 400', async () => {
    const long = 'word '.repeat(2000);
    const r = await ai.models.embedContent({ model: 'text-embedding-005', contents: long });
    expect(r.embeddings?.[0]?.statistics).toEqual({ truncated: true, tokenCount: 2048 });
    const e = await apiError(ai.models.embedContent({ model: 'text-embedding-005', contents: long, config: { autoTruncate: false } }));
    expect(e.status).toBe(400);
    expect(e.body.error.message).toMatch(/^Unable to submit request because the input token count is 2500 but the model supports up to 2048\./);
  });

  it('errors: unknown model 404, a Gemini model through :predict 400, empty text and a dimension out of range 400', async () => {
    const missing = await apiError(ai.models.embedContent({ model: 'text-embedding-999', contents: 'x' }));
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Publisher Model `projects/p/locations/us-central1/publishers/google/models/text-embedding-999` not found.');
    const gemini = await post(`${VERTEX}/gemini-2.5-flash:predict`, { instances: [{ content: 'x' }] });
    expect(gemini.status).toBe(400);
    expect(gemini.body.error).toMatchObject({
      status: 'FAILED_PRECONDITION',
      message: expect.stringMatching(/^Gemini cannot be accessed through Vertex Predict/),
    });
    const empty = await post(`${VERTEX}/text-embedding-004:predict`, { instances: [{ content: '' }] });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.message).toBe('The text content is empty.');
    const dims = await apiError(ai.models.embedContent({ model: 'text-embedding-004', contents: 'x', config: { outputDimensionality: 1024 } }));
    expect(dims.status).toBe(400);
    expect(dims.body.error.message).toContain('between 1 and 768');
  });

  it('uses the auth and scoping rules of the other model calls (403 in another project with a bound token)', async () => {
    fakes.uninstall();
    fakes = createFakes({ auth: 'strict' }).install();
    const token = fakes.modelCache.seed.credential({ token: 'ya29.p', project: 'p' });
    const other = await apiError(vertexClient({ token, project: 'q' }).models.embedContent({ model: 'text-embedding-004', contents: 'x' }));
    expect(other.status).toBe(403);
    expect((await vertexClient({ token }).models.embedContent({ model: 'text-embedding-004', contents: 'x' })).embeddings).toHaveLength(1);
  });

  it('a model made unavailable answers as not found', async () => {
    fakes.modelCache.setModelUnavailable('text-embedding-004');
    expect((await apiError(ai.models.embedContent({ model: 'text-embedding-004', contents: 'x' }))).status).toBe(404);
  });
});
