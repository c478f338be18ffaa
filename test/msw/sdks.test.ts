// The fakes as msw handlers (`stuntdouble/msw`), driven by the three real SDKs through msw's own
// interception: same state, journal, clock, faults and scenarios as install(), and msw's
// onUnhandledRequest governs every other host.
import { ApiError, GoogleGenAI } from '@google/genai';
import { Octokit } from '@octokit/rest';
import bizSdk from 'facebook-nodejs-business-sdk';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { scenarios } from 'stuntdouble';
import { createFakes, handlers } from 'stuntdouble/msw';
import { createFakes as coreCreateFakes } from 'stuntdouble';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const fakes = createFakes({ clock: '2024-04-01T00:00:00Z' });
const theirs = mswHttp.get('https://their.example/ping', () => HttpResponse.json({ theirs: true }));
const server = setupServer(...fakes.handlers(), theirs);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  fakes.reset();
});
afterAll(() => server.close());

const octokit = () => new Octokit({ auth: 'ghp_msw', request: { retries: 0 } });

describe('stuntdouble/msw: the fakes as msw handlers', () => {
  it('Octokit: a scenario, a stateful write and the journal, as with install()', async () => {
    const { owner, repo } = fakes.apply(scenarios.importNeedsAuth({ owner: 'octo', repo: 'hello' }));
    const { data } = await octokit().request('GET /repos/{owner}/{repo}/import', { owner, repo });
    expect(data.status).toBe('detection_needs_auth');
    await octokit().request('PATCH /repos/{owner}/{repo}/import', { owner, repo, vcs_username: 'octocat', vcs_password: 'secret' });
    expect(fakes.calls.where({ operation: 'migrations/update-import' }).count()).toBe(1);
    expect(fakes.calls.map((c) => c.route)).toEqual(['/repos/{owner}/{repo}/import', '/repos/{owner}/{repo}/import']);
    expect(fakes.installed).toBe(false); // msw is the transport: nothing of stuntdouble's is installed
  });

  it('Facebook Business SDK: seeded page, a post written through the SDK, the feed read back', async () => {
    const { id } = fakes.socialGraph.seed.page({ name: 'Cafe' });
    bizSdk.FacebookAdsApi.init('tok', 'en_US', false);
    const page = await new bizSdk.Page(id).get(['name']);
    expect(page._data).toMatchObject({ id, name: 'Cafe' });
    const created = await new bizSdk.Page(id).createFeed([], { message: 'via msw' });
    expect(created._data.id).toMatch(new RegExp(`^${id}_\\d+$`));
    const feed = await new bizSdk.Page(id).getFeed(['message'], { limit: 5 });
    expect(feed.map((p) => String(p._data.message))).toEqual(['via msw']);
  });

  it('@google/genai: cachedContents create/get on Vertex, with the fake clock deciding expiry', async () => {
    const ai = new GoogleGenAI({
      vertexai: true,
      project: 'p',
      location: 'us-central1',
      googleAuthOptions: { authClient: { getRequestHeaders: async () => new Headers({ authorization: 'Bearer t' }) } } as never,
    });
    const made = await ai.caches.create({
      model: 'gemini-2.5-flash',
      config: { contents: [{ role: 'user', parts: [{ text: 'abcd'.repeat(1100) }] }], ttl: '60s' },
    });
    expect((await ai.caches.get({ name: made.name as string })).name).toBe(made.name);
    fakes.clock.advance('2m');
    const gone = await ai.caches.get({ name: made.name as string }).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(ApiError);
    expect((gone as ApiError).status).toBe(404);
  });

  it('faults apply: a flaky route answers 500 once, then normally', async () => {
    fakes.apply(scenarios.flaky({ route: 'GET /rate_limit', failures: 1, status: 500 }));
    const first = await octokit()
      .request('GET /rate_limit')
      .catch((e: { status?: number }) => e);
    expect(first).toMatchObject({ status: 500 });
    expect((await octokit().request('GET /rate_limit')).status).toBe(200);
    expect(fakes.calls.map((c) => c.status)).toEqual([500, 200]);
  });

  it("the program's own msw handlers keep answering their hosts, and msw's onUnhandledRequest refuses the rest", async () => {
    expect(await (await fetch('https://their.example/ping')).json()).toEqual({ theirs: true });
    await expect(fetch('https://nobody.example/x')).rejects.toThrow();
    expect(fakes.calls.count()).toBe(0);
  });

  it('server.use() overrides a faked route first, as msw promises', async () => {
    server.use(mswHttp.get('https://api.github.com/rate_limit', () => HttpResponse.json({ mine: true })));
    expect((await octokit().request('GET /rate_limit')).data).toEqual({ mine: true });
    expect((await octokit().request('GET /users')).status).toBe(200);
    expect(fakes.calls.map((c) => c.route)).toEqual(['/users']);
  });

  it('handlers(fakes) works for an instance from stuntdouble itself, and turns its guard off (msw serves its hosts)', async () => {
    const other = coreCreateFakes({ guard: true, codeHosting: { baseUrls: ['https://ghe.example.com/api/v3'] } });
    server.use(...handlers(other));
    const res = await new Octokit({ baseUrl: 'https://ghe.example.com/api/v3', request: { retries: 0 } }).request('GET /rate_limit');
    expect(res.status).toBe(200);
    expect(other.calls.count()).toBe(1);
    expect(other.errors).toEqual([]);
  });
});
