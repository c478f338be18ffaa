import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Octokit } from '@octokit/rest';
import type { Fakes } from 'stuntdouble';
import { serve } from 'stuntdouble/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { R, repoWorld } from './repo-world.js';

// tarball/zipball redirect (302) to the archive host, which answers the tree of the ref as a real
// archive: checked with the system's tar and unzip.

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stuntdouble-archive-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('archives through the redirect', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    ({ fakes, octokit } = repoWorld());
    fakes.codeHosting.seed.commit({ ...R, files: { 'README.md': '# hello\n', 'src/index.ts': 'export const x = 1;\n' }, message: 'files' });
  });
  afterEach(() => fakes.uninstall());

  it('tarball: 302 to codeload, followed: a gzipped tar of the tree under <owner>-<repo>-<sha7>/', async () => {
    const head = (await octokit.rest.repos.getBranch({ ...R, branch: 'main' })).data.commit.sha;
    const manual = await octokit.rest.repos.downloadTarballArchive({ ...R, ref: 'main', request: { redirect: 'manual' } }).catch((e) => e.response);
    expect(manual.status).toBe(302);
    expect(manual.headers.location).toBe('https://codeload.github.com/octo/hello/legacy.tar.gz/refs/heads/main');
    const res = await octokit.rest.repos.downloadTarballArchive({ ...R, ref: 'main' });
    expect(res.status).toBe(200);
    const file = join(dir, 'a.tar.gz');
    writeFileSync(file, Buffer.from(res.data as ArrayBuffer));
    const root = `octo-hello-${head.slice(0, 7)}`;
    expect(execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n')).toEqual([
      `${root}/`,
      `${root}/README.md`,
      `${root}/src/`,
      `${root}/src/index.ts`,
    ]);
    expect(execFileSync('tar', ['-xzOf', file, `${root}/src/index.ts`], { encoding: 'utf8' })).toBe('export const x = 1;\n');
  });

  it('zipball: a zip of the tree at a ref (here an older commit)', async () => {
    const old = (await octokit.rest.repos.getBranch({ ...R, branch: 'main' })).data.commit.sha;
    fakes.codeHosting.seed.commit({ ...R, files: { 'README.md': '# changed\n' }, message: 'change' });
    const res = await octokit.rest.repos.downloadZipballArchive({ ...R, ref: old });
    const file = join(dir, 'a.zip');
    writeFileSync(file, Buffer.from(res.data as ArrayBuffer));
    const root = `octo-hello-${old.slice(0, 7)}`;
    expect(execFileSync('unzip', ['-p', file, `${root}/README.md`], { encoding: 'utf8' })).toBe('# hello\n');
    expect(execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n')).toEqual([
      `${root}/`,
      `${root}/README.md`,
      `${root}/src/`,
      `${root}/src/index.ts`,
    ]);
  });

  it('a private repository: the redirect carries a token the archive host checks', async () => {
    fakes.codeHosting.seed.repo({ ...R, private: true });
    const manual = await octokit.rest.repos.downloadTarballArchive({ ...R, ref: 'main', request: { redirect: 'manual' } }).catch((e) => e.response);
    expect(manual.headers.location).toMatch(/^https:\/\/codeload\.github\.com\/octo\/hello\/legacy\.tar\.gz\/refs\/heads\/main\?token=[0-9A-F]+$/);
    expect((await octokit.rest.repos.downloadTarballArchive({ ...R, ref: 'main' })).status).toBe(200);
    const bare = await fetch('https://codeload.github.com/octo/hello/legacy.tar.gz/main');
    expect(bare.status).toBe(404);
    // The archive host is not the API, nor the API the archive host.
    expect((await fetch('https://api.github.com/octo/hello/legacy.tar.gz/main')).status).toBe(404);
    expect((await fetch('https://codeload.github.com/repos/octo/hello', { headers: { authorization: 'token x' } })).status).toBe(404);
  });

  it("over a server: the redirect goes to the server origin's /_codeload, which answers the archive", async () => {
    const server = await serve(fakes, { port: 0 });
    try {
      const kit = new Octokit({ auth: 't', baseUrl: server.baseUrls.github, request: { retries: 0 } });
      const manual = await kit.rest.repos.downloadZipballArchive({ ...R, ref: 'main', request: { redirect: 'manual' } }).catch((e) => e.response);
      expect(manual.headers.location).toBe(`${server.url}/_codeload/octo/hello/legacy.zip/refs/heads/main`);
      const res = await kit.rest.repos.downloadZipballArchive({ ...R, ref: 'main' });
      expect(res.headers['content-type']).toBe('application/zip');
      const file = join(dir, 'server.zip');
      writeFileSync(file, Buffer.from(res.data as ArrayBuffer));
      expect(execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' })).toContain('/src/index.ts');
    } finally {
      await server.close();
    }
  });
});
