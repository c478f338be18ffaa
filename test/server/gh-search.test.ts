/**
 * `gh search issues|prs|repos|users` (the gh CLI's REST searches) against `stuntdouble serve`: gh builds
 * the query (`repo:`, `label:`, `state:`, `type:issue|pr`, `user:`, ...) and parses the items it asks for
 * with `--json`. Expected values come from what was seeded and GitHub's documented qualifiers, read
 * through gh's own parsing. See gh.test.ts for how gh reaches the server.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, has, missing, run, startServer } from './helpers.js';

const gh = has('gh');

describe.runIf(gh)('gh search', () => {
  let s: ServerProcess;
  let env: NodeJS.ProcessEnv;
  const json = async (args: string[]) => {
    const r = await run('gh', args, { env });
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout) as Array<Record<string, unknown>>;
  };
  beforeAll(async () => {
    s = await startServer();
    const home = await mkdtemp(path.join(tmpdir(), 'sd-gh-search-'));
    env = {
      PATH: process.env.PATH,
      HOME: home,
      GH_CONFIG_DIR: home,
      GH_HOST: 'github.localhost',
      GH_TOKEN: 'ghp_from_gh_cli',
      HTTP_PROXY: s.url,
      http_proxy: s.url,
      GH_NO_UPDATE_NOTIFIER: '1',
      GH_PROMPT_DISABLED: '1',
      NO_COLOR: '1',
    };
    const seed = async (helper: string, body: unknown) => expect((await s.admin('POST', `seed/codeHosting/${helper}`, body)).status).toBe(201);
    await seed('repo', { owner: 'octo', repo: 'hello', description: 'Says hello' });
    await seed('repo', { owner: 'octo', repo: 'tools' });
    await seed('issue', { owner: 'octo', repo: 'hello', title: 'Crash on start', labels: ['bug'] });
    await seed('issue', { owner: 'octo', repo: 'hello', title: 'Docs', state: 'closed' });
    await seed('pullRequest', { owner: 'octo', repo: 'hello', head: 'fix', title: 'Fix the crash', labels: ['bug'] });
  }, 60_000);
  afterAll(async () => {
    expect(await s.stop()).toBe(0);
  });

  it('issues and pull requests by repository, label and state', async () => {
    const bugs = await json(['search', 'issues', '--repo', 'octo/hello', '--label', 'bug', '--json', 'number,title,state,isPullRequest']);
    expect(bugs).toEqual([{ number: 1, title: 'Crash on start', state: 'open', isPullRequest: false }]);
    const closed = await json(['search', 'issues', '--repo', 'octo/hello', '--state', 'closed', '--json', 'title']);
    expect(closed).toEqual([{ title: 'Docs' }]);
    const prs = await json(['search', 'prs', '--repo', 'octo/hello', '--json', 'number,title,isPullRequest']);
    expect(prs).toEqual([{ number: 3, title: 'Fix the crash', isPullRequest: true }]);
  });

  it('repositories by owner and words; users by login', async () => {
    const repos = await json(['search', 'repos', 'hello', '--owner', 'octo', '--json', 'fullName,description']);
    expect(repos).toEqual([{ fullName: 'octo/hello', description: 'Says hello' }]);
    const mine = await json(['search', 'repos', '--owner', 'octo', '--sort', 'updated', '--json', 'name']);
    expect(mine.map((r) => r.name).sort()).toEqual(['hello', 'tools']);
  });
});
if (!gh) it.skip(missing('the gh CLI', 'apt-get install -y gh'), () => undefined);
