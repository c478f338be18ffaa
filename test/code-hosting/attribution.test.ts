import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { beforeEach, describe, expect, it } from 'vitest';

// Who an object says created it does not depend on who reads it: the creator of an issue stays its
// `user` for every reader, and an anonymous reader is never answered as a default account.

const R = { owner: 'octo', repo: 'hello' };
const kit = (fakes: Fakes, auth?: string) => new Octokit({ ...(auth ? { auth } : {}), request: { retries: 0, fetch: fakes.fetch } });

describe('attribution', () => {
  let fakes: Fakes;
  beforeEach(() => {
    fakes = createFakes({ auth: 'strict', clock: '2024-01-10T00:00:00Z' });
    fakes.codeHosting.seed.repo({ ...R, private: false });
    fakes.codeHosting.seed.account({ login: 'mona' });
  });

  it('the creator of an issue is its user for every reader, anonymous included', async () => {
    const mona = fakes.codeHosting.seed.token({ type: 'user', login: 'mona', permissions: { issues: 'write' } });
    const octo = fakes.codeHosting.seed.token({ type: 'user', login: 'octo', permissions: { issues: 'write' } });
    const created = await kit(fakes, mona).rest.issues.create({ ...R, title: 'Bug' });
    expect(created.data.user?.login).toBe('mona');
    const readByOcto = await kit(fakes, octo).rest.issues.get({ ...R, issue_number: created.data.number });
    expect(readByOcto.data.user?.login).toBe('mona');
    const readAnonymously = await kit(fakes).rest.issues.get({ ...R, issue_number: created.data.number });
    expect(readAnonymously.data.user?.login).toBe('mona');
    const listed = await kit(fakes, octo).rest.issues.listForRepo(R);
    expect(listed.data.map((i) => i.user?.login)).toEqual(['mona']);
  });

  it('an anonymous reader of a seeded issue sees the repository owner, never a default account', async () => {
    fakes.codeHosting.seed.resource('/repos/octo/hello/issues/1', { number: 1, title: 'Seeded' });
    const { data } = await kit(fakes).rest.issues.get({ ...R, issue_number: 1 });
    expect(data.user?.login).toBe('octo');
    expect(JSON.stringify(data)).not.toContain('"login":"octocat"');
    await expect(kit(fakes).rest.users.getAuthenticated()).rejects.toMatchObject({ status: 401 });
  });
});
