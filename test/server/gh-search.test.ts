import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, ghEnv, has, missing, run, startServer } from './helpers.js';

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
    env = await ghEnv(s, 'sd-gh-search-');
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
