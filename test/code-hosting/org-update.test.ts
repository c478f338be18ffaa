import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// PATCH /orgs/{org} ("Updates the organization's profile and member privileges. The authenticated user
// must be an organization owner") and DELETE /orgs/{org} (202, "Deletes an organization and all its
// repositories") for every organization that exists: seeded with `seed.account`, owning a seeded
// repository, or seeded by its path.

async function status(p: Promise<unknown>): Promise<number> {
  try {
    return ((await p) as { status: number }).status;
  } catch (e) {
    return (e as { status: number }).status;
  }
}

describe('PATCH and DELETE /orgs/{org}', () => {
  let fakes: Fakes;
  const as = (login: string) =>
    new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login, scopes: ['admin:org', 'repo', 'delete_repo'] }), request: { retries: 0 } });
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
    fakes.codeHosting.seed.repo({ owner: 'globex', repo: 'api', ownerType: 'Organization' });
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/olga', { role: 'admin' });
    fakes.codeHosting.seed.resource('/orgs/globex/memberships/olga', { role: 'admin' });
    fakes.codeHosting.seed.resource('/orgs/globex/memberships/mike', { role: 'member' });
  });
  afterEach(() => fakes.uninstall());

  it('the owner updates an organization seeded as an account and one seeded with a repository; GET reads it back', async () => {
    const olga = as('olga');
    const updated = await olga.rest.orgs.update({ org: 'acme', name: 'Acme Inc.', description: 'Anvils', default_repository_permission: 'write' });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ login: 'acme', name: 'Acme Inc.', description: 'Anvils', default_repository_permission: 'write' });
    expect((await olga.rest.orgs.get({ org: 'acme' })).data).toMatchObject({ name: 'Acme Inc.', description: 'Anvils' });
    expect((await olga.rest.orgs.update({ org: 'globex', company: 'Globex Corporation' })).data.company).toBe('Globex Corporation');
    expect((await olga.rest.orgs.get({ org: 'GLOBEX' })).data.company).toBe('Globex Corporation');
  });

  it('the base permission written by PATCH gives members that role on the organization’s repositories', async () => {
    const mike = as('mike');
    expect((await mike.rest.repos.get({ owner: 'globex', repo: 'api' })).data.permissions?.push).toBe(false);
    await as('olga').rest.orgs.update({ org: 'globex', default_repository_permission: 'write' });
    expect((await mike.rest.repos.get({ owner: 'globex', repo: 'api' })).data.permissions?.push).toBe(true);
  });

  it('GitHub’s 422 for an unknown setting value, 403 for a member, 404 for an organization that does not exist', async () => {
    const olga = as('olga');
    const bad = await olga.rest.orgs.update({ org: 'acme', default_repository_permission: 'everything' as never }).catch((e) => e);
    expect([bad.status, bad.response.data.errors?.[0]?.field]).toEqual([422, 'default_repository_permission']);
    expect(await status(as('mike').rest.orgs.update({ org: 'globex', name: 'Mine' }))).toBe(403);
    expect(await status(olga.rest.orgs.update({ org: 'initech', name: 'x' }))).toBe(404);
    expect(await status(olga.rest.orgs.delete({ org: 'initech' }))).toBe(404);
  });

  it('DELETE answers 202; the organization and its repositories are gone', async () => {
    const olga = as('olga');
    expect(await status(as('mike').rest.orgs.delete({ org: 'globex' }))).toBe(403);
    const deleted = await olga.rest.orgs.delete({ org: 'globex' });
    expect([deleted.status, deleted.data]).toEqual([202, {}]);
    expect(await status(olga.rest.orgs.get({ org: 'globex' }))).toBe(404);
    expect(await status(olga.rest.repos.get({ owner: 'globex', repo: 'api' }))).toBe(404);
    expect(await status(olga.rest.orgs.listMembers({ org: 'globex' }))).toBe(404);
  });

  it('in lenient mode any token updates and deletes an existing organization', async () => {
    const lenient = createFakes();
    lenient.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
    const o = new Octokit({ auth: 'anything', request: { fetch: lenient.fetch, retries: 0 } });
    expect((await o.rest.orgs.update({ org: 'acme', blog: 'https://acme.example' })).data.blog).toBe('https://acme.example');
    expect((await o.rest.orgs.delete({ org: 'acme' })).status).toBe(202);
  });
});
