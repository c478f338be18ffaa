import { generateKeyPairSync } from 'node:crypto';
import { createAppAuth } from '@octokit/auth-app';
import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';

// GitHub Apps from seeded apps, driven by the real `@octokit/auth-app` (it signs the app's JWT with
// the private key and mints installation tokens through POST /app/installations/{id}/access_tokens):
// each route answers GitHub's documented shape and refuses the credentials GitHub refuses.

const o = oracle('api.github.com');
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const other = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
}).privateKey;

function expectDocumented(path: string, method: string, status: number, data: unknown): void {
  const v = o.validator(path, method, status);
  expect(v, `${method} ${path}`).toBeDefined();
  expect(v?.(data), `${path}: ${JSON.stringify(v?.errors)}`).toBe(true);
}

describe('GitHub Apps from seeded apps', () => {
  let fakes: Fakes;
  let appId: number;
  let octoInstallation: number;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'private', private: true });
    fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
    fakes.codeHosting.seed.repo({ owner: 'acme', repo: 'api', ownerType: 'Organization' });
    const seeded = fakes.codeHosting.seed.app({
      name: 'My CI',
      owner: 'octo',
      permissions: { contents: 'read', issues: 'write' },
      events: ['push'],
      privateKey,
      installations: [{ account: 'octo', repositories: ['hello'] }, { account: 'acme' }],
    });
    appId = seeded.app.id as number;
    octoInstallation = seeded.installations[0]?.id as number;
  });
  afterEach(() => fakes.uninstall());

  const asApp = (key = privateKey) => new Octokit({ authStrategy: createAppAuth, auth: { appId, privateKey: key }, request: { retries: 0 } });

  it('the app (JWT): itself, its installations, the installation of a repository, organization or user', async () => {
    const app = asApp();
    const me = await app.rest.apps.getAuthenticated();
    expectDocumented('/app', 'GET', 200, me.data);
    expect(me.data).toMatchObject({ id: appId, slug: 'my-ci', name: 'My CI', owner: { login: 'octo' }, installations_count: 2, events: ['push'] });
    expect(me.data?.permissions).toEqual({ metadata: 'read', contents: 'read', issues: 'write' });
    const list = await app.rest.apps.listInstallations();
    // The description's inline copy of this list's item turns the component's `account: anyOf [simple
    // user, enterprise]` into `allOf` (an account both a user and an enterprise, which none is): each
    // item is checked against the `installation` component it copies instead.
    const installation = o.component('installation');
    for (const item of list.data) expect(installation(item), JSON.stringify(installation.errors)).toBe(true);
    expect(list.data.map((i) => [i.account && 'login' in i.account ? i.account.login : '', i.repository_selection])).toEqual([
      ['octo', 'selected'],
      ['acme', 'all'],
    ]);
    const one = await app.rest.apps.getInstallation({ installation_id: octoInstallation });
    expectDocumented('/app/installations/{installation_id}', 'GET', 200, one.data);
    expect(one.data).toMatchObject({ id: octoInstallation, app_id: appId, app_slug: 'my-ci', target_type: 'User' });
    expect((await app.rest.apps.getRepoInstallation({ owner: 'octo', repo: 'hello' })).data.id).toBe(octoInstallation);
    await expect(app.rest.apps.getRepoInstallation({ owner: 'octo', repo: 'private' })).rejects.toMatchObject({ status: 404 });
    expect((await app.rest.apps.getOrgInstallation({ org: 'acme' })).data).toMatchObject({ target_type: 'Organization', account: { login: 'acme' } });
    expect((await app.rest.apps.getUserInstallation({ username: 'octo' })).data.id).toBe(octoInstallation);
    await expect(app.rest.apps.getUserInstallation({ username: 'mona' })).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a JWT signed with another key, and a token that is no JWT (401)', async () => {
    await expect(asApp(other).rest.apps.getAuthenticated()).rejects.toMatchObject({ status: 401 });
    const err = await new Octokit({ auth: 'ghp_notajwt', request: { retries: 0 } }).rest.apps.getAuthenticated().catch((e) => e);
    expect(err.status).toBe(401);
    expect(err.response.data.message).toBe('A JSON web token could not be decoded');
  });

  it('a seeded privateKey that is no PEM private key is refused when seeded, by name', () => {
    expect(() => fakes.codeHosting.seed.app({ name: 'Broken', privateKey: 'not a key' })).toThrow(/privateKey of app 'broken' is not a PEM private key/);
    // The public half is no private key either.
    const { publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(() => fakes.codeHosting.seed.app({ name: 'Half', privateKey: publicKey })).toThrow(/not a PEM private key/);
  });

  it('installation tokens: minted for the installation, they reach its repositories with its permissions only', async () => {
    const minted = await asApp().rest.apps.createInstallationAccessToken({ installation_id: octoInstallation });
    expect(minted.status).toBe(201);
    expectDocumented('/app/installations/{installation_id}/access_tokens', 'POST', 201, minted.data);
    expect(minted.data).toMatchObject({
      token: expect.stringMatching(/^ghs_/),
      repository_selection: 'selected',
      permissions: { contents: 'read', issues: 'write' },
    });
    expect(Date.parse(minted.data.expires_at) - Date.parse('2024-03-01T10:00:00Z')).toBe(3_600_000);

    const installation = new Octokit({ authStrategy: createAppAuth, auth: { appId, privateKey, installationId: octoInstallation }, request: { retries: 0 } });
    const repos = await installation.rest.apps.listReposAccessibleToInstallation();
    expectDocumented('/installation/repositories', 'GET', 200, repos.data);
    expect(repos.data).toMatchObject({ total_count: 1, repository_selection: 'selected' });
    expect(repos.data.repositories.map((r) => r.full_name)).toEqual(['octo/hello']);
    const issue = await installation.rest.issues.create({ owner: 'octo', repo: 'hello', title: 'From the app' });
    expect(issue.data.user?.login).toBe('my-ci[bot]');
    await expect(installation.rest.issues.create({ owner: 'acme', repo: 'api', title: 'Elsewhere' })).rejects.toMatchObject({ status: 403 });
    await expect(
      installation.rest.repos.createOrUpdateFileContents({ owner: 'octo', repo: 'hello', path: 'x', message: 'x', content: '' }),
    ).rejects.toMatchObject({
      status: 403,
    });

    // Narrowed: repositories that are not the installation's, or permissions it lacks, are GitHub's 422.
    await expect(asApp().rest.apps.createInstallationAccessToken({ installation_id: octoInstallation, repositories: ['private'] })).rejects.toMatchObject({
      status: 422,
    });
    await expect(
      asApp().rest.apps.createInstallationAccessToken({ installation_id: octoInstallation, permissions: { contents: 'write' } }),
    ).rejects.toMatchObject({
      status: 422,
    });
    // Another app's installation, or none: 404.
    await expect(asApp().rest.apps.createInstallationAccessToken({ installation_id: 42 })).rejects.toMatchObject({ status: 404 });
  });

  it('a user access token lists the installations the user reaches; other tokens are refused', async () => {
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/mona', { role: 'member' });
    const mona = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'user', login: 'mona', permissions: {} }), request: { retries: 0 } });
    const mine = await mona.rest.apps.listInstallationsForAuthenticatedUser();
    expectDocumented('/user/installations', 'GET', 200, mine.data);
    expect(mine.data.installations.map((i) => (i.account && 'login' in i.account ? i.account.login : ''))).toEqual(['acme']);
    const repos = await mona.rest.apps.listInstallationReposForAuthenticatedUser({ installation_id: mine.data.installations[0]?.id as number });
    expectDocumented('/user/installations/{installation_id}/repositories', 'GET', 200, repos.data);
    expect(repos.data.repositories.map((r) => r.full_name)).toEqual(['acme/api']);
    await expect(mona.rest.apps.listInstallationReposForAuthenticatedUser({ installation_id: octoInstallation })).rejects.toMatchObject({ status: 404 });
    const classic = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'mona' }), request: { retries: 0 } });
    await expect(classic.rest.apps.listInstallationsForAuthenticatedUser()).rejects.toMatchObject({ status: 403 });
    await expect(classic.rest.apps.listReposAccessibleToInstallation()).rejects.toMatchObject({ status: 403 });
  });

  it('uninstalling (DELETE /app/installations/{id}) removes the installation', async () => {
    const app = asApp();
    expect((await app.rest.apps.deleteInstallation({ installation_id: octoInstallation })).status).toBe(204);
    await expect(app.rest.apps.getInstallation({ installation_id: octoInstallation })).rejects.toMatchObject({ status: 404 });
    expect((await app.rest.apps.getAuthenticated()).data?.installations_count).toBe(1);
  });
});
