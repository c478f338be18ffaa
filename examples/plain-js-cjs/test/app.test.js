// Plain JavaScript, CommonJS (require), run by node:test.
const assert = require('node:assert/strict');
const { test } = require('node:test');
const { GoogleGenAI } = require('@google/genai');
const { Octokit } = require('@octokit/rest');
const bizSdk = require('facebook-nodejs-business-sdk');
const { scenarios } = require('stuntdouble');
const { assertNoUnmatched, assertReceived, withFakes } = require('stuntdouble/node-test');

test('GitHub, Facebook Graph and Gemini in one test, with per-test fakes', async (t) => {
  const fakes = await withFakes(t, { clock: '2025-01-01T00:00:00Z' });

  const { owner, repo } = fakes.apply(scenarios.importNeedsAuth({ owner: 'octo', repo: 'hello' }));
  const { data } = await new Octokit({ auth: 'any-token' }).request('GET /repos/{owner}/{repo}/import', { owner, repo });
  assert.equal(data.status, 'detection_needs_auth');
  assertReceived(fakes, 'GET /repos/{owner}/{repo}/import', { status: 200 });

  const { pageId } = fakes.apply(scenarios.pageWithFeed({ posts: 2 }));
  bizSdk.FacebookAdsApi.init('any-token', 'en_US', false);
  const feed = await new bizSdk.Page(pageId).getFeed(['message']);
  assert.deepEqual(feed.map((post) => post._data.message), ['Post 2', 'Post 1']);

  const ai = new GoogleGenAI({ apiKey: 'any-key' });
  const cache = await ai.caches.create({
    model: 'gemini-2.5-flash',
    config: { contents: [{ role: 'user', parts: [{ text: 'x'.repeat(4096 * 4) }] }], ttl: '600s' },
  });
  assert.equal((await ai.caches.get({ name: cache.name })).model, 'models/gemini-2.5-flash');
  assertNoUnmatched(fakes);
});
