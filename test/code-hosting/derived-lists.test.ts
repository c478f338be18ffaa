import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';

// Lists GitHub derives from state, through Octokit, checked against GitHub's documented behaviour and
// its OpenAPI description: contributors from the default branch's commits (most first; `anon=1` adds
// unlinked authors; 204 for a repository without commits), a pull request's commits and files from
// its branches (what the compare of base...head lists, the counts of `GET /pulls/{n}` agreeing),
// followers both ways, and a user's organizations from memberships (public ones for others).

const R = { owner: 'octo', repo: 'hello' } as const;
const o = oracle('api.github.com');
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** The answer is what GitHub's description documents for the route. */
function expectDocumented(path: string, data: unknown, status = 200): void {
  const v = o.validator(path, 'GET', status);
  expect(v, path).toBeDefined();
  expect(v?.(data), `${path}: ${JSON.stringify(v?.errors)}`).toBe(true);
}

describe('lists derived from state', () => {
  let fakes: Fakes;
  let mona: Octokit;
  let hubot: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R, defaultBranch: 'main' });
    const token = (login: string) => fakes.codeHosting.seed.token({ type: 'classic', login, scopes: ['repo', 'user', 'write:org'] });
    fakes.codeHosting.seed.account({ login: 'octo' });
    mona = new Octokit({ auth: token('mona'), request: { retries: 0 } });
    hubot = new Octokit({ auth: token('hubot'), request: { retries: 0 } });
    fakes.codeHosting.seed.resource('/repos/octo/hello/collaborators/mona', { permission: 'push' });
    fakes.codeHosting.seed.resource('/repos/octo/hello/collaborators/hubot', { permission: 'push' });
  });
  afterEach(() => fakes.uninstall());

  const write = (as: Octokit, path: string, text: string, branch?: string, sha?: string) =>
    as.rest.repos.createOrUpdateFileContents({
      ...R,
      path,
      message: `write ${path}`,
      content: b64(text),
      ...(branch ? { branch } : {}),
      ...(sha ? { sha } : {}),
    });

  it('contributors: commits of the default branch counted per author, most first; anon=1 adds the unlinked; 204 before any', async () => {
    const empty = await mona.rest.repos.listContributors(R);
    expect(empty.status).toBe(204);
    await write(mona, 'a.txt', 'a\n');
    await write(mona, 'b.txt', 'b\n');
    await write(hubot, 'c.txt', 'c\n');
    // A commit on another branch is nobody's contribution until it reaches the default branch.
    const main = (await mona.rest.repos.getBranch({ ...R, branch: 'main' })).data.commit.sha;
    await mona.rest.git.createRef({ ...R, ref: 'refs/heads/side', sha: main });
    await write(hubot, 'd.txt', 'd\n', 'side');
    await write(hubot, 'e.txt', 'e\n', 'side');
    // A commit seeded with a git author but no account: an anonymous contributor.
    fakes.codeHosting.seed.commit({ ...R, files: { 'f.txt': 'f\n' }, message: 'by a stranger', author: { name: 'Stranger', email: 'stranger@example.com' } });

    const res = await mona.rest.repos.listContributors(R);
    expectDocumented('/repos/{owner}/{repo}/contributors', res.data);
    expect(res.data.map((c) => [c.login, c.contributions])).toEqual([
      ['mona', 2],
      ['hubot', 1],
    ]);
    expect(res.data[0]).toMatchObject({ type: 'User', url: 'https://api.github.com/users/mona', html_url: 'https://github.com/mona' });
    const anon = await mona.rest.repos.listContributors({ ...R, anon: '1' });
    expect(anon.data.map((c) => [c.login ?? c.email, c.type, c.contributions])).toEqual([
      ['mona', 'User', 2],
      ['hubot', 'User', 1],
      ['stranger@example.com', 'Anonymous', 1],
    ]);

    // Merging side (fast-forward) brings hubot's two commits in: 3 for hubot, first.
    await mona.rest.repos.merge({ ...R, base: 'main', head: 'side' });
    const merged = await mona.rest.repos.listContributors(R);
    expect(merged.data.map((c) => [c.login, c.contributions])).toEqual([
      ['hubot', 3],
      ['mona', 3],
    ]);
  });

  it('commits from the history, newest first, linked to the accounts that made them (the full simple-user)', async () => {
    await write(mona, 'a.txt', 'a\n');
    await write(hubot, 'b.txt', 'b\n');
    const list = await mona.rest.repos.listCommits(R);
    expectDocumented('/repos/{owner}/{repo}/commits', list.data);
    expect(list.data.slice(0, 2).map((c) => [c.commit.message, c.author?.login, c.committer?.login])).toEqual([
      ['write b.txt', 'hubot', 'hubot'],
      ['write a.txt', 'mona', 'mona'],
    ]);
    // Linked, not an empty object: the simple-user GitHub embeds, every required key present.
    const user = o.component('simple-user');
    expect(user(list.data[0]?.author), JSON.stringify(user.errors)).toBe(true);
    const one = await mona.rest.repos.getCommit({ ...R, ref: list.data[1]?.sha as string });
    expectDocumented('/repos/{owner}/{repo}/commits/{ref}', one.data);
    expect(user(one.data.author), JSON.stringify(user.errors)).toBe(true);
    expect(one.data.author?.login).toBe('mona');
  });

  it('a pull request’s commits and files come from its branches; its counts agree with them', async () => {
    await write(mona, 'a.txt', 'one\ntwo\nthree\n');
    const main = (await mona.rest.repos.getBranch({ ...R, branch: 'main' })).data.commit.sha;
    await mona.rest.git.createRef({ ...R, ref: 'refs/heads/feature', sha: main });
    const a = (await mona.rest.repos.getContent({ ...R, path: 'a.txt', ref: 'feature' })).data as { sha: string };
    await write(hubot, 'a.txt', 'one\n2\nthree\nfour\n', 'feature', a.sha);
    await write(hubot, 'docs/new.md', '# New\n', 'feature');
    // Main moves on too: the pull still lists only what its head adds.
    await write(mona, 'z.txt', 'z\n');
    const created = await hubot.rest.pulls.create({ ...R, title: 'Feature', head: 'feature', base: 'main' });
    expect(created.data).toMatchObject({ commits: 2, additions: 3, deletions: 1, changed_files: 2 });

    const commits = await mona.rest.pulls.listCommits({ ...R, pull_number: created.data.number });
    expectDocumented('/repos/{owner}/{repo}/pulls/{pull_number}/commits', commits.data);
    expect(commits.data.map((c) => c.commit.message)).toEqual(['write a.txt', 'write docs/new.md']);
    const files = await mona.rest.pulls.listFiles({ ...R, pull_number: created.data.number });
    expectDocumented('/repos/{owner}/{repo}/pulls/{pull_number}/files', files.data);
    expect(files.data.map((f) => [f.filename, f.status, f.additions, f.deletions])).toEqual([
      ['a.txt', 'modified', 2, 1],
      ['docs/new.md', 'added', 1, 0],
    ]);
    expect(files.data[0]?.patch).toContain('-two\n+2');

    // The same as GitHub's compare of the branches (three dots: from their merge base).
    const compare = await mona.rest.repos.compareCommitsWithBasehead({ ...R, basehead: 'main...feature' });
    expect(commits.data.map((c) => c.sha)).toEqual(compare.data.commits.map((c) => c.sha));
    expect(files.data.map((f) => f.filename)).toEqual((compare.data.files ?? []).map((f) => f.filename));

    // Merged, the pull keeps what it merged.
    await mona.rest.pulls.merge({ ...R, pull_number: created.data.number });
    const after = await mona.rest.pulls.get({ ...R, pull_number: created.data.number });
    expectDocumented('/repos/{owner}/{repo}/pulls/{pull_number}', after.data);
    expect(after.data).toMatchObject({ merged: true, commits: 2, additions: 3, deletions: 1, changed_files: 2 });
    expect((await mona.rest.pulls.listFiles({ ...R, pull_number: created.data.number })).data).toHaveLength(2);
  });

  it('followers and following, both ways, for the user and the authenticated user', async () => {
    await mona.rest.users.follow({ username: 'hubot' });
    await hubot.rest.users.follow({ username: 'mona' });
    await hubot.rest.users.follow({ username: 'octo' });
    const followersOfMona = (await hubot.rest.users.listFollowersForUser({ username: 'mona' })).data;
    expectDocumented('/users/{username}/followers', followersOfMona);
    expect(followersOfMona.map((u) => u.login)).toEqual(['hubot']);
    expect((await hubot.rest.users.listFollowingForUser({ username: 'hubot' })).data.map((u) => u.login)).toEqual(['mona', 'octo']);
    expect((await hubot.rest.users.listFollowedByAuthenticatedUser()).data.map((u) => u.login)).toEqual(['mona', 'octo']);
    expect((await mona.rest.users.listFollowersForAuthenticatedUser()).data.map((u) => u.login)).toEqual(['hubot']);
    expect((await mona.rest.users.checkFollowingForUser({ username: 'hubot', target_user: 'octo' })).status).toBe(204);
    await expect(mona.rest.users.checkFollowingForUser({ username: 'octo', target_user: 'hubot' })).rejects.toMatchObject({ status: 404 });
    expect((await mona.rest.users.getByUsername({ username: 'hubot' })).data).toMatchObject({ followers: 1, following: 2 });
  });

  it('a user’s organizations come from their memberships; others see the public ones only', async () => {
    fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
    fakes.codeHosting.seed.account({ login: 'globex', type: 'Organization' });
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/mona', { role: 'member' });
    fakes.codeHosting.seed.resource('/orgs/globex/memberships/mona', { role: 'admin' });
    fakes.codeHosting.seed.resource('/orgs/globex/memberships/hubot', { state: 'pending' });
    const mine = (await mona.rest.orgs.listForAuthenticatedUser()).data;
    expectDocumented('/user/orgs', mine);
    expect(mine.map((org) => org.login)).toEqual(['acme', 'globex']);
    expect(mine[0]).toMatchObject({ url: 'https://api.github.com/orgs/acme', repos_url: 'https://api.github.com/orgs/acme/repos' });
    // A pending invitation is no membership yet.
    expect((await hubot.rest.orgs.listForAuthenticatedUser()).data).toEqual([]);
    // Others see public memberships only, whoever asks (GitHub's "List organizations for a user").
    expect((await hubot.rest.orgs.listForUser({ username: 'mona' })).data).toEqual([]);
    await mona.rest.orgs.setPublicMembershipForAuthenticatedUser({ org: 'globex', username: 'mona' });
    const theirs = (await hubot.rest.orgs.listForUser({ username: 'mona' })).data;
    expectDocumented('/users/{username}/orgs', theirs);
    expect(theirs.map((org) => org.login)).toEqual(['globex']);
  });
});
