import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';

// GitHub's field limits (422), its label rules and default labels, and both documented body forms of
// label writes, through the real Octokit. Expected values come from GitHub: its documented label
// rules and the nine labels of a new repository (docs.github.com "Managing labels"), the 422 bodies
// GitHub answered in public reports (`body is too long (maximum is 65536 characters)`, `name is too
// long (maximum is 50 characters)`, `Issues cannot have more than 100 labels`), and every error body
// validated against GitHub's OpenAPI description.

const R = { owner: 'octo', repo: 'hello' } as const;
const o = oracle('api.github.com');

interface Failure {
  status: number;
  data: { message: string; errors?: Array<Record<string, unknown>> };
}

async function failure(p: Promise<unknown>): Promise<Failure> {
  try {
    await p;
  } catch (e) {
    const err = e as { status: number; response: { data: Failure['data'] } };
    return { status: err.status, data: err.response.data };
  }
  throw new Error('expected the request to fail');
}

/** A 422 that validates as GitHub's documented validation-error body of the operation. */
async function unprocessable(p: Promise<unknown>, path: string, method: string): Promise<Failure['data']> {
  const f = await failure(p);
  expect(f.status).toBe(422);
  const validate = o.validator(path, method, 422);
  expect(validate, `${method} ${path} documents a 422 body`).toBeDefined();
  expect(validate?.(f.data), JSON.stringify(validate?.errors)).toBe(true);
  return f.data;
}

