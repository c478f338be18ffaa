import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type ServerProcess, missing, pythonWith, run, startServer } from '../server/helpers.js';

// GitHub's wire as PyGithub (a real client nobody here wrote) sees it, in server mode: ETag and
// Last-Modified on a create (PyGithub keeps them and re-reads conditionally), GET /repositories/{id},
// Link paging on the id form back to the server, GET /user/{id}, POST /markdown, the tarball redirect,
// a commit's author account.

const pyGithub = pythonWith('github', 'requests');
const script = fileURLToPath(new URL('./fidelity/pygithub_wire.py', import.meta.url));

describe.runIf(pyGithub)('GitHub wire through PyGithub (server mode)', () => {
  let s: ServerProcess;
  beforeAll(async () => {
    s = await startServer(['--clock', '2024-01-10T00:00:00Z']);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('keeps ETags, reads by id, pages on GitHub’s URL forms, renders markdown and follows the archive redirect', async () => {
    const repo: Json = (await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' })).body.result;
    const mona: Json = (await s.admin('POST', 'seed/codeHosting/account', { login: 'mona' })).body.result;
    await s.admin('POST', 'seed/codeHosting/commit', { owner: 'octo', repo: 'hello', branch: 'main', files: { 'a.txt': 'a\n' }, message: 'a' });
    const r = await run(pyGithub as string, [script, `${s.url}/github`, 'ghp_wire', String(mona.id)]);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out.issue.etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    expect(out.issue.last_modified).toBe('Wed, 10 Jan 2024 00:00:00 GMT');
    expect(out.unchanged).toBe(false);
    expect(out.by_id).toBe('octo/hello');
    expect(out.titles).toEqual(['second', 'first']);
    expect(out.user).toBe('mona');
    expect(out.markdown).toBe('<p>Hello <strong>world</strong></p>\n');
    expect(out.tarball).toBe(`${s.url}/_codeload/octo/hello/legacy.tar.gz/refs/heads/main`);
    expect(out.author).toBe('octo');
    // PyGithub followed rel="next" on the id form, back to this server.
    const pages: Json[] = (await s.admin('GET', `calls?route=${encodeURIComponent('GET /repositories/{repository_id}/{+rest}')}`)).body;
    expect(pages.map((c) => c.url)).toContain(`${s.url}/github/repositories/${repo.id}/issues?state=all&per_page=1&page=2`);
  });
});
if (!pyGithub) it.skip(missing('PyGithub for /usr/bin/python3', 'apt-get install -y python3-github'), () => undefined);
