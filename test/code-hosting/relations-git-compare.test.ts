import type { Octokit } from '@octokit/rest';
import type { Fakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokenLinks } from './relations-links.js';
import { R, repoWorld } from './repo-world.js';

// History through its several paths: /commits (with its filters), /compare, /merges, branch heads.

describe('commits, compare and merges on the graph', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    ({ fakes, octokit } = repoWorld());
  });
  afterEach(() => fakes.uninstall());

  const commit = (branch: string, files: Record<string, string | null>, message: string) => {
    fakes.clock.advance('1h');
    return fakes.codeHosting.seed.commit({ ...R, branch, files, message }).sha;
  };

  it('compare: ahead/behind/status, the commits head adds (oldest first), the files they change', async () => {
    const base = commit('main', { 'README.md': 'one\ntwo\nthree\n' }, 'base');
    const d1 = commit('dev', { 'README.md': 'one\n2\nthree\n' }, 'edit readme');
    const d2 = commit('dev', { 'src/new.ts': 'x\n' }, 'add new');
    const ahead = await octokit.rest.repos.compareCommitsWithBasehead({ ...R, basehead: 'main...dev' });
    expect(ahead.data).toMatchObject({ status: 'ahead', ahead_by: 2, behind_by: 0, total_commits: 2 });
    expect(ahead.data.commits.map((c) => c.sha)).toEqual([d1, d2]);
    expect(ahead.data.merge_base_commit.sha).toBe(base);
    expect(ahead.data.base_commit.sha).toBe(base);
    expect(ahead.data.files?.map((f) => [f.filename, f.status, f.additions, f.deletions])).toEqual([
      ['README.md', 'modified', 1, 1],
      ['src/new.ts', 'added', 1, 0],
    ]);
    expect(ahead.data.files?.[0]?.patch).toBe('@@ -1,3 +1,3 @@\n one\n-two\n+2\n three');
    // The same commits through /commits on the branch (newest first).
    const onDev = await octokit.rest.repos.listCommits({ ...R, sha: 'dev' });
    expect(onDev.data.map((c) => c.sha).slice(0, 2)).toEqual([d2, d1]);

    const m1 = commit('main', { 'other.txt': 'o\n' }, 'main moves on');
    const diverged = await octokit.rest.repos.compareCommitsWithBasehead({ ...R, basehead: 'main...dev' });
    expect(diverged.data).toMatchObject({ status: 'diverged', ahead_by: 2, behind_by: 1 });
    const behind = await octokit.rest.repos.compareCommitsWithBasehead({ ...R, basehead: `${d2}...${m1}` });
    expect(behind.data).toMatchObject({ status: 'diverged', ahead_by: 1, behind_by: 2 });
    const identical = await octokit.rest.repos.compareCommitsWithBasehead({ ...R, basehead: 'dev...dev' });
    expect(identical.data).toMatchObject({ status: 'identical', ahead_by: 0, behind_by: 0, commits: [] });
    await expect(octokit.rest.repos.compareCommitsWithBasehead({ ...R, basehead: 'main...nope' })).rejects.toMatchObject({ status: 404 });
    expect(await brokenLinks(octokit, ahead.data)).toEqual([]);
  });

  it('merges: a merge commit moves the base; nothing to merge answers 204; a conflict 409', async () => {
    commit('main', { 'a.txt': 'a\n' }, 'a');
    const feature = commit('feature', { 'b.txt': 'b\n' }, 'b');
    const before = (await octokit.rest.repos.getBranch({ ...R, branch: 'main' })).data.commit.sha;
    const merged = await octokit.rest.repos.merge({ ...R, base: 'main', head: 'feature', commit_message: 'Ship feature' });
    expect(merged.status).toBe(201);
    expect(merged.data.commit.message).toBe('Ship feature');
    expect(merged.data.parents.map((p) => p.sha)).toEqual([before, feature]);
    const main = await octokit.rest.repos.getBranch({ ...R, branch: 'main' });
    expect(main.data.commit.sha).toBe(merged.data.sha);
    const root = await octokit.rest.repos.getContent({ ...R, path: '' });
    expect((root.data as Array<{ name: string }>).map((e) => e.name)).toEqual(['a.txt', 'b.txt']);
    // feature is now behind main; merging it again changes nothing.
    const cmp = await octokit.rest.repos.compareCommitsWithBasehead({ ...R, basehead: 'main...feature' });
    expect(cmp.data).toMatchObject({ status: 'behind', ahead_by: 0, behind_by: 1 });
    const again = await octokit.rest.repos.merge({ ...R, base: 'main', head: 'feature' });
    expect(again.status).toBe(204);

    commit('main', { 'a.txt': 'main\n' }, 'main edits a');
    commit('feature', { 'a.txt': 'feature\n' }, 'feature edits a');
    await expect(octokit.rest.repos.merge({ ...R, base: 'main', head: 'feature' })).rejects.toMatchObject({
      status: 409,
      response: { data: { message: 'Merge Conflict' } },
    });
    await expect(octokit.rest.repos.merge({ ...R, base: 'nope', head: 'feature' })).rejects.toMatchObject({
      status: 404,
      response: { data: { message: 'Base does not exist' } },
    });
    await expect(octokit.rest.repos.merge({ ...R, base: 'main', head: 'nope' })).rejects.toMatchObject({
      status: 404,
      response: { data: { message: 'Head does not exist' } },
    });
  });

  it('listCommits filters: sha, path, author, since, until; pages with a Link header', async () => {
    fakes.codeHosting.seed.commit({ ...R, files: { 'a.txt': '1' }, message: 'by mona', author: { name: 'Mona', email: 'mona@example.com' } });
    fakes.clock.advance('12h');
    const t1 = new Date(fakes.clock.nowMs()).toISOString();
    fakes.clock.advance('12h');
    fakes.codeHosting.seed.commit({ ...R, files: { 'b.txt': '1' }, message: 'touch b' });
    fakes.clock.advance('1d');
    fakes.codeHosting.seed.commit({ ...R, files: { 'a.txt': '2' }, message: 'edit a' });
    const all = await octokit.rest.repos.listCommits(R);
    expect(all.data.map((c) => c.commit.message)).toEqual(['edit a', 'touch b', 'by mona', 'Initial commit']);
    expect((await octokit.rest.repos.listCommits({ ...R, path: 'a.txt' })).data.map((c) => c.commit.message)).toEqual(['edit a', 'by mona']);
    expect((await octokit.rest.repos.listCommits({ ...R, author: 'mona@example.com' })).data.map((c) => c.commit.message)).toEqual(['by mona']);
    expect((await octokit.rest.repos.listCommits({ ...R, author: 'octo' })).data.map((c) => c.commit.message)).toEqual(['edit a', 'touch b']);
    expect((await octokit.rest.repos.listCommits({ ...R, since: t1 })).data.map((c) => c.commit.message)).toEqual(['edit a', 'touch b']);
    expect((await octokit.rest.repos.listCommits({ ...R, until: t1 })).data.map((c) => c.commit.message)).toEqual(['by mona', 'Initial commit']);
    const page1 = await octokit.rest.repos.listCommits({ ...R, per_page: 3 });
    expect(page1.data).toHaveLength(3);
    expect(page1.headers.link).toContain('rel="next"');
    const paged = await octokit.paginate(octokit.rest.repos.listCommits, { ...R, per_page: 1 });
    expect(paged.map((c) => c.commit.message)).toEqual(['edit a', 'touch b', 'by mona', 'Initial commit']);
    await expect(octokit.rest.repos.listCommits({ ...R, sha: 'nope' })).rejects.toMatchObject({ status: 404 });
  });
});