describe('field limits, labels and default labels as GitHub keeps them', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R });
    octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it('an issue title over 256 characters, a body over 65,536 or an empty title: 422', async () => {
    const ISSUES = '/repos/{owner}/{repo}/issues';
    const title = await unprocessable(octokit.rest.issues.create({ ...R, title: 't'.repeat(257) }), ISSUES, 'POST');
    expect(title.errors).toEqual([{ resource: 'Issue', code: 'custom', field: 'title', message: 'title is too long (maximum is 256 characters)' }]);
    const body = await unprocessable(octokit.rest.issues.create({ ...R, title: 'ok', body: 'b'.repeat(65_537) }), ISSUES, 'POST');
    expect(body.errors).toEqual([{ resource: 'Issue', code: 'custom', field: 'body', message: 'body is too long (maximum is 65536 characters)' }]);
    const empty = await unprocessable(octokit.rest.issues.create({ ...R, title: '' }), ISSUES, 'POST');
    expect(empty.errors?.[0]).toMatchObject({ resource: 'Issue', field: 'title', code: 'missing_field' });
    // At the limits: accepted.
    const made = await octokit.rest.issues.create({ ...R, title: 't'.repeat(256), body: 'b'.repeat(65_536) });
    expect(made.status).toBe(201);
    // The same limits on an update, and nothing was stored by the refused writes.
    await unprocessable(octokit.rest.issues.update({ ...R, issue_number: made.data.number, body: 'b'.repeat(65_537) }), `${ISSUES}/{issue_number}`, 'PATCH');
    expect((await octokit.rest.issues.listForRepo(R)).data.map((i) => i.number)).toEqual([made.data.number]);
  });

  it('a comment body over 65,536 characters: 422 as GitHub words it', async () => {
    const n = (await octokit.rest.issues.create({ ...R, title: 'c' })).data.number;
    const data = await unprocessable(
      octokit.rest.issues.createComment({ ...R, issue_number: n, body: 'x'.repeat(65_537) }),
      '/repos/{owner}/{repo}/issues/{issue_number}/comments',
      'POST',
    );
    expect(data.errors).toEqual([
      { resource: 'IssueComment', code: 'unprocessable', field: 'data', message: 'Body is too long (maximum is 65536 characters)' },
    ]);
    expect((await octokit.rest.issues.createComment({ ...R, issue_number: n, body: 'x'.repeat(65_536) })).status).toBe(201);
  });

  it('more than 100 labels on an issue: 422, on create, update and label writes, even 100,000', async () => {
    const many = (k: number) => Array.from({ length: k }, (_, i) => `l${i}`);
    const f = await failure(octokit.rest.issues.create({ ...R, title: 'x', labels: many(101) }));
    expect(f.status).toBe(422);
    expect(f.data.message).toBe('Validation Failed. Issues cannot have more than 100 labels');
    // A hostile size is refused the same way (and promptly: timings live in the bench).
    expect((await failure(octokit.rest.issues.create({ ...R, title: 'x', labels: many(100_000) }))).status).toBe(422);
    // No label was created by the refused writes.
    expect((await octokit.rest.issues.listLabelsForRepo({ ...R, per_page: 100 })).data).toEqual([]);
    const n = (await octokit.rest.issues.create({ ...R, title: 'x', labels: many(100) })).data.number;
    expect((await octokit.rest.issues.get({ ...R, issue_number: n })).data.labels).toHaveLength(100);
    expect((await failure(octokit.rest.issues.addLabels({ ...R, issue_number: n, labels: ['one-more'] }))).status).toBe(422);
    expect((await failure(octokit.rest.issues.setLabels({ ...R, issue_number: n, labels: many(101) }))).status).toBe(422);
    expect((await failure(octokit.rest.issues.update({ ...R, issue_number: n, labels: many(101) }))).status).toBe(422);
  });

  it('GitHub keeps the first ten assignees of an issue', async () => {
    const logins = Array.from({ length: 12 }, (_, i) => `user${i}`);
    const made = (await octokit.rest.issues.create({ ...R, title: 'a', assignees: logins })).data;
    expect(made.assignees?.map((a) => a.login)).toEqual(logins.slice(0, 10));
    const more = (await octokit.rest.issues.addAssignees({ ...R, issue_number: made.number, assignees: ['late'] })).data;
    expect(more.assignees).toHaveLength(10);
  });

  it('label validation: color hex, name and description length, duplicate names', async () => {
    const LABELS = '/repos/{owner}/{repo}/labels';
    const color = await unprocessable(octokit.rest.issues.createLabel({ ...R, name: 'x', color: 'invalid' }), LABELS, 'POST');
    expect(color.errors?.[0]).toMatchObject({ resource: 'Label', code: 'invalid', field: 'color' });
    const name = await unprocessable(octokit.rest.issues.createLabel({ ...R, name: 'n'.repeat(51), color: 'ff0000' }), LABELS, 'POST');
    expect(name.errors).toEqual([{ resource: 'Label', code: 'custom', field: 'name', message: 'name is too long (maximum is 50 characters)' }]);
    const desc = await unprocessable(octokit.rest.issues.createLabel({ ...R, name: 'd', description: 'd'.repeat(101) }), LABELS, 'POST');
    expect(desc.errors?.[0]).toMatchObject({ resource: 'Label', code: 'custom', field: 'description' });
    // `#` is accepted and dropped; the label reads back as created.
    const made = await octokit.rest.issues.createLabel({ ...R, name: 'triage', color: '#00ff00', description: 'To sort' });
    expect(made.status).toBe(201);
    expect(made.data).toMatchObject({ name: 'triage', color: '00ff00', description: 'To sort', default: false });
    expect(o.validator(LABELS, 'POST', 201)?.(made.data)).toBe(true);
    const dup = await unprocessable(octokit.rest.issues.createLabel({ ...R, name: 'triage', color: '00ff00' }), LABELS, 'POST');
    expect(dup.errors?.[0]).toMatchObject({ resource: 'Label', code: 'already_exists', field: 'name' });
    // (The description documents no 422 body for PATCH: the status is checked.)
    expect((await failure(octokit.rest.issues.updateLabel({ ...R, name: 'triage', color: 'zzzzzz' }))).status).toBe(422);
    expect((await octokit.rest.issues.getLabel({ ...R, name: 'triage' })).data.color).toBe('00ff00');
    // A name sent on an issue that cannot become a label: 422 `invalid` with the value.
    const long = 'released on @feature/' + 'y'.repeat(40);
    const f = await failure(octokit.rest.issues.create({ ...R, title: 'x', labels: [long] }));
    expect(f.status).toBe(422);
    expect(f.data.errors?.[0]).toMatchObject({ resource: 'Label', field: 'name', code: 'invalid', value: long });
  });

  it('label writes on an issue take both documented bodies: { labels: [...] } and a bare array', async () => {
    const n = (await octokit.rest.issues.create({ ...R, title: 'x', labels: ['bug'] })).data.number;
    const path = '/repos/{owner}/{repo}/issues/{issue_number}/labels';
    const added = await octokit.request(`POST ${path}`, { ...R, issue_number: n, data: ['triage'] });
    expect(added.data.map((l: { name: string }) => l.name)).toEqual(['bug', 'triage']);
    const objectForm = await octokit.rest.issues.addLabels({ ...R, issue_number: n, labels: [{ name: 'docs' }] });
    expect(objectForm.data.map((l) => l.name)).toEqual(['bug', 'triage', 'docs']);
    const set = await octokit.request(`PUT ${path}`, { ...R, issue_number: n, data: ['wontfix'] });
    expect(set.data.map((l: { name: string }) => l.name)).toEqual(['wontfix']);
    expect((await octokit.rest.issues.get({ ...R, issue_number: n })).data.labels.map((l) => (typeof l === 'string' ? l : l.name))).toEqual(['wontfix']);
    expect(o.validator(path, 'POST', 200)?.(added.data)).toBe(true);
  });

  it('a repository created through the API has GitHub’s nine default labels', async () => {
    await octokit.rest.repos.createForAuthenticatedUser({ name: 'fresh' });
    const me = (await octokit.rest.users.getAuthenticated()).data.login;
    const labels = (await octokit.rest.issues.listLabelsForRepo({ owner: me, repo: 'fresh' })).data;
    expect(labels.map((l) => [l.name, l.color, l.description, l.default])).toEqual([
      ['bug', 'd73a4a', "Something isn't working", true],
      ['documentation', '0075ca', 'Improvements or additions to documentation', true],
      ['duplicate', 'cfd3d7', 'This issue or pull request already exists', true],
      ['enhancement', 'a2eeef', 'New feature or request', true],
      ['good first issue', '7057ff', 'Good for newcomers', true],
      ['help wanted', '008672', 'Extra attention is needed', true],
      ['invalid', 'e4e669', "This doesn't seem right", true],
      ['question', 'd876e3', 'Further information is requested', true],
      ['wontfix', 'ffffff', 'This will not be worked on', true],
    ]);
    expect(o.validator('/repos/{owner}/{repo}/labels', 'GET', 200)?.(labels)).toBe(true);
    const good = (await octokit.rest.issues.getLabel({ owner: me, repo: 'fresh', name: 'good first issue' })).data;
    expect(good.url).toBe(`https://api.github.com/repos/${me}/fresh/labels/good%20first%20issue`);
  });
});
