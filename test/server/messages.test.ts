/**
 * Server-mode messages (issue 34): journal filter typos answer 400 with the nearest name (a route
 * too, and the concrete path curl's globbing makes of a template), the documented curl command works
 * verbatim, seed results and scenario handles link to the server, and describe() says it is serving.
 */
import { readFileSync } from 'node:fs';
import { createFakes } from 'stuntdouble';
import { serve } from 'stuntdouble/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ServerProcess, has, missing, run, startServer } from './helpers.js';

const hasCurl = has('curl');
let s: ServerProcess;
beforeAll(async () => {
  s = await startServer(['--clock', '2024-01-10T00:00:00Z']);
});
afterAll(async () => {
  expect(await s.stop()).toBe(0);
});
beforeEach(async () => {
  expect((await s.admin('POST', 'reset')).status).toBe(200);
});

const gh = (path: string, init: RequestInit = {}) =>
  fetch(`${s.url}/github${path}`, { ...init, headers: { authorization: 'token t', 'content-type': 'application/json', ...(init.headers ?? {}) } });

/** Seeds a repository and records a GET and a PUT import on it. */
async function twoCalls(): Promise<void> {
  await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' });
  expect((await gh('/repos/octo/hello')).status).toBe(200);
  expect((await gh('/repos/octo/hello/import', { method: 'PUT', body: JSON.stringify({ vcs_url: 'https://svn.example.com/app' }) })).status).toBe(201);
}

describe('journal filter mistakes answer 400 with the nearest name', () => {
  it('a misspelt route template names the nearest routes', async () => {
    await twoCalls();
    const res = await s.admin('GET', `calls?route=${encodeURIComponent('PUT /repos/{owner}/{repo}/imprt')}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("'PUT /repos/{owner}/{repo}/import'");
    expect(res.body.error.suggestions).toContain('PUT /repos/{owner}/{repo}/import');
    // Within one service as well.
    const one = await s.admin('GET', `calls?service=codeHosting&route=${encodeURIComponent('/repos/{owner}/{repo}/imports')}`);
    expect(one.status).toBe(400);
    expect(one.body.error.message).toContain('/repos/{owner}/{repo}/import');
  });

  it('a concrete path given as a route (what curl makes of {owner}) is refused, naming the template and curl -g', async () => {
    await twoCalls();
    const res = await s.admin('GET', `calls?route=${encodeURIComponent('PUT /repos/owner/repo/import')}`);
    expect(res.status).toBe(400);
    expect(res.body.error.suggestions[0]).toBe('PUT /repos/{owner}/{repo}/import');
    expect(res.body.error.message).toContain('curl -g');
    expect(res.body.error.message).toContain('path=');
  });

  it('unknown filter keys, methods and operations name the nearest; right spellings still filter', async () => {
    await twoCalls();
    const cases: Array<[query: string, text: string]> = [
      ['rout=x', "Did you mean 'route'?"],
      ['limt=1', "Did you mean 'limit'?"],
      ['method=PTU', "Did you mean 'PUT'?"],
      ['operation=migrations/start-imprt', "Did you mean 'migrations/start-import'"],
      ['status=2xx', 'non-negative integer'],
    ];
    for (const [query, text] of cases) {
      const res = await s.admin('GET', `calls?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.error.message).toContain(text);
    }
    const byRoute = await s.admin('GET', `calls?route=${encodeURIComponent('/repos/{owner}/{repo}/import')}`);
    expect(byRoute.body.map((c: { method: string }) => c.method)).toEqual(['PUT']);
    // Another spelling of the parameters names the same route.
    const alias = await s.admin('GET', `calls?route=${encodeURIComponent('GET /repos/{Owner}/{Repo}')}`);
    expect(alias.body.map((c: { path: string }) => c.path)).toEqual(['/repos/octo/hello']);
    const byOperation = await s.admin('GET', 'calls?operation=migrations/start-import&method=put');
    expect(byOperation.body).toHaveLength(1);
    // A route no call took yet is no mistake: the answer is an empty list.
    expect((await s.admin('GET', `calls?route=${encodeURIComponent('DELETE /repos/{owner}/{repo}')}`)).body).toEqual([]);
  });
});

