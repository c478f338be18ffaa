import { createHmac } from 'node:crypto';
import { verify } from '@octokit/webhooks-methods';
import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { type Fakes, createFakes, scenarios } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const kit = (auth = 'ghp_lenient') => new Octokit({ auth, request: { retries: 0 } });
const R = { owner: 'octo', repo: 'hello' };
const HOOK_HOST = 'https://hooks.example.com';

interface Received {
  headers: Record<string, string>;
  body: string;
}

/**
 * A plain nock scope on the hook URL that records what arrives. The reply function takes rest
 * parameters so it works with nock 14 (`(uri, body)` + `this.req`) and nock 15 (one Fetch `Request`).
 */
function receiver(path = '/in', times = 10): Received[] {
  const got: Received[] = [];
  nock(HOOK_HOST)
    .post(path)
    .times(times)
    .reply(async function (this: { req?: { headers: Record<string, string | string[]> } }, ...args: unknown[]) {
      const first = args[0];
      const headers: Record<string, string> = {};
      let body: string;
      if (typeof Request !== 'undefined' && first instanceof Request) {
        first.headers.forEach((v, k) => {
          headers[k.toLowerCase()] = v;
        });
        body = await first.text();
      } else {
        for (const [k, v] of Object.entries(this.req?.headers ?? {})) headers[k.toLowerCase()] = String(v);
        const raw = args[1];
        body = typeof raw === 'string' ? raw : JSON.stringify(raw);
      }
      got.push({ headers, body });
      return [200, 'ok'];
    } as never);
  return got;
}

