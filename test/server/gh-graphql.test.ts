/**
 * The gh CLI's own commands (which speak GraphQL) against `stuntdouble serve`: issue list, view, create,
 * comment and close; pr list, view, create and merge; repo view; label list. gh reaches the server as
 * its development host (GH_HOST=github.localhost through HTTP_PROXY, see docs/server.md); each command's
 * effect is then read back through REST, and the journal holds gh's operations by name. Skips where gh
 * is not installed (CI installs it).
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type ServerProcess, ghEnv, has, missing, startServer } from './helpers.js';

const gh = has('gh');

describe.runIf(gh)('gh CLI commands over GraphQL', () => {
  let s: ServerProcess;
  let env: NodeJS.ProcessEnv;
  let cwd: string;

  /** Runs gh in an empty directory (no git checkout to read), with its own home and cache. */
  const ghRun = (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      execFile('gh', args, { env, cwd, timeout: 30_000 }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout: String(stdout), stderr: String(stderr) });
      });
    });
  const rest = async (p: string): Promise<Json> => (await fetch(`${s.url}/github${p}`, { headers: { authorization: 'token ghp_check' } })).json();
  const graphqlCalls = async (): Promise<Json[]> => ((await s.admin('GET', 'calls?service=codeHosting')).body as Json[]).filter((c) => c.path === '/graphql');

  beforeAll(async () => {
    s = await startServer(['--clock', '2024-05-01T00:00:00Z']);
    cwd = await mkdtemp(path.join(tmpdir(), 'sd-gh-cwd-'));
    env = await ghEnv(s, 'sd-gh-graphql-');
    const seed = (helper: string, body: unknown) => s.admin('POST', `seed/codeHosting/${helper}`, body);
    await seed('repo', { owner: 'octo', repo: 'hello', description: 'Hello from the fake' });
    await seed('file', { owner: 'octo', repo: 'hello', path: 'README.md', content: '# hello\n' });
    await seed('issue', { owner: 'octo', repo: 'hello', title: 'Crash on start', body: 'It crashes.', labels: ['bug'] });
    await seed('commit', { owner: 'octo', repo: 'hello', branch: 'feature', files: { 'a.txt': 'a\n' }, message: 'Add a' });
    await seed('pullRequest', { owner: 'octo', repo: 'hello', head: 'feature', title: 'Add a', body: 'Adds a.' });
    await seed('commit', { owner: 'octo', repo: 'hello', branch: 'topic', files: { 't.txt': 't\n' }, message: 'Topic' });
  });
  afterAll(async () => {
    expect(await s.stop()).toBe(0);
  });

  it('gh issue list | view | create | comment | close', async () => {
    const list = await ghRun(['issue', 'list', '-R', 'octo/hello']);
    expect(list.stderr).toBe('');
    expect(list.stdout).toMatch(/^1\tOPEN\tCrash on start\tbug\t/);

    const view = await ghRun(['issue', 'view', '1', '-R', 'octo/hello']);
    expect(view.code).toBe(0);
    expect(view.stdout).toMatch(/^title:\tCrash on start$/m);
    expect(view.stdout).toMatch(/^labels:\tbug$/m);
    expect(view.stdout).toContain('It crashes.');

    const created = await ghRun(['issue', 'create', '-R', 'octo/hello', '-t', 'From gh', '-b', 'Made by gh']);
    expect(created.stdout.trim()).toBe('http://github.localhost/octo/hello/issues/3');
    expect(await rest('/repos/octo/hello/issues/3')).toMatchObject({ title: 'From gh', body: 'Made by gh', state: 'open' });

    const comment = await ghRun(['issue', 'comment', '1', '-R', 'octo/hello', '-b', 'Seen it too']);
    expect(comment.stdout.trim()).toMatch(/^http:\/\/github\.localhost\/octo\/hello\/issues\/1#issuecomment-\d+$/);
    expect((await rest('/repos/octo/hello/issues/1/comments')).map((c: Json) => c.body)).toEqual(['Seen it too']);

    const close = await ghRun(['issue', 'close', '1', '-R', 'octo/hello']);
    expect(close.code).toBe(0);
    expect(await rest('/repos/octo/hello/issues/1')).toMatchObject({ state: 'closed', state_reason: 'completed' });
    const viewed = await ghRun(['issue', 'view', '1', '-R', 'octo/hello', '--comments']);
    expect(viewed.stdout).toContain('Seen it too');
  });

  it('gh pr list | view | create | merge', async () => {
    const list = await ghRun(['pr', 'list', '-R', 'octo/hello']);
    expect(list.stderr).toBe('');
    expect(list.stdout).toMatch(/^2\tAdd a\tfeature\tOPEN\t/);

    const view = await ghRun(['pr', 'view', '2', '-R', 'octo/hello']);
    expect(view.code).toBe(0);
    expect(view.stdout).toMatch(/^title:\tAdd a$/m);
    expect(view.stdout).toMatch(/^state:\tOPEN$/m);
    expect(view.stdout).toMatch(/^additions:\t1$/m);

    const created = await ghRun(['pr', 'create', '-R', 'octo/hello', '--head', 'topic', '--base', 'main', '-t', 'Topic work', '-b', 'From gh']);
    expect(created.stderr).toBe('');
    expect(created.stdout.trim()).toBe('http://github.localhost/octo/hello/pull/4');
    expect(await rest('/repos/octo/hello/pulls/4')).toMatchObject({ title: 'Topic work', body: 'From gh', head: { ref: 'topic' }, base: { ref: 'main' } });

    const merge = await ghRun(['pr', 'merge', '2', '-R', 'octo/hello', '--merge']);
    expect(merge.code).toBe(0);
    expect(await rest('/repos/octo/hello/pulls/2')).toMatchObject({ merged: true, state: 'closed' });
    expect((await ghRun(['pr', 'view', '2', '-R', 'octo/hello'])).stdout).toMatch(/^state:\tMERGED$/m);
  });

  it('gh repo view, gh label list', async () => {
    const repo = await ghRun(['repo', 'view', 'octo/hello']);
    expect(repo.code).toBe(0);
    expect(repo.stdout).toMatch(/^name:\tocto\/hello$/m);
    expect(repo.stdout).toMatch(/^description:\tHello from the fake$/m);
    expect(repo.stdout).toContain('# hello');

    const labels = await ghRun(['label', 'list', '-R', 'octo/hello']);
    expect(labels.stdout).toMatch(/^bug\t\t#ededed$/m);
  });

  it('the journal names gh’s operations; nothing was unmatched or refused', async () => {
    const ops = new Set((await graphqlCalls()).map((c) => c.operation));
    for (const op of [
      'graphql:IssueList',
      'graphql:IssueByNumber',
      'graphql:IssueCreate',
      'graphql:CommentCreate',
      'graphql:IssueClose',
      'graphql:PullRequestList',
      'graphql:PullRequestByNumber',
      'graphql:PullRequestCreate',
      'graphql:PullRequestMerge',
      'graphql:RepositoryInfo',
      'graphql:LabelList',
    ])
      expect(ops).toContain(op);
    for (const c of await graphqlCalls()) expect(c.response.body.errors, `${c.operation}: ${JSON.stringify(c.response.body.errors)}`).toBeUndefined();
    expect((await s.admin('GET', 'unmatched')).body).toEqual([]);
    const failed = ((await s.admin('GET', 'calls?service=codeHosting')).body as Json[]).filter((c) => c.status >= 400);
    expect(failed.map((c: Json) => `${c.method} ${c.path} ${c.status}`)).toEqual([]);
  });
});
if (!gh) it.skip(missing('the gh CLI', 'apt-get install -y gh'), () => undefined);
