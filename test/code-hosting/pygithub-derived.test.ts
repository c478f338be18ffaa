/**
 * Lists GitHub derives from state, and the routes beyond the seed's table, through PyGithub against
 * `stuntdouble serve` (server mode): the script writes through PyGithub, reads back what GitHub derives
 * from those writes, and prints what PyGithub parsed into its own objects (typed attributes, datetimes,
 * paged lists following the Link headers with per_page=2). Expected values come from what the script
 * did and GitHub's documented behaviour, never from the fake's tables. Skips when PyGithub is missing.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type ServerProcess, missing, pythonWith, run, startServer } from '../server/helpers.js';

const pyGithub = pythonWith('github', 'requests');
const script = fileURLToPath(new URL('./clients/pygithub_derived.py', import.meta.url));
const NOW = '2024-03-01T10:00:00';

describe.runIf(pyGithub)('PyGithub (server mode): derived lists and the routes beyond the table', () => {
  let s: ServerProcess;
  let out: Json;
  let journal: Json[];
  let commitPages: Json[];
  beforeAll(async () => {
    s = await startServer(['--clock', '2024-03-01T10:00:00Z']);
    const seed = async (helper: string, body: unknown) => {
      const r = await s.admin('POST', `seed/codeHosting/${helper}`, body);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.result;
    };
    await seed('account', { login: 'octo' });
    await seed('repo', { owner: 'octo', repo: 'hello', defaultBranch: 'main' });
    const token = (login: string) => seed('token', { type: 'classic', login, scopes: ['repo', 'user', 'notifications', 'read:org'] });
    const mona = await token('mona');
    const hubot = await token('hubot');
    await seed('resource', { args: ['/repos/octo/hello/collaborators/mona', { permission: 'push' }] });
    await seed('resource', { args: ['/repos/octo/hello/collaborators/hubot', { permission: 'push' }] });
    await seed('account', { login: 'acme', type: 'Organization' });
    await seed('resource', { args: ['/orgs/acme/memberships/mona', { role: 'member' }] });
    const r = await run(pyGithub as string, [script, `${s.url}/github`, mona, hubot], { timeoutMs: 60_000 });
    expect(r.stderr).toBe('');
    out = JSON.parse(r.stdout);
    journal = (await s.admin('GET', 'calls')).body;
    commitPages = (await s.admin('GET', `calls?route=${encodeURIComponent('GET /repos/{owner}/{repo}/commits')}`)).body;
  }, 90_000);
  afterAll(async () => {
    expect(await s.stop()).toBe(0);
  });

  it('contributors from the default branch’s history, most commits first', () => {
    // mona wrote a.txt and b.txt on main, hubot c.txt; hubot's feature commits are not on main.
    expect(out.contributors).toEqual([
      ['mona', 2, 'User'],
      ['hubot', 1, 'User'],
    ]);
  });

  it('commits from the history, newest first, linked to their authors, with parsed dates', () => {
    expect(out.commits).toHaveLength(4);
    expect(out.commits.slice(0, 3)).toEqual([
      ['write c.txt', 'hubot', NOW],
      ['write b.txt', 'mona', NOW],
      ['write a.txt', 'mona', NOW],
    ]);
  });

  it('a pull’s commits and files from its branches, its counts agreeing', () => {
    expect(out.pull).toEqual({ commits: 2, additions: 3, deletions: 1, changed_files: 2 });
    expect(out.pull_commits).toEqual(['change a.txt', 'add docs/new.md']);
    expect(out.pull_files.map((f: Json[]) => f.slice(0, 4))).toEqual([
      ['a.txt', 'modified', 2, 1],
      ['docs/new.md', 'added', 1, 0],
    ]);
    expect(out.pull_files[0][4]).toContain('-two\n+2');
    // per_page=2 over the history's four commits (the initial one too): PyGithub followed rel="next".
    expect(commitPages.map((c) => c.query.page ?? '1')).toEqual(['1', '2']);
  });

  it('repository events from the writes, newest first, parsed by PyGithub', () => {
    const types = out.events.map((e: Json[]) => `${e[0]} ${e[1]} ${e[3] ?? ''}`.trim());
    expect(types.slice(0, 4)).toEqual(['IssueCommentEvent mona created', 'IssuesEvent mona opened', 'PullRequestEvent hubot opened', 'PushEvent hubot']);
    expect(types).toContain('CreateEvent mona');
    for (const e of out.events) expect(e[2]).toBe('octo/hello');
    for (const e of out.events) expect(e[4]).toBe(NOW);
    expect(new Set(out.event_ids).size).toBe(out.event_ids.length);
    expect(out.user_events).toContain('PullRequestEvent');
    expect(out.user_events).not.toContain('IssuesEvent');
  });

  it('followers and following both ways, and the counts on the user', () => {
    expect(out.followers_of_mona).toEqual(['hubot']);
    expect(out.hubot_follows).toEqual(['mona', 'octo']);
    expect(out.my_followers).toEqual(['hubot']);
    expect(out.hubot_counts).toEqual([1, 2]);
  });

  it('/user/orgs from memberships', () => {
    expect(out.my_orgs).toEqual(['acme']);
  });

  it('notifications from the activity, never the actor’s; marked read with PUT /notifications', () => {
    expect(out.hubot_inbox).toEqual([['Issue', 'Crash', 'mention', true, 'octo/hello']]);
    expect(out.mona_inbox).toEqual([['PullRequest', 'Feature', 'mention']]);
    expect(out.hubot_inbox_after).toEqual([]);
    expect(out.hubot_all_after).toEqual([['Crash', false]]);
    expect(journal.find((c) => c.method === 'PUT' && c.path === '/notifications')?.status).toBe(205);
  });

  it('emojis, gitignore templates, licenses and a repository’s detected license', () => {
    // GitHub's image URL of :+1: (its OpenAPI example for GET /emojis).
    expect(out.emoji).toBe('https://github.githubassets.com/images/icons/emoji/unicode/1f44d.png?v8');
    expect(out.gitignore_has_c).toBe(true);
    expect(out.gitignore_c).toBe('C');
    expect(out.licenses).toEqual(expect.arrayContaining(['mit', 'apache-2.0', 'gpl-3.0']));
    expect(out.mit).toEqual({ spdx_id: 'MIT', name: 'MIT License', has_body: true });
    expect(out.repo_license).toEqual({ path: 'LICENSE', key: 'mit', same_text: true });
  });
});
if (!pyGithub) it.skip(missing('PyGithub for /usr/bin/python3', 'apt-get install -y python3-github'), () => undefined);
