import { assertNoUnmatched, useFakes } from 'stuntdouble/vitest';
import { describe, expect, it } from 'vitest';

describe('stuntdouble/vitest', () => {
  const fakes = useFakes();

  it('installs before each test and offers matchers', async () => {
    expect(fakes.installed).toBe(true);
    await fetch('https://api.github.com/rate_limit', { headers: { authorization: 'token x' } });
    expect(fakes).toHaveReceived('GET /rate_limit', { status: 200 });
    expect(fakes).toHaveReceivedTimes('GET /rate_limit', 1);
    expect(fakes).not.toHaveUnmatched();
    expect(() => expect(fakes).toHaveReceived('GET /rate_limit', { status: 201 })).toThrow(/closest recorded call is #1/);
    expect(() => expect(fakes).toHaveReceived('PUT /repos/{owner}/{repo}/import')).toThrow(/none was received/);
  });

  it('checks the tags of a call (an override, a cache used by a generate call)', async () => {
    fakes.override('codeHosting', 'GET /rate_limit', () => ({ status: 503, body: { message: 'down' } }));
    await fetch('https://api.github.com/rate_limit', { headers: { authorization: 'token x' } });
    expect(fakes).toHaveReceived('GET /rate_limit', { tags: expect.arrayContaining(['override']) });
    expect(() => expect(fakes).toHaveReceived('GET /rate_limit', { tags: [] })).toThrow(/override/);
    const { name } = fakes.modelCache.seed.cachedContent({ model: 'gemini-2.5-flash' });
    const res = await fetch(
      'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent',
      {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], cachedContent: name }),
      },
    );
    expect(res.status).toBe(200);
    expect(fakes).toHaveReceived('POST /v1/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}:generateContent', {
      tags: expect.arrayContaining([`cachedContent=${name}`]),
    });
  });

  it('resets after each test: no state or calls of the previous test', () => {
    expect(fakes.calls.count()).toBe(0);
  });

  it('reports unmatched requests', async () => {
    await fetch('https://api.github.com/definitely/not/a/route');
    expect(fakes).toHaveUnmatched();
    expect(() => expect(fakes).not.toHaveUnmatched()).toThrow(/definitely\/not\/a\/route/);
  });
});

describe("useFakes({ onUnmatched: 'error' })", () => {
  const strict = useFakes({
    onUnmatched: 'error',
    codeHosting: { baseUrls: ['https://ghe.example.com/api/v3'] },
    socialGraph: { baseUrls: ['https://graph.example.com'] },
    modelCache: { baseUrls: ['https://gen.example.com'] },
  });

  it('fails the test in afterEach naming the unmatched request', async () => {
    await fetch('https://ghe.example.com/api/v3/not/a/route');
    const unmatched = [...strict.unmatched];
    expect(() => assertNoUnmatched(unmatched)).toThrow(/1 unmatched request\(s\):\n {2}GET https:\/\/ghe\.example\.com\/api\/v3\/not\/a\/route/);
    // Clear it so this test's own afterEach passes.
    strict.reset();
  });
});
