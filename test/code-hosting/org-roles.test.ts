import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// Organization roles on /orgs/{org}/... routes, as GitHub's operation descriptions state them:
// "You must be an organization owner to set these restrictions" (interaction limits), "To create a
// team, the authenticated user must be a member or owner of {org}", "The authenticated user must be an
// administrator or security manager for the organization" (code security configurations), "The
// authenticated user must be an organization admin or billing manager" (budgets), "To edit a team, the
// authenticated user must either be an organization owner or a team maintainer"; organization Actions
// settings, secrets and runners need an owner (admin:org, organization administration). The role
// comes on top of the token's scopes. A refused user gets 403 `Must have admin rights to Repository.`
// (recorded for organization secrets and runners), organization webhooks answer 404 (hidden).

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

describe('organization roles on organization routes', () => {
  let fakes: Fakes;
  const as = (login: string, scopes: string[] = ['admin:org', 'admin:org_hook', 'repo', 'security_events']) =>
    new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login, scopes: scopes as never }), request: { retries: 0 } });
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.account({ login: ORG, type: 'Organization' });
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/olga', { role: 'admin' });
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/mike', { role: 'member' });
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/bill', { role: 'billing_manager' });
  });
  afterEach(() => fakes.uninstall());

  const settings = (o: Octokit) => ({
    actionsPermissions: () => o.rest.actions.setGithubActionsPermissionsOrganization({ org: ORG, enabled_repositories: 'all' }),
    secrets: () => o.rest.actions.listOrgSecrets({ org: ORG }),
    interactionLimits: () => o.rest.interactions.setRestrictionsForOrg({ org: ORG, limit: 'existing_users' }),
    createTeam: () => o.rest.teams.create({ org: ORG, name: `team-${Math.random().toString(36).slice(2, 8)}` }),
  });

  it('a stranger with admin:org changes no organization setting, lists no secret, sets no limit, creates no team', async () => {
    const s = settings(as('stan'));
    expect(await status(s.actionsPermissions())).toEqual([403, ADMIN_RIGHTS]);
    expect(await status(s.secrets())).toEqual([403, ADMIN_RIGHTS]);
    expect(await status(s.interactionLimits())).toEqual([403, ADMIN_RIGHTS]);
    expect(await status(s.createTeam())).toEqual([403, ADMIN_RIGHTS]);
    // Organization webhooks are hidden from non-owners.
    expect(await status(as('stan').rest.orgs.listWebhooks({ org: ORG }))).toEqual([404, 'Not Found']);
  });

  it('a member creates teams but changes no setting; the owner does everything', async () => {
    const member = settings(as('mike'));
    expect(await status(member.createTeam())).toEqual([201, undefined]);
    expect(await status(member.actionsPermissions())).toEqual([403, ADMIN_RIGHTS]);
    expect(await status(member.secrets())).toEqual([403, ADMIN_RIGHTS]);
    expect(await status(member.interactionLimits())).toEqual([403, ADMIN_RIGHTS]);

    const owner = settings(as('olga'));
    expect(await status(owner.actionsPermissions())).toEqual([204, undefined]);
    expect(await status(owner.secrets())).toEqual([200, undefined]);
    expect(await status(owner.interactionLimits())).toEqual([200, undefined]);
    expect(await status(owner.createTeam())).toEqual([201, undefined]);
    expect(await status(as('olga').rest.orgs.listWebhooks({ org: ORG }))).toEqual([200, undefined]);
  });

  it('the role comes on top of the token: an owner without admin:org is refused by the token', async () => {
    const weak = as('olga', ['read:org']);
    const [code, message] = await status(settings(weak).actionsPermissions());
    expect([code, message]).toEqual([403, 'Resource not accessible by personal access token']);
  });

  it('a billing manager reads the budgets, but is no member (no team, no setting)', async () => {
    const bill = as('bill', ['admin:org', 'read:org']);
    const budgets = () => bill.request('GET /organizations/{org}/settings/billing/budgets', { org: ORG });
    expect((await status(budgets()))[0]).toBe(200);
    expect(await status(as('mike', ['admin:org']).request('GET /organizations/{org}/settings/billing/budgets', { org: ORG }))).toEqual([403, ADMIN_RIGHTS]);
    expect(await status(settings(bill).createTeam())).toEqual([403, ADMIN_RIGHTS]);
    expect((await as('olga').rest.orgs.listMembers({ org: ORG })).data.map((m) => m.login)).toEqual(['olga', 'mike']);
  });

  it('a member of a security manager team reads the code security configurations; other members do not', async () => {
    const olga = as('olga');
    await olga.rest.teams.create({ org: ORG, name: 'Security' });
    await olga.rest.teams.addOrUpdateMembershipForUserInOrg({ org: ORG, team_slug: 'security', username: 'mike' });
    const configs = (o: Octokit) => o.request('GET /orgs/{org}/code-security/configurations', { org: ORG });
    expect(await status(configs(as('mike')))).toEqual([403, ADMIN_RIGHTS]);
    expect((await status(olga.request('PUT /orgs/{org}/security-managers/teams/{team_slug}', { org: ORG, team_slug: 'security' })))[0]).toBe(204);
    expect((await status(configs(as('mike'))))[0]).toBe(200);
    expect(await status(configs(as('stan')))).toEqual([403, ADMIN_RIGHTS]);
  });

  it('a team maintainer edits their team; another member does not', async () => {
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/nina', { role: 'member' });
    await as('mike').rest.teams.create({ org: ORG, name: 'Docs' });
    expect((await as('mike').rest.teams.updateInOrg({ org: ORG, team_slug: 'docs', description: 'Writers' })).data.description).toBe('Writers');
    expect(await status(as('nina').rest.teams.updateInOrg({ org: ORG, team_slug: 'docs', description: 'Mine' }))).toEqual([403, ADMIN_RIGHTS]);
  });

  it('an organization that does not exist is 404 for a user', async () => {
    expect(await status(as('olga').rest.actions.listOrgSecrets({ org: 'nowhere' }))).toEqual([404, 'Not Found']);
  });
});
