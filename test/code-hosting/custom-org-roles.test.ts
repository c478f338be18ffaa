import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// Organization roles (custom and predefined) assigned to members, directly or through a team, as GitHub
// documents them ("About custom organization roles"): a role's permissions open the organization
// settings they name, through the API as through the browser, and its base role gives that role on
// "all current and future repositories in the organization". The permission names come from GitHub:
// the `organization-role-list` example of @octokit/openapi (its "Custom Role Manager") and the
// permissions of GitHub's predefined `ci_cd_admin` role as `GET /orgs/{org}/organization-roles` lists
// them. Assigning answers 204, 404 "if the organization, user or role does not exist", 422 "if ... the
// user is not an organization member" (the operation's documented responses).

const require = createRequire(import.meta.url);
const api = JSON.parse(readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8')) as {
  components: { examples: Record<string, { value: { roles: { name: string; permissions: string[] }[] } }> };
};
const CUSTOM_ROLE_MANAGER = api.components.examples['organization-role-list']?.value.roles.find((r) => r.name === 'Custom Role Manager');
/** GitHub's predefined `ci_cd_admin` role, as GitHub lists it. */
const CI_CD_ADMIN = [
  'read_organization_actions_usage_metrics',
  'write_organization_actions_secrets',
  'write_organization_actions_settings',
  'write_organization_actions_variables',
  'write_organization_network_configurations',
  'write_organization_runner_custom_images',
  'write_organization_runners_and_runner_groups',
];
const ORG = 'acme';
const ADMIN_RIGHTS = 'Must have admin rights to Repository.';

async function status(p: Promise<unknown>): Promise<[number, string | undefined]> {
  try {
    return [((await p) as { status: number }).status, undefined];
  } catch (e) {
    const err = e as { status: number; response?: { data?: { message?: string } } };
    return [err.status, err.response?.data?.message];
  }
}

