import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// Collaborators as GitHub's REST docs describe them (collaborators/collaborators, collaborators/invitations):
// adding a user who is not a collaborator creates an invitation (201, repository-invitation body);
// the user becomes a collaborator when they accept it; adding a collaborator again answers 204 and
// changes their permission. Every path reads the same membership.

const R = { owner: 'octo', repo: 'hello' };

describe('repository collaborators and invitations', () => {
  let fakes: Fakes;
  let owner: Octokit;
  let bob: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R, private: true });
    owner = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'octo', scopes: ['repo', 'admin:org'] }), request: { retries: 0 } });
    bob = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'bob', scopes: ['repo'] }), request: { retries: 0 } });
  });
  afterEach(() => fakes.uninstall());

  it('addCollaborator invites; the invitation is listed for the repository and the invitee; accepting makes a collaborator', async () => {
    const added = await owner.rest.repos.addCollaborator({ ...R, username: 'bob', permission: 'maintain' });
    expect(added.status).toBe(201);
    const inv = added.data;
    expect(inv).toMatchObject({
      invitee: { login: 'bob' },
      inviter: { login: 'octo' },
      permissions: 'maintain',
      repository: { full_name: 'octo/hello' },
      url: `https://api.github.com/user/repository_invitations/${inv.id}`,
      html_url: 'https://github.com/octo/hello/invitations',
      created_at: '2024-03-01T10:00:00.000Z',
      expired: false,
    });
    // Not a collaborator yet.
    await expect(owner.rest.repos.checkCollaborator({ ...R, username: 'bob' })).rejects.toMatchObject({ status: 404 });
    expect((await owner.rest.repos.getCollaboratorPermissionLevel({ ...R, username: 'bob' })).data.permission).toBe('none');

    const forRepo = (await owner.rest.repos.listInvitations(R)).data;
    const forBob = (await bob.rest.repos.listInvitationsForAuthenticatedUser()).data;
    expect(forRepo.map((i) => i.id)).toEqual([inv.id]);
    expect(forBob.map((i) => [i.id, i.permissions, i.repository.full_name])).toEqual([[inv.id, 'maintain', 'octo/hello']]);
    // Inviting again updates the pending invitation (still 201, the same invitation).
    const again = await owner.rest.repos.addCollaborator({ ...R, username: 'bob', permission: 'push' });
    expect([again.status, again.data.id, again.data.permissions]).toEqual([201, inv.id, 'write']);

    // Someone else cannot accept it; bob can.
    await expect(owner.rest.repos.acceptInvitationForAuthenticatedUser({ invitation_id: inv.id })).rejects.toMatchObject({ status: 404 });
    expect((await bob.rest.repos.acceptInvitationForAuthenticatedUser({ invitation_id: inv.id })).status).toBe(204);
    expect((await owner.rest.repos.listInvitations(R)).data).toEqual([]);
    expect((await bob.rest.repos.listInvitationsForAuthenticatedUser()).data).toEqual([]);

    expect((await owner.rest.repos.checkCollaborator({ ...R, username: 'bob' })).status).toBe(204);
    const level = (await owner.rest.repos.getCollaboratorPermissionLevel({ ...R, username: 'bob' })).data;
    expect([level.permission, level.role_name, level.user?.login]).toEqual(['write', 'write', 'bob']);
    const list = (await owner.rest.repos.listCollaborators(R)).data;
    expect(list.map((c) => [c.login, c.role_name, c.permissions])).toEqual([
      ['octo', 'admin', { admin: true, maintain: true, push: true, triage: true, pull: true }],
      ['bob', 'write', { admin: false, maintain: false, push: true, triage: true, pull: true }],
    ]);
    expect(list[1]?.url).toBe('https://api.github.com/users/bob');
  });

  it('adding an existing collaborator answers 204 and changes the permission; the levels are admin/write/read', async () => {
    fakes.codeHosting.seed.resource('/repos/octo/hello/collaborators/carol', { permission: 'pull' });
    let level = (await owner.rest.repos.getCollaboratorPermissionLevel({ ...R, username: 'carol' })).data;
    expect([level.permission, level.role_name]).toEqual(['read', 'read']);
    const res = await owner.rest.repos.addCollaborator({ ...R, username: 'carol', permission: 'triage' });
    expect([res.status, res.data]).toEqual([204, '']);
    level = (await owner.rest.repos.getCollaboratorPermissionLevel({ ...R, username: 'carol' })).data;
    expect([level.permission, level.role_name]).toEqual(['read', 'triage']);
    await owner.rest.repos.addCollaborator({ ...R, username: 'carol', permission: 'maintain' });
    level = (await owner.rest.repos.getCollaboratorPermissionLevel({ ...R, username: 'carol' })).data;
    expect([level.permission, level.role_name]).toEqual(['write', 'maintain']);
    expect((await owner.rest.repos.getCollaboratorPermissionLevel({ ...R, username: 'octo' })).data.permission).toBe('admin');
    // The permission filter of the list: at least that role.
    const pushers = (await owner.rest.repos.listCollaborators({ ...R, permission: 'push' })).data.map((c) => c.login);
    expect(pushers).toEqual(['octo', 'carol']);
    expect((await owner.rest.repos.listCollaborators({ ...R, permission: 'admin' })).data.map((c) => c.login)).toEqual(['octo']);
  });

  it('removeCollaborator removes them from every path; the owner cannot be added; invitations can be changed and withdrawn', async () => {
    fakes.codeHosting.seed.resource('/repos/octo/hello/collaborators/carol', { permission: 'push' });
    expect((await owner.rest.repos.removeCollaborator({ ...R, username: 'carol' })).status).toBe(204);
    await expect(owner.rest.repos.checkCollaborator({ ...R, username: 'carol' })).rejects.toMatchObject({ status: 404 });
    expect((await owner.rest.repos.listCollaborators(R)).data.map((c) => c.login)).toEqual(['octo']);

    await expect(owner.rest.repos.addCollaborator({ ...R, username: 'octo' })).rejects.toMatchObject({ status: 422 });

    const inv = (await owner.rest.repos.addCollaborator({ ...R, username: 'dave' })).data;
    expect(inv.permissions).toBe('write'); // GitHub's default `push`
    const updated = await owner.rest.repos.updateInvitation({ ...R, invitation_id: inv.id, permissions: 'read' });
    expect(updated.data.permissions).toBe('read');
    expect((await owner.rest.repos.deleteInvitation({ ...R, invitation_id: inv.id })).status).toBe(204);
    expect((await owner.rest.repos.listInvitations(R)).data).toEqual([]);
    await expect(owner.rest.repos.deleteInvitation({ ...R, invitation_id: inv.id })).rejects.toMatchObject({ status: 404 });

    // Declining removes the invitation without making a collaborator.
    const second = (await owner.rest.repos.addCollaborator({ ...R, username: 'bob' })).data;
    expect((await bob.rest.repos.declineInvitationForAuthenticatedUser({ invitation_id: second.id })).status).toBe(204);
    await expect(owner.rest.repos.checkCollaborator({ ...R, username: 'bob' })).rejects.toMatchObject({ status: 404 });
  });

  it('invitation lists are paged with per_page/page and a Link header, as GitHub pages lists', async () => {
    const ids: number[] = [];
    for (const username of ['bob', 'carol', 'dave']) ids.push((await owner.rest.repos.addCollaborator({ ...R, username })).data.id);
    const first = await owner.rest.repos.listInvitations({ ...R, per_page: 2 });
    expect(first.data.map((i) => [i.id, i.invitee?.login])).toEqual([
      [ids[0], 'bob'],
      [ids[1], 'carol'],
    ]);
    expect(first.headers.link).toContain('page=2>; rel="next"');
    const second = await owner.rest.repos.listInvitations({ ...R, per_page: 2, page: 2 });
    expect(second.data.map((i) => [i.id, i.invitee?.login])).toEqual([[ids[2], 'dave']]);
    expect(second.headers.link).toContain('rel="prev"');
    expect(second.headers.link).not.toContain('rel="next"');
  });

  it('on a GHE.com host the invitation html_url is on the web host (no api. prefix) and url on the API host', async () => {
    fakes.uninstall();
    const ghe = createFakes({ clock: '2024-03-01T10:00:00Z', codeHosting: { baseUrls: ['https://api.acme.ghe.com'] } }).install();
    try {
      ghe.codeHosting.seed.repo(R);
      const kit = new Octokit({ auth: 'ghp_lenient', baseUrl: 'https://api.acme.ghe.com', request: { retries: 0 } });
      const { data } = await kit.rest.repos.addCollaborator({ ...R, username: 'bob' });
      expect([data.html_url, data.url]).toEqual([
        'https://acme.ghe.com/octo/hello/invitations',
        `https://api.acme.ghe.com/user/repository_invitations/${data.id}`,
      ]);
    } finally {
      ghe.uninstall();
      fakes.install();
    }
  });

  it('collaborators follow the repository through a rename', async () => {
    fakes.codeHosting.seed.resource('/repos/octo/hello/collaborators/carol', { permission: 'push' });
    await owner.rest.repos.update({ ...R, name: 'world' });
    expect((await owner.rest.repos.checkCollaborator({ owner: 'octo', repo: 'world', username: 'carol' })).status).toBe(204);
  });
});
