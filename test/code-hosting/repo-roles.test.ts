import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// A token seeded with `login` acts as that user: GitHub's repository roles apply. GitHub hides what a
// user may not see or do with 404 `Not Found` (octokit/octokit.js#1649: createOrUpdateFile answers 404
// without push access; openjdk/skara#1137: "GitHub returns 404 when a user is not a collaborator").
// Roles as GitHub's "Repository roles" documentation gives them: read (and triage) may open and
// comment on issues and pulls; write (and maintain) pushes, manages labels; admin manages hooks and
// settings. Organization members get the organization's base permission (default `read`), organization
// owners `admin`, team members the team's grant on the repository.

const SECRET = { owner: 'octo', repo: 'secret' };
const OPEN = { owner: 'octo', repo: 'open' };
const ORG_REPO = { owner: 'acme', repo: 'api' };
const file = (path: string) => ({ path, message: `add ${path}`, content: Buffer.from('hi\n').toString('base64') });
const hook = { config: { url: 'https://example.com/hook', content_type: 'json' } };

async function status(p: Promise<{ status: number }>): Promise<number> {
  try {
    return (await p).status;
  } catch (e) {
    return (e as { status: number }).status;
  }
}

describe('repository roles feed the permission model (tokens seeded with a login)', () => {
  let fakes: Fakes;
  const as = (login: string, extra: Record<string, unknown> = {}) =>
    new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login, scopes: ['repo'], ...extra }), request: { retries: 0 } });
  let octo: Octokit;
  let bob: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...SECRET, private: true });
    fakes.codeHosting.seed.repo({ ...OPEN, private: false });
    octo = as('octo');
    bob = as('bob');
  });
  afterEach(() => fakes.uninstall());

  it('a stranger with the repo scope: 404 on every route of a private repository, reads and opens issues on a public one', async () => {
    expect(await status(bob.rest.repos.get(SECRET))).toBe(404);
    expect(await status(bob.rest.issues.listForRepo(SECRET))).toBe(404);
    expect(await status(bob.rest.issues.create({ ...SECRET, title: 'hi' }))).toBe(404);
    expect(await status(bob.rest.repos.createOrUpdateFileContents({ ...SECRET, ...file('a.txt') }))).toBe(404);

    expect(await status(bob.rest.repos.get(OPEN))).toBe(200);
    expect(await status(bob.rest.issues.listForRepo(OPEN))).toBe(200);
    const issue = await bob.rest.issues.create({ ...OPEN, title: 'found a bug' });
    expect([issue.status, issue.data.user?.login]).toEqual([201, 'bob']);
    expect(await status(bob.rest.issues.createComment({ ...OPEN, issue_number: issue.data.number, body: 'details' }))).toBe(201);
    expect(await status(bob.rest.repos.createOrUpdateFileContents({ ...OPEN, ...file('a.txt') }))).toBe(404);
    const label = await bob.rest.issues.createLabel({ ...OPEN, name: 'bug' }).catch((e) => e);
    expect(label.status).toBe(404);
    expect(label.response.data.message).toBe('Not Found');
    // The refusal still names what the route accepts.
    expect(label.response.headers['x-accepted-github-permissions']).toBe('issues=write; pull_requests=write');
    expect(await status(bob.rest.repos.createWebhook({ ...OPEN, ...hook }))).toBe(404);

    // The owner does everything; a token seeded without a login still acts as an owner of every repository.
    expect(await status(octo.rest.repos.createOrUpdateFileContents({ ...SECRET, ...file('a.txt') }))).toBe(201);
    const anyone = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', scopes: ['repo'] }), request: { retries: 0 } });
    expect(await status(anyone.rest.repos.createOrUpdateFileContents({ ...SECRET, ...file('b.txt') }))).toBe(201);
  });

  it('a collaborator has nothing until the invitation is accepted, then the role: read reads, write pushes, admin manages hooks; removal takes it away', async () => {
    const inv = await octo.rest.repos.addCollaborator({ ...SECRET, username: 'bob', permission: 'pull' });
    expect(inv.status).toBe(201);
    expect(await status(bob.rest.repos.get(SECRET))).toBe(404);
    expect(await status(bob.rest.repos.acceptInvitationForAuthenticatedUser({ invitation_id: inv.data.id }))).toBe(204);

    // read
    expect(await status(bob.rest.repos.get(SECRET))).toBe(200);
    expect(await status(bob.rest.repos.listBranches(SECRET))).toBe(200);
    expect(await status(bob.rest.issues.create({ ...SECRET, title: 'question' }))).toBe(201);
    expect(await status(bob.rest.repos.createOrUpdateFileContents({ ...SECRET, ...file('a.txt') }))).toBe(404);
    expect(await status(bob.rest.issues.createLabel({ ...SECRET, name: 'bug' }))).toBe(404);

    // write (`push`): an existing collaborator's role changes at once (204).
    expect((await octo.rest.repos.addCollaborator({ ...SECRET, username: 'bob', permission: 'push' })).status).toBe(204);
    expect(await status(bob.rest.repos.createOrUpdateFileContents({ ...SECRET, ...file('a.txt') }))).toBe(201);
    expect(await status(bob.rest.issues.createLabel({ ...SECRET, name: 'bug' }))).toBe(201);
    expect(await status(bob.rest.repos.createWebhook({ ...SECRET, ...hook }))).toBe(404);
    expect(await status(bob.rest.repos.update({ ...SECRET, description: 'mine now' }))).toBe(404);

    // admin
    expect((await octo.rest.repos.addCollaborator({ ...SECRET, username: 'bob', permission: 'admin' })).status).toBe(204);
    expect(await status(bob.rest.repos.createWebhook({ ...SECRET, ...hook }))).toBe(201);
    expect(await status(bob.rest.repos.listWebhooks(SECRET))).toBe(200);

    expect(await status(octo.rest.repos.removeCollaborator({ ...SECRET, username: 'bob' }))).toBe(204);
    expect(await status(bob.rest.repos.get(SECRET))).toBe(404);
    expect(await status(bob.rest.repos.listWebhooks(SECRET))).toBe(404);
  });

  it('organization members get the base permission (read), organization admins admin; a pending membership gives nothing', async () => {
    fakes.codeHosting.seed.repo({ ...ORG_REPO, private: true, ownerType: 'Organization' });
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/dave', { role: 'admin' });
    const dave = as('dave', { scopes: ['repo', 'admin:org'] });
    const carol = as('carol', { scopes: ['repo', 'read:org', 'admin:org'] });

    expect((await dave.rest.orgs.setMembershipForUser({ org: 'acme', username: 'carol', role: 'member' })).data.state).toBe('pending');
    expect(await status(carol.rest.repos.get(ORG_REPO))).toBe(404);
    await carol.rest.orgs.updateMembershipForAuthenticatedUser({ org: 'acme', state: 'active' });

    expect(await status(carol.rest.repos.get(ORG_REPO))).toBe(200);
    expect(await status(carol.rest.issues.listForRepo(ORG_REPO))).toBe(200);
    expect(await status(carol.rest.repos.createOrUpdateFileContents({ ...ORG_REPO, ...file('a.txt') }))).toBe(404);
    expect(await status(carol.rest.repos.createWebhook({ ...ORG_REPO, ...hook }))).toBe(404);

    expect(await status(dave.rest.repos.createOrUpdateFileContents({ ...ORG_REPO, ...file('a.txt') }))).toBe(201);
    expect(await status(dave.rest.repos.createWebhook({ ...ORG_REPO, ...hook }))).toBe(201);
    // Someone outside the organization still sees nothing.
    expect(await status(bob.rest.repos.get(ORG_REPO))).toBe(404);
  });

  it("a team's grant gives its members that role on the repository", async () => {
    fakes.codeHosting.seed.repo({ ...ORG_REPO, private: true, ownerType: 'Organization' });
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/dave', { role: 'admin' });
    const dave = as('dave', { scopes: ['repo', 'admin:org'] });
    const erin = as('erin');

    await dave.rest.teams.create({ org: 'acme', name: 'Core' });
    await dave.rest.teams.addOrUpdateMembershipForUserInOrg({ org: 'acme', team_slug: 'core', username: 'erin' });
    expect(await status(erin.rest.repos.get(ORG_REPO))).toBe(404);

    expect(await status(dave.rest.teams.addOrUpdateRepoPermissionsInOrg({ org: 'acme', team_slug: 'core', ...ORG_REPO, permission: 'push' }))).toBe(204);
    expect(await status(erin.rest.repos.get(ORG_REPO))).toBe(200);
    expect(await status(erin.rest.repos.createOrUpdateFileContents({ ...ORG_REPO, ...file('a.txt') }))).toBe(201);
    expect(await status(erin.rest.repos.createWebhook({ ...ORG_REPO, ...hook }))).toBe(404);
  });

  it('a fine-grained token acting as a stranger is 404 on a private repository even when its selection names it', async () => {
    const pat = new Octokit({
      auth: fakes.codeHosting.seed.token({
        type: 'fine-grained',
        login: 'bob',
        permissions: { contents: 'write', issues: 'write', metadata: 'read' },
        repositories: ['octo/secret'],
      }),
      request: { retries: 0 },
    });
    expect(await status(pat.rest.repos.get(SECRET))).toBe(404);
    expect(await status(pat.rest.issues.create({ ...SECRET, title: 'x' }))).toBe(404);
    expect(await status(pat.rest.repos.createOrUpdateFileContents({ ...SECRET, ...file('a.txt') }))).toBe(404);
  });

  it("an organization's repository list shows a user only the private repositories they have a role on", async () => {
    fakes.codeHosting.seed.repo({ ...ORG_REPO, private: true, ownerType: 'Organization' });
    fakes.codeHosting.seed.repo({ owner: 'acme', repo: 'site', private: false, ownerType: 'Organization' });
    const names = async (o: Octokit) => (await o.rest.repos.listForOrg({ org: 'acme' })).data.map((r) => r.name).sort();
    expect(await names(bob)).toEqual(['site']);
    fakes.codeHosting.seed.resource('/orgs/acme/members/bob', { role: 'member' });
    expect(await names(bob)).toEqual(['api', 'site']);
  });
});
