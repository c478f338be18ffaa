import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// Organization memberships as GitHub's REST docs describe them (orgs/members): inviting a user
// (`setMembershipForUser` or `createInvitation`) makes a `pending` membership and a pending invitation;
// the user is a member (listed, `checkMembershipForUser` 204) only once they accept
// (`updateMembershipForAuthenticatedUser({ state: 'active' })`).

const ORG = 'acme';

describe('organization memberships and invitations', () => {
  let fakes: Fakes;
  let admin: Octokit;
  let bob: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.account({ login: ORG, type: 'Organization' });
    // GitHub lets an organization owner manage members and invitations: octo is one.
    fakes.codeHosting.seed.resource(`/orgs/${ORG}/memberships/octo`, { role: 'admin' });
    admin = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'octo', scopes: ['admin:org'] }), request: { retries: 0 } });
    bob = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'bob', scopes: ['admin:org', 'read:org'] }), request: { retries: 0 } });
  });
  afterEach(() => fakes.uninstall());

  it('setMembershipForUser invites (state pending) until the user accepts; then listMembers and checkMembershipForUser see them', async () => {
    const set = await admin.rest.orgs.setMembershipForUser({ org: ORG, username: 'bob', role: 'admin' });
    expect(set.status).toBe(200);
    expect(set.data).toMatchObject({
      state: 'pending',
      role: 'admin',
      url: 'https://api.github.com/orgs/acme/memberships/bob',
      organization_url: 'https://api.github.com/orgs/acme',
      organization: { login: 'acme' },
      user: { login: 'bob' },
    });
    expect((await admin.rest.orgs.getMembershipForUser({ org: ORG, username: 'bob' })).data.state).toBe('pending');
    const pending = (await admin.rest.orgs.listPendingInvitations({ org: ORG })).data;
    expect(pending.map((i) => [i.login, i.role, i.inviter.login])).toEqual([['bob', 'admin', 'octo']]);
    // Not a member yet.
    expect((await admin.rest.orgs.listMembers({ org: ORG })).data.map((m) => m.login)).toEqual(['octo']);
    await expect(admin.rest.orgs.checkMembershipForUser({ org: ORG, username: 'bob' })).rejects.toMatchObject({ status: 404 });
    expect((await bob.rest.orgs.getMembershipForAuthenticatedUser({ org: ORG })).data.state).toBe('pending');

    const accepted = await bob.rest.orgs.updateMembershipForAuthenticatedUser({ org: ORG, state: 'active' });
    expect([accepted.status, accepted.data.state, accepted.data.role]).toEqual([200, 'active', 'admin']);
    expect((await admin.rest.orgs.getMembershipForUser({ org: ORG, username: 'bob' })).data.state).toBe('active');
    expect((await admin.rest.orgs.listPendingInvitations({ org: ORG })).data).toEqual([]);
    expect((await admin.rest.orgs.checkMembershipForUser({ org: ORG, username: 'bob' })).status).toBe(204);
    const members = (await admin.rest.orgs.listMembers({ org: ORG })).data;
    expect(members.map((m) => m.login)).toEqual(['octo', 'bob']);
    expect((await admin.rest.orgs.listMembers({ org: ORG, role: 'member' })).data).toEqual([]);
    expect((await bob.rest.orgs.listMembershipsForAuthenticatedUser()).data.map((m) => [m.organization.login, m.state])).toEqual([['acme', 'active']]);

    // Setting the membership of a member changes the role and keeps it active.
    const demoted = await admin.rest.orgs.setMembershipForUser({ org: ORG, username: 'bob', role: 'member' });
    expect([demoted.data.state, demoted.data.role]).toEqual(['active', 'member']);
  });

  it('createInvitation by invitee_id or email answers the organization-invitation; cancelInvitation withdraws it', async () => {
    const carol = fakes.codeHosting.seed.account({ login: 'carol' });
    const byId = await admin.rest.orgs.createInvitation({ org: ORG, invitee_id: carol.id as number });
    expect(byId.status).toBe(201);
    expect(byId.data).toMatchObject({
      login: 'carol',
      email: null,
      role: 'direct_member',
      inviter: { login: 'octo' },
      team_count: 0,
      created_at: '2024-03-01T10:00:00.000Z',
    });
    expect(byId.data.invitation_teams_url).toBe(`https://api.github.com/orgs/acme/invitations/${byId.data.id}/teams`);
    expect((await admin.rest.orgs.getMembershipForUser({ org: ORG, username: 'carol' })).data).toMatchObject({ state: 'pending', role: 'member' });

    const byEmail = await admin.rest.orgs.createInvitation({ org: ORG, email: 'dave@example.com', role: 'billing_manager' });
    expect(byEmail.data).toMatchObject({ login: null, email: 'dave@example.com', role: 'billing_manager' });
    const list = (await admin.rest.orgs.listPendingInvitations({ org: ORG })).data;
    expect(list.map((i) => i.id)).toEqual([byId.data.id, byEmail.data.id]);
    expect((await admin.rest.orgs.listPendingInvitations({ org: ORG, role: 'billing_manager' })).data.map((i) => i.id)).toEqual([byEmail.data.id]);

    await expect(admin.rest.orgs.createInvitation({ org: ORG })).rejects.toMatchObject({ status: 422 });
    await expect(admin.rest.orgs.createInvitation({ org: ORG, invitee_id: 987654 })).rejects.toMatchObject({ status: 404 });

    expect((await admin.rest.orgs.cancelInvitation({ org: ORG, invitation_id: byId.data.id })).status).toBe(204);
    await expect(admin.rest.orgs.getMembershipForUser({ org: ORG, username: 'carol' })).rejects.toMatchObject({ status: 404 });
    expect((await admin.rest.orgs.listPendingInvitations({ org: ORG })).data.map((i) => i.id)).toEqual([byEmail.data.id]);
  });

  it('removeMember and removeMembershipForUser take a member (or an invitee) out of every path', async () => {
    fakes.codeHosting.seed.resource('/orgs/acme/members/carol', { role: 'member' });
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/dave', { role: 'admin' });
    expect((await admin.rest.orgs.listMembers({ org: ORG })).data.map((m) => m.login)).toEqual(['octo', 'carol', 'dave']);
    expect((await admin.rest.orgs.listMembers({ org: ORG, role: 'admin' })).data.map((m) => m.login)).toEqual(['octo', 'dave']);

    expect((await admin.rest.orgs.removeMember({ org: ORG, username: 'carol' })).status).toBe(204);
    await expect(admin.rest.orgs.checkMembershipForUser({ org: ORG, username: 'carol' })).rejects.toMatchObject({ status: 404 });
    await expect(admin.rest.orgs.getMembershipForUser({ org: ORG, username: 'carol' })).rejects.toMatchObject({ status: 404 });

    await admin.rest.orgs.setMembershipForUser({ org: ORG, username: 'erin' });
    expect((await admin.rest.orgs.removeMembershipForUser({ org: ORG, username: 'erin' })).status).toBe(204);
    expect((await admin.rest.orgs.listPendingInvitations({ org: ORG })).data).toEqual([]);
    await expect(admin.rest.orgs.removeMembershipForUser({ org: ORG, username: 'erin' })).rejects.toMatchObject({ status: 404 });
    expect((await admin.rest.orgs.listMembers({ org: ORG })).data.map((m) => m.login)).toEqual(['octo', 'dave']);
  });
});
