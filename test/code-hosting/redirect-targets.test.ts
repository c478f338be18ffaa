import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, describe, expect, it } from 'vitest';

// Tarball, zipball, workflow logs and artifact archives answer GitHub's 302 with a Location on
// GitHub's archive host or a log host, and the fake serves that target: Octokit's default redirect
// following receives the archive bytes or the log text, through nock interception and through
// `fakes.fetch` alike. The archives are checked with the system's own tar/unzip where present, else
// by their magic numbers and entry names.

const has = (cmd: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Names in a tar (ustar headers every 512 bytes; sizes in octal). */
function tarNames(tar: Buffer): string[] {
  const names: string[] = [];
  for (let off = 0; off + 512 <= tar.length; ) {
    const h = tar.subarray(off, off + 512);
    if (h.every((b) => b === 0)) break;
    const name = h.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const prefix = h.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
    const size = Number.parseInt(h.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim() || '0', 8);
    names.push(prefix ? `${prefix}/${name}` : name);
    off += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

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
    return fakes;
  };

  it('tarball: 302 to codeload.github.com, and Octokit following it gets a gzip tar naming the repository and ref', async () => {
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
    const tar = gunzipSync(bytes);
    const names = tarNames(tar);
    expect(names[0]).toBe('pax_global_header');
    const dir = names[1] as string;
    expect(dir).toMatch(/^octo-hello-[0-9a-f]{7}\/$/);
    expect(names).toContain(`${dir}README.md`);
    expect(tar.toString('utf8')).toContain('Archive of octo/hello at main');
    // Deterministic: the same request gives the same bytes.
    const again = await octokit.rest.repos.downloadTarballArchive({ owner: 'octo', repo: 'hello', ref: 'main' });
    expect(Buffer.from(again.data as ArrayBuffer).equals(bytes)).toBe(true);
    if (has('tar')) {
      const dirPath = mkdtempSync(join(tmpdir(), 'sd-tar-'));
      try {
        writeFileSync(join(dirPath, 'a.tar.gz'), bytes);
        execFileSync('tar', ['xzf', 'a.tar.gz'], { cwd: dirPath });
        expect(readFileSync(join(dirPath, dir, 'README.md'), 'utf8')).toContain('# hello');
      } finally {
        rmSync(dirPath, { recursive: true, force: true });
      }
    }
  });

  it('zipball through fakes.fetch: a zip whose comment is the commit, listing the README', async () => {
    const f = setup();
    const octokit = new Octokit({ auth: 'x', request: { retries: 0, fetch: f.fetch } });
    const res = await octokit.rest.repos.downloadZipballArchive({ owner: 'octo', repo: 'hello', ref: 'main' });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(res.data as ArrayBuffer);
    expect(bytes.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
    expect(bytes.toString('utf8')).toMatch(/octo-hello-[0-9a-f]{7}\/README\.md/);
    if (has('unzip')) {
      const dirPath = mkdtempSync(join(tmpdir(), 'sd-zip-'));
      try {
        writeFileSync(join(dirPath, 'a.zip'), bytes);
        const listing = execFileSync('unzip', ['-l', 'a.zip'], { cwd: dirPath }).toString();
        expect(listing).toMatch(/README\.md/);
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
  });

  it('run logs and artifact archives follow to zips', async () => {
    const f = setup();
    const octokit = new Octokit({ auth: 'x', request: { retries: 0, fetch: f.fetch } });
    const logs = await octokit.rest.actions.downloadWorkflowRunLogs({ owner: 'octo', repo: 'hello', run_id: 7 });
    expect(
      Buffer.from(logs.data as ArrayBuffer)
        .subarray(0, 2)
        .toString('binary'),
    ).toBe('PK');
    const art = await octokit.rest.actions.downloadArtifact({ owner: 'octo', repo: 'hello', artifact_id: 9, archive_format: 'zip' });
    expect(
      Buffer.from(art.data as ArrayBuffer)
        .subarray(0, 2)
        .toString('binary'),
    ).toBe('PK');
  });

  it('private repository: the link carries a token the target checks; without it the target answers 404', async () => {
    const f = setup({ auth: 'strict' });
    const token = f.codeHosting.seed.token({ type: 'classic', scopes: ['repo'] });
    const octokit = new Octokit({ auth: token, request: { retries: 0, fetch: f.fetch } });
    const manual = await octokit.request('GET /repos/{owner}/{repo}/tarball/{ref}', {
      owner: 'octo',
      repo: 'secret',
      ref: 'main',
      request: { redirect: 'manual' },
    });
    const location = String(manual.headers.location);
    expect(location).toMatch(/^https:\/\/codeload\.github\.com\/octo\/secret\/legacy\.tar\.gz\/refs\/heads\/main\?token=[A-Z0-9]{29}$/);
    // Following it works (the Authorization header is not sent to codeload: the token in the link is enough).
    const res = await octokit.rest.repos.downloadTarballArchive({ owner: 'octo', repo: 'secret', ref: 'main' });
    expect(res.status).toBe(200);
    const bare = await f.fetch(location.replace(/\?.*$/, ''));
    expect(bare.status).toBe(404);
    expect(await bare.text()).toBe('404: Not Found');
    const forged = await f.fetch(location.replace(/token=.*/, 'token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(forged.status).toBe(404);
  });

  it('GHES and GHE.com: the targets live on the web host under /_codeload and /_logs', async () => {
    for (const [base, archive] of [
      ['https://ghe.example.com/api/v3', 'https://ghe.example.com/_codeload/octo/hello/legacy.zip/refs/heads/main'],
      ['https://api.acme.ghe.com', 'https://acme.ghe.com/_codeload/octo/hello/legacy.zip/refs/heads/main'],
    ] as const) {
      const f = setup({ codeHosting: { baseUrls: [base] } });
      f.install();
      const octokit = new Octokit({ baseUrl: base, auth: 'x', request: { retries: 0 } });
      const manual = await octokit.request('GET /repos/{owner}/{repo}/zipball/{ref}', {
        owner: 'octo',
        repo: 'hello',
        ref: 'main',
        request: { redirect: 'manual' },
      });
      expect(manual.headers.location).toBe(archive);
      const res = await octokit.rest.repos.downloadZipballArchive({ owner: 'octo', repo: 'hello', ref: 'main' });
      expect(
        Buffer.from(res.data as ArrayBuffer)
          .subarray(0, 2)
          .toString('binary'),
      ).toBe('PK');
      // The companion hosts are answered, not listed as the fake's base URLs.
      expect(f.codeHosting.baseUrls).toEqual([base]);
      f.uninstall();
      fakes = undefined;
    }
  });
});
