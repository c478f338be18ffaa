import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// A read of an unchanged state answers the rendering it got last (a client polling one object), so
// what such a read answers must still follow everything else it depends on: the caller, the state
// (writes, restore), the query, the media type and the clock. Each case reads once to prime the
// answer, then changes one input and checks the answer follows it.

const R = { owner: 'octo', repo: 'hello' };
const ISSUE = { ...R, issue_number: 1 };

describe('repeated reads', () => {
  let fakes: Fakes;
  let owner: Octokit;
  let mona: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo(R);
    fakes.codeHosting.seed.resource('/repos/octo/hello/issues/1', { title: 'Bug' });
    owner = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'octo' }), request: { retries: 0 } });
    mona = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'mona' }), request: { retries: 0 } });
  });
  afterEach(() => fakes.uninstall());

  it('the same read twice answers the same body and ETag, and each read is counted and journaled', async () => {
    const a = await owner.rest.issues.get(ISSUE);
    const b = await owner.rest.issues.get(ISSUE);
    expect(b.data).toEqual(a.data);
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(Number(b.headers['x-ratelimit-used'])).toBe(Number(a.headers['x-ratelimit-used']) + 1);
    expect(b.headers['x-github-request-id']).not.toBe(a.headers['x-github-request-id']);
    expect(fakes.calls.filter((c) => c.operation === 'issues/get')).toHaveLength(2);
  });

  it('follows the caller: whether the reader starred a repository is the reader’s own', async () => {
    await mona.rest.activity.starRepoForAuthenticatedUser(R);
    const starred = (o: Octokit) =>
      o.rest.activity.checkRepoIsStarredByAuthenticatedUser(R).then(
        (r) => r.status,
        (e: { status: number }) => e.status,
      );
    expect(await starred(mona)).toBe(204);
    expect(await starred(owner)).toBe(404);
    expect(await starred(mona)).toBe(204);
    expect(await starred(mona)).toBe(204);
    expect(await starred(owner)).toBe(404);
  });

  it('follows the state: a write and a restore()', async () => {
    const before = fakes.snapshot();
    expect((await owner.rest.issues.get(ISSUE)).data.title).toBe('Bug');
    await owner.rest.issues.update({ ...ISSUE, title: 'Renamed' });
    expect((await owner.rest.issues.get(ISSUE)).data.title).toBe('Renamed');
    fakes.restore(before);
    expect((await owner.rest.issues.get(ISSUE)).data.title).toBe('Bug');
    await owner.rest.issues.update({ ...ISSUE, state: 'closed' });
    expect((await owner.rest.issues.get(ISSUE)).data.state).toBe('closed');
  });

  it('follows the query and the media type', async () => {
    await owner.rest.issues.create({ ...R, title: 'Second' });
    expect((await owner.rest.issues.listForRepo({ ...R, per_page: 1 })).data).toHaveLength(1);
    expect((await owner.rest.issues.listForRepo({ ...R, per_page: 2 })).data).toHaveLength(2);
    expect((await owner.rest.issues.listForRepo({ ...R, per_page: 1 })).data).toHaveLength(1);

    await owner.rest.repos.createOrUpdateFileContents({ ...R, path: 'a.txt', message: 'add', content: Buffer.from('hello').toString('base64') });
    const json = await owner.rest.repos.getContent({ ...R, path: 'a.txt' });
    const raw = await owner.rest.repos.getContent({ ...R, path: 'a.txt', mediaType: { format: 'raw' } });
    expect(json.data).toMatchObject({ type: 'file', path: 'a.txt' });
    expect(raw.data).toBe('hello');
    expect((await owner.rest.repos.getContent({ ...R, path: 'a.txt' })).data).toEqual(json.data);
  });
});
