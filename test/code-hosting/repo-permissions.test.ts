import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// `permissions` on a repository is the caller's: GitHub computes it from the caller's role
// (admin, maintain, push, triage, pull) and leaves it out for anonymous callers (recorded:
// @octokit/fixtures `get-repository`, read without a token, has no `permissions`). GitHub's examples of a
// pull request (`head.repo`, `base.repo`) and of an issue list (`repository`) carry it in embedded
// repositories too.

const R = { owner: 'acme', repo: 'site' };
const NONE = { admin: false, maintain: false, push: false, triage: false, pull: true };

describe('repository permissions per caller', () => {
  let fakes: Fakes;
  const as = (login: string) =>
    new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login, scopes: ['repo', 'read:org'] }), request: { retries: 0 } });
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R, private: false, ownerType: 'Organization' });
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/alice', { role: 'admin' });
    for (const [login, permission] of [
      ['rita', 'pull'],
      ['tina', 'triage'],
      ['walt', 'push'],
      ['mary', 'maintain'],
      ['adam', 'admin'],
    ] as const)
      fakes.codeHosting.seed.resource(`/repos/acme/site/collaborators/${login}`, { permission });
  });
  afterEach(() => fakes.uninstall());

  it('follows the caller’s role on GET /repos/{owner}/{repo}', async () => {
    const perms = async (login: string) => (await as(login).rest.repos.get(R)).data.permissions;
    expect(await perms('alice')).toEqual({ admin: true, maintain: true, push: true, triage: true, pull: true });
    expect(await perms('adam')).toEqual({ admin: true, maintain: true, push: true, triage: true, pull: true });
    expect(await perms('mary')).toEqual({ admin: false, maintain: true, push: true, triage: true, pull: true });
    expect(await perms('walt')).toEqual({ admin: false, maintain: false, push: true, triage: true, pull: true });
    expect(await perms('tina')).toEqual({ admin: false, maintain: false, push: false, triage: true, pull: true });
    expect(await perms('rita')).toEqual(NONE);
    // Someone without a role on a public repository can pull it, nothing else.
    expect(await perms('bob')).toEqual(NONE);
  });

  it('is left out for an anonymous caller', async () => {
    const anonymous = new Octokit({ request: { retries: 0 } });
    const repo = (await anonymous.rest.repos.get(R)).data;
    expect('permissions' in repo).toBe(false);
    const listed = (await anonymous.rest.repos.listForOrg({ org: 'acme' })).data;
    expect(listed.map((r) => 'permissions' in r)).toEqual([false]);
  });

  it('is the caller’s in lists and in embedded repositories (a pull request’s head and base)', async () => {
    fakes.codeHosting.seed.commit({ ...R, branch: 'feature', files: { 'f.txt': 'f\n' }, message: 'f' });
    const pr = (await as('alice').rest.pulls.create({ ...R, title: 'Feature', head: 'feature', base: 'main' })).data;
    const tina = as('tina');
    expect((await tina.rest.repos.listForOrg({ org: 'acme' })).data.map((r) => r.permissions)).toEqual([
      { admin: false, maintain: false, push: false, triage: true, pull: true },
    ]);
    const pull = (await tina.rest.pulls.get({ ...R, pull_number: pr.number })).data;
    expect(pull.head.repo?.permissions).toEqual({ admin: false, maintain: false, push: false, triage: true, pull: true });
    expect(pull.base.repo.permissions).toEqual({ admin: false, maintain: false, push: false, triage: true, pull: true });
    expect((await as('walt').rest.pulls.get({ ...R, pull_number: pr.number })).data.base.repo.permissions?.push).toBe(true);
  });

  it('a team’s grant, a custom repository role (its base role) and the organization’s base permission count', async () => {
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/erin', { role: 'member' });
    fakes.codeHosting.seed.resource('/orgs/acme/teams/ops/memberships/erin', { role: 'member' });
    // A member gets the organization's base permission (read); the team grants a custom role based on maintain.
    expect((await as('erin').rest.repos.get(R)).data.permissions).toEqual(NONE);
    fakes.codeHosting.seed.resource('/orgs/acme/custom-repository-roles/7', { name: 'release-manager', base_role: 'maintain', permissions: [] });
    fakes.codeHosting.seed.resource('/orgs/acme/teams/ops/repos/acme/site', { permission: 'release-manager' });
    expect((await as('erin').rest.repos.get(R)).data.permissions).toEqual({ admin: false, maintain: true, push: true, triage: true, pull: true });
  });

  it('a token seeded without a login, and any token in lenient mode, act as an owner: every permission', async () => {
    const owner = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', scopes: ['repo'] }), request: { retries: 0 } });
    expect((await owner.rest.repos.get(R)).data.permissions).toEqual({ admin: true, maintain: true, push: true, triage: true, pull: true });
    const lenient = createFakes();
    lenient.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const o = new Octokit({ auth: 'anything', request: { fetch: lenient.fetch } });
    expect((await o.rest.repos.get({ owner: 'octo', repo: 'hello' })).data.permissions?.admin).toBe(true);
  });
});