describe('organization roles assigned to members', () => {
  let fakes: Fakes;
  let olga: Octokit;
  let mike: Octokit;
  const as = (login: string) =>
    new Octokit({
      auth: fakes.codeHosting.seed.token({ type: 'classic', login, scopes: ['admin:org', 'admin:org_hook', 'repo'] }),
      request: { retries: 0 },
    });
  const createRole = async (name: string, permissions: string[], base_role?: string) =>
    (
      await olga.request('POST /orgs/{org}/organization-roles', {
        org: ORG,
        name,
        permissions,
        ...(base_role ? { base_role } : {}),
      } as never)
    ).data as { id: number };
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ owner: ORG, repo: 'site', private: true, ownerType: 'Organization' });
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/olga', { role: 'admin' });
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/mike', { role: 'member' });
    olga = as('olga');
    mike = as('mike');
  });
  afterEach(() => fakes.uninstall());

  it('a role with Actions permissions lets a member manage the organization’s secrets, settings and runners, and no more; revoked, it is gone', async () => {
    const role = await createRole('CI/CD', CI_CD_ADMIN);
    expect(await status(mike.rest.actions.listOrgSecrets({ org: ORG }))).toEqual([403, ADMIN_RIGHTS]);
    expect((await olga.rest.orgs.assignUserToOrgRole({ org: ORG, username: 'mike', role_id: role.id })).status).toBe(204);

    expect(await status(mike.rest.actions.listOrgSecrets({ org: ORG }))).toEqual([200, undefined]);
    expect(await status(mike.rest.actions.setGithubActionsPermissionsOrganization({ org: ORG, enabled_repositories: 'all' }))).toEqual([204, undefined]);
    expect(await status(mike.rest.actions.listSelfHostedRunnersForOrg({ org: ORG }))).toEqual([200, undefined]);
    // What the role does not name stays the owners'.
    expect(await status(mike.rest.interactions.setRestrictionsForOrg({ org: ORG, limit: 'existing_users' }))).toEqual([403, ADMIN_RIGHTS]);
    expect(await status(mike.rest.orgs.listWebhooks({ org: ORG }))).toEqual([404, 'Not Found']);

    expect((await olga.rest.orgs.revokeOrgRoleUser({ org: ORG, username: 'mike', role_id: role.id })).status).toBe(204);
    expect(await status(mike.rest.actions.listOrgSecrets({ org: ORG }))).toEqual([403, ADMIN_RIGHTS]);
  });

  it('a role assigned to a team is held by its members', async () => {
    const role = await createRole('Hooks', ['manage_organization_webhooks']);
    await olga.rest.teams.create({ org: ORG, name: 'Platform' });
    await olga.rest.teams.addOrUpdateMembershipForUserInOrg({ org: ORG, team_slug: 'platform', username: 'mike' });
    expect(await status(mike.rest.orgs.listWebhooks({ org: ORG }))).toEqual([404, 'Not Found']);
    expect((await olga.rest.orgs.assignTeamToOrgRole({ org: ORG, team_slug: 'platform', role_id: role.id })).status).toBe(204);
    expect(await status(mike.rest.orgs.listWebhooks({ org: ORG }))).toEqual([200, undefined]);
    const hook = await mike.rest.orgs.createWebhook({ org: ORG, name: 'web', config: { url: 'https://example.com/hook' } });
    expect((hook as { status: number }).status).toBeLessThan(300);

    // The role's lists: the team, and its members through it ("indirect"); a direct assignment too ("mixed").
    expect((await olga.rest.orgs.listOrgRoleTeams({ org: ORG, role_id: role.id })).data.map((t) => [t.slug, t.assignment])).toEqual([['platform', 'direct']]);
    const users = async () =>
      (await olga.rest.orgs.listOrgRoleUsers({ org: ORG, role_id: role.id })).data.map((u) => [u.login, u.assignment, u.inherited_from?.map((t) => t.slug)]);
    // olga created the team, so she is its maintainer: a member.
    expect(await users()).toEqual([
      ['olga', 'indirect', ['platform']],
      ['mike', 'indirect', ['platform']],
    ]);
    await olga.rest.orgs.assignUserToOrgRole({ org: ORG, username: 'mike', role_id: role.id });
    expect(await users()).toEqual([
      ['mike', 'mixed', ['platform']],
      ['olga', 'indirect', ['platform']],
    ]);
    await olga.rest.orgs.revokeAllOrgRolesTeam({ org: ORG, team_slug: 'platform' });
    expect((await olga.rest.orgs.listOrgRoleTeams({ org: ORG, role_id: role.id })).data).toEqual([]);
    expect(await users()).toEqual([['mike', 'direct', []]]);
  });

  it('GitHub’s “Custom Role Manager” manages the roles, but does not assign them', async () => {
    expect(CUSTOM_ROLE_MANAGER?.permissions).toContain('write_organization_custom_org_role');
    const role = await createRole('Custom Role Manager', CUSTOM_ROLE_MANAGER?.permissions ?? []);
    await olga.rest.orgs.assignUserToOrgRole({ org: ORG, username: 'mike', role_id: role.id });
    expect(await status(mike.rest.orgs.listOrgRoles({ org: ORG }))).toEqual([200, undefined]);
    const created = await mike.request('POST /orgs/{org}/custom-repository-roles', {
      org: ORG,
      name: 'Releaser',
      base_role: 'write',
      permissions: [],
    } as never);
    expect(created.status).toBe(201);
    expect(await status(mike.rest.orgs.assignUserToOrgRole({ org: ORG, username: 'mike', role_id: role.id }))).toEqual([403, ADMIN_RIGHTS]);
  });

  it('a base role gives that role on every repository of the organization', async () => {
    expect(await status(mike.rest.repos.get({ owner: ORG, repo: 'site' }))).toEqual([200, undefined]);
    expect((await mike.rest.repos.get({ owner: ORG, repo: 'site' })).data.permissions?.push).toBe(false);
    const role = await createRole('Maintainers', ['read_organization_custom_repo_role'], 'maintain');
    await olga.rest.orgs.assignUserToOrgRole({ org: ORG, username: 'mike', role_id: role.id });
    expect((await mike.rest.repos.get({ owner: ORG, repo: 'site' })).data.permissions).toEqual({
      admin: false,
      maintain: true,
      push: true,
      triage: true,
      pull: true,
    });
    // Maintain manages topics; a later repository is covered too.
    expect((await mike.rest.repos.replaceAllTopics({ owner: ORG, repo: 'site', names: ['web'] })).status).toBe(200);
    fakes.codeHosting.seed.repo({ owner: ORG, repo: 'api', private: true, ownerType: 'Organization' });
    expect((await mike.rest.repos.get({ owner: ORG, repo: 'api' })).data.permissions?.maintain).toBe(true);
  });

  it('a predefined role seeded by its name grants what GitHub’s does (all_repo_write: write on every repository)', async () => {
    fakes.codeHosting.seed.resource('/orgs/acme/organization-roles/8', { name: 'all_repo_write', permissions: [], source: 'Predefined' });
    // The assignment seeded by its path counts as one made through the API.
    fakes.codeHosting.seed.resource('/orgs/acme/organization-roles/users/mike/8', {});
    expect((await mike.rest.repos.get({ owner: ORG, repo: 'site' })).data.permissions?.push).toBe(true);
    expect((await olga.rest.orgs.listOrgRoleUsers({ org: ORG, role_id: 8 })).data.map((u) => u.login)).toEqual(['mike']);
  });

  it('assigning answers 404 for a role or user that does not exist, 422 for someone who is not a member', async () => {
    const role = await createRole('CI/CD', CI_CD_ADMIN);
    expect((await status(olga.rest.orgs.assignUserToOrgRole({ org: ORG, username: 'mike', role_id: 999 })))[0]).toBe(404);
    expect((await status(olga.rest.orgs.assignUserToOrgRole({ org: ORG, username: 'nobody-at-all', role_id: role.id })))[0]).toBe(404);
    fakes.codeHosting.seed.account({ login: 'stan' });
    expect((await status(olga.rest.orgs.assignUserToOrgRole({ org: ORG, username: 'stan', role_id: role.id })))[0]).toBe(422);
    expect((await status(olga.rest.orgs.assignTeamToOrgRole({ org: ORG, team_slug: 'nope', role_id: role.id })))[0]).toBe(404);
    // A member may not assign roles (an owner's), and the role list holds roles only.
    expect(await status(mike.rest.orgs.assignUserToOrgRole({ org: ORG, username: 'mike', role_id: role.id }))).toEqual([403, ADMIN_RIGHTS]);
    await olga.rest.orgs.assignUserToOrgRole({ org: ORG, username: 'mike', role_id: role.id });
    expect((await olga.rest.orgs.listOrgRoles({ org: ORG })).data.roles?.map((r) => r.name)).toEqual(['CI/CD']);
  });
});
