import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { serve } from 'stuntdouble/server';
import { afterEach, describe, expect, it } from 'vitest';

// Tarball, zipball, workflow logs and artifact archives answer GitHub's 302 with a Location on
// GitHub's archive host or a log host, and the fake serves that target: Octokit's default redirect
// following receives the archive bytes or the log text, through the installed transport and through
// `fakes.fetch` alike, on api.github.com, GHES and GHE.com (where the targets live on the web host,
// answered without being listed as base URLs). The archive's contents are the git graph's
// (relations-git-archive.test.ts); here the zips are checked with the system's unzip where present,
// else by their magic numbers and entry names.

const has = (cmd: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe('redirect targets', () => {
  let fakes: Fakes | undefined;
  afterEach(() => {
    fakes?.uninstall();
    fakes = undefined;
  });

  const setup = (opts: Parameters<typeof createFakes>[0] = {}) => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z', ...opts });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello', private: false });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'secret', private: true });
    fakes.codeHosting.seed.commit({ owner: 'octo', repo: 'hello', files: { 'README.md': '# hello\n' }, message: 'readme' });
    return fakes;
  };

  it('tarball: 302 to codeload.github.com, and Octokit following it gets a gzip tar', async () => {
    const f = setup();
    f.install();
    const octokit = new Octokit({ auth: 'x', request: { retries: 0 } });
    const manual = await octokit.request('GET /repos/{owner}/{repo}/tarball/{ref}', {
      owner: 'octo',
      repo: 'hello',
      ref: 'main',
      request: { redirect: 'manual' },
    });
    expect(manual.status).toBe(302);
    expect(manual.headers.location).toBe('https://codeload.github.com/octo/hello/legacy.tar.gz/refs/heads/main');
    const res = await octokit.rest.repos.downloadTarballArchive({ owner: 'octo', repo: 'hello', ref: 'main' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-gzip');
    const bytes = Buffer.from(res.data as ArrayBuffer);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  });

  it('zipball through fakes.fetch: a zip of the tree', async () => {
    const f = setup();
    const octokit = new Octokit({ auth: 'x', request: { retries: 0, fetch: f.fetch } });
    const res = await octokit.rest.repos.downloadZipballArchive({ owner: 'octo', repo: 'hello', ref: 'main' });
    expect(res.status).toBe(200);
    expect(res.url).toBe('https://codeload.github.com/octo/hello/legacy.zip/refs/heads/main');
    const bytes = Buffer.from(res.data as ArrayBuffer);
    expect(bytes.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
    expect(bytes.toString('utf8')).toMatch(/octo-hello-[0-9a-f]{7}\/README\.md/);
    if (has('unzip')) {
      const dirPath = mkdtempSync(join(tmpdir(), 'sd-zip-'));
      try {
        writeFileSync(join(dirPath, 'a.zip'), bytes);
        expect(execFileSync('unzip', ['-Z1', 'a.zip'], { cwd: dirPath }).toString()).toMatch(/README\.md/);
        execFileSync('unzip', ['-tq', 'a.zip'], { cwd: dirPath });
      } finally {
        rmSync(dirPath, { recursive: true, force: true });
      }
    }
  });

  it('job logs: 302 to the log host, and following it answers the log text', async () => {
    const f = setup();
    f.install();
    f.codeHosting.seed.resource('/repos/octo/hello/actions/jobs/42', { name: 'build' });
    const octokit = new Octokit({ auth: 'x', request: { retries: 0 } });
    const manual = await octokit.request('GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs', {
      owner: 'octo',
      repo: 'hello',
      job_id: 42,
      request: { redirect: 'manual' },
    });
    expect(manual.status).toBe(302);
    expect(manual.headers.location).toBe('https://pipelines.actions.githubusercontent.com/octo/hello/jobs/42/logs');
    const res = await octokit.rest.actions.downloadJobLogsForWorkflowRun({ owner: 'octo', repo: 'hello', job_id: 42 });
    expect(res.status).toBe(200);
    expect(typeof res.data).toBe('string');
    expect(res.data).toMatch(/^2024-01-10T00:00:00\.0000000Z ##\[group\]Run build$/m);
    // The log host answers only logs: the API's paths are not answered there.
    expect((await fetch('https://pipelines.actions.githubusercontent.com/repos/octo/hello', { headers: { authorization: 'token x' } })).status).toBe(404);
    expect((await fetch('https://api.github.com/_logs/octo/hello/jobs/42/logs', { headers: { authorization: 'token x' } })).status).toBe(404);
  });

  it('run logs and artifact archives follow to zips', async () => {
    const f = setup();
    f.codeHosting.seed.resource('/repos/octo/hello/actions/runs/7', { status: 'completed' });
    const octokit = new Octokit({ auth: 'x', request: { retries: 0, fetch: f.fetch } });
    const logs = await octokit.rest.actions.downloadWorkflowRunLogs({ owner: 'octo', repo: 'hello', run_id: 7 });
    expect(
      Buffer.from(logs.data as ArrayBuffer)
        .subarray(0, 2)
        .toString('binary'),
    ).toBe('PK');
    // An artifact that does not exist: 404 (no redirect to an archive of nothing).
    await expect(octokit.rest.actions.downloadArtifact({ owner: 'octo', repo: 'hello', artifact_id: 9, archive_format: 'zip' })).rejects.toMatchObject({
      status: 404,
    });
    f.codeHosting.seed.resource('/repos/octo/hello/actions/artifacts/9', { name: 'artifact-9' });
    const art = await octokit.rest.actions.downloadArtifact({ owner: 'octo', repo: 'hello', artifact_id: 9, archive_format: 'zip' });
    const bytes = Buffer.from(art.data as ArrayBuffer);
    expect(bytes.subarray(0, 2).toString('binary')).toBe('PK');
    if (has('unzip')) {
      const dirPath = mkdtempSync(join(tmpdir(), 'sd-art-'));
      try {
        writeFileSync(join(dirPath, 'a.zip'), bytes);
        expect(execFileSync('unzip', ['-p', 'a.zip', 'artifact-9.txt'], { cwd: dirPath }).toString()).toBe('Artifact 9 of octo/hello.\n');
      } finally {
        rmSync(dirPath, { recursive: true, force: true });
      }
    }
  });

  it('private repository: the links carry a token the targets check; without it the target answers 404', async () => {
    const f = setup({ auth: 'strict' });
    const token = f.codeHosting.seed.token({ type: 'classic', scopes: ['repo'] });
    f.codeHosting.seed.resource('/repos/octo/secret/actions/jobs/5', { name: 'build' });
    const octokit = new Octokit({ auth: token, request: { retries: 0, fetch: f.fetch } });
    for (const [route, params, pattern] of [
      [
        'GET /repos/{owner}/{repo}/tarball/{ref}',
        { ref: 'main' },
        /^https:\/\/codeload\.github\.com\/octo\/secret\/legacy\.tar\.gz\/refs\/heads\/main\?token=[A-Z0-9]{29}$/,
      ],
      [
        'GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs',
        { job_id: 5 },
        /^https:\/\/pipelines\.actions\.githubusercontent\.com\/octo\/secret\/jobs\/5\/logs\?token=[A-Z0-9]{29}$/,
      ],
    ] as const) {
      const manual = await octokit.request(route, { owner: 'octo', repo: 'secret', ...params, request: { redirect: 'manual' } });
      const location = String(manual.headers.location);
      expect(location).toMatch(pattern);
      // Following it works (the Authorization header is not sent to another host: the token in the link is enough).
      expect((await octokit.request(route, { owner: 'octo', repo: 'secret', ...params })).status).toBe(200);
      expect((await f.fetch(location.replace(/\?.*$/, ''))).status).toBe(404);
      expect((await f.fetch(location.replace(/token=.*/, 'token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAA'))).status).toBe(404);
    }
  });

  it('GHES and GHE.com: the targets live on the web host under /_codeload and /_logs, answered without adding them to baseUrls', async () => {
    for (const [base, web] of [
      ['https://ghe.example.com/api/v3', 'https://ghe.example.com'],
      ['https://api.acme.ghe.com', 'https://acme.ghe.com'],
    ] as const) {
      const f = setup({ codeHosting: { baseUrls: [base] } });
      f.codeHosting.seed.resource('/repos/octo/hello/actions/jobs/3', { name: 'job 3' });
      f.install();
      const octokit = new Octokit({ baseUrl: base, auth: 'x', request: { retries: 0 } });
      const manual = await octokit.request('GET /repos/{owner}/{repo}/zipball/{ref}', {
        owner: 'octo',
        repo: 'hello',
        ref: 'main',
        request: { redirect: 'manual' },
      });
      expect(manual.headers.location).toBe(`${web}/_codeload/octo/hello/legacy.zip/refs/heads/main`);
      const res = await octokit.rest.repos.downloadZipballArchive({ owner: 'octo', repo: 'hello', ref: 'main' });
      expect(Buffer.from(res.data as ArrayBuffer).toString('utf8')).toMatch(/octo-hello-[0-9a-f]{7}\/README\.md/);
      const log = await octokit.request('GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs', {
        owner: 'octo',
        repo: 'hello',
        job_id: 3,
        request: { redirect: 'manual' },
      });
      expect(log.headers.location).toBe(`${web}/_logs/octo/hello/jobs/3/logs`);
      const text = await octokit.rest.actions.downloadJobLogsForWorkflowRun({ owner: 'octo', repo: 'hello', job_id: 3 });
      expect(text.data).toMatch(/##\[group\]Run job 3$/m);
      // The companion hosts are answered, not listed as the fake's base URLs.
      expect(f.codeHosting.baseUrls).toEqual([base]);
      f.uninstall();
      fakes = undefined;
    }
  });

  it("over a server: log redirects go to the server origin's /_logs, which answers the log", async () => {
    const f = setup();
    f.codeHosting.seed.resource('/repos/octo/hello/actions/jobs/8', { name: 'job 8' });
    const server = await serve(f, { port: 0 });
    try {
      const kit = new Octokit({ auth: 't', baseUrl: server.baseUrls.github, request: { retries: 0 } });
      const manual = await kit.request('GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs', {
        owner: 'octo',
        repo: 'hello',
        job_id: 8,
        request: { redirect: 'manual' },
      });
      expect(manual.headers.location).toBe(`${server.url}/_logs/octo/hello/jobs/8/logs`);
      const res = await kit.rest.actions.downloadJobLogsForWorkflowRun({ owner: 'octo', repo: 'hello', job_id: 8 });
      expect(res.data).toMatch(/##\[group\]Run job 8$/m);
    } finally {
      await server.close();
    }
  });
});
