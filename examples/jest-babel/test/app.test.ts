// TypeScript compiled to CommonJS by babel-jest (@babel/preset-env + @babel/preset-typescript), with
// the global `expect` and `jest`.
import { GoogleGenAI } from '@google/genai';
import { Octokit } from '@octokit/rest'; // v20 for CommonJS; v21+ is ESM-only
import * as bizSdk from 'facebook-nodejs-business-sdk';
import { scenarios } from 'stuntdouble';
import { useFakes } from 'stuntdouble/jest';

const fakes = useFakes({ clock: '2025-01-01T00:00:00Z' });

test('GitHub: asks for credentials when the origin needs them', async () => {
  const { owner, repo } = fakes.apply(scenarios.importNeedsAuth({ owner: 'octo', repo: 'hello' }));
  const { data } = await new Octokit({ auth: 'any-token' }).request('GET /repos/{owner}/{repo}/import', { owner, repo });
  expect(data.status).toBe('detection_needs_auth');
  expect(fakes).toHaveReceived('GET /repos/{owner}/{repo}/import', { status: 200 });
});

test('Facebook Graph: reads a page feed', async () => {
  const { pageId } = fakes.apply(scenarios.pageWithFeed({ posts: 2 }));
  bizSdk.FacebookAdsApi.init('any-token', 'en_US', false);
  const feed = await new bizSdk.Page(pageId).getFeed(['message']);
  expect(feed.map((post: { _data: { message: string } }) => post._data.message)).toEqual(['Post 2', 'Post 1']);
  expect(fakes).toHaveReceivedTimes('GET /{page-id}/feed', 1);
});

test('Gemini: creates and reads a cached content, under a bare jest.useFakeTimers()', async () => {
  jest.useFakeTimers();
  try {
    const ai = new GoogleGenAI({ apiKey: 'any-key' });
    const cache = await ai.caches.create({
      model: 'gemini-2.5-flash',
      config: { contents: [{ role: 'user', parts: [{ text: 'x'.repeat(4096 * 4) }] }], ttl: '600s' },
    });
    expect((await ai.caches.get({ name: cache.name ?? '' })).model).toBe('models/gemini-2.5-flash');
    expect(fakes).not.toHaveUnmatched();
  } finally {
    jest.useRealTimers();
  }
});
