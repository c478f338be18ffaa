import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';

// Sub-issues through Octokit (GitHub's "REST API endpoints for sub-issues"), every answer validated
// against @octokit/openapi: a parent lists its sub-issues in priority order, adding is by the child's
// `id` (not its number), a child has one parent (`replace_parent` moves it), pull requests and the
// issue itself are refused with 422, the parent's `sub_issues_summary` counts closed children, and
// reading needs what reading the issue needs while writing needs push access.

const R = { owner: 'octo', repo: 'hello' } as const;
const o = oracle('api.github.com');

function expectDocumented(path: string, method: string, status: number, data: unknown): void {
  const v = o.validator(path, method, status);
  expect(v, `${method} ${path} ${status}`).toBeDefined();
  expect(v?.(data), `${path}: ${JSON.stringify(v?.errors)}`).toBe(true);
}

const ISSUE = '/repos/{owner}/{repo}/issues/{issue_number}';

describe('sub-issues', () => {
  let fakes: Fakes;
  let octo: Octokit;
  let mona: Octokit;
  let ids: Record<number, number>;
  beforeEach(async () => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R, defaultBranch: 'main' });
    const as = (login: string) => new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login, scopes: ['repo'] }), request: { retries: 0 } });
    octo = as('octo');
    mona = as('mona');
    ids = {};
    for (const title of ['Epic', 'Design', 'Build', 'Ship']) {
      const { data } = await octo.rest.issues.create({ ...R, title });
      ids[data.number] = data.id;
    }
  });
  afterEach(() => fakes.uninstall());

  const titles = async (issue_number: number) => (await octo.rest.issues.listSubIssues({ ...R, issue_number })).data.map((i) => i.title);

  it('adds by id, lists in priority order, reprioritizes, answers the parent, removes', async () => {
    expect(await titles(1)).toEqual([]);
    const added = await octo.rest.issues.addSubIssue({ ...R, issue_number: 1, sub_issue_id: ids[2] as number });
    expect(added.status).toBe(201);
    expectDocumented(`${ISSUE}/sub_issues`, 'POST', 201, added.data);
    expect(added.data).toMatchObject({ number: 1, title: 'Epic', sub_issues_summary: { total: 1, completed: 0, percent_completed: 0 } });
    await octo.rest.issues.addSubIssue({ ...R, issue_number: 1, sub_issue_id: ids[3] as number });
    await octo.rest.issues.addSubIssue({ ...R, issue_number: 1, sub_issue_id: ids[4] as number });

    const list = await octo.rest.issues.listSubIssues({ ...R, issue_number: 1 });
    expectDocumented(`${ISSUE}/sub_issues`, 'GET', 200, list.data);
    expect(list.data.map((i) => i.title)).toEqual(['Design', 'Build', 'Ship']);

    // Ship before Design, then Design after Build.
    const moved = await octo.rest.issues.reprioritizeSubIssue({ ...R, issue_number: 1, sub_issue_id: ids[4] as number, before_id: ids[2] as number });
    expectDocumented(`${ISSUE}/sub_issues/priority`, 'PATCH', 200, moved.data);
    expect(await titles(1)).toEqual(['Ship', 'Design', 'Build']);
    await octo.rest.issues.reprioritizeSubIssue({ ...R, issue_number: 1, sub_issue_id: ids[2] as number, after_id: ids[3] as number });
    expect(await titles(1)).toEqual(['Ship', 'Build', 'Design']);

    const parent = await octo.request(`GET ${ISSUE}/parent`, { ...R, issue_number: 3 });
    expectDocumented(`${ISSUE}/parent`, 'GET', 200, parent.data);
    expect(parent.data).toMatchObject({ number: 1, title: 'Epic' });
    await expect(octo.request(`GET ${ISSUE}/parent`, { ...R, issue_number: 1 })).rejects.toMatchObject({ status: 404 });

    const removed = await octo.rest.issues.removeSubIssue({ ...R, issue_number: 1, sub_issue_id: ids[3] as number });
    expectDocumented(`${ISSUE}/sub_issue`, 'DELETE', 200, removed.data);
    expect(removed.data.sub_issues_summary).toEqual({ total: 2, completed: 0, percent_completed: 0 });
    expect(await titles(1)).toEqual(['Ship', 'Design']);
    await expect(octo.request(`GET ${ISSUE}/parent`, { ...R, issue_number: 3 })).rejects.toMatchObject({ status: 404 });
    // Removing what is not a sub-issue of this parent: 404.
    await expect(octo.rest.issues.removeSubIssue({ ...R, issue_number: 1, sub_issue_id: ids[3] as number })).rejects.toMatchObject({ status: 404 });
  });

  it('the parent’s sub_issues_summary counts closed sub-issues, on GET /issues/{n} too', async () => {
    await octo.rest.issues.addSubIssue({ ...R, issue_number: 1, sub_issue_id: ids[2] as number });
    await octo.rest.issues.addSubIssue({ ...R, issue_number: 1, sub_issue_id: ids[3] as number });
    await octo.rest.issues.update({ ...R, issue_number: 2, state: 'closed' });
    const epic = await octo.rest.issues.get({ ...R, issue_number: 1 });
    expectDocumented(ISSUE, 'GET', 200, epic.data);
    expect(epic.data.sub_issues_summary).toEqual({ total: 2, completed: 1, percent_completed: 50 });
  });

  it('GitHub’s refusals: by number instead of id, itself, a pull request, a second parent (unless replace_parent), a cycle', async () => {
    // The number of an issue is not its id: no issue has id 2.
    await expect(octo.rest.issues.addSubIssue({ ...R, issue_number: 1, sub_issue_id: 2 })).rejects.toMatchObject({ status: 404 });
    await expect(octo.rest.issues.addSubIssue({ ...R, issue_number: 1, sub_issue_id: ids[1] as number })).rejects.toMatchObject({ status: 422 });

    const main = (await octo.rest.repos.getBranch({ ...R, branch: 'main' })).data.commit.sha;
    await octo.rest.git.createRef({ ...R, ref: 'refs/heads/f', sha: main });
    await octo.rest.repos.createOrUpdateFileContents({ ...R, path: 'f.txt', branch: 'f', message: 'f', content: Buffer.from('f').toString('base64') });
    const pull = await octo.rest.pulls.create({ ...R, title: 'Feature', head: 'f', base: 'main' });
    // A pull request's issue id (GET /issues/{n}), which is not the pull's own id.
    const pullIssue = await octo.rest.issues.get({ ...R, issue_number: pull.data.number });
    expect(pullIssue.data.pull_request).toBeDefined();
    const refused = await octo.rest.issues.addSubIssue({ ...R, issue_number: 1, sub_issue_id: pullIssue.data.id }).catch((e) => e);
    expect(refused.status).toBe(422);
    expectDocumented(`${ISSUE}/sub_issues`, 'POST', 422, refused.response.data);

    await octo.rest.issues.addSubIssue({ ...R, issue_number: 1, sub_issue_id: ids[2] as number });
    await expect(octo.rest.issues.addSubIssue({ ...R, issue_number: 4, sub_issue_id: ids[2] as number })).rejects.toMatchObject({ status: 422 });
    await octo.rest.issues.addSubIssue({ ...R, issue_number: 4, sub_issue_id: ids[2] as number, replace_parent: true });
    expect(await titles(1)).toEqual([]);
    expect(await titles(4)).toEqual(['Design']);
    // 4 → 2; making 4 a sub-issue of 2 would be a cycle.
    await expect(octo.rest.issues.addSubIssue({ ...R, issue_number: 2, sub_issue_id: ids[4] as number })).rejects.toMatchObject({ status: 422 });
  });

  it('reading needs read access (anyone on a public repository); writing needs push access', async () => {
    await octo.rest.issues.addSubIssue({ ...R, issue_number: 1, sub_issue_id: ids[2] as number });
    const anon = new Octokit({ request: { retries: 0 } });
    expect((await anon.rest.issues.listSubIssues({ ...R, issue_number: 1 })).data.map((i) => i.title)).toEqual(['Design']);
    expect((await mona.rest.issues.listSubIssues({ ...R, issue_number: 1 })).data).toHaveLength(1);
    // Refused; the status for a user without the role is the service-wide authorization rule's
    // (src/fakes/code-hosting/core/auth.ts), which GitHub documents as 403 or 404 for this route.
    const denied = await mona.rest.issues.addSubIssue({ ...R, issue_number: 1, sub_issue_id: ids[3] as number }).catch((e) => e);
    expect([403, 404]).toContain(denied.status);
    expect(await titles(1)).toEqual(['Design']);
    await expect(anon.rest.issues.addSubIssue({ ...R, issue_number: 1, sub_issue_id: ids[3] as number })).rejects.toMatchObject({ status: 401 });
    fakes.codeHosting.seed.resource('/repos/octo/hello/collaborators/mona', { permission: 'push' });
    expect((await mona.rest.issues.addSubIssue({ ...R, issue_number: 1, sub_issue_id: ids[3] as number })).status).toBe(201);

    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'secret', private: true });
    await octo.rest.issues.create({ owner: 'octo', repo: 'secret', title: 'Hidden' });
    await expect(anon.rest.issues.listSubIssues({ owner: 'octo', repo: 'secret', issue_number: 1 })).rejects.toMatchObject({ status: 404 });
    // An unknown issue: 404.
    await expect(octo.rest.issues.listSubIssues({ ...R, issue_number: 99 })).rejects.toMatchObject({ status: 404 });
  });
});
