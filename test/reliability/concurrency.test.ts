/**
 * Concurrency: 1,000 concurrent requests through the real SDKs against one cache list, one import and
 * one page feed: every call is journaled exactly once with a unique sequence number, ids are unique,
 * and the state is consistent afterwards (1,000 caches / posts exist, the import is in a valid state).
 * A block runs when its routes exist on this branch.
 */
import { GoogleGenAI } from '@google/genai';
import { Octokit } from '@octokit/rest';
import bizSdk from 'facebook-nodejs-business-sdk';
import nock from 'nock';
import { afterAll, describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';

const N = 1_000;
// biome-ignore lint/suspicious/noExplicitAny: the SDK ships no typings; driven as plain JavaScript.
const { FacebookAdsApi, Page } = bizSdk as any;
const fakes = useFakes({ clock: '2025-06-01T12:00:00Z' });
afterAll(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

/** Every call journaled once: seq 1..n without gaps or repeats. */
function expectJournalIntact(n: number): void {
  expect(fakes.calls.length).toBe(n);
  const seqs = fakes.calls.map((c) => c.seq).sort((a, b) => a - b);
  expect(seqs).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  expect(fakes.calls.filter((c) => c.error)).toEqual([]);
}

describe('1,000 concurrent requests', () => {
  it('creating caches in one cache list (Vertex, @google/genai)', { timeout: 60_000 }, async () => {
    const ai = new GoogleGenAI({
      vertexai: true,
      project: 'p',
      location: 'us-central1',
      googleAuthOptions: { authClient: { getRequestHeaders: async () => new Headers({ authorization: 'Bearer t' }) } } as never,
    });
    const contents = [{ role: 'user', parts: [{ text: 'abcd'.repeat(1100) }] }];
    const created = await Promise.all(
      Array.from({ length: N }, (_, i) => ai.caches.create({ model: 'gemini-2.5-flash', config: { contents, displayName: `c${i}` } })),
    );
    const names = created.map((c) => c.name);
    expect(new Set(names).size).toBe(N);
    expect(new Set(created.map((c) => c.displayName))).toEqual(new Set(Array.from({ length: N }, (_, i) => `c${i}`)));
    expectJournalIntact(N);
    expect(fakes.modelCache.count()).toBe(N);
    // The list pages through exactly the created caches, each once.
    const listed: string[] = [];
    const pager = await ai.caches.list({ config: { pageSize: 100 } });
    for await (const c of pager) listed.push(c.name as string);
    expect(listed.length).toBe(N);
    expect(new Set(listed)).toEqual(new Set(names));
  });

  it('mixed reads, updates and deletes on one cache list', { timeout: 60_000 }, async () => {
    const seeded = fakes.modelCache.seed.cachedContents(100, { project: 'p', location: 'us-central1' });
    const ai = new GoogleGenAI({
      vertexai: true,
      project: 'p',
      location: 'us-central1',
      googleAuthOptions: { authClient: { getRequestHeaders: async () => new Headers({ authorization: 'Bearer t' }) } } as never,
    });
    const results = await Promise.allSettled(
      Array.from({ length: N }, (_, i) => {
        const name = (seeded[i % 100] as { name: string }).name;
        if (i % 10 === 0) return ai.caches.delete({ name });
        if (i % 3 === 0) return ai.caches.update({ name, config: { ttl: `${600 + i}s` } });
        return ai.caches.get({ name });
      }),
    );
    expectJournalIntact(N);
    // Deletes landed exactly once each; every other call either succeeded or saw the cache gone (404).
    const deletes = fakes.calls.filter((c) => c.operation === 'cachedContents/delete');
    expect(deletes.length).toBe(100);
    expect(deletes.filter((c) => c.status === 200).length).toBe(10);
    for (const c of fakes.calls) expect([200, 404]).toContain(c.status);
    expect(fakes.modelCache.count()).toBe(90);
    expect(results.filter((r) => r.status === 'rejected').length).toBe(fakes.calls.filter((c) => c.status === 404).length);
  });

  it('polling one import (Octokit)', { timeout: 60_000 }, async () => {
    const seed = (fakes.codeHosting as unknown as { seed: { repo(o: unknown): unknown } }).seed;
    seed.repo({ owner: 'octo', repo: 'hello' });
    // The fake clock (2025) is past the imports API's retirement: keep it open for this test.
    (fakes.codeHosting as unknown as { imports: { retireAt(at: null): void } }).imports.retireAt(null);
    const octokit = new Octokit({ auth: 'ghp_concurrency', request: { retries: 0 } });
    const started = await octokit.request('PUT /repos/{owner}/{repo}/import', {
      owner: 'octo',
      repo: 'hello',
      vcs: 'git',
      vcs_url: 'https://github.com/octo/source.git',
    });
    expect(started.status).toBe(201);
    const polls = await Promise.all(Array.from({ length: N - 1 }, () => octokit.request('GET /repos/{owner}/{repo}/import', { owner: 'octo', repo: 'hello' })));
    expectJournalIntact(N);
    const statuses = polls.map((p) => (p.data as { status: string }).status);
    for (const p of polls) expect(p.status).toBe(200);
    // The state machine only moves forward: once a poll saw the final status, every later one does too.
    const final = statuses.at(-1);
    const firstFinal = statuses.indexOf(final as string);
    expect(statuses.slice(firstFinal).every((s) => s === final)).toBe(true);
    const last = await octokit.request('GET /repos/{owner}/{repo}/import', { owner: 'octo', repo: 'hello' });
    expect((last.data as { status: string }).status).toBe(final);
  });

  it('posting to one page feed (facebook-nodejs-business-sdk)', { timeout: 60_000 }, async () => {
    const seed = (fakes.socialGraph as unknown as { seed: { page(o: unknown): { id: string } } }).seed;
    const page = seed.page({ name: 'Cafe' });
    FacebookAdsApi.init('EAAconcurrency', 'en_US', false);
    const created: Array<{ id?: string; _data?: { id?: string } }> = await Promise.all(
      Array.from({ length: N }, (_, i) => new Page(page.id).createFeed([], { message: `post ${i}` })),
    );
    expectJournalIntact(N);
    for (const c of fakes.calls) expect(c.status).toBe(200);
    const ids = created.map((c) => c.id ?? c._data?.id);
    expect(new Set(ids).size).toBe(N);
    // The feed pages through exactly the created posts, each once.
    const seen: string[] = [];
    let cursor = await new Page(page.id).getFeed(['id'], { limit: 100 });
    for (;;) {
      for (const p of cursor) seen.push(p.id as string);
      if (!cursor.hasNext()) break;
      cursor = await cursor.next();
    }
    expect(seen.length).toBe(N);
    expect(new Set(seen)).toEqual(new Set(ids));
  });
});
