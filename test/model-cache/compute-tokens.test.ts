// Vertex AI :computeTokens through @google/genai: tokens split by the same rule countTokens counts with.
import { createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, geminiClient, vertexClient } from './helpers.js';

let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes().install();
});
afterEach(() => fakes.uninstall());

const ai = vertexClient();
const VERTEX = 'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1';
const decode = (tokens: readonly string[] | undefined) => (tokens ?? []).map((t) => Buffer.from(t, 'base64').toString('utf8')).join('');

const CONTENTS = [
  // 7 characters, then 6: the pieces run across the contents as countTokens sums them.
  { role: 'user', parts: [{ text: 'Hello w' }] },
  { role: 'model', parts: [{ text: 'orld!!' }, { functionCall: { name: 'lookup', args: { q: 'x' } } }] },
  { role: 'user', parts: [{ functionResponse: { name: 'lookup', response: { hits: 3 } } }] },
  { role: 'user', parts: [{ text: 'Grüße 👋 and a long tail of text' }] },
];

describe('Vertex computeTokens', () => {
  it('answers tokensInfo per content whose tokens number exactly countTokens.totalTokens', async () => {
    const computed = await ai.models.computeTokens({ model: 'gemini-2.5-flash', contents: CONTENTS });
    const counted = await ai.models.countTokens({ model: 'gemini-2.5-flash', contents: CONTENTS });
    const infos = computed.tokensInfo ?? [];
    expect(infos.map((i) => i.role)).toEqual(['user', 'model', 'user', 'user']);
    const total = infos.reduce((n, i) => n + (i.tokens?.length ?? 0), 0);
    expect(total).toBe(counted.totalTokens);
    expect(total).toBeGreaterThan(0);
    for (const i of infos) expect(i.tokenIds).toHaveLength(i.tokens?.length ?? 0);
    expect(fakes.calls.where({ operation: 'models/computeTokens' })).toHaveLength(1);
  });

  it('tokens are the base64 bytes of the text and tokenIds int64 strings, the same piece always the same id', async () => {
    const r = await ai.models.computeTokens({ model: 'gemini-2.5-flash', contents: 'abcdabcdxyz' });
    const info = r.tokensInfo?.[0];
    expect(decode(info?.tokens)).toBe('abcdabcdxyz');
    expect(info?.tokens?.map((t) => Buffer.from(t, 'base64').toString('utf8'))).toEqual(['abcd', 'abcd', 'xyz']);
    expect(info?.tokenIds?.every((id) => /^\d+$/.test(String(id)))).toBe(true);
    expect(info?.tokenIds?.[0]).toBe(info?.tokenIds?.[1]);
    expect(info?.tokenIds?.[0]).not.toBe(info?.tokenIds?.[2]);
  });

  it('a single content of UTF-8 text: the pieces decode back to the text', async () => {
    const text = 'naïve café — 東京 👋';
    const r = await ai.models.computeTokens({ model: 'gemini-2.0-flash', contents: text });
    expect(decode(r.tokensInfo?.[0]?.tokens)).toBe(text);
    expect(r.tokensInfo?.[0]?.tokens).toHaveLength(Math.ceil([...text].length / 4));
  });

  it('an unknown model is the real 404; no contents the real 400', async () => {
    const missing = await apiError(ai.models.computeTokens({ model: 'gemini-0-nope', contents: 'x' }));
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Publisher Model `projects/p/locations/us-central1/publishers/google/models/gemini-0-nope` not found.');
    // The SDK refuses empty contents itself; on the wire the service answers its 400.
    const res = await fakes.fetch(`${VERTEX}/publishers/google/models/gemini-2.5-flash:computeTokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: JSON.stringify({ contents: [] }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { status: string; message: string } };
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    expect(body.error.message).toMatch(/^Unable to submit request because it has an empty contents field\./);
  });

  it('uses the auth and scoping rules of the other model calls: 401 without a valid token in strict mode, 403 in another project', async () => {
    fakes.uninstall();
    fakes = createFakes({ auth: 'strict' }).install();
    const token = fakes.modelCache.seed.credential({ token: 'ya29.p', project: 'p' });
    const unknown = await apiError(vertexClient({ token: 'nope' }).models.computeTokens({ model: 'gemini-2.5-flash', contents: 'x' }));
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.details?.[0]).toMatchObject({
      metadata: { method: expect.stringMatching(/^google\.cloud\.aiplatform\.v1(beta1)?\.LlmUtilityService\.ComputeTokens$/) },
    });
    const other = await apiError(vertexClient({ token, project: 'q' }).models.computeTokens({ model: 'gemini-2.5-flash', contents: 'x' }));
    expect(other.status).toBe(403);
    expect(other.body.error.message).toContain("Permission 'aiplatform.endpoints.predict' denied");
    expect((await vertexClient({ token }).models.computeTokens({ model: 'gemini-2.5-flash', contents: 'x' })).tokensInfo).toHaveLength(1);
  });

  it('the Gemini API has no computeTokens: the SDK refuses it, and the route answers 404 there', async () => {
    await expect(geminiClient().models.computeTokens({ model: 'gemini-2.5-flash', contents: 'x' })).rejects.toThrow(/only supported by the/);
    const res = await fakes.fetch('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:computeTokens?key=AIza-k', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'x' }] }] }),
    });
    expect(res.status).toBe(404);
  });
});
