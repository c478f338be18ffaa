import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// Issues and pull requests through the real Octokit: each object created under one path and read
// under GitHub's other paths for it, comparing fields. The fake acts as `octocat` (lenient mode) in
// the repository `octo/hello`.

const R = { owner: 'octo', repo: 'hello' } as const;
const API = 'https://api.github.com';

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (e) {
    return (e as { status: number }).status;
  }
}

describe('issues and pull requests: one object, every path', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R });
    fakes.codeHosting.seed.resource('/repos/octo/hello/branches/feature', { commit: { sha: 'f'.repeat(40) } });
    octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it('issues and pulls share one number sequence; a pull is also issue n, an issue is no pull', async () => {
    const one = await octokit.rest.issues.create({ ...R, title: 'one' });
    const pr = await octokit.rest.pulls.create({ ...R, title: 'two', head: 'feature', base: 'main', body: 'Adds @mona' });
    const three = await octokit.rest.issues.create({ ...R, title: 'three' });
    expect([one.data.number, pr.data.number, three.data.number]).toEqual([1, 2, 3]);

    const asIssue = (await octokit.rest.issues.get({ ...R, issue_number: 2 })).data;
    expect(asIssue).toMatchObject({ number: 2, title: 'two', body: 'Adds @mona', state: 'open', user: { login: pr.data.user.login } });
    expect(asIssue.pull_request).toMatchObject({ url: pr.data.url, html_url: pr.data.html_url, merged_at: null });
    expect(asIssue.html_url).toBe(pr.data.html_url);
    expect(pr.data.issue_url).toBe(asIssue.url);
    expect(pr.data.comments_url).toBe(asIssue.comments_url);
    expect(pr.data.id).not.toBe(asIssue.id);

    const listed = await octokit.rest.issues.listForRepo(R);
    expect(listed.data.map((i) => [i.number, Boolean(i.pull_request)])).toEqual([
      [3, false],
      [2, true],
      [1, false],
    ]);
    expect((await octokit.rest.pulls.list(R)).data.map((p) => p.number)).toEqual([2]);
    expect(await status(octokit.rest.pulls.get({ ...R, pull_number: 1 }))).toBe(404);
    expect(await status(octokit.rest.pulls.get({ ...R, pull_number: 4 }))).toBe(404);
    // The repository counts open issues and pulls alike.
    expect((await octokit.rest.repos.get(R)).data).toMatchObject({ open_issues_count: 3, open_issues: 3 });

    // A change through the issue path shows through the pull path, and the other way round.
    await octokit.rest.issues.update({ ...R, issue_number: 2, title: 'two!', labels: ['x'], assignees: ['mona'] });
    const viaPull = (await octokit.rest.pulls.get({ ...R, pull_number: 2 })).data;
    expect(viaPull).toMatchObject({ title: 'two!', labels: [{ name: 'x' }], assignee: { login: 'mona' }, assignees: [{ login: 'mona' }] });
    await octokit.rest.pulls.update({ ...R, pull_number: 2, body: 'changed', state: 'closed' });
    expect((await octokit.rest.issues.get({ ...R, issue_number: 2 })).data).toMatchObject({ body: 'changed', state: 'closed' });
    expect((await octokit.rest.repos.get(R)).data.open_issues_count).toBe(2);
  });

  it('issue comments: created under the issue, read by id, listed per issue and per repository, counted', async () => {
    await octokit.rest.issues.create({ ...R, title: 'Bug' });
    fakes.clock.advance('1h');
    const made = (await octokit.rest.issues.createComment({ ...R, issue_number: 1, body: 'Seen it' })).data;
    expect(made.url).toBe(`${API}/repos/octo/hello/issues/comments/${made.id}`);
    expect(made.issue_url).toBe(`${API}/repos/octo/hello/issues/1`);
    expect(made.html_url).toBe(`https://github.com/octo/hello/issues/1#issuecomment-${made.id}`);

    const byId = (await octokit.rest.issues.getComment({ ...R, comment_id: made.id })).data;
    expect(byId).toMatchObject({ id: made.id, body: 'Seen it', user: { login: made.user?.login }, created_at: made.created_at, issue_url: made.issue_url });
    const underIssue = (await octokit.rest.issues.listComments({ ...R, issue_number: 1 })).data;
    expect(underIssue.map((c) => [c.id, c.body])).toEqual([[made.id, 'Seen it']]);
    const repoWide = (await octokit.rest.issues.listCommentsForRepo(R)).data;
    expect(repoWide.map((c) => c.id)).toEqual([made.id]);
    // The issue_url leads back to the issue, whose counter and updated_at followed.
    const issue = (await octokit.request(`GET ${made.issue_url}`)).data as { number: number; comments: number; updated_at: string };
    expect(issue).toMatchObject({ number: 1, comments: 1, updated_at: '2024-01-10T01:00:00.000Z' });

    fakes.clock.advance('1h');
    const edited = (await octokit.rest.issues.updateComment({ ...R, comment_id: made.id, body: 'Fixed' })).data;
    expect(edited.updated_at).toBe('2024-01-10T02:00:00.000Z');
    expect((await octokit.rest.issues.listComments({ ...R, issue_number: 1 })).data[0]?.body).toBe('Fixed');
    expect((await octokit.rest.issues.getComment({ ...R, comment_id: made.id })).data.body).toBe('Fixed');

    await octokit.rest.issues.deleteComment({ ...R, comment_id: made.id });
    expect(await status(octokit.rest.issues.getComment({ ...R, comment_id: made.id }))).toBe(404);
    expect((await octokit.rest.issues.listCommentsForRepo(R)).data).toEqual([]);
    expect((await octokit.rest.issues.get({ ...R, issue_number: 1 })).data.comments).toBe(0);
  });

  it('reviews and review comments: by pull, by review, by id and repository-wide', async () => {
    const pr = (await octokit.rest.pulls.create({ ...R, title: 'Feature', head: 'feature', base: 'main' })).data;
    const review = (
      await octokit.rest.pulls.createReview({
        ...R,
        pull_number: pr.number,
        event: 'COMMENT',
        body: 'Some notes',
        comments: [{ path: 'a.txt', position: 1, body: 'typo' }],
      })
    ).data;
    expect(review).toMatchObject({ state: 'COMMENTED', body: 'Some notes', commit_id: pr.head.sha, pull_request_url: pr.url });
    const onPull = (await octokit.rest.pulls.listReviewComments({ ...R, pull_number: pr.number })).data;
    expect(onPull).toHaveLength(1);
    const comment = onPull[0] as (typeof onPull)[number];
    expect(comment).toMatchObject({ body: 'typo', path: 'a.txt', pull_request_review_id: review.id, pull_request_url: pr.url, commit_id: pr.head.sha });
    expect(comment.url).toBe(`${API}/repos/octo/hello/pulls/comments/${comment.id}`);
    expect((await octokit.rest.pulls.getReviewComment({ ...R, comment_id: comment.id })).data).toMatchObject({ id: comment.id, body: 'typo' });
    expect((await octokit.rest.pulls.listCommentsForReview({ ...R, pull_number: pr.number, review_id: review.id })).data.map((c) => c.id)).toEqual([
      comment.id,
    ]);
    expect((await octokit.rest.pulls.listReviewCommentsForRepo(R)).data.map((c) => c.id)).toEqual([comment.id]);
    expect((await octokit.rest.pulls.getReview({ ...R, pull_number: pr.number, review_id: review.id })).data).toMatchObject({
      id: review.id,
      state: 'COMMENTED',
    });
    expect((await octokit.rest.pulls.get({ ...R, pull_number: pr.number })).data.review_comments).toBe(1);

    // A comment outside a review gets a COMMENTED review of its own; a reply points at its parent.
    const single = (await octokit.rest.pulls.createReviewComment({ ...R, pull_number: pr.number, body: 'nit', commit_id: pr.head.sha, path: 'b.txt', line: 2 }))
      .data;
    expect(single.pull_request_review_id).not.toBe(review.id);
    const own = (await octokit.rest.pulls.getReview({ ...R, pull_number: pr.number, review_id: single.pull_request_review_id as number })).data;
    expect(own.state).toBe('COMMENTED');
    const reply = (await octokit.rest.pulls.createReplyForReviewComment({ ...R, pull_number: pr.number, comment_id: single.id, body: 'done' })).data;
    expect(reply).toMatchObject({ in_reply_to_id: single.id, path: 'b.txt', body: 'done' });
    expect((await octokit.rest.pulls.listReviews({ ...R, pull_number: pr.number })).data).toHaveLength(3);

    await octokit.rest.pulls.updateReviewComment({ ...R, comment_id: single.id, body: 'nit!' });
    expect((await octokit.rest.pulls.listReviewComments({ ...R, pull_number: pr.number })).data.find((c) => c.id === single.id)?.body).toBe('nit!');
    await octokit.rest.pulls.deleteReviewComment({ ...R, comment_id: single.id });
    expect(await status(octokit.rest.pulls.getReviewComment({ ...R, comment_id: single.id }))).toBe(404);
    expect((await octokit.rest.pulls.get({ ...R, pull_number: pr.number })).data.review_comments).toBe(2);
  });

  it('commit comments: under the commit, by id and repository-wide', async () => {
    const sha = 'f'.repeat(40);
    const made = (await octokit.rest.repos.createCommitComment({ ...R, commit_sha: sha, body: 'Nice', path: 'a.txt', line: 3 })).data;
    expect(made).toMatchObject({ commit_id: sha, body: 'Nice', path: 'a.txt', line: 3, url: `${API}/repos/octo/hello/comments/${made.id}` });
    expect((await octokit.rest.repos.getCommitComment({ ...R, comment_id: made.id })).data).toMatchObject({ id: made.id, commit_id: sha, body: 'Nice' });
    expect((await octokit.rest.repos.listCommentsForCommit({ ...R, commit_sha: sha })).data.map((c) => c.id)).toEqual([made.id]);
    expect((await octokit.rest.repos.listCommentsForCommit({ ...R, commit_sha: 'e'.repeat(40) })).data).toEqual([]);
    expect((await octokit.rest.repos.listCommitCommentsForRepo(R)).data.map((c) => c.id)).toEqual([made.id]);
    await octokit.rest.repos.updateCommitComment({ ...R, comment_id: made.id, body: 'Nicer' });
    expect((await octokit.rest.repos.listCommitCommentsForRepo(R)).data[0]?.body).toBe('Nicer');
    await octokit.rest.repos.deleteCommitComment({ ...R, comment_id: made.id });
    expect((await octokit.rest.repos.listCommentsForCommit({ ...R, commit_sha: sha })).data).toEqual([]);
  });

  it('labels: created on the fly as GitHub does, renamed and deleted on every issue that has them', async () => {
    await octokit.rest.issues.create({ ...R, title: 'a', labels: ['bug'] });
    await octokit.rest.issues.create({ ...R, title: 'b', labels: ['bug', 'ui'] });
    const bug = (await octokit.rest.issues.getLabel({ ...R, name: 'bug' })).data;
    expect(bug).toMatchObject({ name: 'bug', color: 'ededed', url: `${API}/repos/octo/hello/labels/bug` });
    expect((await octokit.rest.issues.listLabelsOnIssue({ ...R, issue_number: 2 })).data.map((l) => [l.name, l.id])).toEqual([
      ['bug', bug.id],
      ['ui', expect.any(Number)],
    ]);
    await octokit.rest.issues.updateLabel({ ...R, name: 'bug', new_name: 'defect', color: 'ff0000' });
    const renamed = (await octokit.rest.issues.get({ ...R, issue_number: 1 })).data.labels[0];
    expect(renamed).toMatchObject({ name: 'defect', color: 'ff0000', id: bug.id });
    expect((await octokit.rest.issues.listForRepo({ ...R, labels: 'defect' })).data.map((i) => i.number)).toEqual([2, 1]);
    expect((await octokit.rest.issues.listForRepo({ ...R, labels: 'bug' })).data).toEqual([]);
    expect(await status(octokit.rest.issues.getLabel({ ...R, name: 'bug' }))).toBe(404);

    await octokit.rest.issues.deleteLabel({ ...R, name: 'defect' });
    expect((await octokit.rest.issues.get({ ...R, issue_number: 2 })).data.labels.map((l) => (typeof l === 'string' ? l : l.name))).toEqual(['ui']);

    // Labels on one issue: add, remove one, set, remove all.
    expect((await octokit.rest.issues.addLabels({ ...R, issue_number: 1, labels: ['p1', 'p2'] })).data.map((l) => l.name)).toEqual(['p1', 'p2']);
    expect((await octokit.rest.issues.removeLabel({ ...R, issue_number: 1, name: 'p1' })).data.map((l) => l.name)).toEqual(['p2']);
    expect(await status(octokit.rest.issues.removeLabel({ ...R, issue_number: 1, name: 'p1' }))).toBe(404);
    expect((await octokit.rest.issues.setLabels({ ...R, issue_number: 1, labels: ['x'] })).data.map((l) => l.name)).toEqual(['x']);
    await octokit.rest.issues.removeAllLabels({ ...R, issue_number: 1 });
    expect((await octokit.rest.issues.listLabelsOnIssue({ ...R, issue_number: 1 })).data).toEqual([]);
    expect((await octokit.rest.issues.listLabelsForRepo(R)).data.map((l) => l.name).sort()).toEqual(['p1', 'p2', 'ui', 'x']);
  });

  it('assignees: set on issues, added and removed, and listed as the repository’s assignees', async () => {
    await octokit.rest.issues.create({ ...R, title: 'a', assignees: ['mona'] });
    await octokit.rest.issues.addAssignees({ ...R, issue_number: 1, assignees: ['hubot'] });
    expect((await octokit.rest.issues.get({ ...R, issue_number: 1 })).data.assignees?.map((a) => a.login)).toEqual(['mona', 'hubot']);
    expect((await octokit.rest.issues.listForRepo({ ...R, assignee: 'hubot' })).data.map((i) => i.number)).toEqual([1]);
    await octokit.rest.issues.removeAssignees({ ...R, issue_number: 1, assignees: ['mona'] });
    const after = (await octokit.rest.issues.get({ ...R, issue_number: 1 })).data;
    expect(after.assignee?.login).toBe('hubot');
    expect((await octokit.rest.issues.listForRepo({ ...R, assignee: 'mona' })).data).toEqual([]);
    expect((await octokit.rest.issues.listAssignees(R)).data.map((u) => u.login)).toEqual(['octo', 'mona', 'hubot']);
    expect(await status(octokit.rest.issues.checkUserCanBeAssigned({ ...R, assignee: 'hubot' }))).toBe(200);
    expect(await status(octokit.rest.issues.checkUserCanBeAssigned({ ...R, assignee: 'nobody' }))).toBe(404);
    expect(await status(octokit.rest.issues.checkUserCanBeAssignedToIssue({ ...R, issue_number: 1, assignee: 'hubot' }))).toBe(200);
  });

  it('milestones: issues link to them, open_issues and closed_issues follow every change', async () => {
    const m = (await octokit.rest.issues.createMilestone({ ...R, title: 'v1', due_on: '2024-02-01T00:00:00Z' })).data;
    expect(m).toMatchObject({ number: 1, title: 'v1', open_issues: 0, closed_issues: 0, state: 'open' });
    await octokit.rest.issues.create({ ...R, title: 'a', milestone: 1 });
    await octokit.rest.issues.create({ ...R, title: 'b', milestone: 1 });
    await octokit.rest.issues.create({ ...R, title: 'c' });
    await octokit.rest.issues.update({ ...R, issue_number: 2, state: 'closed' });
    const got = (await octokit.rest.issues.getMilestone({ ...R, milestone_number: 1 })).data;
    expect(got).toMatchObject({ open_issues: 1, closed_issues: 1, title: 'v1' });
    const onIssue = (await octokit.rest.issues.get({ ...R, issue_number: 1 })).data.milestone;
    expect(onIssue).toMatchObject({ number: 1, title: 'v1', open_issues: 1, closed_issues: 1, url: got.url });
    expect((await octokit.rest.issues.listMilestones(R)).data.map((x) => [x.number, x.open_issues, x.closed_issues])).toEqual([[1, 1, 1]]);
    await octokit.rest.issues.update({ ...R, issue_number: 3, milestone: 1 });
    await octokit.rest.issues.update({ ...R, issue_number: 1, milestone: null });
    expect((await octokit.rest.issues.getMilestone({ ...R, milestone_number: 1 })).data).toMatchObject({ open_issues: 1, closed_issues: 1 });
    expect((await octokit.rest.issues.listForRepo({ ...R, milestone: '1', state: 'all' })).data.map((i) => i.number)).toEqual([3, 2]);
    expect(await status(octokit.rest.issues.create({ ...R, title: 'd', milestone: 9 }))).toBe(422);
    await octokit.rest.issues.deleteMilestone({ ...R, milestone_number: 1 });
    expect((await octokit.rest.issues.get({ ...R, issue_number: 3 })).data.milestone).toBeNull();
    expect((await octokit.rest.issues.listForRepo({ ...R, milestone: 'none', state: 'all' })).data.map((i) => i.number)).toEqual([3, 2, 1]);
  });

  it('closing sets state, state_reason, closed_at and closed_by; reopening clears them; both are events', async () => {
    await octokit.rest.issues.create({ ...R, title: 'a' });
    fakes.clock.advance('2h');
    const closed = (await octokit.rest.issues.update({ ...R, issue_number: 1, state: 'closed', state_reason: 'not_planned' })).data;
    expect(closed).toMatchObject({ state: 'closed', state_reason: 'not_planned', closed_at: '2024-01-10T02:00:00.000Z', closed_by: { login: 'octocat' } });
    expect((await octokit.rest.issues.get({ ...R, issue_number: 1 })).data).toMatchObject({ state: 'closed', closed_at: closed.closed_at });
    fakes.clock.advance('1h');
    const reopened = (await octokit.rest.issues.update({ ...R, issue_number: 1, state: 'open' })).data;
    expect(reopened).toMatchObject({ state: 'open', state_reason: 'reopened', closed_at: null, closed_by: null });

    const events = (await octokit.rest.issues.listEvents({ ...R, issue_number: 1 })).data;
    expect(events.map((e) => [e.event, e.actor?.login, e.created_at])).toEqual([
      ['closed', 'octocat', '2024-01-10T02:00:00.000Z'],
      ['reopened', 'octocat', '2024-01-10T03:00:00.000Z'],
    ]);
    const first = events[0] as (typeof events)[number];
    const byId = (await octokit.rest.issues.getEvent({ ...R, event_id: first.id })).data;
    expect(byId).toMatchObject({ id: first.id, event: 'closed', url: first.url, issue: { number: 1, state: 'open' } });
    expect((await octokit.rest.issues.listEventsForRepo(R)).data.map((e) => [e.event, e.issue?.number])).toEqual([
      ['reopened', 1],
      ['closed', 1],
    ]);
  });

  it('issue events and the timeline record what happened: labels, assignees, milestones, renames, locks, comments', async () => {
    await octokit.rest.issues.createMilestone({ ...R, title: 'v1' });
    await octokit.rest.issues.create({ ...R, title: 'old', labels: ['bug'] });
    fakes.clock.advance('1m');
    await octokit.rest.issues.update({ ...R, issue_number: 1, title: 'new', assignees: ['mona'], milestone: 1, labels: [] });
    await octokit.rest.issues.createComment({ ...R, issue_number: 1, body: 'hello' });
    await octokit.rest.issues.lock({ ...R, issue_number: 1, lock_reason: 'resolved' });
    expect((await octokit.rest.issues.get({ ...R, issue_number: 1 })).data).toMatchObject({ locked: true, active_lock_reason: 'resolved' });
    await octokit.rest.issues.unlock({ ...R, issue_number: 1 });
    const events = (await octokit.rest.issues.listEvents({ ...R, issue_number: 1 })).data as Array<Record<string, unknown>>;
    expect(events.map((e) => e.event)).toEqual(['labeled', 'unlabeled', 'assigned', 'milestoned', 'renamed', 'locked', 'unlocked']);
    expect(events[0]).toMatchObject({ label: { name: 'bug', color: 'ededed' } });
    expect(events[2]).toMatchObject({ assignee: { login: 'mona' } });
    expect(events[3]).toMatchObject({ milestone: { title: 'v1' } });
    expect(events[4]).toMatchObject({ rename: { from: 'old', to: 'new' } });
    expect(events[5]).toMatchObject({ lock_reason: 'resolved' });
    const timeline = (await octokit.rest.issues.listEventsForTimeline({ ...R, issue_number: 1 })).data as Array<Record<string, unknown>>;
    expect(timeline.map((e) => e.event)).toEqual(['labeled', 'unlabeled', 'assigned', 'milestoned', 'renamed', 'commented', 'locked', 'unlocked']);
    expect(timeline[5]).toMatchObject({ body: 'hello', actor: { login: 'octocat' } });
  });

  it('reactions on issues and on every kind of comment are counted in the reactions rollup', async () => {
    await octokit.rest.issues.create({ ...R, title: 'a' });
    const first = await octokit.rest.reactions.createForIssue({ ...R, issue_number: 1, content: '+1' });
    expect(first.status).toBe(201);
    const again = await octokit.rest.reactions.createForIssue({ ...R, issue_number: 1, content: '+1' });
    expect([again.status, again.data.id]).toEqual([200, first.data.id]);
    await octokit.rest.reactions.createForIssue({ ...R, issue_number: 1, content: 'heart' });
    const rollup = (await octokit.rest.issues.get({ ...R, issue_number: 1 })).data.reactions;
    expect(rollup).toMatchObject({ total_count: 2, '+1': 1, heart: 1, laugh: 0, url: `${API}/repos/octo/hello/issues/1/reactions` });
    expect((await octokit.rest.reactions.listForIssue({ ...R, issue_number: 1, content: 'heart' })).data.map((r) => r.content)).toEqual(['heart']);
    await octokit.rest.reactions.deleteForIssue({ ...R, issue_number: 1, reaction_id: first.data.id });
    expect((await octokit.rest.issues.listForRepo(R)).data[0]?.reactions).toMatchObject({ total_count: 1, '+1': 0, heart: 1 });

    const comment = (await octokit.rest.issues.createComment({ ...R, issue_number: 1, body: 'x' })).data;
    await octokit.rest.reactions.createForIssueComment({ ...R, comment_id: comment.id, content: 'rocket' });
    expect((await octokit.rest.issues.getComment({ ...R, comment_id: comment.id })).data.reactions).toMatchObject({ total_count: 1, rocket: 1 });
    expect((await octokit.rest.issues.listComments({ ...R, issue_number: 1 })).data[0]?.reactions?.rocket).toBe(1);

    const cc = (await octokit.rest.repos.createCommitComment({ ...R, commit_sha: 'f'.repeat(40), body: 'y' })).data;
    await octokit.rest.reactions.createForCommitComment({ ...R, comment_id: cc.id, content: 'eyes' });
    expect((await octokit.rest.repos.getCommitComment({ ...R, comment_id: cc.id })).data.reactions).toMatchObject({ total_count: 1, eyes: 1 });

    const pr = (await octokit.rest.pulls.create({ ...R, title: 'p', head: 'feature', base: 'main' })).data;
    const rc = (await octokit.rest.pulls.createReviewComment({ ...R, pull_number: pr.number, body: 'z', commit_id: pr.head.sha, path: 'a', line: 1 })).data;
    await octokit.rest.reactions.createForPullRequestReviewComment({ ...R, comment_id: rc.id, content: 'hooray' });
    expect((await octokit.rest.pulls.getReviewComment({ ...R, comment_id: rc.id })).data.reactions).toMatchObject({ total_count: 1, hooray: 1 });
    expect(await status(octokit.rest.reactions.createForIssue({ ...R, issue_number: 1, content: 'party' as never }))).toBe(422);
  });

  it('writes under a missing parent answer 404, never 201', async () => {
    await octokit.rest.issues.create({ ...R, title: 'a' });
    const missing = [
      octokit.rest.issues.createComment({ ...R, issue_number: 9, body: 'x' }),
      octokit.rest.issues.addLabels({ ...R, issue_number: 9, labels: ['x'] }),
      octokit.rest.issues.addAssignees({ ...R, issue_number: 9, assignees: ['mona'] }),
      octokit.rest.issues.lock({ ...R, issue_number: 9 }),
      octokit.rest.reactions.createForIssue({ ...R, issue_number: 9, content: '+1' }),
      octokit.rest.reactions.createForIssueComment({ ...R, comment_id: 999, content: '+1' }),
      octokit.rest.reactions.createForCommitComment({ ...R, comment_id: 999, content: '+1' }),
      octokit.rest.issues.updateComment({ ...R, comment_id: 999, body: 'x' }),
      // Issue #1 is no pull request: nothing pull-shaped hangs off it.
      octokit.rest.pulls.createReview({ ...R, pull_number: 1, event: 'APPROVE' }),
      octokit.rest.pulls.createReviewComment({ ...R, pull_number: 1, body: 'x', commit_id: 'f'.repeat(40), path: 'a' }),
      octokit.rest.pulls.requestReviewers({ ...R, pull_number: 1, reviewers: ['mona'] }),
      octokit.rest.pulls.merge({ ...R, pull_number: 1 }),
      octokit.rest.pulls.listReviews({ ...R, pull_number: 1 }),
      octokit.rest.issues.listComments({ ...R, issue_number: 9 }),
    ];
    expect(await Promise.all(missing.map(status))).toEqual(missing.map(() => 404));
    expect((await octokit.rest.issues.listCommentsForRepo(R)).data).toEqual([]);
  });

  it('every API url in the family’s bodies is a path the fake answers', async () => {
    await octokit.rest.issues.createMilestone({ ...R, title: 'v1' });
    await octokit.rest.issues.create({ ...R, title: 'a', labels: ['bug'], assignees: ['mona'], milestone: 1 });
    const comment = (await octokit.rest.issues.createComment({ ...R, issue_number: 1, body: 'x' })).data;
    await octokit.rest.reactions.createForIssue({ ...R, issue_number: 1, content: '+1' });
    const pr = (await octokit.rest.pulls.create({ ...R, title: 'p', head: 'feature', base: 'main' })).data;
    const review = (
      await octokit.rest.pulls.createReview({ ...R, pull_number: pr.number, event: 'COMMENT', body: 'b', comments: [{ path: 'a', position: 1, body: 'c' }] })
    ).data;
    const cc = (await octokit.rest.repos.createCommitComment({ ...R, commit_sha: 'f'.repeat(40), body: 'y' })).data;
    const bodies: unknown[] = [
      (await octokit.rest.issues.get({ ...R, issue_number: 1 })).data,
      (await octokit.rest.issues.get({ ...R, issue_number: pr.number })).data,
      (await octokit.rest.pulls.get({ ...R, pull_number: pr.number })).data,
      comment,
      review,
      (await octokit.rest.pulls.listReviewComments({ ...R, pull_number: pr.number })).data,
      cc,
      (await octokit.rest.issues.listEventsForRepo(R)).data,
      (await octokit.rest.issues.listEventsForTimeline({ ...R, issue_number: 1 })).data,
      (await octokit.rest.issues.getMilestone({ ...R, milestone_number: 1 })).data,
      (await octokit.rest.issues.getLabel({ ...R, name: 'bug' })).data,
    ];
    const urls = new Set<string>();
    const walk = (v: unknown, key: string, depth: number) => {
      if (typeof v === 'string' && (key === 'url' || key === 'href' || key.endsWith('_url')) && v.startsWith(`${API}/repos/octo/hello/`))
        urls.add(v.replace(/\{[^}]*\}/g, ''));
      // The family's own objects; accounts and the repository object belong to other families.
      else if (Array.isArray(v)) for (const x of v) walk(x, key, depth);
      else if (v && typeof v === 'object' && key !== 'repo' && key !== 'repository') for (const [k, x] of Object.entries(v)) walk(x, k, depth + 1);
    };
    for (const b of bodies) walk(b, '', 0);
    // GitHub's own statuses_url is its create-status path (POST only), not a read.
    for (const u of [...urls]) if (/\/statuses\//.test(u)) urls.delete(u);
    expect(urls.size).toBeGreaterThan(20);
    const failed: string[] = [];
    for (const u of urls) {
      const s = await status(octokit.request(`GET ${u}`));
      if (s >= 300) failed.push(`${u} → ${s}`);
    }
    expect(failed).toEqual([]);
  });
});
