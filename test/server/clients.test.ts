/**
 * Real clients against `stuntdouble serve` in a child process: curl, Python requests, PyGithub, and
 * the three Node SDKs with only their base URL changed. Clients the machine lacks skip with a message.
 */
import { fileURLToPath } from 'node:url';
import { GoogleGenAI } from '@google/genai';
import { Octokit } from '@octokit/rest';
import bizSdk from 'facebook-nodejs-business-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Json, type ServerProcess, has, missing, pythonWith, run, startServer } from './helpers.js';

const script = (name: string) => fileURLToPath(new URL(`./clients/${name}`, import.meta.url));
const curl = has('curl');
const pyRequests = pythonWith('requests');
const pyGithub = pythonWith('github', 'requests');

let s: ServerProcess;
beforeAll(async () => {
  // Before the source imports API closed down (2024-04-12): the clients start imports.
  s = await startServer(['--clock', '2024-01-10T00:00:00Z']);
});
afterAll(async () => {
  expect(await s.stop()).toBe(0);
});
beforeEach(async () => {
  expect((await s.admin('POST', 'reset')).status).toBe(200);
});

const calls = async (query = ''): Promise<Json[]> => (await s.admin('GET', `calls${query}`)).body;

describe.runIf(curl)('curl', () => {
  it('reads a repository with headers, creates one with JSON, and HEAD answers without a body', async () => {
    await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' });
    const get = await run('curl', ['-sS', '-i', '-H', 'Authorization: token ghp_curl', `${s.url}/github/repos/octo/hello`]);
    expect(get.code).toBe(0);
    const [head, body] = get.stdout.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(head).toMatch(/x-github-request-id: /i);
    expect(JSON.parse(body as string)).toMatchObject({ full_name: 'octo/hello', url: `${s.url}/github/repos/octo/hello`, html_url: `${s.url}/octo/hello` });

    const post = await run('curl', [
      '-sS',
      '-w',
      '\n%{http_code}',
      '-X',
      'POST',
      '-H',
      'Authorization: token ghp_curl',
      '-H',
      'Content-Type: application/json',
      '-d',
      '{"name":"from-curl","private":true}',
      `${s.url}/github/user/repos`,
    ]);
    const [json, status] = post.stdout.split('\n');
    expect(status).toBe('201');
    expect(JSON.parse(json as string)).toMatchObject({ name: 'from-curl', private: true });

    const headRes = await run('curl', ['-sS', '-I', '-H', 'Authorization: token ghp_curl', `${s.url}/github/repos/octo/hello`]);
    expect(headRes.stdout).toMatch(/^HTTP\/1\.1 200 OK/);
    const journal = await calls();
    expect(journal.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
      'GET /repos/octo/hello 200',
      'POST /user/repos 201',
      'HEAD /repos/octo/hello 200',
    ]);
  });

  it('GHES-style /github/api/v3 answers too, with URLs on that base', async () => {
    await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' });
    const get = await run('curl', ['-sS', '-H', 'Authorization: token t', `${s.url}/github/api/v3/repos/octo/hello`]);
    expect(JSON.parse(get.stdout)).toMatchObject({ url: `${s.url}/github/api/v3/repos/octo/hello` });
  });

  it('a malformed JSON body gets the service error, and the server keeps answering', async () => {
    const bad = await run('curl', [
      '-sS',
      '-w',
      '\n%{http_code}',
      '-X',
      'POST',
      '-H',
      'Authorization: token t',
      '-H',
      'Content-Type: application/json',
      '-d',
      '{"name":',
      `${s.url}/github/user/repos`,
    ]);
    const [json, status] = bad.stdout.split('\n');
    expect(status).toBe('400');
    expect(JSON.parse(json as string).message).toBe('Problems parsing JSON');
    expect((await s.admin('GET', 'health')).body.ok).toBe(true);
  });
});
if (!curl) it.skip(missing('curl', 'apt-get install -y curl'), () => undefined);

describe.runIf(pyGithub)('PyGithub', () => {
  it('reads, pages (Link headers), creates, fails and starts an import through base_url', async () => {
    for (const repo of ['hello', 'a', 'b', 'c', 'd']) await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo });
    const r = await run(pyGithub as string, [script('pygithub_client.py'), `${s.url}/github`, 'ghp_python']);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out.repo).toEqual({ full_name: 'octo/hello', private: false, url: `${s.url}/github/repos/octo/hello`, owner: 'octo' });
    expect(out.listed).toEqual(['a', 'b', 'c', 'd', 'hello']);
    expect(out.created).toEqual({ full_name: 'octocat/made-by-pygithub', private: true, description: 'from Python' });
    expect(out.missing).toEqual({ status: 404, message: 'Not Found' });
    expect(out.import).toMatchObject({ vcs_url: 'https://git.example.com/app.git', url: `${s.url}/github/repos/octo/hello/import` });
    expect(out.again.status).toBe(422);
    // per_page=2 over 5 repositories: PyGithub followed rel="next" twice, back to this server.
    const pages = await calls(`?route=${encodeURIComponent('GET /users/{username}/repos')}`);
    expect(pages.map((c) => c.query.page ?? '1')).toEqual(['1', '2', '3']);
    expect((await calls('?route=PUT%20%2Frepos%2F%7Bowner%7D%2F%7Brepo%7D%2Fimport')).map((c) => c.status)).toEqual([201, 422]);
  });
});
if (!pyGithub) it.skip(missing('PyGithub for /usr/bin/python3', 'apt-get install -y python3-github'), () => undefined);

