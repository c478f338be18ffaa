import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, ghEnv, has, missing, run, startServer } from './helpers.js';

const gh = has('gh');

describe.runIf(gh)('gh api', () => {
  let s: ServerProcess;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    s = await startServer();
    env = await ghEnv(s, 'sd-gh-');
  });
  afterAll(async () => {
    expect(await s.stop()).toBe(0);
  });

  it('reads, creates and fails like GitHub, with the token sent and recorded (redacted)', async () => {
    await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello', private: true });
    const read = await run('gh', ['api', '/repos/octo/hello'], { env });
    expect(read.stderr).toBe('');
    expect(JSON.parse(read.stdout)).toMatchObject({ full_name: 'octo/hello', private: true, url: 'http://api.github.localhost/repos/octo/hello' });

    const created = await run('gh', ['api', '-X', 'POST', '/user/repos', '-f', 'name=from-gh', '-F', 'private=true'], { env });
    expect(JSON.parse(created.stdout)).toMatchObject({ name: 'from-gh', private: true });

    const missingRepo = await run('gh', ['api', '/repos/octo/nope'], { env });
    expect(missingRepo.code).not.toBe(0);
    expect(missingRepo.stderr).toContain('HTTP 404');

    const calls = (await s.admin('GET', 'calls?service=codeHosting')).body as Array<{
      method: string;
      path: string;
      status: number;
      headers: Record<string, string>;
    }>;
    expect(calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual(['GET /repos/octo/hello 200', 'POST /user/repos 201', 'GET /repos/octo/nope 404']);
    for (const c of calls) {
      expect(c.headers.authorization).toMatch(/^token /);
      expect(c.headers.authorization).not.toContain('ghp_from_gh_cli');
      expect(c.headers['user-agent']).toMatch(/^GitHub CLI/);
    }
  });
});
if (!gh) it.skip(missing('the gh CLI', 'apt-get install -y gh'), () => undefined);
