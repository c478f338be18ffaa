import { execFileSync } from 'node:child_process';
import type { Octokit } from '@octokit/rest';
import { type Fakes, UnknownNameError } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokenLinks } from './relations-links.js';
import { R, repoWorld } from './repo-world.js';

// The contents API and the git graph are one: a file written through one path is read, with the same
// shas, through the others (contents, git blobs and trees, commits, branches).

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const text = (data: unknown) => Buffer.from((data as { content: string }).content, 'base64').toString('utf8');

describe('contents through the git graph', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    ({ fakes, octokit } = repoWorld());
  });
  afterEach(() => fakes.uninstall());

  it('create → read as content, blob, tree, commit and branch head; update needs the blob sha', async () => {
    const created = await octokit.rest.repos.createOrUpdateFileContents({ ...R, path: 'docs/guide.md', message: 'Add guide', content: b64('# Guide\n') });
    expect(created.status).toBe(201);
    const blobSha = created.data.content?.sha as string;
    const commitSha = created.data.commit.sha as string;
    expect(created.data.commit.message).toBe('Add guide');

    const file = await octokit.rest.repos.getContent({ ...R, path: 'docs/guide.md' });
    expect(text(file.data)).toBe('# Guide\n');
    expect(file.data).toMatchObject({ type: 'file', name: 'guide.md', path: 'docs/guide.md', sha: blobSha, size: 8, encoding: 'base64' });

    const blob = await octokit.rest.git.getBlob({ ...R, file_sha: blobSha });
    expect(Buffer.from(blob.data.content, 'base64').toString()).toBe('# Guide\n');
    // The sha is git's own.
    expect(blobSha).toBe(execFileSync('git', ['hash-object', '--stdin'], { input: '# Guide\n', encoding: 'utf8' }).trim());

    const branch = await octokit.rest.repos.getBranch({ ...R, branch: 'main' });
    expect(branch.data.commit.sha).toBe(commitSha);
    const commits = await octokit.rest.repos.listCommits(R);
    expect(commits.data[0]?.sha).toBe(commitSha);
    expect(commits.data[0]?.commit.message).toBe('Add guide');
    expect(commits.data.map((c) => c.commit.message)).toEqual(['Add guide', 'Initial commit']);

    const gitCommit = await octokit.rest.git.getCommit({ ...R, commit_sha: commitSha });
    const tree = await octokit.rest.git.getTree({ ...R, tree_sha: gitCommit.data.tree.sha, recursive: 'true' });
    expect(tree.data.tree.map((e) => [e.path, e.type, e.sha])).toEqual([
      ['docs', 'tree', expect.any(String)],
      ['docs/guide.md', 'blob', blobSha],
    ]);

    // A second write without the file's sha: GitHub's 422; with a stale sha: 409; with it: 200.
    await expect(
      octokit.rest.repos.createOrUpdateFileContents({ ...R, path: 'docs/guide.md', message: 'Edit', content: b64('# Guide v2\n') }),
    ).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Invalid request.\n\n"sha" wasn\'t supplied.' } },
    });
    await expect(
      octokit.rest.repos.createOrUpdateFileContents({ ...R, path: 'docs/guide.md', message: 'Edit', content: b64('x'), sha: 'f'.repeat(40) }),
    ).rejects.toMatchObject({ status: 409, response: { data: { message: `docs/guide.md does not match ${'f'.repeat(40)}` } } });
    const updated = await octokit.rest.repos.createOrUpdateFileContents({
      ...R,
      path: 'docs/guide.md',
      message: 'Edit',
      content: b64('# Guide v2\n'),
      sha: blobSha,
    });
    expect(updated.status).toBe(200);
    expect(updated.data.commit.parents?.map((p) => p.sha)).toEqual([commitSha]);
    expect(text((await octokit.rest.repos.getContent({ ...R, path: 'docs/guide.md' })).data)).toBe('# Guide v2\n');
    // The old version stays readable at the old commit.
    expect(text((await octokit.rest.repos.getContent({ ...R, path: 'docs/guide.md', ref: commitSha })).data)).toBe('# Guide\n');
  });

  it('the same content has the same sha (git hash-object) in every repository', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'other' });
    const a = await octokit.rest.repos.createOrUpdateFileContents({ ...R, path: 'hello.txt', message: 'm', content: b64('hello\n') });
    const b = await octokit.rest.repos.createOrUpdateFileContents({ owner: 'octo', repo: 'other', path: 'x/y.txt', message: 'n', content: b64('hello\n') });
    // `echo hello | git hash-object --stdin`
    expect(a.data.content?.sha).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
    expect(b.data.content?.sha).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
  });

  it('directories list their entries; the root too; ref names a branch, tag or commit', async () => {
    fakes.codeHosting.seed.file({ ...R, path: 'README.md', content: '# hello\n' });
    fakes.codeHosting.seed.file({ ...R, path: 'src/a.ts', content: 'a\n' });
    const dev = fakes.codeHosting.seed.file({ ...R, path: 'src/b.ts', content: 'b\n', branch: 'dev' });
    const dir = await octokit.rest.repos.getContent({ ...R, path: 'src' });
    expect((dir.data as Array<{ name: string; type: string }>).map((e) => [e.name, e.type])).toEqual([['a.ts', 'file']]);
    const root = await octokit.rest.repos.getContent({ ...R, path: '' });
    expect((root.data as Array<{ name: string; type: string }>).map((e) => [e.name, e.type])).toEqual([
      ['README.md', 'file'],
      ['src', 'dir'],
    ]);
    await expect(octokit.rest.repos.getContent({ ...R, path: 'src/b.ts' })).rejects.toMatchObject({ status: 404 });
    expect(text((await octokit.rest.repos.getContent({ ...R, path: 'src/b.ts', ref: 'dev' })).data)).toBe('b\n');
    expect(text((await octokit.rest.repos.getContent({ ...R, path: 'src/b.ts', ref: dev.sha })).data)).toBe('b\n');
    await octokit.rest.git.createRef({ ...R, ref: 'refs/tags/v1', sha: dev.sha });
    expect(text((await octokit.rest.repos.getContent({ ...R, path: 'src/b.ts', ref: 'v1' })).data)).toBe('b\n');
    await expect(octokit.rest.repos.getContent({ ...R, path: 'README.md', ref: 'nope' })).rejects.toMatchObject({
      status: 404,
      response: { data: { message: 'No commit found for the ref nope' } },
    });
    // The raw media type answers the file's own text.
    const rawText = await octokit.rest.repos.getContent({ ...R, path: 'README.md', mediaType: { format: 'raw' } });
    expect(rawText.data).toBe('# hello\n');
    expect(rawText.headers['content-type']).toMatch(/^application\/vnd\.github(\.v3)?\.raw/);
    // Files with slashes are answered with raw slashes too (the `url` GitHub puts in bodies).
    const raw = await octokit.request('GET /repos/octo/hello/contents/src/a.ts');
    expect(text(raw.data)).toBe('a\n');
  });

  it('delete makes a commit; the file is gone from the branch, its history stays', async () => {
    const put = await octokit.rest.repos.createOrUpdateFileContents({ ...R, path: 'a.txt', message: 'add a', content: b64('a\n') });
    await octokit.rest.repos.createOrUpdateFileContents({ ...R, path: 'b.txt', message: 'add b', content: b64('b\n') });
    await expect(octokit.rest.repos.deleteFile({ ...R, path: 'a.txt', message: 'rm a', sha: 'f'.repeat(40) })).rejects.toMatchObject({ status: 409 });
    const del = await octokit.rest.repos.deleteFile({ ...R, path: 'a.txt', message: 'rm a', sha: put.data.content?.sha as string });
    expect(del.status).toBe(200);
    expect(del.data.content).toBeNull();
    await expect(octokit.rest.repos.getContent({ ...R, path: 'a.txt' })).rejects.toMatchObject({ status: 404 });
    await expect(octokit.rest.repos.deleteFile({ ...R, path: 'a.txt', message: 'again', sha: put.data.content?.sha as string })).rejects.toMatchObject({
      status: 404,
    });
    const history = await octokit.rest.repos.listCommits({ ...R, path: 'a.txt' });
    expect(history.data.map((c) => c.commit.message)).toEqual(['rm a', 'add a']);
    const one = await octokit.rest.repos.getCommit({ ...R, ref: del.data.commit.sha as string });
    expect(one.data.files?.map((f) => [f.filename, f.status, f.deletions])).toEqual([['a.txt', 'removed', 1]]);
  });

  it('writes under a missing branch or repository answer 404', async () => {
    await expect(octokit.rest.repos.createOrUpdateFileContents({ ...R, path: 'a.txt', message: 'm', content: b64('a'), branch: 'nope' })).rejects.toMatchObject(
      { status: 404 },
    );
    await expect(
      octokit.rest.repos.createOrUpdateFileContents({ owner: 'octo', repo: 'missing', path: 'a.txt', message: 'm', content: b64('a') }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(octokit.rest.repos.createOrUpdateFileContents({ ...R, path: 'a.txt', message: 'm', content: '%%%' })).rejects.toMatchObject({ status: 422 });
  });

  it('readme: the README of the root or a directory', async () => {
    fakes.codeHosting.seed.file({ ...R, path: 'README.md', content: '# root\n' });
    fakes.codeHosting.seed.file({ ...R, path: 'docs/README', content: 'docs\n' });
    expect(text((await octokit.rest.repos.getReadme(R)).data)).toBe('# root\n');
    const inDir = await octokit.rest.repos.getReadmeInDirectory({ ...R, dir: 'docs' });
    expect(inDir.data.path).toBe('docs/README');
    expect(text(inDir.data)).toBe('docs\n');
    await expect(octokit.rest.repos.getReadmeInDirectory({ ...R, dir: 'src' })).rejects.toMatchObject({ status: 404 });
  });

  it('seeds: seed.file and seed.resource commit through the graph; typos name the nearest option', async () => {
    const seeded = fakes.codeHosting.seed.file({ ...R, path: 'notes/todo.txt', content: 'todo\n', message: 'Seed todo' });
    fakes.codeHosting.seed.resource('/repos/octo/hello/contents/notes/done.txt', { content: 'done\n' });
    const todo = await octokit.rest.repos.getContent({ ...R, path: 'notes/todo.txt' });
    expect((todo.data as { sha: string }).sha).toBe(seeded.blobSha);
    expect(text((await octokit.rest.repos.getContent({ ...R, path: 'notes/done.txt' })).data)).toBe('done\n');
    const commits = await octokit.rest.repos.listCommits(R);
    expect(commits.data.map((c) => c.commit.message)).toEqual(['Create notes/done.txt', 'Seed todo', 'Initial commit']);
    expect(commits.data[1]?.sha).toBe(seeded.sha);
    expect(() => fakes.codeHosting.seed.file({ ...R, path: 'a', content: 'a', brnch: 'dev' } as never)).toThrow(UnknownNameError);
    expect(() => fakes.codeHosting.seed.file({ ...R, path: 'a', content: 'a', brnch: 'dev' } as never)).toThrow(/branch/);
  });

  it('every API link in a content answer is a path the fake answers', async () => {
    fakes.codeHosting.seed.file({ ...R, path: 'docs/deep/a.md', content: 'a\n' });
    const put = await octokit.rest.repos.createOrUpdateFileContents({ ...R, path: 'docs/b.md', message: 'b', content: b64('b\n') });
    const file = await octokit.rest.repos.getContent({ ...R, path: 'docs/deep/a.md' });
    const dir = await octokit.rest.repos.getContent({ ...R, path: 'docs' });
    expect(await brokenLinks(octokit, [put.data, file.data, dir.data])).toEqual([]);
  });
});
