import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from './helpers.js';

let s: ServerProcess;
beforeAll(async () => {
  s = await startServer(['--clock', '2024-01-01T00:00:00Z']);
});
afterAll(async () => {
  expect(await s.stop()).toBe(0);
});
beforeEach(async () => {
  expect((await s.admin('POST', 'reset')).status).toBe(200);
});

const gh = (path: string, init: RequestInit = {}) =>
  fetch(`${s.url}/github${path}`, { ...init, headers: { authorization: 'token t', 'content-type': 'application/json', ...(init.headers ?? {}) } });

describe('admin API', () => {
  it('GET health and GET state describe the server and each service', async () => {
    const health = await s.admin('GET', 'health');
    expect(health.body).toMatchObject({ ok: true, calls: 0, clock: { now: '2024-01-01T00:00:00.000Z', mode: 'frozen' } });
    await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' });
    const state = await s.admin('GET', 'state');
    expect(Object.keys(state.body)).toEqual(['codeHosting', 'socialGraph', 'modelCache']);
    const one = await s.admin('GET', 'state/code-hosting');
    expect(JSON.stringify(one.body)).toContain('hello');
    expect((await s.admin('GET', 'state?service=codeHosting')).body).toEqual(one.body);
  });

  it('POST scenarios/{name}?view=redacted answers the handles under the journal redaction rule (the live page shows them so)', async () => {
    const raw = await s.admin('POST', 'scenarios/importNeedsAuth', { owner: 'octo', repo: 'raw' });
    expect(raw.status).toBe(201);
    // As made: the client needs the credentials to call the fake.
    expect(raw.body.handles.credentials.password).not.toBe('[redacted]');
    const shown = await s.admin('POST', 'scenarios/importNeedsAuth?view=redacted', { owner: 'octo', repo: 'shown' });
    expect(shown.status).toBe(201);
    expect(shown.body.handles.credentials).toEqual({ username: raw.body.handles.credentials.username, password: '[redacted]' });
    expect(shown.body.handles.token).toBe('[redacted]');
    expect(shown.body.handles.repo).toBe('shown');
    const bad = await s.admin('POST', 'scenarios/importNeedsAuth?view=redact', { owner: 'octo', repo: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("Did you mean 'redacted'?");
  });

  it('POST seed/{service}/{helper} runs a seed helper and answers its result', async () => {
    const repo = await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello', private: true });
    expect(repo.status).toBe(201);
    expect(repo.body.result).toMatchObject({ full_name: 'octo/hello', private: true });
    const token = await s.admin('POST', 'seed/codeHosting/token', { type: 'classic', scopes: ['repo'] });
    expect(typeof token.body.result).toBe('string');
    // Seeding a token turns the permission model on: an unseeded token is refused, the seeded one works.
    expect((await gh('/repos/octo/hello')).status).toBe(401);
    expect((await gh('/repos/octo/hello', { headers: { authorization: `token ${token.body.result}` } })).status).toBe(200);
    // A helper with several arguments takes { "args": [...] }.
    const res = await s.admin('POST', 'seed/code-hosting/resource', { args: ['/repos/octo/hello/issues/1', { title: 'Bug', number: 1 }] });
    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({ title: 'Bug', number: 1 });
    const list = await s.admin('GET', 'seed');
    expect(list.body.codeHosting).toContain('repo');
    expect(list.body.socialGraph).toContain('page');
    expect(list.body.modelCache).toContain('cachedContent');
  });

  it('POST snapshot and POST restore/{id} put the state back', async () => {
    await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' });
    const snap = await s.admin('POST', 'snapshot');
    expect(snap.status).toBe(201);
    expect(typeof snap.body.id).toBe('string');
    expect((await gh('/repos/octo/hello', { method: 'DELETE' })).status).toBe(204);
    expect((await gh('/repos/octo/hello')).status).toBe(404);
    expect((await s.admin('POST', `restore/${snap.body.id}`)).status).toBe(200);
    expect((await gh('/repos/octo/hello')).status).toBe(200);
  });

  it('POST clock/advance and clock/set move the fake clock (and time-driven state with it)', async () => {
    const cache = await s.admin('POST', 'seed/modelCache/cachedContent', { api: 'gemini', ttl: '600s' });
    const name = cache.body.result.name as string;
    const read = () => fetch(`${s.url}/gemini/v1beta/${name}`, { headers: { 'x-goog-api-key': 'AIza-test' } });
    expect((await read()).status).toBe(200);
    const adv = await s.admin('POST', 'clock/advance', { by: '11m' });
    expect(adv.body).toEqual({ now: '2024-01-01T00:11:00.000Z', mode: 'frozen' });
    // The Gemini API answers an expired (gone) cache as 403 "not found (or permission denied)".
    const gone = await read();
    expect(gone.status).toBe(403);
    expect(await gone.json()).toMatchObject({ error: { message: 'CachedContent not found (or permission denied)' } });
    const set = await s.admin('POST', 'clock/set', { at: '2030-05-01T12:00:00Z' });
    expect(set.body.now).toBe('2030-05-01T12:00:00.000Z');
    expect((await s.admin('GET', 'clock')).body.now).toBe('2030-05-01T12:00:00.000Z');
  });

  it('GET calls filters the journal by service and route; GET unmatched lists routeless requests', async () => {
    await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' });
    await gh('/repos/octo/hello');
    await gh('/repos/octo/hello/import', { method: 'PUT', body: JSON.stringify({ vcs_url: 'https://svn.example.com/app' }) });
    await fetch(`${s.url}/graph/v24.0/me?access_token=x`);
    await gh('/no/such/route');
    const all = await s.admin('GET', 'calls');
    expect(all.body.map((c: { seq: number }) => c.seq)).toEqual([1, 2, 3, 4]);
    const puts = await s.admin('GET', `calls?service=codeHosting&route=${encodeURIComponent('PUT /repos/{owner}/{repo}/import')}`);
    expect(puts.body).toHaveLength(1);
    expect(puts.body[0]).toMatchObject({ method: 'PUT', path: '/repos/octo/hello/import', status: 201, body: { vcs_url: 'https://svn.example.com/app' } });
    // Secrets stay redacted over the wire too.
    expect(puts.body[0].headers.authorization).not.toContain(' t');
    const graph = await s.admin('GET', 'calls?service=social-graph');
    expect(graph.body).toHaveLength(1);
    expect((await s.admin('GET', 'calls?since=3')).body.map((c: { seq: number }) => c.seq)).toEqual([4]);
    const unmatched = await s.admin('GET', 'unmatched');
    expect(unmatched.body).toHaveLength(1);
    expect(unmatched.body[0]).toMatchObject({ path: '/no/such/route', operation: 'unmatched' });
  });

  it('POST faults adds a fault scenario; GET faults counts its hits; DELETE faults/{id} removes it', async () => {
    await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' });
    const fault = await s.admin('POST', 'faults', { kind: 'flaky', service: 'codeHosting', failures: 1, status: 503 });
    expect(fault.status).toBe(201);
    expect(fault.body).toMatchObject({ scenario: 'flaky', functions: ['hits', 'remove'], hits: 0 });
    const first = await gh('/repos/octo/hello');
    expect(first.status).toBe(503);
    expect(await first.json()).toMatchObject({ message: 'Service Unavailable' });
    expect((await gh('/repos/octo/hello')).status).toBe(200);
    expect((await s.admin('GET', 'faults')).body).toEqual([expect.objectContaining({ id: fault.body.id, hits: 1 })]);
    const out = await s.admin('POST', 'faults', { kind: 'serviceUnavailable', service: 'codeHosting' });
    expect((await gh('/repos/octo/hello')).status).toBe(503);
    expect((await s.admin('POST', `handles/${out.body.id}/hits`)).body).toEqual({ result: 1 });
    expect((await s.admin('DELETE', `faults/${out.body.id}`)).body).toEqual({ removed: [out.body.id] });
    expect((await gh('/repos/octo/hello')).status).toBe(200);
  });

  it('a networkError fault drops the connection without an answer', async () => {
    await s.admin('POST', 'faults', { kind: 'networkError', service: 'codeHosting', times: 1 });
    await expect(gh('/repos/octo/hello')).rejects.toThrow();
    expect((await gh('/repos/octo/hello')).status).toBe(404);
  });

  it('GET scenarios lists every scenario with its description and handles', async () => {
    const list = await s.admin('GET', 'scenarios');
    const names = list.body.map((x: { name: string }) => x.name);
    expect(names).toContain('importNeedsAuth');
    expect(names).toContain('audienceFlagged');
    expect(list.body.find((x: { name: string }) => x.name === 'importNeedsAuth')).toMatchObject({ service: 'codeHosting', handles: expect.any(String) });
  });

  it('malformed admin calls answer 4xx JSON naming the mistake', async () => {
    const cases: Array<[method: string, route: string, body: unknown, status: number, text: string]> = [
      ['POST', 'scenarios/importNeedAuth', {}, 404, "Did you mean 'importNeedsAuth'?"],
      ['POST', 'scenarios/importNeedsAuth', { ownr: 'x' }, 400, 'ownr'],
      ['POST', 'scenarios/importNeedsAuth', '{not json', 400, 'not valid JSON'],
      ['POST', 'scenarios/importNeedsAuth', [1, 2], 400, 'JSON object'],
      ['POST', 'scenarios', undefined, 400, 'scenario name'],
      ['POST', 'restore/999', undefined, 404, "no snapshot '999'"],
      ['POST', 'clock/advance', { by: 'soon' }, 400, 'soon'],
      ['POST', 'clock/advance', {}, 400, '"by"'],
      ['POST', 'clock/rewind', {}, 404, 'Actions: advance, set, freeze'],
      ['POST', 'clock/set', { at: 'yesterday' }, 400, 'not a valid instant'],
      ['GET', 'calls?servce=codeHosting', undefined, 400, "Did you mean 'service'?"],
      ['GET', 'calls?service=github2', undefined, 404, "unknown service 'github2'"],
      ['GET', 'calls?since=-1', undefined, 400, 'non-negative integer'],
      ['POST', 'faults', { kind: 'flakey', failures: 1 }, 400, "Did you mean 'flaky'?"],
      ['POST', 'faults', { failures: 1 }, 400, '"kind"'],
      ['POST', 'faults', { kind: 'flaky' }, 400, 'failures'],
      ['DELETE', 'faults/77', undefined, 404, "no handle '77'"],
      ['POST', 'seed/codeHosting/rpeo', {}, 404, "Did you mean 'repo'?"],
      ['POST', 'seed/codeHostin/repo', {}, 404, "Did you mean 'codeHosting'?"],
      ['POST', 'seed/codeHosting/repo', { owner: 'octo' }, 400, 'repo'],
      ['POST', 'seed/socialGraph/post', { pageId: 'nope' }, 400, 'no Page nope'],
      ['GET', 'reset', undefined, 405, 'POST reset'],
      ['GET', 'helth', undefined, 404, "Did you mean 'GET health'?"],
      ['PUT', '', undefined, 405, 'GET only'],
    ];
    for (const [method, route, body, status, text] of cases) {
      const res = await s.admin(method, route, body);
      expect({ route, status: res.status }).toEqual({ route, status });
      expect(res.body.error.status).toBe(status);
      expect(res.body.error.message).toContain(text);
    }
    // The server still answers normally afterwards.
    expect((await s.admin('GET', 'health')).body.ok).toBe(true);
  });

  it('requests no fake serves answer 404 JSON listing the prefixes', async () => {
    const res = await fetch(`${s.url}/nothing/here`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toContain('/github (codeHosting)');
    expect(body.error.message).toContain('/gemini (modelCache)');
  });
});
