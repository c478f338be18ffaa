import { execFileSync } from 'node:child_process';
import type { Octokit } from '@octokit/rest';
import type { Fakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokenLinks } from './relations-links.js';
import { R, repoWorld } from './repo-world.js';

// The git database is one graph: blobs, trees, commits and refs created through /git are the
// repository's branches, commits and files under every other path.

const hashObject = (input: string) => execFileSync('git', ['hash-object', '--stdin'], { input, encoding: 'utf8' }).trim();

describe('git data as a graph', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    ({ fakes, octokit } = repoWorld());
  });
  afterEach(() => fakes.uninstall());

  it('the default branch exists without seeding, at a root commit with the empty tree', async () => {
    const branch = await octokit.rest.repos.getBranch({ ...R, branch: 'main' });
    const ref = await octokit.rest.git.getRef({ ...R, ref: 'heads/main' });
    expect(ref.data.object.sha).toBe(branch.data.commit.sha);
    const commit = await octokit.rest.git.getCommit({ ...R, commit_sha: ref.data.object.sha });
    expect(commit.data.message).toBe('Initial commit');
    expect(commit.data.parents).toEqual([]);
    expect(commit.data.tree.sha).toBe('4b825dc642cb6eb9a060e54bf8d69288fbee4904');
    const tree = await octokit.rest.git.getTree({ ...R, tree_sha: commit.data.tree.sha });
    expect(tree.data.tree).toEqual([]);
  });

  it('createBlob → createTree → createCommit → createRef → getRef → listBranches → getBranch: one sha', async () => {
    const blob = await octokit.rest.git.createBlob({ ...R, content: 'hello\n', encoding: 'utf-8' });
    expect(blob.status).toBe(201);
    expect(blob.data.sha).toBe(hashObject('hello\n'));
    const read = await octokit.rest.git.getBlob({ ...R, file_sha: blob.data.sha });
    expect(Buffer.from(read.data.content, 'base64').toString()).toBe('hello\n');
    expect(read.data.size).toBe(6);

    const main = await octokit.rest.repos.getBranch({ ...R, branch: 'main' });
    const tree = await octokit.rest.git.createTree({
      ...R,
      tree: [
        { path: 'hello.txt', mode: '100644', type: 'blob', sha: blob.data.sha },
        { path: 'src/index.ts', mode: '100644', type: 'blob', content: 'export {};\n' },
      ],
    });
    expect(tree.status).toBe(201);
    // The same entries make the same tree: content-addressed.
    const again = await octokit.rest.git.createTree({
      ...R,
      tree: [
        { path: 'src/index.ts', mode: '100644', type: 'blob', content: 'export {};\n' },
        { path: 'hello.txt', mode: '100644', type: 'blob', sha: blob.data.sha },
      ],
    });
    expect(again.data.sha).toBe(tree.data.sha);

    const commit = await octokit.rest.git.createCommit({ ...R, message: 'Add hello', tree: tree.data.sha, parents: [main.data.commit.sha] });
    expect(commit.status).toBe(201);
    expect(commit.data.parents.map((p) => p.sha)).toEqual([main.data.commit.sha]);
    expect(commit.data.author.name).toBe('octocat');

    const created = await octokit.rest.git.createRef({ ...R, ref: 'refs/heads/feature', sha: commit.data.sha });
    const ref = await octokit.rest.git.getRef({ ...R, ref: 'heads/feature' });
    expect(ref.data).toMatchObject({ ref: 'refs/heads/feature', object: { type: 'commit', sha: commit.data.sha } });
    expect(created.data.url).toBe(ref.data.url);
    const branches = await octokit.rest.repos.listBranches(R);
    expect(branches.data.map((b) => [b.name, b.commit.sha])).toEqual([
      ['main', main.data.commit.sha],
      ['feature', commit.data.sha],
    ]);
    const branch = await octokit.rest.repos.getBranch({ ...R, branch: 'feature' });
    expect(branch.data.commit.sha).toBe(commit.data.sha);

    // The commit is also the repository API's commit, with its files; the tree is readable recursively.
    const repoCommit = await octokit.rest.repos.getCommit({ ...R, ref: 'feature' });
    expect(repoCommit.data.sha).toBe(commit.data.sha);
    expect(repoCommit.data.commit.message).toBe('Add hello');
    expect(repoCommit.data.commit.tree.sha).toBe(tree.data.sha);
    expect(repoCommit.data.files?.map((f) => [f.filename, f.status, f.additions])).toEqual([
      ['hello.txt', 'added', 1],
      ['src/index.ts', 'added', 1],
    ]);
    expect(repoCommit.data.stats).toEqual({ total: 2, additions: 2, deletions: 0 });
    const recursive = await octokit.rest.git.getTree({ ...R, tree_sha: tree.data.sha, recursive: '1' });
    expect(recursive.data.tree.map((e) => e.path)).toEqual(['hello.txt', 'src', 'src/index.ts']);
    expect((await octokit.rest.repos.getContent({ ...R, path: 'src/index.ts', ref: 'feature' })).status).toBe(200);

    const matching = await octokit.rest.git.listMatchingRefs({ ...R, ref: 'heads/f' });
    expect(matching.data.map((r) => r.ref)).toEqual(['refs/heads/feature']);
    expect(await brokenLinks(octokit, [blob.data, read.data, tree.data, commit.data, created.data, repoCommit.data, branch.data])).toEqual([]);
  });

  it('base_tree: entries are added, replaced and removed (sha: null) on top of a tree', async () => {
    const first = await octokit.rest.git.createTree({
      ...R,
      tree: [
        { path: 'a.txt', mode: '100644', type: 'blob', content: 'a' },
        { path: 'dir/b.txt', mode: '100644', type: 'blob', content: 'b' },
      ],
    });
    const second = await octokit.rest.git.createTree({
      ...R,
      base_tree: first.data.sha,
      tree: [
        { path: 'dir/c.txt', mode: '100755', type: 'blob', content: 'c' },
        { path: 'a.txt', mode: '100644', type: 'blob', sha: null },
      ],
    });
    const listed = await octokit.rest.git.getTree({ ...R, tree_sha: second.data.sha, recursive: 'true' });
    expect(listed.data.tree.map((e) => [e.path, e.mode])).toEqual([
      ['dir', '040000'],
      ['dir/b.txt', '100644'],
      ['dir/c.txt', '100755'],
    ]);
    await expect(octokit.rest.git.createTree({ ...R, base_tree: 'f'.repeat(40), tree: [] })).rejects.toMatchObject({ status: 422 });
    await expect(octokit.rest.git.createTree({ ...R, tree: [{ path: 'x', mode: '100644', type: 'blob', sha: 'f'.repeat(40) }] })).rejects.toMatchObject({
      status: 422,
    });
  });

  it('updateRef moves a branch (fast-forward, or with force); a renamed or deleted branch changes its ref', async () => {
    const c1 = fakes.codeHosting.seed.commit({ ...R, files: { 'a.txt': 'a\n' }, message: 'one' });
    const c2 = fakes.codeHosting.seed.commit({ ...R, branch: 'topic', files: { 'b.txt': 'b\n' }, message: 'two' });
    const tree = await octokit.rest.git.createTree({ ...R, tree: [{ path: 'z', mode: '100644', type: 'blob', content: 'z' }] });
    const unrelated = await octokit.rest.git.createCommit({ ...R, message: 'orphan', tree: tree.data.sha, parents: [] });

    await octokit.rest.git.createRef({ ...R, ref: 'refs/heads/work', sha: c1.sha });
    const ff = await octokit.rest.git.updateRef({ ...R, ref: 'heads/work', sha: c2.sha });
    expect(ff.data.object.sha).toBe(c2.sha);
    await expect(octokit.rest.git.updateRef({ ...R, ref: 'heads/work', sha: unrelated.data.sha })).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Update is not a fast forward' } },
    });
    await octokit.rest.git.updateRef({ ...R, ref: 'heads/work', sha: unrelated.data.sha, force: true });
    expect((await octokit.rest.repos.getBranch({ ...R, branch: 'work' })).data.commit.sha).toBe(unrelated.data.sha);

    await octokit.rest.repos.renameBranch({ ...R, branch: 'work', new_name: 'renamed' });
    await expect(octokit.rest.git.getRef({ ...R, ref: 'heads/work' })).rejects.toMatchObject({ status: 404 });
    expect((await octokit.rest.git.getRef({ ...R, ref: 'heads/renamed' })).data.object.sha).toBe(unrelated.data.sha);

    expect((await octokit.rest.git.deleteRef({ ...R, ref: 'heads/renamed' })).status).toBe(204);
    await expect(octokit.rest.repos.getBranch({ ...R, branch: 'renamed' })).rejects.toMatchObject({ status: 404 });
    expect((await octokit.rest.repos.listBranches(R)).data.map((b) => b.name)).toEqual(['main', 'topic']);
    await expect(octokit.rest.git.deleteRef({ ...R, ref: 'heads/renamed' })).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Reference does not exist' } },
    });
    await expect(octokit.rest.git.createRef({ ...R, ref: 'refs/heads/topic', sha: c1.sha })).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Reference already exists' } },
    });
  });

  it('renaming the default branch renames the repository default branch', async () => {
    const head = (await octokit.rest.repos.getBranch({ ...R, branch: 'main' })).data.commit.sha;
    await octokit.rest.repos.renameBranch({ ...R, branch: 'main', new_name: 'trunk' });
    expect((await octokit.rest.repos.get(R)).data.default_branch).toBe('trunk');
    expect((await octokit.rest.git.getRef({ ...R, ref: 'heads/trunk' })).data.object.sha).toBe(head);
    await expect(octokit.rest.repos.getBranch({ ...R, branch: 'main' })).rejects.toMatchObject({ status: 404 });
  });

  it('annotated tags: createTag + refs/tags → getTag, getRef (type tag), listTags (the commit)', async () => {
    const c = fakes.codeHosting.seed.commit({ ...R, files: { 'a.txt': 'a\n' }, message: 'release me' });
    const tag = await octokit.rest.git.createTag({
      ...R,
      tag: 'v1.0.0',
      message: 'Version 1',
      object: c.sha,
      type: 'commit',
      tagger: { name: 'Mona', email: 'mona@example.com', date: '2024-02-01T00:00:00Z' },
    });
    expect(tag.status).toBe(201);
    // git's own sha for the same tag object.
    const body = `object ${c.sha}\ntype commit\ntag v1.0.0\ntagger Mona <mona@example.com> 1706745600 +0000\n\nVersion 1`;
    expect(tag.data.sha).toBe(execFileSync('git', ['hash-object', '-t', 'tag', '--stdin', '--literally'], { input: body, encoding: 'utf8' }).trim());
    const read = await octokit.rest.git.getTag({ ...R, tag_sha: tag.data.sha });
    expect(read.data).toMatchObject({ tag: 'v1.0.0', message: 'Version 1', object: { sha: c.sha, type: 'commit' }, tagger: { name: 'Mona' } });
    await octokit.rest.git.createRef({ ...R, ref: 'refs/tags/v1.0.0', sha: tag.data.sha });
    await octokit.rest.git.createRef({ ...R, ref: 'refs/tags/v0.9.0', sha: c.sha });
    expect((await octokit.rest.git.getRef({ ...R, ref: 'tags/v1.0.0' })).data.object).toMatchObject({ type: 'tag', sha: tag.data.sha });
    const tags = await octokit.rest.repos.listTags(R);
    expect(tags.data.map((t) => [t.name, t.commit.sha])).toEqual([
      ['v1.0.0', c.sha],
      ['v0.9.0', c.sha],
    ]);
    const refs = await octokit.rest.git.listMatchingRefs({ ...R, ref: 'tags/' });
    expect(refs.data.map((r) => r.ref)).toEqual(['refs/tags/v0.9.0', 'refs/tags/v1.0.0']);
    // Every ref, sorted by name: the branches among them.
    for (const all of [await octokit.rest.git.listMatchingRefs({ ...R, ref: '' }), await octokit.request('GET /repos/{owner}/{repo}/git/refs', R)]) {
      expect((all.data as Array<{ ref: string }>).map((r) => r.ref)).toEqual(['refs/heads/main', 'refs/tags/v0.9.0', 'refs/tags/v1.0.0']);
    }
    // A commit-ish: the tag names its commit for /commits/{ref}.
    expect((await octokit.rest.repos.getCommit({ ...R, ref: 'v1.0.0' })).data.sha).toBe(c.sha);
    expect(await brokenLinks(octokit, [tag.data, read.data, tags.data])).toEqual([]);
  });

  it('bad references are GitHub’s errors', async () => {
    await expect(octokit.rest.git.getRef({ ...R, ref: 'heads/nope' })).rejects.toMatchObject({ status: 404 });
    await expect(octokit.rest.git.getCommit({ ...R, commit_sha: 'f'.repeat(40) })).rejects.toMatchObject({ status: 404 });
    await expect(octokit.rest.git.createCommit({ ...R, message: 'm', tree: 'f'.repeat(40) })).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Tree SHA does not exist' } },
    });
    await expect(octokit.rest.git.createRef({ ...R, ref: 'heads/no-prefix', sha: 'f'.repeat(40) })).rejects.toMatchObject({ status: 422 });
    await expect(octokit.rest.repos.getCommit({ ...R, ref: 'nope' })).rejects.toMatchObject({ status: 422 });
    await expect(octokit.rest.git.createBlob({ owner: 'octo', repo: 'missing', content: 'x' })).rejects.toMatchObject({ status: 404 });
  });
});