describe('webhooks', () => {
  let fakes: Fakes;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo(R);
  });
  afterEach(() => {
    fakes.uninstall();
    nock.cleanAll();
  });

  it('repository hooks: create, list, get, update, config, delete', async () => {
    const octokit = kit();
    const created = await octokit.request('POST /repos/{owner}/{repo}/hooks', {
      ...R,
      config: { url: `${HOOK_HOST}/in`, content_type: 'json', secret: 's3cret' },
      events: ['repository_import', 'push'],
    });
    expect(created.status).toBe(201);
    const id = created.data.id;
    expect(created.data).toMatchObject({
      type: 'Repository',
      name: 'web',
      active: true,
      events: ['repository_import', 'push'],
      config: { url: `${HOOK_HOST}/in`, content_type: 'json', insecure_ssl: '0', secret: '********' },
      url: `https://api.github.com/repos/octo/hello/hooks/${id}`,
      test_url: `https://api.github.com/repos/octo/hello/hooks/${id}/test`,
      ping_url: `https://api.github.com/repos/octo/hello/hooks/${id}/pings`,
      deliveries_url: `https://api.github.com/repos/octo/hello/hooks/${id}/deliveries`,
      last_response: { code: null, status: 'unused', message: null },
    });
    expect(created.headers['x-accepted-github-permissions']).toBe('repository_hooks=write');
    expect((await octokit.request('GET /repos/{owner}/{repo}/hooks', R)).data.map((h) => h.id)).toEqual([id]);
    expect((await octokit.request('GET /repos/{owner}/{repo}/hooks/{hook_id}', { ...R, hook_id: id })).data.id).toBe(id);
    const upd = await octokit.request('PATCH /repos/{owner}/{repo}/hooks/{hook_id}', {
      ...R,
      hook_id: id,
      add_events: ['issues'],
      remove_events: ['push'],
      active: false,
    });
    expect(upd.data).toMatchObject({ events: ['repository_import', 'issues'], active: false });
    const cfg = await octokit.request('PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config', { ...R, hook_id: id, content_type: 'form' });
    expect(cfg.data).toEqual({ content_type: 'form', insecure_ssl: '0', url: `${HOOK_HOST}/in`, secret: '********' });
    expect((await octokit.request('GET /repos/{owner}/{repo}/hooks/{hook_id}/config', { ...R, hook_id: id })).data.content_type).toBe('form');
    const missing = await octokit.request('POST /repos/{owner}/{repo}/hooks', { ...R, config: {} } as never).catch((e) => e);
    expect(missing.status).toBe(422);
    expect(missing.response.data.errors).toEqual([{ resource: 'Hook', code: 'custom', message: 'Config must contain URL.' }]);
    expect((await octokit.request('DELETE /repos/{owner}/{repo}/hooks/{hook_id}', { ...R, hook_id: id })).status).toBe(204);
    expect((await octokit.request('GET /repos/{owner}/{repo}/hooks/{hook_id}', { ...R, hook_id: id }).catch((e) => e)).status).toBe(404);
  });

  it('a completed import POSTs a correctly signed repository_import delivery to the hook URL', async () => {
    const got = receiver();
    const octokit = kit();
    const hook = await octokit.request('POST /repos/{owner}/{repo}/hooks', {
      ...R,
      config: { url: `${HOOK_HOST}/in`, content_type: 'json', secret: 's3cret' },
      events: ['repository_import'],
    });
    await octokit.request('PUT /repos/{owner}/{repo}/import', { ...R, vcs: 'git', vcs_url: 'https://example.com/a.git' });
    for (let i = 0; i < 10; i++) if ((await octokit.request('GET /repos/{owner}/{repo}/import', R)).data.status === 'complete') break;
    await fakes.flush();
    // A new hook is pinged first, like on GitHub.
    expect(got.map((g) => g.headers['x-github-event'])).toEqual(['ping', 'repository_import']);
    expect(JSON.parse(got[0]!.body)).toMatchObject({ hook_id: hook.data.id, hook: { id: hook.data.id } });
    const d = got[1]!;
    const repo = fakes.state.codeHosting.repos[fakes.state.codeHosting.repoIndex['octo/hello']!]!;
    expect(d.headers['x-github-event']).toBe('repository_import');
    expect(d.headers['x-github-hook-id']).toBe(String(hook.data.id));
    expect(d.headers['x-github-hook-installation-target-type']).toBe('repository');
    expect(d.headers['x-github-hook-installation-target-id']).toBe(String(repo.id));
    expect(d.headers['x-github-delivery']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(d.headers['x-hub-signature-256']).toBe(`sha256=${createHmac('sha256', 's3cret').update(d.body).digest('hex')}`);
    expect(await verify('s3cret', d.body, d.headers['x-hub-signature-256']!)).toBe(true);
    const payload = JSON.parse(d.body);
    expect(payload).toMatchObject({ status: 'success', repository: { full_name: 'octo/hello', id: repo.id }, sender: { login: 'octocat' } });
    expect(payload).not.toHaveProperty('organization');
    const rec = fakes.codeHosting.deliveries.find((x) => x.event === 'repository_import');
    expect(rec).toMatchObject({ event: 'repository_import', statusCode: 200, status: 'OK', hookId: hook.data.id, payload: { status: 'success' } });
    // The delivery is also visible through the API.
    const list = await octokit.request('GET /repos/{owner}/{repo}/hooks/{hook_id}/deliveries', { ...R, hook_id: hook.data.id });
    expect(list.data).toEqual([
      expect.objectContaining({ id: rec!.id, guid: rec!.guid, event: 'repository_import', status: 'OK', status_code: 200, redelivery: false }),
      expect.objectContaining({ event: 'ping', status: 'OK' }),
    ]);
    const one = await octokit.request('GET /repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}', {
      ...R,
      hook_id: hook.data.id,
      delivery_id: rec!.id,
    });
    expect(one.data.request.headers).toMatchObject({ 'x-github-event': 'repository_import' });
    expect(one.data.request.payload).toMatchObject({ status: 'success' });
    expect(one.data.response.payload).toBe('ok');
    // Redelivery: same GUID, redelivery flag.
    const again = await octokit.request('POST /repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}/attempts', {
      ...R,
      hook_id: hook.data.id,
      delivery_id: rec!.id,
    });
    expect(again.status).toBe(202);
    await fakes.flush();
    expect(got).toHaveLength(3);
    expect(got[2]!.headers['x-github-delivery']).toBe(d.headers['x-github-delivery']);
    expect(fakes.codeHosting.deliveries[2]).toMatchObject({ redelivery: true, statusCode: 200 });
  });

  it('cancel sends cancelled, failure sends failure; organization hooks receive them with the organization', async () => {
    const got = receiver('/org', 10);
    fakes.codeHosting.seed.repo({ owner: 'acme', repo: 'app', ownerType: 'Organization' });
    const octokit = kit();
    const org = await octokit.request('POST /orgs/{org}/hooks', {
      org: 'acme',
      name: 'web',
      config: { url: `${HOOK_HOST}/org`, secret: 'o' },
      events: ['repository_import'],
    });
    expect(org.data).toMatchObject({ type: 'Organization', url: `https://api.github.com/orgs/acme/hooks/${org.data.id}`, config: { content_type: 'form' } });
    const P = { owner: 'acme', repo: 'app' };
    await octokit.request('PUT /repos/{owner}/{repo}/import', { ...P, vcs: 'git', vcs_url: 'https://example.com/a.git' });
    await octokit.request('DELETE /repos/{owner}/{repo}/import', P);
    fakes.codeHosting.seed.origin({ url: 'https://example.com/bad.git', failAt: 'mapping' });
    await octokit.request('PUT /repos/{owner}/{repo}/import', { ...P, vcs: 'git', vcs_url: 'https://example.com/bad.git' });
    for (let i = 0; i < 10; i++) if ((await octokit.request('GET /repos/{owner}/{repo}/import', P)).data.status === 'error') break;
    await fakes.flush();
    expect(got.map((g) => g.headers['x-github-event'])).toEqual(['ping', 'repository_import', 'repository_import']);
    got.shift();
    const statuses = got.map((g) => JSON.parse(decodeURIComponent(g.body.replace(/^payload=/, ''))).status);
    expect(statuses).toEqual(['cancelled', 'failure']);
    expect(got[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(got[0]!.headers['x-github-hook-installation-target-type']).toBe('organization');
    expect(await verify('o', got[0]!.body, got[0]!.headers['x-hub-signature-256']!)).toBe(true);
    const payload = JSON.parse(decodeURIComponent(got[1]!.body.replace(/^payload=/, '')));
    expect(payload.organization).toMatchObject({ login: 'acme' });
    expect(payload.repository).toMatchObject({ full_name: 'acme/app' });
    const listed = await octokit.request('GET /orgs/{org}/hooks/{hook_id}/deliveries', { org: 'acme', hook_id: org.data.id });
    expect(listed.data.map((x) => x.event)).toEqual(['repository_import', 'repository_import', 'ping']);
    expect((await octokit.request('GET /orgs/{org}/hooks', { org: 'acme' })).data).toHaveLength(1);
    expect((await octokit.request('GET /orgs/{org}/hooks/{hook_id}/config', { org: 'acme', hook_id: org.data.id })).data.url).toBe(`${HOOK_HOST}/org`);
  });

  it('pings and tests deliver ping and push; inactive or unsubscribed hooks get nothing', async () => {
    const got = receiver('/in', 10);
    const hook = fakes.codeHosting.seed.hook({ ...R, url: `${HOOK_HOST}/in`, secret: 'x', events: ['push'] });
    const octokit = kit();
    const id = hook.id as number;
    expect((await octokit.request('POST /repos/{owner}/{repo}/hooks/{hook_id}/pings', { ...R, hook_id: id })).status).toBe(204);
    expect((await octokit.request('POST /repos/{owner}/{repo}/hooks/{hook_id}/tests', { ...R, hook_id: id })).status).toBe(204);
    await octokit.request('PUT /repos/{owner}/{repo}/import', { ...R, vcs: 'git', vcs_url: 'https://example.com/a.git' });
    await octokit.request('DELETE /repos/{owner}/{repo}/import', R);
    await fakes.flush();
    expect(got.map((g) => g.headers['x-github-event'])).toEqual(['ping', 'push']);
    expect(JSON.parse(got[0]!.body)).toMatchObject({ hook_id: id, zen: expect.any(String), repository: { full_name: 'octo/hello' } });
  });

  it('an unreachable hook URL records a failed delivery (no network)', async () => {
    const h = fakes.apply(scenarios.importPushing({ owner: 'octo', repo: 'hello' }));
    fakes.codeHosting.seed.hook({ owner: h.owner, repo: h.repo, url: 'https://nowhere.example.com/hook' });
    fakes.codeHosting.imports.advance(h.owner, h.repo, 5);
    await fakes.flush();
    const [d] = fakes.codeHosting.deliveries;
    expect(d).toMatchObject({ event: 'repository_import', statusCode: 0, payload: { status: 'success' } });
    expect(d!.status).toMatch(/^failed to connect/);
    expect(d!.headers).not.toHaveProperty('x-hub-signature-256');
  });

  it('a delivery still in flight at uninstall() is aborted: it never lands in a later receiver', async () => {
    // A receiver that answers only after 3 s: the new hook's ping is in flight when the test ends.
    const answered: string[] = [];
    nock(HOOK_HOST)
      .post('/slow')
      .delay(3_000)
      .reply(() => {
        answered.push('ping');
        return [200, 'late'];
      });
    await kit().request('POST /repos/{owner}/{repo}/hooks', { ...R, config: { url: `${HOOK_HOST}/slow` }, events: ['push'] });
    await new Promise((r) => setTimeout(r, 20));
    fakes.uninstall();
    await fakes.flush();
    const [ping] = fakes.codeHosting.deliveries;
    expect(ping).toMatchObject({ event: 'ping', statusCode: 0 });
    expect(ping!.status).not.toBe('OK');
    fakes.install();
  });

  it('hooks need repository_hooks permission for fine-grained tokens', async () => {
    const reader = fakes.codeHosting.seed.token({ type: 'fine-grained', permissions: { repository_hooks: 'read' } });
    expect((await kit(reader).request('GET /repos/{owner}/{repo}/hooks', R)).status).toBe(200);
    const e = await kit(reader)
      .request('POST /repos/{owner}/{repo}/hooks', { ...R, config: { url: `${HOOK_HOST}/in` } })
      .catch((x) => x);
    expect(e.status).toBe(403);
    expect(e.response.headers['x-accepted-github-permissions']).toBe('repository_hooks=write');
  });
});
