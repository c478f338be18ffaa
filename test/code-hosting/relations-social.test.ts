import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// Starring and following as GitHub's REST docs describe them (activity/starring, users/followers):
// `PUT /user/starred/{owner}/{repo}` and `PUT /user/following/{username}` answer 204; the checks answer
// 204 when starred/followed and 404 when not ("Response if this repository is not starred by you",
// "if the person is not followed by the authenticated user"); the lists answer repositories
// (`repository` items) and users (`simple-user` items) from what was starred and followed, never the
// description's example `octocat/Hello-World`.

const R = { owner: 'octo', repo: 'hello' };

describe('stars and follows', () => {
  let fakes: Fakes;
  let mona: Octokit;
  let hubot: Octokit;
  let anon: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R, description: 'Hello' });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'other' });
    fakes.codeHosting.seed.account({ login: 'hubot' });
    mona = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'mona', scopes: ['repo', 'user'] }), request: { retries: 0 } });
    hubot = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'hubot', scopes: ['repo', 'user'] }), request: { retries: 0 } });
    anon = new Octokit({ request: { retries: 0 } });
  });
  afterEach(() => fakes.uninstall());

  it('starring lists the repository for the caller and the user, the caller among the stargazers', async () => {
    expect((await mona.rest.activity.listReposStarredByAuthenticatedUser()).data).toEqual([]);
    await expect(mona.rest.activity.checkRepoIsStarredByAuthenticatedUser(R)).rejects.toMatchObject({ status: 404 });

    expect((await mona.rest.activity.starRepoForAuthenticatedUser(R)).status).toBe(204);
    expect((await mona.rest.activity.checkRepoIsStarredByAuthenticatedUser(R)).status).toBe(204);

    const mine = (await mona.rest.activity.listReposStarredByAuthenticatedUser()).data;
    expect(mine.map((r) => r.full_name)).toEqual(['octo/hello']);
    expect(mine[0]).toMatchObject({ name: 'hello', owner: { login: 'octo' }, description: 'Hello' });
    const theirs = (await anon.rest.activity.listReposStarredByUser({ username: 'mona' })).data as Array<{ full_name: string }>;
    expect(theirs.map((r) => r.full_name)).toEqual(['octo/hello']);
    expect(JSON.stringify(theirs)).not.toMatch(/Hello-World|Team Environment/);

    const gazers = (await anon.rest.activity.listStargazersForRepo(R)).data as Array<{ login: string }>;
    expect(gazers.map((u) => u.login)).toEqual(['mona']);
    // Another user's stars are theirs.
    await expect(hubot.rest.activity.checkRepoIsStarredByAuthenticatedUser(R)).rejects.toMatchObject({ status: 404 });
    expect((await hubot.rest.activity.listReposStarredByAuthenticatedUser()).data).toEqual([]);
  });

  it('unstarring removes the star everywhere', async () => {
    await mona.rest.activity.starRepoForAuthenticatedUser(R);
    await mona.rest.activity.starRepoForAuthenticatedUser(R); // idempotent
    await hubot.rest.activity.starRepoForAuthenticatedUser(R);
    expect(((await anon.rest.activity.listStargazersForRepo(R)).data as Array<{ login: string }>).map((u) => u.login)).toEqual(['mona', 'hubot']);

    expect((await mona.rest.activity.unstarRepoForAuthenticatedUser(R)).status).toBe(204);
    await expect(mona.rest.activity.checkRepoIsStarredByAuthenticatedUser(R)).rejects.toMatchObject({ status: 404 });
    expect((await mona.rest.activity.listReposStarredByAuthenticatedUser()).data).toEqual([]);
    const gazers = (await anon.rest.activity.listStargazersForRepo(R)).data as Array<{ login: string }>;
    expect(gazers.map((u) => u.login)).toEqual(['hubot']);
    // Unstarring what is not starred changes nothing.
    expect((await mona.rest.activity.unstarRepoForAuthenticatedUser(R)).status).toBe(204);
  });

  it('the repository counts its stargazers (stargazers_count, watchers_count, watchers)', async () => {
    await mona.rest.activity.starRepoForAuthenticatedUser(R);
    await hubot.rest.activity.starRepoForAuthenticatedUser(R);
    const repo = (await anon.rest.repos.get(R)).data;
    expect(repo.stargazers_count).toBe(2);
    expect(repo.watchers_count).toBe(2);
    expect(repo.watchers).toBe(2);
    const starred = (await mona.rest.activity.listReposStarredByAuthenticatedUser()).data;
    expect(starred[0]?.stargazers_count).toBe(2);
    await mona.rest.activity.unstarRepoForAuthenticatedUser(R);
    expect((await anon.rest.repos.get(R)).data.stargazers_count).toBe(1);
  });

  it('starred lists are newest first (direction=desc by default), asc on request, paged with Link', async () => {
    await mona.rest.activity.starRepoForAuthenticatedUser(R);
    await mona.rest.activity.starRepoForAuthenticatedUser({ owner: 'octo', repo: 'other' });
    const desc = (await mona.rest.activity.listReposStarredByAuthenticatedUser()).data;
    expect(desc.map((r) => r.name)).toEqual(['other', 'hello']);
    const asc = (await mona.rest.activity.listReposStarredByAuthenticatedUser({ direction: 'asc' })).data;
    expect(asc.map((r) => r.name)).toEqual(['hello', 'other']);
    const first = await mona.rest.activity.listReposStarredByAuthenticatedUser({ per_page: 1 });
    expect(first.data.map((r) => r.name)).toEqual(['other']);
    expect(first.headers.link).toContain('rel="next"');
  });

  it('the star media type answers starred_at with each repository and each stargazer', async () => {
    fakes.clock.advance('22h');
    await mona.rest.activity.starRepoForAuthenticatedUser(R);
    const accept = { accept: 'application/vnd.github.star+json' };
    const repos = (await anon.request('GET /users/{username}/starred', { username: 'mona', headers: accept })).data as Array<Record<string, unknown>>;
    expect(repos).toEqual([expect.objectContaining({ starred_at: '2024-03-02T08:00:00.000Z', repo: expect.objectContaining({ full_name: 'octo/hello' }) })]);
    const own = (await mona.request('GET /user/starred', { headers: accept })).data as Array<Record<string, unknown>>;
    expect(own).toEqual([expect.objectContaining({ starred_at: '2024-03-02T08:00:00.000Z', repo: expect.objectContaining({ full_name: 'octo/hello' }) })]);
    const gazers = (await anon.request('GET /repos/{owner}/{repo}/stargazers', { ...R, headers: accept })).data as Array<Record<string, unknown>>;
    expect(gazers).toEqual([{ starred_at: '2024-03-02T08:00:00.000Z', user: expect.objectContaining({ login: 'mona', type: 'User' }) }]);
  });

  it('starring a repository that does not exist answers 404', async () => {
    await expect(mona.rest.activity.starRepoForAuthenticatedUser({ owner: 'octo', repo: 'nope' })).rejects.toMatchObject({ status: 404 });
    await expect(mona.rest.activity.checkRepoIsStarredByAuthenticatedUser({ owner: 'octo', repo: 'nope' })).rejects.toMatchObject({ status: 404 });
  });

  it('following lists the followed user for the follower, the follower for the followed', async () => {
    await expect(mona.rest.users.checkPersonIsFollowedByAuthenticated({ username: 'hubot' })).rejects.toMatchObject({ status: 404 });
    expect((await mona.rest.users.follow({ username: 'hubot' })).status).toBe(204);
    expect((await mona.rest.users.checkPersonIsFollowedByAuthenticated({ username: 'hubot' })).status).toBe(204);

    const following = (await mona.rest.users.listFollowedByAuthenticatedUser()).data;
    expect(following.map((u) => u.login)).toEqual(['hubot']);
    expect(following[0]).toMatchObject({ type: 'User', url: 'https://api.github.com/users/hubot' });
    expect((await anon.rest.users.listFollowingForUser({ username: 'mona' })).data.map((u) => u.login)).toEqual(['hubot']);
    expect((await anon.rest.users.listFollowersForUser({ username: 'hubot' })).data.map((u) => u.login)).toEqual(['mona']);
    expect((await hubot.rest.users.listFollowersForAuthenticatedUser()).data.map((u) => u.login)).toEqual(['mona']);
    expect((await mona.rest.users.listFollowersForAuthenticatedUser()).data).toEqual([]);
    expect((await anon.rest.users.listFollowersForUser({ username: 'mona' })).data).toEqual([]);

    expect((await anon.rest.users.checkFollowingForUser({ username: 'mona', target_user: 'hubot' })).status).toBe(204);
    await expect(anon.rest.users.checkFollowingForUser({ username: 'hubot', target_user: 'mona' })).rejects.toMatchObject({ status: 404 });
  });

  it('a profile counts its followers and the accounts it follows', async () => {
    expect((await anon.rest.users.getByUsername({ username: 'hubot' })).data).toMatchObject({ followers: 0, following: 0 });
    await mona.rest.users.follow({ username: 'hubot' });
    expect((await anon.rest.users.getByUsername({ username: 'hubot' })).data).toMatchObject({ followers: 1, following: 0 });
    expect((await mona.rest.users.getAuthenticated()).data).toMatchObject({ followers: 0, following: 1 });
    await mona.rest.users.unfollow({ username: 'hubot' });
    expect((await anon.rest.users.getByUsername({ username: 'hubot' })).data).toMatchObject({ followers: 0 });
  });

  it('unfollowing removes the follow from both sides', async () => {
    await mona.rest.users.follow({ username: 'hubot' });
    expect((await mona.rest.users.unfollow({ username: 'HUBOT' })).status).toBe(204);
    await expect(mona.rest.users.checkPersonIsFollowedByAuthenticated({ username: 'hubot' })).rejects.toMatchObject({ status: 404 });
    expect((await mona.rest.users.listFollowedByAuthenticatedUser()).data).toEqual([]);
    expect((await anon.rest.users.listFollowersForUser({ username: 'hubot' })).data).toEqual([]);
    await expect(anon.rest.users.checkFollowingForUser({ username: 'mona', target_user: 'hubot' })).rejects.toMatchObject({ status: 404 });
  });

  it('seed.resource seeds stars and follows by their paths', async () => {
    fakes.codeHosting.seed.resource('/user/starred/octo/hello', { login: 'mona' });
    fakes.codeHosting.seed.resource('/users/hubot/following/mona', {});
    expect((await mona.rest.activity.checkRepoIsStarredByAuthenticatedUser(R)).status).toBe(204);
    expect((await anon.rest.users.listFollowersForUser({ username: 'mona' })).data.map((u) => u.login)).toEqual(['hubot']);
  });

  it('a snapshot keeps stars and follows; restoring an earlier one drops later ones', async () => {
    const before = fakes.snapshot();
    await mona.rest.activity.starRepoForAuthenticatedUser(R);
    await mona.rest.users.follow({ username: 'hubot' });
    fakes.restore(before);
    expect((await mona.rest.activity.listReposStarredByAuthenticatedUser()).data).toEqual([]);
    expect((await mona.rest.users.listFollowedByAuthenticatedUser()).data).toEqual([]);
  });
});
