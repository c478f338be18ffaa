import type { Octokit } from '@octokit/rest';
import type { Fakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokenLinks } from './relations-links.js';
import { R, commitWorld } from './repo-world.js';

// A commit status is one object: created on a commit (by sha, branch or tag), listed for the commit
// newest first under every ref naming it, and counted in the commit's combined status by GitHub's
// rules (https://docs.github.com/rest/commits/statuses).

describe('commit statuses and the combined status', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  let sha: string;
  beforeEach(() => {
    ({ fakes, octokit, sha } = commitWorld());
  });
  afterEach(() => fakes.uninstall());

  it('a created status is counted in the combined status and listed for the ref', async () => {
    const created = await octokit.rest.repos.createCommitStatus({
      ...R,
      sha,
      state: 'success',
      context: 'ci',
      target_url: 'https://ci.example/1',
      description: 'Build passed',
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      state: 'success',
      context: 'ci',
      target_url: 'https://ci.example/1',
      description: 'Build passed',
      url: `https://api.github.com/repos/octo/hello/statuses/${sha}`,
      created_at: '2024-03-01T10:00:00Z'.replace('Z', '.000Z'),
    });
    expect(created.data.creator?.login).toBe('octocat');

    const combined = await octokit.rest.repos.getCombinedStatusForRef({ ...R, ref: sha });
    expect(combined.data).toMatchObject({
      state: 'success',
      sha,
      total_count: 1,
      commit_url: `https://api.github.com/repos/octo/hello/commits/${sha}`,
      url: `https://api.github.com/repos/octo/hello/commits/${sha}/status`,
    });
    expect(combined.data.repository.full_name).toBe('octo/hello');
    expect(combined.data.statuses).toHaveLength(1);
    expect(combined.data.statuses[0]).toMatchObject({
      id: created.data.id,
      node_id: created.data.node_id,
      state: 'success',
      context: 'ci',
      target_url: 'https://ci.example/1',
      description: 'Build passed',
      url: created.data.url,
      avatar_url: created.data.avatar_url,
    });

    const list = await octokit.rest.repos.listCommitStatusesForRef({ ...R, ref: sha });
    expect(list.data).toEqual([created.data]);
    // The repository's own links are the repository family's; the status's and the combined status's answer.
    const { repository: _repo, ...own } = combined.data;
    expect(await brokenLinks(octokit, [created.data, own])).toEqual([]);
  });

  it('combined state: pending with no status, failure if any latest is error/failure, pending if any pending, else success', async () => {
    const state = async () => (await octokit.rest.repos.getCombinedStatusForRef({ ...R, ref: sha })).data;
    expect(await state()).toMatchObject({ state: 'pending', total_count: 0, statuses: [] });

    await octokit.rest.repos.createCommitStatus({ ...R, sha, state: 'pending', context: 'ci' });
    await octokit.rest.repos.createCommitStatus({ ...R, sha, state: 'success', context: 'lint' });
    expect((await state()).state).toBe('pending');

    await octokit.rest.repos.createCommitStatus({ ...R, sha, state: 'error', context: 'ci' });
    expect((await state()).state).toBe('failure');

    // Only the latest status of each context counts.
    await octokit.rest.repos.createCommitStatus({ ...R, sha, state: 'success', context: 'ci' });
    const all = await state();
    expect(all.state).toBe('success');
    expect(all.total_count).toBe(2);
    expect(all.statuses.map((s) => [s.context, s.state]).sort()).toEqual([
      ['ci', 'success'],
      ['lint', 'success'],
    ]);

    await octokit.rest.repos.createCommitStatus({ ...R, sha, state: 'failure', context: 'lint' });
    expect((await state()).state).toBe('failure');

    // A status without a context reports as `default`.
    const d = await octokit.rest.repos.createCommitStatus({ ...R, sha, state: 'success' });
    expect(d.data.context).toBe('default');
  });

  it('the combined status pages its statuses (per_page, page); total_count counts every context', async () => {
    for (const context of ['ci', 'lint', 'e2e']) await octokit.rest.repos.createCommitStatus({ ...R, sha, state: 'success', context });
    const page = await octokit.rest.repos.getCombinedStatusForRef({ ...R, ref: sha, per_page: 2, page: 2 });
    expect(page.data).toMatchObject({ state: 'success', total_count: 3 });
    expect(page.data.statuses).toHaveLength(1);
    const first = await octokit.rest.repos.getCombinedStatusForRef({ ...R, ref: sha, per_page: 2 });
    expect(first.headers.link).toContain('rel="next"');
    expect([...first.data.statuses, ...page.data.statuses].map((s) => s.context).sort()).toEqual(['ci', 'e2e', 'lint']);
  });

  it('listCommitStatusesForRef lists every status newest first, paginated', async () => {
    for (const [i, st] of (['pending', 'failure', 'success'] as const).entries()) {
      await octokit.rest.repos.createCommitStatus({ ...R, sha, state: st, context: 'ci', description: `run ${i}` });
      fakes.clock.advance('1m');
    }
    const list = await octokit.rest.repos.listCommitStatusesForRef({ ...R, ref: sha });
    expect(list.data.map((s) => s.state)).toEqual(['success', 'failure', 'pending']);
    const page = await octokit.rest.repos.listCommitStatusesForRef({ ...R, ref: sha, per_page: 2, page: 2 });
    expect(page.data.map((s) => s.description)).toEqual(['run 0']);
    expect(list.data.map((s) => s.created_at)).toEqual(['2024-03-01T10:02:00.000Z', '2024-03-01T10:01:00.000Z', '2024-03-01T10:00:00.000Z']);
  });

  it('a branch or tag names its commit: statuses created or read by ref are the commit’s', async () => {
    await octokit.rest.git.createRef({ ...R, ref: 'refs/tags/v1', sha });
    const byBranch = await octokit.rest.repos.createCommitStatus({ ...R, sha: 'main', state: 'success', context: 'ci' });
    expect(byBranch.data.url).toBe(`https://api.github.com/repos/octo/hello/statuses/${sha}`);
    for (const ref of ['main', 'heads/main', 'v1', 'tags/v1', sha]) {
      const c = await octokit.rest.repos.getCombinedStatusForRef({ ...R, ref });
      expect(c.data).toMatchObject({ sha, state: 'success', total_count: 1 });
      const l = await octokit.rest.repos.listCommitStatusesForRef({ ...R, ref });
      expect(l.data.map((s) => s.id)).toEqual([byBranch.data.id]);
    }
    // A new commit on the branch has no status yet.
    const next = fakes.codeHosting.seed.commit({ ...R, files: { 'b.txt': 'b\n' }, message: 'next' }).sha;
    const c = await octokit.rest.repos.getCombinedStatusForRef({ ...R, ref: 'main' });
    expect(c.data).toMatchObject({ sha: next, state: 'pending', total_count: 0 });
    expect((await octokit.rest.repos.getCombinedStatusForRef({ ...R, ref: 'v1' })).data.total_count).toBe(1);
  });

  it('refuses an unknown commit and an unknown state (422)', async () => {
    await expect(octokit.rest.repos.createCommitStatus({ ...R, sha: 'f'.repeat(40), state: 'success' })).rejects.toMatchObject({
      status: 422,
      response: { data: { message: `No commit found for SHA: ${'f'.repeat(40)}` } },
    });
    await expect(octokit.rest.repos.createCommitStatus({ ...R, sha, state: 'green' as 'success' })).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Validation Failed' } },
    });
    await expect(octokit.rest.repos.getCombinedStatusForRef({ ...R, ref: 'no-such-branch' })).rejects.toMatchObject({ status: 422 });
  });

  it('a pull request’s statuses_url lists the statuses of its head commit', async () => {
    const head = fakes.codeHosting.seed.commit({ ...R, branch: 'feature', files: { 'f.txt': 'f\n' }, message: 'feature' }).sha;
    const pr = await octokit.rest.pulls.create({ ...R, head: 'feature', base: 'main', title: 'Feature' });
    expect(pr.data.head.sha).toBe(head);
    const st = await octokit.rest.repos.createCommitStatus({ ...R, sha: head, state: 'failure', context: 'ci' });
    const listed = await octokit.request(`GET ${pr.data.statuses_url}`);
    expect(listed.data).toEqual([st.data]);
    const combined = await octokit.rest.repos.getCombinedStatusForRef({ ...R, ref: 'feature' });
    expect(combined.data).toMatchObject({ sha: head, state: 'failure', total_count: 1 });
  });
});