describe.runIf(hasCurl)('the journal-filter curl commands of docs/server.md', () => {
  const doc = readFileSync(new URL('../../docs/server.md', import.meta.url), 'utf8');
  const commands = doc.split('\n').filter((l) => l.startsWith('curl ') && l.includes('__stuntdouble/calls') && l.includes('{owner}'));

  it('run verbatim (only the port changed), answer the PUT call', async () => {
    // The admin-API examples and the "Braces and curl" examples: -G --data-urlencode, and -g.
    expect(commands.length).toBeGreaterThanOrEqual(2);
    await twoCalls();
    for (const line of commands) {
      const cmd = line.replaceAll('localhost:4010', `localhost:${s.port}`);
      const r = await run('sh', ['-c', `${cmd} -sS`]);
      expect({ cmd, code: r.code, stderr: r.stderr }).toEqual({ cmd, code: 0, stderr: '' });
      const calls = JSON.parse(r.stdout) as Array<{ method: string; path: string }>;
      expect({ cmd, calls: calls.map((c) => `${c.method} ${c.path}`) }).toEqual({ cmd, calls: ['PUT /repos/octo/hello/import'] });
    }
  });

  it('the old, globbed spelling is no longer a silent []: 400 naming the template', async () => {
    await twoCalls();
    const r = await run('curl', ['-sS', `localhost:${s.port}/__stuntdouble/calls?service=codeHosting&route=PUT%20/repos/{owner}/{repo}/import`]);
    const body = JSON.parse(r.stdout);
    expect(body.error.status).toBe(400);
    expect(body.error.suggestions).toContain('PUT /repos/{owner}/{repo}/import');
  });
});
if (!hasCurl) it.skip(missing('curl', 'apt-get install -y curl'), () => undefined);

describe('admin answers link to the server, as its live answers do', () => {
  it('seed results carry the server URLs, equal to what GET answers', async () => {
    const seeded = await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' });
    expect(seeded.status).toBe(201);
    const repo = seeded.body.result;
    expect(repo.url).toBe(`${s.url}/github/repos/octo/hello`);
    expect(repo.html_url).toBe(`${s.url}/octo/hello`);
    expect(JSON.stringify(repo)).not.toContain('github.com');
    const live = (await (await gh('/repos/octo/hello')).json()) as Record<string, unknown>;
    for (const k of Object.keys(live).filter((k) => k.endsWith('url') || k === 'url')) expect({ k, v: repo[k] }).toEqual({ k, v: live[k] });
    expect(repo.owner).toEqual(live.owner);
  });

  it('scenario handles carry the server URLs, equal to what GET answers', async () => {
    const applied = await s.admin('POST', 'scenarios/importNeedsAuth', { owner: 'octo', repo: 'hello' });
    expect(applied.status).toBe(201);
    const handle = applied.body.handles.import;
    expect(handle.url).toBe(`${s.url}/github/repos/octo/hello/import`);
    expect(handle.html_url).toBe(`${s.url}/octo/hello/import`);
    const live = (await (await gh('/repos/octo/hello/import')).json()) as Record<string, unknown>;
    for (const k of ['url', 'html_url', 'authors_url', 'repository_url']) expect({ k, v: handle[k] }).toEqual({ k, v: live[k] });
  });

  it('under another name for the server (localhost), that name', async () => {
    const res = await fetch(`http://localhost:${s.port}/__stuntdouble/seed/codeHosting/repo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ owner: 'octo', repo: 'other' }),
    });
    const { result } = (await res.json()) as { result: { url: string } };
    expect(result.url).toBe(`http://localhost:${s.port}/github/repos/octo/other`);
  });
});

describe('describe() in server mode', () => {
  it('GET describe says where the server is serving, not "(not installed)"', async () => {
    const { text } = (await s.admin('GET', 'describe')).body;
    expect(text).toMatch(new RegExp(`^stuntdouble fakes \\(serving on ${s.url.replace(/\./g, '\\.')}\\)`));
    expect(text).not.toContain('not installed');
  });

  it('serve(fakes) in-process: describe() names the server while it runs, and not after close()', async () => {
    const fakes = createFakes();
    expect(fakes.describe()).toContain('(not installed)');
    const server = await serve(fakes, { port: 0 });
    expect(fakes.describe()).toContain(`(serving on ${server.url})`);
    await server.close();
    expect(fakes.describe()).toContain('(not installed)');
  });
});