describe.runIf(pyRequests)('Python requests', () => {
  it('Graph: reads a Page and follows paging.next; Gemini API: creates and lists a cached content', async () => {
    const r = await run(pyRequests as string, [script('requests_client.py'), s.url]);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out.page.status).toBe(200);
    expect(out.page.body).toEqual({ name: 'Cafe', id: expect.any(String) });
    expect(out.feed.ids).toHaveLength(5);
    expect(new Set(out.feed.ids).size).toBe(5);
    for (const next of out.feed.nexts) expect(next.startsWith(`${s.url}/graph/v24.0/`)).toBe(true);
    expect(out.badField).toMatchObject({ status: 400, error: { code: 100, type: 'OAuthException' } });
    expect(out.created.status).toBe(200);
    expect(out.created.body.name).toMatch(/^cachedContents\/[a-z0-9]+$/);
    expect(out.listed).toEqual([out.created.body.name]);
    const gemini = await calls('?service=modelCache');
    expect(gemini.map((c) => c.operation)).toEqual(['cachedContents/create', 'cachedContents/list']);
    expect(gemini[0].headers['x-goog-api-key']).not.toBe('AIza-python');
  });
});
if (!pyRequests) it.skip(missing('Python requests for python3', 'apt-get install -y python3-requests'), () => undefined);

describe('Node SDKs with their base URL pointed at the server', () => {
  it('Octokit: baseUrl = /github', async () => {
    await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' });
    const octokit = new Octokit({ auth: 'ghp_node', baseUrl: `${s.url}/github` });
    const { data } = await octokit.rest.repos.get({ owner: 'octo', repo: 'hello' });
    expect(data.url).toBe(`${s.url}/github/repos/octo/hello`);
    const started = await octokit.request('PUT /repos/{owner}/{repo}/import', { owner: 'octo', repo: 'hello', vcs_url: 'https://svn.example.com/app' });
    expect(started.status).toBe(201);
    expect(started.headers.location).toBe(`${s.url}/github/repos/octo/hello/import`);
    await expect(octokit.rest.repos.get({ owner: 'octo', repo: 'nope' })).rejects.toMatchObject({ status: 404 });
  });

  it('facebook-nodejs-business-sdk: FacebookAdsApi.GRAPH = /graph', async () => {
    const page = (await s.admin('POST', 'seed/socialGraph/page', { name: 'Cafe' })).body.result;
    const token = (await s.admin('POST', 'seed/socialGraph/token', { type: 'page', pageId: page.id, tasks: ['CREATE_CONTENT', 'MANAGE'] })).body.result;
    const graph = Object.getOwnPropertyDescriptor(bizSdk.FacebookAdsApi, 'GRAPH');
    Object.defineProperty(bizSdk.FacebookAdsApi, 'GRAPH', { get: () => `${s.url}/graph`, configurable: true });
    try {
      bizSdk.FacebookAdsApi.init(token, 'en_US', false);
      const p = new bizSdk.Page(page.id);
      const read = await p.get(['name']);
      expect(read._data).toMatchObject({ name: 'Cafe', id: page.id });
      const post = (await p.createFeed([], { message: 'hello from the SDK' })) as unknown as { id: string };
      expect(post.id).toMatch(new RegExp(`^${page.id}_\\d+$`));
      const created = await calls(`?route=${encodeURIComponent('POST /{page_id}/feed')}`);
      expect(created).toHaveLength(1);
      expect(created[0].url.startsWith(`${s.url}/graph/v24.0/`)).toBe(true);
    } finally {
      Object.defineProperty(bizSdk.FacebookAdsApi, 'GRAPH', graph as PropertyDescriptor);
    }
  });

  it('@google/genai: httpOptions.baseUrl = /gemini (API key) and /vertex (Vertex AI)', async () => {
    const gemini = new GoogleGenAI({ apiKey: 'AIza-node', httpOptions: { baseUrl: `${s.url}/gemini` } });
    const contents = [{ role: 'user', parts: [{ text: 'abcd'.repeat(1100) }] }];
    const g = await gemini.caches.create({ model: 'gemini-2.5-flash', config: { contents, ttl: '300s' } });
    expect(g.name).toMatch(/^cachedContents\//);
    expect((await gemini.caches.get({ name: g.name as string })).model).toBe('models/gemini-2.5-flash');

    const vertex = new GoogleGenAI({
      vertexai: true,
      project: 'p',
      location: 'us-central1',
      httpOptions: { baseUrl: `${s.url}/vertex` },
      googleAuthOptions: { authClient: { getRequestHeaders: async () => new Headers({ authorization: 'Bearer ya29.node' }) } } as never,
    });
    const v = await vertex.caches.create({ model: 'gemini-2.5-flash', config: { contents, ttl: '300s' } });
    expect(v.name).toMatch(/^projects\/p\/locations\/us-central1\/cachedContents\/\d+$/);
    const journal = await calls('?service=modelCache');
    expect(journal.map((c) => `${c.operation} ${c.url.slice(s.url.length).split('/').slice(0, 3).join('/')}`)).toEqual([
      'cachedContents/create /gemini/v1',
      'cachedContents/get /gemini/v1',
      'cachedContents/create /vertex/v1beta1',
    ]);
  });
});
