import { Octokit } from '@octokit/rest';
import { type Fakes, UnknownNameError, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';

// Pull requests over branches, merging, reviews, and the seed helpers of the family, through the real
// Octokit; populated answers validated against GitHub's OpenAPI description (ajv).

const R = { owner: 'octo', repo: 'hello' } as const;
const SHA = 'a'.repeat(40);

async function failure(p: Promise<unknown>): Promise<{ status: number; data: { message?: string; errors?: unknown[] } }> {
  try {
    await p;
  } catch (e) {
    const err = e as { status: number; response?: { data: { message?: string; errors?: unknown[] } } };
    return { status: err.status, data: err.response?.data ?? {} };
  }
  throw new Error('expected a failure');
}

describe('pull requests, merges, reviews and seeds', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R });
    fakes.codeHosting.seed.resource('/repos/octo/hello/branches/feature', { commit: { sha: SHA } });
    octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it('head and base are branch objects with the branch’s commit; missing branches and duplicates answer 422', async () => {
    const main = (await octokit.rest.repos.getBranch({ ...R, branch: 'main' })).data.commit.sha;
    const pr = (await octokit.rest.pulls.create({ ...R, title: 'F', head: 'feature', base: 'main' })).data;
    expect(pr.head).toMatchObject({ ref: 'feature', sha: SHA, label: 'octo:feature', user: { login: 'octo' }, repo: { full_name: 'octo/hello' } });
    expect(pr.base).toMatchObject({ ref: 'main', sha: main, label: 'octo:main' });
    // The head follows its branch while the pull is open.
    fakes.codeHosting.seed.resource('/repos/octo/hello/branches/feature', { commit: { sha: 'b'.repeat(40) } });
    expect((await octokit.rest.pulls.get({ ...R, pull_number: pr.number })).data.head.sha).toBe('b'.repeat(40));

    const nohead = await failure(octokit.rest.pulls.create({ ...R, title: 'x', head: 'nope', base: 'main' }));
    expect(nohead).toMatchObject({ status: 422, data: { errors: [{ resource: 'PullRequest', field: 'head', code: 'invalid' }] } });
    const nobase = await failure(octokit.rest.pulls.create({ ...R, title: 'x', head: 'feature', base: 'nope' }));
    expect(nobase).toMatchObject({ status: 422, data: { errors: [{ resource: 'PullRequest', field: 'base', code: 'invalid' }] } });
    const dup = await failure(octokit.rest.pulls.create({ ...R, title: 'again', head: 'feature', base: 'main' }));
    expect(dup).toMatchObject({ status: 422, data: { errors: [{ code: 'custom', message: 'A pull request already exists for octo:feature.' }] } });
    fakes.codeHosting.seed.resource('/repos/octo/hello/branches/same', { commit: { sha: main } });
    const same = await failure(octokit.rest.pulls.create({ ...R, title: 'x', head: 'same', base: 'main' }));
    expect(same.data.errors).toEqual([expect.objectContaining({ code: 'custom', message: 'No commits between main and same' })]);
  });

  it('an existing issue becomes a pull request with its number, title and comments', async () => {
    await octokit.rest.issues.create({ ...R, title: 'Do it' });
    await octokit.rest.issues.createComment({ ...R, issue_number: 1, body: 'on it' });
    const pr = (await octokit.rest.pulls.create({ ...R, issue: 1, head: 'feature', base: 'main' })).data;
    expect(pr).toMatchObject({ number: 1, title: 'Do it', comments: 1 });
    expect((await octokit.rest.issues.get({ ...R, issue_number: 1 })).data.pull_request?.url).toBe(pr.url);
  });

  it('merge: merged fields, the base branch moves to the merge commit, the pull closes; 405 and 409 as GitHub', async () => {
    const pr = (await octokit.rest.pulls.create({ ...R, title: 'F', head: 'feature', base: 'main' })).data;
    expect((await failure(octokit.rest.pulls.checkIfMerged({ ...R, pull_number: pr.number }))).status).toBe(404);
    const stale = await failure(octokit.rest.pulls.merge({ ...R, pull_number: pr.number, sha: 'c'.repeat(40) }));
    expect(stale).toMatchObject({ status: 409, data: { message: 'Head branch was modified. Review and try the merge again.' } });
    fakes.clock.advance('1h');
    const merged = (await octokit.rest.pulls.merge({ ...R, pull_number: pr.number, sha: SHA, merge_method: 'squash' })).data;
    expect(merged).toMatchObject({ merged: true, message: 'Pull Request successfully merged', sha: expect.stringMatching(/^[0-9a-f]{40}$/) });
    const after = (await octokit.rest.pulls.get({ ...R, pull_number: pr.number })).data;
    expect(after).toMatchObject({
      state: 'closed',
      merged: true,
      merged_at: '2024-01-10T01:00:00.000Z',
      closed_at: '2024-01-10T01:00:00.000Z',
      merge_commit_sha: merged.sha,
      merged_by: { login: 'octocat' },
      head: { sha: SHA },
    });
    expect((await octokit.rest.repos.getBranch({ ...R, branch: 'main' })).data.commit.sha).toBe(merged.sha);
    expect((await octokit.rest.pulls.checkIfMerged({ ...R, pull_number: pr.number })).status).toBe(204);
    const asIssue = (await octokit.rest.issues.get({ ...R, issue_number: pr.number })).data;
    expect(asIssue).toMatchObject({ state: 'closed', pull_request: { merged_at: '2024-01-10T01:00:00.000Z' } });
    const events = (await octokit.rest.issues.listEvents({ ...R, issue_number: pr.number })).data;
    expect(events.map((e) => [e.event, e.commit_id])).toEqual([
      ['merged', merged.sha],
      ['closed', merged.sha],
    ]);
    expect((await failure(octokit.rest.pulls.merge({ ...R, pull_number: pr.number }))).status).toBe(405);
    expect((await failure(octokit.rest.pulls.update({ ...R, pull_number: pr.number, state: 'open' }))).status).toBe(422);
    expect((await octokit.rest.pulls.list(R)).data).toEqual([]);
  });

  it('closed pulls cannot be merged; draft pulls neither; reopening brings them back', async () => {
    const pr = (await octokit.rest.pulls.create({ ...R, title: 'F', head: 'feature', base: 'main', draft: true })).data;
    expect(pr.draft).toBe(true);
    expect(await failure(octokit.rest.pulls.merge({ ...R, pull_number: pr.number }))).toMatchObject({ status: 405 });
    await octokit.rest.pulls.update({ ...R, pull_number: pr.number, state: 'closed' });
    expect((await octokit.rest.issues.get({ ...R, issue_number: pr.number })).data).toMatchObject({ state: 'closed', state_reason: null });
    expect(await failure(octokit.rest.pulls.merge({ ...R, pull_number: pr.number }))).toMatchObject({
      status: 405,
      data: { message: 'Pull Request is not mergeable' },
    });
    await octokit.rest.pulls.update({ ...R, pull_number: pr.number, state: 'open' });
    expect((await octokit.rest.pulls.list(R)).data.map((p) => p.number)).toEqual([pr.number]);
  });

  it('requested reviewers and reviews: requesting, submitting, dismissing, deleting a pending review', async () => {
    // Two people: octocat opens the pull, mona reviews it (seeded tokens turn the permission model on).
    // Tokens seeded with a login act as that user: requesting reviewers and dismissing reviews take
    // the triage role, so octocat is a collaborator; anyone may review a public repository's pull.
    fakes.codeHosting.seed.resource('/repos/octo/hello/collaborators/octocat', { permission: 'push' });
    octokit = new Octokit({ auth: fakes.codeHosting.seed.token({ login: 'octocat' }), request: { retries: 0 } });
    const pr = (await octokit.rest.pulls.create({ ...R, title: 'F', head: 'feature', base: 'main' })).data;
    await octokit.rest.pulls.requestReviewers({ ...R, pull_number: pr.number, reviewers: ['mona', 'hubot'] });
    expect((await octokit.rest.pulls.listRequestedReviewers({ ...R, pull_number: pr.number })).data.users.map((u) => u.login)).toEqual(['mona', 'hubot']);
    expect((await octokit.rest.pulls.get({ ...R, pull_number: pr.number })).data.requested_reviewers?.map((u) => u.login)).toEqual(['mona', 'hubot']);
    await octokit.rest.pulls.removeRequestedReviewers({ ...R, pull_number: pr.number, reviewers: ['hubot'] });
    expect((await octokit.rest.pulls.listRequestedReviewers({ ...R, pull_number: pr.number })).data.users.map((u) => u.login)).toEqual(['mona']);
    expect((await failure(octokit.rest.pulls.requestReviewers({ ...R, pull_number: pr.number, reviewers: ['octocat'] }))).status).toBe(422);

    // mona reviews: pending, then submitted; she leaves the requested reviewers.
    const mona = new Octokit({ auth: fakes.codeHosting.seed.token({ login: 'mona' }), request: { retries: 0 } });
    const pending = (await mona.rest.pulls.createReview({ ...R, pull_number: pr.number, body: 'draft' })).data;
    expect(pending).toMatchObject({ state: 'PENDING', user: { login: 'mona' } });
    expect(pending.submitted_at).toBeUndefined();
    expect((await failure(mona.rest.pulls.createReview({ ...R, pull_number: pr.number }))).status).toBe(422);
    const approved = (await mona.rest.pulls.submitReview({ ...R, pull_number: pr.number, review_id: pending.id, event: 'APPROVE' })).data;
    expect(approved).toMatchObject({ id: pending.id, state: 'APPROVED' });
    expect((await octokit.rest.pulls.listRequestedReviewers({ ...R, pull_number: pr.number })).data.users).toEqual([]);
    expect((await failure(mona.rest.pulls.deletePendingReview({ ...R, pull_number: pr.number, review_id: pending.id }))).status).toBe(422);
    const dismissed = (await octokit.rest.pulls.dismissReview({ ...R, pull_number: pr.number, review_id: pending.id, message: 'stale' })).data;
    expect(dismissed.state).toBe('DISMISSED');
    const timeline = (await octokit.rest.issues.listEventsForTimeline({ ...R, issue_number: pr.number })).data as Array<Record<string, unknown>>;
    expect(timeline.map((e) => e.event)).toEqual(['review_requested', 'review_requested', 'review_request_removed', 'reviewed', 'review_dismissed']);

    const second = (await mona.rest.pulls.createReview({ ...R, pull_number: pr.number })).data;
    expect((await mona.rest.pulls.deletePendingReview({ ...R, pull_number: pr.number, review_id: second.id })).data.id).toBe(second.id);
    expect((await failure(octokit.rest.pulls.getReview({ ...R, pull_number: pr.number, review_id: second.id }))).status).toBe(404);
    // The author may not approve their own pull request.
    expect((await failure(octokit.rest.pulls.createReview({ ...R, pull_number: pr.number, event: 'APPROVE' }))).status).toBe(422);
  });

  it('seed.issue, seed.pullRequest and seed.comment set up what the API then reads', async () => {
    const issue = fakes.codeHosting.seed.issue({
      ...R,
      title: 'Crash',
      labels: ['bug'],
      assignees: ['mona'],
      milestone: 'v1',
      comments: ['me too', { body: 'fixed?', user: 'hubot' }],
      state: 'closed',
      stateReason: 'not_planned',
    });
    expect(issue).toMatchObject({ number: 1, state: 'closed', state_reason: 'not_planned', comments: 2, milestone: { title: 'v1', closed_issues: 1 } });
    const got = (await octokit.rest.issues.get({ ...R, issue_number: 1 })).data;
    expect(got).toMatchObject({ title: 'Crash', labels: [{ name: 'bug' }], assignee: { login: 'mona' }, comments: 2, user: { login: 'octo' } });
    expect((await octokit.rest.issues.listComments({ ...R, issue_number: 1 })).data.map((c) => [c.body, c.user?.login])).toEqual([
      ['me too', 'octo'],
      ['fixed?', 'hubot'],
    ]);

    const pr = fakes.codeHosting.seed.pullRequest({ ...R, head: 'topic', title: 'Topic', requestedReviewers: ['mona'] });
    expect(pr).toMatchObject({ number: 2, head: { ref: 'topic' }, base: { ref: 'main' }, requested_reviewers: [{ login: 'mona' }] });
    expect((await octokit.rest.repos.getBranch({ ...R, branch: 'topic' })).data.commit.sha).toBe((pr.head as { sha: string }).sha);
    const merged = fakes.codeHosting.seed.pullRequest({ ...R, head: 'feature', merged: true });
    expect(merged).toMatchObject({ number: 3, merged: true, state: 'closed' });
    expect((await octokit.rest.repos.getBranch({ ...R, branch: 'main' })).data.commit.sha).toBe(merged.merge_commit_sha);

    const rc = fakes.codeHosting.seed.comment({ ...R, pull: 2, body: 'nit', path: 'a.ts', line: 4 });
    expect((await octokit.rest.pulls.getReviewComment({ ...R, comment_id: rc.id as number })).data).toMatchObject({ body: 'nit', path: 'a.ts', line: 4 });
    const cc = fakes.codeHosting.seed.comment({ ...R, commit: SHA, body: 'wow' });
    expect((await octokit.rest.repos.listCommentsForCommit({ ...R, commit_sha: SHA })).data.map((c) => c.id)).toEqual([cc.id]);
    const ic = fakes.codeHosting.seed.comment({ ...R, issue: 2, body: 'lgtm' });
    expect((await octokit.rest.issues.getComment({ ...R, comment_id: ic.id as number })).data.html_url).toBe(
      `https://github.com/octo/hello/pull/2#issuecomment-${ic.id}`,
    );

    // Strict options: a typo names the nearest valid key.
    expect(() => fakes.codeHosting.seed.issue({ ...R, titel: 'x' } as never)).toThrow(UnknownNameError);
    expect(() => fakes.codeHosting.seed.issue({ ...R, titel: 'x' } as never)).toThrow(/title/);
    expect(() => fakes.codeHosting.seed.pullRequest({ ...R, head: 'x', bsae: 'main' } as never)).toThrow(/base/);
    expect(() => fakes.codeHosting.seed.comment({ ...R, issue: 1, pull: 2, body: 'x' })).toThrow(/exactly one of issue, pull, commit/);
    expect(() => fakes.codeHosting.seed.issue({ owner: 'nobody', repo: 'here' })).toThrow(/seed.repo/);
  });

  it('seeding by path keeps the indexes: seeded issues, pulls and comments are listed, filtered and counted', async () => {
    fakes.codeHosting.seed.resources([
      ['/repos/octo/hello/issues/1', { title: 'seeded', labels: ['bug'], state: 'closed' }],
      ['/repos/octo/hello/pulls/2', { title: 'seeded pull', head: 'feature', base: 'main' }],
      ['/repos/octo/hello/issues/comments/900', { issue_number: 1, body: 'old' }],
    ]);
    expect((await octokit.rest.issues.listForRepo({ ...R, labels: 'bug', state: 'closed' })).data.map((i) => i.number)).toEqual([1]);
    expect((await octokit.rest.issues.get({ ...R, issue_number: 1 })).data.comments).toBe(1);
    expect((await octokit.rest.issues.getComment({ ...R, comment_id: 900 })).data.issue_url).toBe('https://api.github.com/repos/octo/hello/issues/1');
    expect((await octokit.rest.issues.get({ ...R, issue_number: 2 })).data.pull_request?.url).toBe('https://api.github.com/repos/octo/hello/pulls/2');
    expect((await octokit.rest.pulls.get({ ...R, pull_number: 2 })).data.head).toMatchObject({ ref: 'feature', sha: SHA });
    // Created objects take the next number and never an id a seed holds.
    expect((await octokit.rest.issues.create({ ...R, title: 'new' })).data.number).toBe(3);
    const c = (await octokit.rest.issues.createComment({ ...R, issue_number: 3, body: 'x' })).data;
    expect(c.id).toBeGreaterThan(900);
  });

  it('populated answers validate against GitHub’s OpenAPI description', async () => {
    const o = oracle('api.github.com');
    fakes.codeHosting.seed.issue({ ...R, title: 'a', labels: ['bug'], assignees: ['mona'], milestone: 'v1', comments: ['x'] });
    const pr = (await octokit.rest.pulls.create({ ...R, title: 'F', head: 'feature', base: 'main' })).data;
    await octokit.rest.issues.update({ ...R, issue_number: 1, title: 'b', state: 'closed', labels: [], milestone: null });
    await octokit.rest.issues.lock({ ...R, issue_number: 1, lock_reason: 'spam' });
    await octokit.rest.pulls.requestReviewers({ ...R, pull_number: pr.number, reviewers: ['mona'] });
    await octokit.rest.pulls.createReview({ ...R, pull_number: pr.number, event: 'COMMENT', body: 'b', comments: [{ path: 'a', position: 1, body: 'c' }] });
    await octokit.rest.reactions.createForIssue({ ...R, issue_number: 1, content: 'heart' });
    await octokit.rest.repos.createCommitComment({ ...R, commit_sha: SHA, body: 'y' });
    const reads: Array<[string, Record<string, unknown>]> = [
      ['GET /repos/{owner}/{repo}/issues', { state: 'all' }],
      ['GET /repos/{owner}/{repo}/issues/{issue_number}', { issue_number: 1 }],
      ['GET /repos/{owner}/{repo}/issues/{issue_number}/events', { issue_number: 1 }],
      ['GET /repos/{owner}/{repo}/issues/{issue_number}/timeline', { issue_number: 1 }],
      ['GET /repos/{owner}/{repo}/issues/{issue_number}/timeline', { issue_number: pr.number }],
      ['GET /repos/{owner}/{repo}/issues/events', {}],
      ['GET /repos/{owner}/{repo}/issues/comments', {}],
      ['GET /repos/{owner}/{repo}/issues/{issue_number}/reactions', { issue_number: 1 }],
      ['GET /repos/{owner}/{repo}/pulls', {}],
      ['GET /repos/{owner}/{repo}/pulls/{pull_number}', { pull_number: pr.number }],
      ['GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews', { pull_number: pr.number }],
      ['GET /repos/{owner}/{repo}/pulls/comments', {}],
      ['GET /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers', { pull_number: pr.number }],
      ['GET /repos/{owner}/{repo}/comments', {}],
      ['GET /repos/{owner}/{repo}/milestones', { state: 'all' }],
      ['GET /repos/{owner}/{repo}/assignees', {}],
    ];
    const problems: string[] = [];
    for (const [route, params] of reads) {
      const res = await octokit.request(route, { ...R, ...params });
      const [method, path] = route.split(' ') as [string, string];
      const validate = o.validator(path, method, res.status);
      if (Array.isArray(res.data) && res.data.length === 0) problems.push(`${route}: empty, nothing validated`);
      if (validate && !validate(res.data)) problems.push(`${route}: ${JSON.stringify(validate.errors?.slice(0, 2))}`);
    }
    const merged = await octokit.rest.pulls.merge({ ...R, pull_number: pr.number });
    const validate = o.validator('/repos/{owner}/{repo}/pulls/{pull_number}/merge', 'PUT', merged.status);
    if (validate && !validate(merged.data)) problems.push(`merge: ${JSON.stringify(validate.errors)}`);
    expect(problems).toEqual([]);
    // Compiling validators over GitHub's whole description takes seconds on a busy machine.
  }, 90_000);
});
