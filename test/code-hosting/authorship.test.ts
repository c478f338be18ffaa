import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// Who may change what on issues, pull requests, comments, reviews and reactions, from GitHub's
// "Repository roles for an organization" table (Read: open issues, comment, edit and delete their own
// comments, close the issues they opened and reopen those they closed; Triage: apply labels, close,
// reopen and assign all issues and pull requests, request reviews; Write: edit and delete anyone's
// comments, lock conversations, merge) and the REST descriptions ("Issue owners and users with push
// access or Triage role can edit an issue"; labels, assignees and milestone of a user without the role
// "are silently dropped"). GitHub refuses a change to an item the user can see with 403 `Must have admin
// rights to Repository.` (recorded for POST .../issues/{n}/labels and PATCH .../issues/{n}), and hides
// repository routes above the user's role with 404 (recorded for POST .../labels and PUT .../merge).

const R = { owner: 'acme', repo: 'site' };
const ADMIN_RIGHTS = 'Must have admin rights to Repository.';

async function refusal(p: Promise<unknown>): Promise<[number, string | undefined]> {
  try {
    await p;
    return [200, undefined];
  } catch (e) {
    const err = e as { status: number; response?: { data?: { message?: string } } };
    return [err.status, err.response?.data?.message];
  }
}

describe('authorship and roles on issues, pulls, comments, reviews and reactions', () => {
  let fakes: Fakes;
  const as = (login: string) => new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login, scopes: ['repo'] }), request: { retries: 0 } });
  let alice: Octokit; // organization owner: admin
  let bob: Octokit; // no role: reads a public repository
  let tina: Octokit; // outside collaborator, triage
  let walt: Octokit; // outside collaborator, write
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R, private: false, ownerType: 'Organization' });
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/alice', { role: 'admin' });
    fakes.codeHosting.seed.resource('/repos/acme/site/collaborators/tina', { permission: 'triage' });
    fakes.codeHosting.seed.resource('/repos/acme/site/collaborators/walt', { permission: 'push' });
    alice = as('alice');
    bob = as('bob');
    tina = as('tina');
    walt = as('walt');
  });
  afterEach(() => fakes.uninstall());

  it("someone without a role opens issues and comments, edits only their own; alice's comment and issue are refused with 403", async () => {
    const hers = (await alice.rest.issues.create({ ...R, title: 'Roadmap', labels: ['plan'] })).data;
    const herComment = (await alice.rest.issues.createComment({ ...R, issue_number: hers.number, body: 'first' })).data;

    const mine = await bob.rest.issues.createComment({ ...R, issue_number: hers.number, body: 'me too' });
    expect(mine.status).toBe(201);
    expect((await bob.rest.issues.updateComment({ ...R, comment_id: mine.data.id, body: 'me three' })).data.body).toBe('me three');
    expect((await bob.rest.issues.deleteComment({ ...R, comment_id: mine.data.id })).status).toBe(204);

    expect(await refusal(bob.rest.issues.updateComment({ ...R, comment_id: herComment.id, body: 'defaced' }))).toEqual([403, ADMIN_RIGHTS]);
    expect(await refusal(bob.rest.issues.deleteComment({ ...R, comment_id: herComment.id }))).toEqual([403, ADMIN_RIGHTS]);
    expect(await refusal(bob.rest.issues.update({ ...R, issue_number: hers.number, title: 'mine now' }))).toEqual([403, ADMIN_RIGHTS]);
    expect(await refusal(bob.rest.issues.update({ ...R, issue_number: hers.number, labels: ['spam'] }))).toEqual([403, ADMIN_RIGHTS]);
    expect(await refusal(bob.rest.issues.update({ ...R, issue_number: hers.number, state: 'closed' }))).toEqual([403, ADMIN_RIGHTS]);
    expect(await refusal(bob.rest.issues.addLabels({ ...R, issue_number: hers.number, labels: ['spam'] }))).toEqual([403, ADMIN_RIGHTS]);
    expect(await refusal(bob.rest.issues.lock({ ...R, issue_number: hers.number }))).toEqual([403, ADMIN_RIGHTS]);

    // Nothing of it landed.
    const after = (await alice.rest.issues.get({ ...R, issue_number: hers.number })).data;
    expect([after.title, after.state, after.labels.map((l) => (typeof l === 'string' ? l : l.name))]).toEqual(['Roadmap', 'open', ['plan']]);
    expect((await alice.rest.issues.getComment({ ...R, comment_id: herComment.id })).data.body).toBe('first');

    // Repository routes above the role are hidden, as GitHub hides them.
    expect(await refusal(bob.rest.issues.createLabel({ ...R, name: 'bug' }))).toEqual([404, 'Not Found']);
    expect(await refusal(bob.rest.issues.createMilestone({ ...R, title: 'v1' }))).toEqual([404, 'Not Found']);
  });

  it('the author edits and closes their own issue, reopens it if they closed it; labels, assignees, milestone are silently dropped below triage', async () => {
    await alice.rest.issues.createLabel({ ...R, name: 'bug' });
    const created = await bob.rest.issues.create({ ...R, title: 'Crash', labels: ['bug'], assignees: ['alice'] });
    expect([created.status, created.data.labels, created.data.assignees]).toEqual([201, [], []]);
    const n = created.data.number;

    const edited = await bob.rest.issues.update({ ...R, issue_number: n, title: 'Crash on start', body: 'steps', labels: ['bug'] });
    expect([edited.data.title, edited.data.body, edited.data.labels]).toEqual(['Crash on start', 'steps', []]);
    const added = await bob.rest.issues.addAssignees({ ...R, issue_number: n, assignees: ['alice'] });
    expect([added.status, added.data.assignees]).toEqual([201, []]);

    expect((await bob.rest.issues.update({ ...R, issue_number: n, state: 'closed' })).data.state).toBe('closed');
    expect((await bob.rest.issues.update({ ...R, issue_number: n, state: 'open' })).data.state).toBe('open');
    // Closed by a triager, the author may not reopen it.
    expect((await tina.rest.issues.update({ ...R, issue_number: n, state: 'closed' })).data.state).toBe('closed');
    expect(await refusal(bob.rest.issues.update({ ...R, issue_number: n, state: 'open' }))).toEqual([403, ADMIN_RIGHTS]);
  });

  it('triage applies labels, assigns, closes and retitles anyone’s issue, but edits neither its body nor others’ comments; write does', async () => {
    const hers = (await alice.rest.issues.create({ ...R, title: 'Roadmap', body: 'plan' })).data;
    const herComment = (await alice.rest.issues.createComment({ ...R, issue_number: hers.number, body: 'first' })).data;

    expect((await tina.rest.issues.addLabels({ ...R, issue_number: hers.number, labels: ['triaged'] })).status).toBe(200);
    expect((await tina.rest.issues.addAssignees({ ...R, issue_number: hers.number, assignees: ['walt'] })).data.assignees?.map((a) => a.login)).toEqual([
      'walt',
    ]);
    const retitled = await tina.rest.issues.update({ ...R, issue_number: hers.number, title: 'Roadmap 2024', state: 'closed' });
    expect([retitled.data.title, retitled.data.state]).toEqual(['Roadmap 2024', 'closed']);
    expect(await refusal(tina.rest.issues.update({ ...R, issue_number: hers.number, body: 'rewritten' }))).toEqual([403, ADMIN_RIGHTS]);
    expect(await refusal(tina.rest.issues.updateComment({ ...R, comment_id: herComment.id, body: 'edited' }))).toEqual([403, ADMIN_RIGHTS]);
    expect(await refusal(tina.rest.issues.lock({ ...R, issue_number: hers.number }))).toEqual([403, ADMIN_RIGHTS]);
    // Creating labels is Write's: hidden from triage.
    expect(await refusal(tina.rest.issues.createLabel({ ...R, name: 'bug' }))).toEqual([404, 'Not Found']);

    expect((await walt.rest.issues.update({ ...R, issue_number: hers.number, body: 'rewritten' })).data.body).toBe('rewritten');
    expect((await walt.rest.issues.updateComment({ ...R, comment_id: herComment.id, body: 'moderated' })).data.body).toBe('moderated');
    expect((await walt.rest.issues.lock({ ...R, issue_number: hers.number })).status).toBe(204);
    expect((await walt.rest.issues.deleteComment({ ...R, comment_id: herComment.id })).status).toBe(204);
  });

  it('a locked conversation takes comments and reactions from write only', async () => {
    const n = (await alice.rest.issues.create({ ...R, title: 'Heated' })).data.number;
    await alice.rest.issues.lock({ ...R, issue_number: n, lock_reason: 'too heated' });
    expect(await refusal(bob.rest.issues.createComment({ ...R, issue_number: n, body: '!!!' }))).toEqual([403, ADMIN_RIGHTS]);
    expect(await refusal(bob.rest.reactions.createForIssue({ ...R, issue_number: n, content: '-1' }))).toEqual([403, ADMIN_RIGHTS]);
    expect((await walt.rest.issues.createComment({ ...R, issue_number: n, body: 'Locked, see #1' })).status).toBe(201);
  });

  it('reactions are deleted by whoever reacted; review comments and commit comments follow the comment rule', async () => {
    const n = (await alice.rest.issues.create({ ...R, title: 'Idea' })).data.number;
    const hers = (await alice.rest.reactions.createForIssue({ ...R, issue_number: n, content: 'heart' })).data;
    const his = (await bob.rest.reactions.createForIssue({ ...R, issue_number: n, content: '+1' })).data;
    expect(await refusal(bob.rest.reactions.deleteForIssue({ ...R, issue_number: n, reaction_id: hers.id }))).toEqual([403, ADMIN_RIGHTS]);
    expect((await bob.rest.reactions.deleteForIssue({ ...R, issue_number: n, reaction_id: his.id })).status).toBe(204);

    const sha = fakes.codeHosting.seed.file({ ...R, path: 'README.md', content: 'hi\n' }).sha;
    const note = (await alice.rest.repos.createCommitComment({ ...R, commit_sha: sha, body: 'nice' })).data;
    expect(await refusal(bob.rest.repos.updateCommitComment({ ...R, comment_id: note.id, body: 'meh' }))).toEqual([403, ADMIN_RIGHTS]);
    expect(await refusal(bob.rest.repos.deleteCommitComment({ ...R, comment_id: note.id }))).toEqual([403, ADMIN_RIGHTS]);
    expect((await walt.rest.repos.updateCommitComment({ ...R, comment_id: note.id, body: 'nice!' })).data.body).toBe('nice!');
  });

  it('a pull request is updated by its author or write, closed by triage; reviews are their author’s; merging is write’s (404 below)', async () => {
    fakes.codeHosting.seed.commit({ ...R, branch: 'feature', files: { 'feature.txt': 'new\n' }, message: 'Add the feature' });
    const pr = (await alice.rest.pulls.create({ ...R, title: 'Feature', head: 'feature', base: 'main' })).data;
    expect(await refusal(bob.rest.pulls.update({ ...R, pull_number: pr.number, title: 'Hijack' }))).toEqual([403, ADMIN_RIGHTS]);
    expect(await refusal(tina.rest.pulls.update({ ...R, pull_number: pr.number, title: 'Renamed' }))).toEqual([403, ADMIN_RIGHTS]);
    expect((await tina.rest.pulls.update({ ...R, pull_number: pr.number, state: 'closed' })).data.state).toBe('closed');
    expect((await alice.rest.pulls.update({ ...R, pull_number: pr.number, state: 'open', title: 'Feature!' })).data.title).toBe('Feature!');

    const review = (await bob.rest.pulls.createReview({ ...R, pull_number: pr.number, event: 'COMMENT', body: 'looks good' })).data;
    expect(await refusal(tina.rest.pulls.updateReview({ ...R, pull_number: pr.number, review_id: review.id, body: 'edited' }))).toEqual([403, ADMIN_RIGHTS]);
    expect((await bob.rest.pulls.updateReview({ ...R, pull_number: pr.number, review_id: review.id, body: 'LGTM' })).data.body).toBe('LGTM');
    const pending = (await walt.rest.pulls.createReview({ ...R, pull_number: pr.number })).data;
    // Someone else's pending review is not there for them.
    expect(await refusal(bob.rest.pulls.deletePendingReview({ ...R, pull_number: pr.number, review_id: pending.id }))).toEqual([404, 'Not Found']);

    expect(await refusal(tina.rest.pulls.requestReviewers({ ...R, pull_number: pr.number, reviewers: ['walt'] }))).toEqual([200, undefined]);
    expect(await refusal(bob.rest.pulls.requestReviewers({ ...R, pull_number: pr.number, reviewers: ['walt'] }))).toEqual([403, ADMIN_RIGHTS]);
    expect(await refusal(tina.rest.pulls.merge({ ...R, pull_number: pr.number }))).toEqual([404, 'Not Found']);
    expect((await walt.rest.pulls.merge({ ...R, pull_number: pr.number })).data.merged).toBe(true);
  });

  it('a private repository the user has no role on is 404 on every write; lenient callers act as its owner', async () => {
    fakes.codeHosting.seed.repo({ owner: 'acme', repo: 'vault', private: true, ownerType: 'Organization' });
    const n = (await alice.rest.issues.create({ owner: 'acme', repo: 'vault', title: 'secret' })).data.number;
    expect(await refusal(bob.rest.issues.createComment({ owner: 'acme', repo: 'vault', issue_number: n, body: 'x' }))).toEqual([404, 'Not Found']);
    expect(await refusal(bob.rest.issues.update({ owner: 'acme', repo: 'vault', issue_number: n, title: 'x' }))).toEqual([404, 'Not Found']);

    // Without seeded tokens (lenient mode), any token acts as the owner: nothing is refused.
    const lenient = createFakes({ clock: '2024-03-01T10:00:00Z' });
    lenient.codeHosting.seed.repo({ ...R, private: false });
    const o = new Octokit({ auth: 'anything', request: { retries: 0, fetch: lenient.fetch } });
    lenient.codeHosting.seed.issue({ ...R, title: 'seeded', user: 'mona' });
    expect((await o.rest.issues.update({ ...R, issue_number: 1, title: 'renamed', labels: ['x'] })).data.labels.length).toBe(1);
  });
});
