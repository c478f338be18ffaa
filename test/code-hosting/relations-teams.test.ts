import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// A team is one object: created in an organization, readable by slug (`/orgs/{org}/teams/{slug}`), by
// id (its `url`, `/organizations/{org_id}/team/{team_id}`, and `/teams/{team_id}`), listed by the
// organization; its members and repositories are the same under every path
// (https://docs.github.com/rest/teams).

const ORG = 'acme';

describe('teams, their members and repositories', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ owner: ORG, repo: 'api', ownerType: 'Organization' });
    fakes.codeHosting.seed.repo({ owner: ORG, repo: 'web', ownerType: 'Organization' });
    fakes.codeHosting.seed.repo({ owner: 'mona', repo: 'own' });
    octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
  });
  afterEach(() => fakes.uninstall());

  it('a team of an organization GitHub does not know (or of a user) answers 404 and creates nothing', async () => {
    await expect(octokit.rest.teams.create({ org: 'no-such-org', name: 'Core' })).rejects.toMatchObject({ status: 404 });
    fakes.codeHosting.seed.repo({ owner: 'mona', repo: 'dots' });
    await expect(octokit.rest.teams.create({ org: 'mona', name: 'Core' })).rejects.toMatchObject({ status: 404 });
    await expect(octokit.rest.orgs.get({ org: 'no-such-org' })).rejects.toMatchObject({ status: 404 });
  });

  it('create answers GitHub’s slug; the team reads the same by slug, by id, by its url and in the list', async () => {
    const created = await octokit.rest.teams.create({ org: ORG, name: 'Core Devs', description: 'The core' });
    expect(created.status).toBe(201);
    const t = created.data;
    expect(t).toMatchObject({
      name: 'Core Devs',
      slug: 'core-devs',
      description: 'The core',
      // Defaults of POST /orgs/{org}/teams.
      privacy: 'secret',
      notification_setting: 'notifications_enabled',
      permission: 'pull',
      parent: null,
      html_url: 'https://github.com/orgs/acme/teams/core-devs',
      repos_count: 0,
      created_at: '2024-03-01T10:00:00.000Z',
    });
    expect(t.organization.login).toBe(ORG);
    expect(t.url).toMatch(new RegExp(`^https://api\\.github\\.com/organizations/${t.organization.id}/team/${t.id}$`));
    expect(t.members_url).toBe(`${t.url}/members{/member}`);
    expect(t.repositories_url).toBe(`${t.url}/repos`);

    const bySlug = await octokit.rest.teams.getByName({ org: ORG, team_slug: 'core-devs' });
    const byUrl = await octokit.request(`GET ${t.url}`);
    const legacy = await octokit.request('GET /teams/{team_id}', { team_id: t.id });
    for (const r of [bySlug.data, byUrl.data, legacy.data]) {
      expect(r).toMatchObject({
        id: t.id,
        node_id: t.node_id,
        slug: 'core-devs',
        name: 'Core Devs',
        url: t.url,
        html_url: t.html_url,
        created_at: t.created_at,
      });
    }
    const list = await octokit.rest.teams.list({ org: ORG });
    expect(list.data.map((x) => [x.id, x.slug, x.url])).toEqual([[t.id, 'core-devs', t.url]]);
  });

  it('slugs follow GitHub’s rule; a second team of the same name is refused (422); a rename moves the slug', async () => {
    const a = await octokit.rest.teams.create({ org: ORG, name: 'Front-end & Design!' });
    expect(a.data.slug).toBe('front-end-design');
    await expect(octokit.rest.teams.create({ org: ORG, name: 'Front-end & Design!' })).rejects.toMatchObject({ status: 422 });
    const renamed = await octokit.rest.teams.updateInOrg({ org: ORG, team_slug: 'front-end-design', name: 'UI Team' });
    expect(renamed.data).toMatchObject({ id: a.data.id, name: 'UI Team', slug: 'ui-team' });
    await expect(octokit.rest.teams.getByName({ org: ORG, team_slug: 'front-end-design' })).rejects.toMatchObject({ status: 404 });
    expect((await octokit.rest.teams.getByName({ org: ORG, team_slug: 'ui-team' })).data.id).toBe(a.data.id);
    await octokit.rest.teams.deleteInOrg({ org: ORG, team_slug: 'ui-team' });
    await expect(octokit.request('GET /teams/{team_id}', { team_id: a.data.id })).rejects.toMatchObject({ status: 404 });
    expect((await octokit.rest.teams.list({ org: ORG })).data).toEqual([]);
  });

  it('members: the creator maintains the team; memberships read the same by slug, by id and in the member list', async () => {
    const t = (await octokit.rest.teams.create({ org: ORG, name: 'Core Devs' })).data;
    const added = await octokit.rest.teams.addOrUpdateMembershipForUserInOrg({ org: ORG, team_slug: 'core-devs', username: 'mona' });
    expect(added.status).toBe(200);
    expect(added.data).toEqual({ url: `${t.url}/memberships/mona`, role: 'member', state: 'active' });
    await octokit.rest.teams.addOrUpdateMembershipForUserInOrg({ org: ORG, team_slug: 'core-devs', username: 'hubot', role: 'maintainer' });

    const all = await octokit.rest.teams.listMembersInOrg({ org: ORG, team_slug: 'core-devs' });
    expect(all.data.map((u) => u.login)).toEqual(['octocat', 'mona', 'hubot']);
    const maintainers = await octokit.rest.teams.listMembersInOrg({ org: ORG, team_slug: 'core-devs', role: 'maintainer' });
    expect(maintainers.data.map((u) => u.login)).toEqual(['octocat', 'hubot']);
    const legacy = await octokit.request('GET /teams/{team_id}/members', { team_id: t.id });
    expect(legacy.data.map((u: { login: string }) => u.login)).toEqual(['octocat', 'mona', 'hubot']);

    const m = await octokit.rest.teams.getMembershipForUserInOrg({ org: ORG, team_slug: 'core-devs', username: 'mona' });
    expect(m.data).toEqual(added.data);
    expect((await octokit.request(`GET ${added.data.url}`)).data).toEqual(added.data);
    expect((await octokit.rest.teams.getByName({ org: ORG, team_slug: 'core-devs' })).data.members_count).toBe(3);
    expect((await octokit.request('GET /teams/{team_id}/members/{username}', { team_id: t.id, username: 'mona' })).status).toBe(204);

    await octokit.rest.teams.removeMembershipForUserInOrg({ org: ORG, team_slug: 'core-devs', username: 'mona' });
    await expect(octokit.rest.teams.getMembershipForUserInOrg({ org: ORG, team_slug: 'core-devs', username: 'mona' })).rejects.toMatchObject({ status: 404 });
    expect((await octokit.rest.teams.listMembersInOrg({ org: ORG, team_slug: 'core-devs' })).data.map((u) => u.login)).toEqual(['octocat', 'hubot']);
    // The caller's teams.
    expect((await octokit.rest.teams.listForAuthenticatedUser()).data.map((x) => x.slug)).toEqual(['core-devs']);
  });

  it('repositories: granted permission is listed and checked under every path', async () => {
    const t = (await octokit.rest.teams.create({ org: ORG, name: 'Core Devs' })).data;
    const put = await octokit.rest.teams.addOrUpdateRepoPermissionsInOrg({ org: ORG, team_slug: 'core-devs', owner: ORG, repo: 'api', permission: 'push' });
    expect(put.status).toBe(204);
    // Without a permission, the team's own `permission` (pull).
    await octokit.rest.teams.addOrUpdateRepoPermissionsInOrg({ org: ORG, team_slug: 'core-devs', owner: ORG, repo: 'web' });

    const repos = await octokit.rest.teams.listReposInOrg({ org: ORG, team_slug: 'core-devs' });
    expect(repos.data.map((r) => [r.full_name, r.permissions, r.role_name])).toEqual([
      ['acme/api', { admin: false, maintain: false, push: true, triage: true, pull: true }, 'write'],
      ['acme/web', { admin: false, maintain: false, push: false, triage: false, pull: true }, 'read'],
    ]);
    const byUrl = await octokit.request(`GET ${t.repositories_url}`);
    expect(byUrl.data.map((r: { full_name: string }) => r.full_name)).toEqual(['acme/api', 'acme/web']);
    expect((await octokit.rest.teams.getByName({ org: ORG, team_slug: 'core-devs' })).data.repos_count).toBe(2);

    const check = await octokit.rest.teams.checkPermissionsForRepoInOrg({ org: ORG, team_slug: 'core-devs', owner: ORG, repo: 'api' });
    expect(check.status).toBe(204);
    const full = await octokit.rest.teams.checkPermissionsForRepoInOrg({
      org: ORG,
      team_slug: 'core-devs',
      owner: ORG,
      repo: 'api',
      headers: { accept: 'application/vnd.github.v3.repository+json' },
    });
    expect(full.status).toBe(200);
    expect(full.data).toMatchObject({ full_name: 'acme/api', permissions: { push: true, admin: false }, role_name: 'write' });

    await octokit.rest.teams.removeRepoInOrg({ org: ORG, team_slug: 'core-devs', owner: ORG, repo: 'api' });
    await expect(octokit.rest.teams.checkPermissionsForRepoInOrg({ org: ORG, team_slug: 'core-devs', owner: ORG, repo: 'api' })).rejects.toMatchObject({
      status: 404,
    });
    // A repository the organization does not own cannot be added (422).
    await expect(
      octokit.rest.teams.addOrUpdateRepoPermissionsInOrg({ org: ORG, team_slug: 'core-devs', owner: 'mona', repo: 'own', permission: 'pull' }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('nested teams: a child is closed, names its parent and is listed under it', async () => {
    const parent = (await octokit.rest.teams.create({ org: ORG, name: 'Engineering' })).data;
    const child = (await octokit.rest.teams.create({ org: ORG, name: 'Platform', parent_team_id: parent.id })).data;
    expect(child.privacy).toBe('closed');
    expect(child.parent).toMatchObject({ id: parent.id, slug: 'engineering', url: parent.url });
    const kids = await octokit.rest.teams.listChildInOrg({ org: ORG, team_slug: 'engineering' });
    expect(kids.data.map((k) => k.slug)).toEqual(['platform']);
  });

  it('seed.resource on team paths seeds the team, a member and a repository grant', async () => {
    fakes.codeHosting.seed.resource('/orgs/acme/teams/ops', { name: 'Ops', id: 42 });
    fakes.codeHosting.seed.resource('/orgs/acme/teams/ops/memberships/mona', { role: 'maintainer' });
    fakes.codeHosting.seed.resource('/orgs/acme/teams/ops/repos/acme/api', { permission: 'admin' });
    const t = await octokit.request('GET /teams/{team_id}', { team_id: 42 });
    expect(t.data).toMatchObject({ id: 42, name: 'Ops', slug: 'ops', members_count: 1, repos_count: 1 });
    const m = await octokit.rest.teams.getMembershipForUserInOrg({ org: ORG, team_slug: 'ops', username: 'mona' });
    expect(m.data.role).toBe('maintainer');
    const r = await octokit.rest.teams.listReposInOrg({ org: ORG, team_slug: 'ops' });
    expect(r.data.map((x) => [x.full_name, x.role_name])).toEqual([['acme/api', 'admin']]);
  });

  it('a team created after seeds takes an id no seeded team holds', async () => {
    fakes.codeHosting.seed.resource('/orgs/acme/teams/ops', { name: 'Ops', id: 1 });
    const t = await octokit.rest.teams.create({ org: ORG, name: 'Core Devs' });
    expect(t.status).toBe(201);
    expect(t.data.id).not.toBe(1);
    expect((await octokit.rest.teams.list({ org: ORG })).data.map((x) => x.slug)).toEqual(['ops', 'core-devs']);
  });

  it('every team route answers under GitHub’s /organizations/{org_id}/team/{team_id} spelling too', async () => {
    const t = (await octokit.rest.teams.create({ org: ORG, name: 'Core Devs' })).data;
    const g = { org_id: t.organization.id, team_id: t.id };
    const m = await octokit.request('PUT /organizations/{org_id}/team/{team_id}/memberships/{username}', { ...g, username: 'mona', role: 'maintainer' });
    expect(m.data).toEqual({ url: `${t.url}/memberships/mona`, role: 'maintainer', state: 'active' });
    await octokit.request('PUT /organizations/{org_id}/team/{team_id}/repos/{owner}/{repo}', { ...g, owner: ORG, repo: 'api', permission: 'maintain' });
    await octokit.request('PATCH /organizations/{org_id}/team/{team_id}', { ...g, description: 'Renamed by id' });
    const bySlug = await octokit.rest.teams.getByName({ org: ORG, team_slug: 'core-devs' });
    expect(bySlug.data).toMatchObject({ description: 'Renamed by id', members_count: 2, repos_count: 1 });
    const repos = await octokit.rest.teams.listReposInOrg({ org: ORG, team_slug: 'core-devs' });
    expect(repos.data.map((r) => [r.full_name, r.role_name])).toEqual([['acme/api', 'maintain']]);
  });
});
