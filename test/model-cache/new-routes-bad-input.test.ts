// Bad input on the routes of the model list, embeddings and computeTokens: always Google's envelope
// with a 4xx, never a 5xx, and no state written.
import { createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes().install();
});
afterEach(() => fakes.uninstall());

const V = 'https://us-central1-aiplatform.googleapis.com/v1beta1/projects/p/locations/us-central1/publishers/google/models';
const G = 'https://generativelanguage.googleapis.com/v1alpha/models';
const ROUTES: Array<{ url: string; headers: Record<string, string> }> = [
  { url: `${V}/gemini-2.5-flash:computeTokens`, headers: { authorization: 'Bearer t' } },
  { url: `${V}/text-embedding-004:predict`, headers: { authorization: 'Bearer t' } },
  { url: `${G}/text-embedding-004:embedContent`, headers: { 'x-goog-api-key': 'AIza-k' } },
  { url: `${G}/text-embedding-004:batchEmbedContents`, headers: { 'x-goog-api-key': 'AIza-k' } },
];
const BODIES: Array<[string, string]> = [
  ['malformed JSON', '{"contents": ['],
  ['a JSON array', '[]'],
  ['a JSON string', '"hello"'],
  ['null', 'null'],
  ['an unknown field', JSON.stringify({ colour: 'red' })],
  ['contents of the wrong type', JSON.stringify({ contents: 'hello', content: 5, requests: 'x', instances: 'x' })],
  ['instances and requests of the wrong shape', JSON.stringify({ instances: [5], requests: [{ content: 'x' }] })],
  ['a content of the wrong type', JSON.stringify({ instances: [{ content: 5 }], requests: [{ content: { parts: [{ text: 5 }] } }] })],
  ['parameters of the wrong type', JSON.stringify({ instances: [{ content: 'x' }], parameters: { outputDimensionality: 'big', autoTruncate: 'no' } })],
  [
    'a negative dimension',
    JSON.stringify({
      instances: [{ content: 'x' }],
      parameters: { outputDimensionality: -1 },
      requests: [{ content: { parts: [{ text: 'x' }] }, outputDimensionality: -1 }],
    }),
  ],
  ['a part with no data', JSON.stringify({ contents: [{ role: 'user', parts: [{}] }], content: { parts: [{}] }, requests: [{ content: { parts: [{}] } }] })],
  ['an empty body', '{}'],
];

describe('bad input on the model list, embedding and computeTokens routes', () => {
  it.each(BODIES)("%s: Google's envelope, a 4xx, nothing written", async (_what, body) => {
    for (const r of ROUTES) {
      const before = fakes.snapshot();
      const res = await fakes.fetch(r.url, { method: 'POST', headers: { ...r.headers, 'content-type': 'application/json' }, body });
      const json = (await res.json()) as { error?: { code: number; status: string; message: string } };
      expect(res.status, `${r.url} ${body} → ${JSON.stringify(json)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${r.url} ${body}`).toBeLessThan(500);
      expect(json.error).toMatchObject({ code: res.status, status: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
      expect(fakes.snapshot()).toBe(before);
    }
  });

  it('model list queries: a pageSize that is not a number or is negative is a 400', async () => {
    for (const q of ['pageSize=ten', 'pageSize=-1', 'pageSize=1.5', 'pageToken=%00']) {
      const res = await fakes.fetch(`${G}?${q}&key=AIza-k`);
      expect(res.status, q).toBe(400);
    }
    expect((await fakes.fetch(`${G}/no-such-model?key=AIza-k`)).status).toBe(404);
    // A custom method with the wrong verb is no model id: "Method not found.", as for any unknown method.
    const wrongVerb = await fakes.fetch(`${G}/gemini-2.5-flash:generateContent?key=AIza-k`);
    expect(wrongVerb.status).toBe(404);
    expect(((await wrongVerb.json()) as { error: { message: string } }).error.message).toMatch(/^Method not found\./);
  });
});
