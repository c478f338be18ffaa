import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// Each documented filter of the issue and pull lists (GitHub's OpenAPI parameters of
// issues/list-for-repo, pulls/list, issues/list-comments-for-repo, pulls/list-review-comments,
// issues/list-milestones) changes the answer as on GitHub, through the real Octokit.

const R = { owner: 'octo', repo: 'hello' } as const;
const numbers = (xs: Array<{ number: number }>) => xs.map((x) => x.number);

describe('list filters and ordering of issues and pull requests', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(async () => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R });
    octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
    // #1 bug, mona, milestone 1, by octo (seeded author)         created 00:00
    // #2 bug+ui, unassigned, by hubot, mentions @mona, closed     created 01:00
    // #3 ui, hubot, milestone 1, 2 comments                       created 02:00
    // #4 no labels, mona+hubot                                    created 03:00
    fakes.codeHosting.seed.issue({ ...R, title: 'one', labels: ['bug'], assignees: ['mona'], milestone: 'v1' });
    fakes.clock.advance('1h');
    fakes.codeHosting.seed.issue({ ...R, title: 'two', labels: ['bug', 'ui'], user: 'hubot', body: 'ping @mona', state: 'closed' });
    fakes.clock.advance('1h');
    fakes.codeHosting.seed.issue({ ...R, title: 'three', labels: ['ui'], assignees: ['hubot'], milestone: 1, comments: ['a', 'b'] });
    fakes.clock.advance('1h');
    fakes.codeHosting.seed.issue({ ...R, title: 'four', assignees: ['mona', 'hubot'] });
    fakes.clock.advance('1h');
  });
  afterEach(() => {
    fakes.uninstall();
  });

  const list = async (q: Record<string, string | number> = {}) => numbers((await octokit.rest.issues.listForRepo({ ...R, ...q })).data);

  it('state: open by default, closed, all', async () => {
    expect(await list()).toEqual([4, 3, 1]);
    expect(await list({ state: 'closed' })).toEqual([2]);
    expect(await list({ state: 'all' })).toEqual([4, 3, 2, 1]);
  });

  it('labels: every listed label (AND), case-insensitive', async () => {
    expect(await list({ labels: 'bug', state: 'all' })).toEqual([2, 1]);
    expect(await list({ labels: 'bug,ui', state: 'all' })).toEqual([2]);
    expect(await list({ labels: 'UI' })).toEqual([3]);
    expect(await list({ labels: 'nope' })).toEqual([]);
  });

  it('assignee: a login, none, or * (anyone)', async () => {
    expect(await list({ assignee: 'mona' })).toEqual([4, 1]);
    expect(await list({ assignee: 'none', state: 'all' })).toEqual([2]);
    expect(await list({ assignee: '*' })).toEqual([4, 3, 1]);
  });

  it('creator and mentioned', async () => {
    expect(await list({ creator: 'hubot', state: 'all' })).toEqual([2]);
    expect(await list({ creator: 'octo' })).toEqual([4, 3, 1]);
    expect(await list({ mentioned: 'mona', state: 'all' })).toEqual([2]);
    // A mention in a comment counts too.
    await octokit.rest.issues.createComment({ ...R, issue_number: 4, body: 'cc @mona' });
    expect(await list({ mentioned: 'mona', state: 'all' })).toEqual([4, 2]);
  });

  it('milestone: a number, none, or * (any)', async () => {
    expect(await list({ milestone: '1' })).toEqual([3, 1]);
    expect(await list({ milestone: 'none', state: 'all' })).toEqual([4, 2]);
    expect(await list({ milestone: '*' })).toEqual([3, 1]);
    expect(await list({ milestone: '7' })).toEqual([]);
  });

  it('since: only issues updated at or after the time', async () => {
    await octokit.rest.issues.update({ ...R, issue_number: 1, title: 'one!' });
    expect(await list({ since: '2024-01-10T03:30:00Z' })).toEqual([1]);
    expect(await list({ since: '2024-01-10T02:00:00Z', state: 'all' })).toEqual([4, 3, 1]);
    expect(await list({ since: '2024-01-10T02:00:00Z', sort: 'updated', direction: 'asc', state: 'all' })).toEqual([3, 4, 1]);
  });

  it('sort (created, updated, comments) and direction', async () => {
    expect(await list({ direction: 'asc' })).toEqual([1, 3, 4]);
    await octokit.rest.issues.createComment({ ...R, issue_number: 1, body: 'bump' });
    expect(await list({ sort: 'updated' })).toEqual([1, 4, 3]);
    expect(await list({ sort: 'updated', direction: 'asc' })).toEqual([3, 4, 1]);
    expect(await list({ sort: 'comments' })).toEqual([3, 1, 4]);
    expect(await list({ sort: 'comments', direction: 'asc' })).toEqual([4, 1, 3]);
  });

  it('filters combine, and pages of a filtered list carry GitHub’s Link header', async () => {
    expect(await list({ labels: 'ui', assignee: 'hubot', milestone: '1' })).toEqual([3]);
    const page = await octokit.rest.issues.listForRepo({ ...R, state: 'all', per_page: 1, page: 2 });
    expect(numbers(page.data)).toEqual([3]);
    // GitHub links a repository's pages by its id.
    const { id } = (await octokit.rest.repos.get(R)).data;
    const base = `https://api.github.com/repositories/${id}/issues?state=all&per_page=1`;
    expect(page.headers.link).toBe(`<${base}&page=1>; rel="prev", <${base}&page=3>; rel="next", <${base}&page=4>; rel="last", <${base}&page=1>; rel="first"`);
    const all = await octokit.paginate(octokit.rest.issues.listForRepo, { ...R, labels: 'bug', state: 'all', per_page: 1 });
    expect(numbers(all)).toEqual([2, 1]);
  });

  it('pulls: state, head, base, sort and direction', async () => {
    for (const b of ['f1', 'f2', 'f3', 'release']) fakes.codeHosting.seed.resource(`/repos/octo/hello/branches/${b}`, {});
    fakes.codeHosting.seed.pullRequest({ ...R, head: 'f1' }); // #5 → main
    fakes.clock.advance('1h');
    fakes.codeHosting.seed.pullRequest({ ...R, head: 'f2', base: 'release' }); // #6 → release
    fakes.clock.advance('1h');
    fakes.codeHosting.seed.pullRequest({ ...R, head: 'f3', state: 'closed', comments: ['x'] }); // #7 closed
    const pulls = async (q: Record<string, string> = {}) => numbers((await octokit.rest.pulls.list({ ...R, ...q })).data);
    expect(await pulls()).toEqual([6, 5]);
    expect(await pulls({ state: 'closed' })).toEqual([7]);
    expect(await pulls({ state: 'all' })).toEqual([7, 6, 5]);
    expect(await pulls({ base: 'release' })).toEqual([6]);
    expect(await pulls({ head: 'octo:f1' })).toEqual([5]);
    expect(await pulls({ head: 'octo:f3', state: 'all' })).toEqual([7]);
    // Sorting by anything but `created` is ascending unless told otherwise.
    fakes.clock.advance('1h');
    await octokit.rest.pulls.update({ ...R, pull_number: 5, title: 'bumped' });
    expect(await pulls({ sort: 'updated' })).toEqual([6, 5]);
    expect(await pulls({ sort: 'updated', direction: 'desc' })).toEqual([5, 6]);
    expect(await pulls({ sort: 'popularity', state: 'all', direction: 'desc' })).toEqual([7, 6, 5]);
    expect(await pulls({ direction: 'asc' })).toEqual([5, 6]);
    // Pulls are issues too: the issue filters see them.
    expect(await list({ state: 'all', since: '2024-01-10T04:00:00Z' })).toEqual([7, 6, 5]);
  });

  it('comments: since for one issue; sort, direction and since repository-wide', async () => {
    const a = (await octokit.rest.issues.createComment({ ...R, issue_number: 4, body: 'a' })).data;
    fakes.clock.advance('1h');
    const b = (await octokit.rest.issues.createComment({ ...R, issue_number: 4, body: 'b' })).data;
    fakes.clock.advance('1h');
    await octokit.rest.issues.updateComment({ ...R, comment_id: a.id, body: 'a!' });
    const ids = (xs: Array<{ id: number }>) => xs.map((x) => x.id);
    expect(ids((await octokit.rest.issues.listComments({ ...R, issue_number: 4 })).data)).toEqual([a.id, b.id]);
    expect(ids((await octokit.rest.issues.listComments({ ...R, issue_number: 4, since: '2024-01-10T05:30:00Z' })).data)).toEqual([a.id]);
    const repo = (q: Record<string, string>) => octokit.rest.issues.listCommentsForRepo({ ...R, ...q }).then((r) => ids(r.data));
    const seeded = await repo({});
    expect(seeded.slice(-2)).toEqual([a.id, b.id]);
    expect(await repo({ sort: 'updated', direction: 'desc' })).toEqual([a.id, b.id, ...seeded.slice(0, 2).reverse()]);
    expect(await repo({ sort: 'created', direction: 'desc' })).toEqual([b.id, a.id, ...seeded.slice(0, 2).reverse()]);
    expect(await repo({ since: '2024-01-10T05:00:00Z' })).toEqual([a.id, b.id]);
  });

  it('milestones: state, sort (due_on, completeness) and direction', async () => {
    await octokit.rest.issues.createMilestone({ ...R, title: 'v3', due_on: '2024-03-01T00:00:00Z' });
    await octokit.rest.issues.createMilestone({ ...R, title: 'v2', due_on: '2024-02-01T00:00:00Z' });
    await octokit.rest.issues.createMilestone({ ...R, title: 'old', state: 'closed' });
    await octokit.rest.issues.update({ ...R, issue_number: 1, state: 'closed' });
    const titles = async (q: Record<string, string> = {}) => (await octokit.rest.issues.listMilestones({ ...R, ...q })).data.map((m) => m.title);
    expect(await titles()).toEqual(['v2', 'v3', 'v1']);
    expect(await titles({ direction: 'desc' })).toEqual(['v1', 'v3', 'v2']);
    expect(await titles({ state: 'closed' })).toEqual(['old']);
    expect(await titles({ state: 'all' })).toEqual(['v2', 'v3', 'v1', 'old']);
    // v1 is half done (issue #1 closed, #3 open); the others have no issues (ties by number).
    expect(await titles({ sort: 'completeness', direction: 'desc' })).toEqual(['v1', 'v2', 'v3']);
    expect(await titles({ sort: 'completeness' })).toEqual(['v3', 'v2', 'v1']);
  });
});
