import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The fields a real client reads, for the families tests use most, through the real Octokit over
// nock: what GitHub answers (per its OpenAPI description and docs), not what the request sent.

const OWNER = 'octo';
const REPO = 'hello';
const R = { owner: OWNER, repo: REPO };

describe('catalog answers carry GitHub’s fields', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    fakes = createFakes({ auth: 'strict', clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R, defaultBranch: 'main' });
    fakes.codeHosting.seed.account({ login: 'mona' });
    const token = fakes.codeHosting.seed.token({
      type: 'classic',
      login: OWNER,
      scopes: ['repo'],
    });
    octokit = new Octokit({ auth: token, request: { retries: 0 } });
  });
  afterEach(() => fakes.uninstall());

  it('issues: state, user, labels as objects (created on the fly), assignees, milestone, counters', async () => {
    await octokit.rest.issues.createMilestone({ ...R, title: 'v1' });
    const { data, status } = await octokit.rest.issues.create({ ...R, title: 'Bug', labels: ['bug'], assignees: ['mona'], milestone: 1 });
    expect(status).toBe(201);
    expect(data.state).toBe('open');
    expect(data.user?.login).toBe(OWNER);
    expect(data.comments).toBe(0);
    expect(data.number).toBe(1);
    expect(data.node_id).toEqual(expect.any(String));
    expect(data.author_association).toBe('OWNER');
    const label = data.labels[0];
    expect(typeof label === 'object' && label.name).toBe('bug');
    expect(typeof label === 'object' && label.color).toMatch(/^[0-9a-f]{6}$/);
    expect(data.assignees?.[0]?.login).toBe('mona');
    expect(data.milestone?.number).toBe(1);
    expect(data.milestone?.title).toBe('v1');
    expect(data.repository_url).toBe(`https://api.github.com/repos/${OWNER}/${REPO}`);
    expect(data.comments_url).toBe(`https://api.github.com/repos/${OWNER}/${REPO}/issues/1/comments`);
    expect(data.created_at).toBe('2024-01-10T00:00:00.000Z');
    // The label GitHub created is in the repository's labels.
    const labels = await octokit.rest.issues.listLabelsForRepo(R);
    expect(labels.data.map((l) => l.name)).toContain('bug');
    const closed = await octokit.rest.issues.update({ ...R, issue_number: 1, state: 'closed' });
    expect(closed.data.state).toBe('closed');
    expect(closed.data.user?.login).toBe(OWNER);
  });

  it('labels: create and get answer the full label', async () => {
    const created = await octokit.rest.issues.createLabel({ ...R, name: 'needs triage', color: 'ff0000' });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'needs triage', color: 'ff0000', default: false });
    expect(created.data.url).toBe(`https://api.github.com/repos/${OWNER}/${REPO}/labels/needs%20triage`);
    const got = await octokit.rest.issues.getLabel({ ...R, name: 'needs triage' });
    expect(got.data.id).toBe(created.data.id);
  });

  it('pulls: head and base are branch objects with ref, sha, repo and user', async () => {
    // A branch with a commit of its own (a pull request needs commits between its branches).
    const head = fakes.codeHosting.seed.commit({ owner: OWNER, repo: REPO, branch: 'feature', files: { 'feature.txt': 'feature\n' }, message: 'Feature' });
    const { data, status } = await octokit.rest.pulls.create({ ...R, title: 'Feature', head: 'feature', base: 'main' });
    expect(status).toBe(201);
    expect(data.state).toBe('open');
    expect(data.user.login).toBe(OWNER);
    expect(data.head.ref).toBe('feature');
    expect(data.head.sha).toBe(head.sha);
    expect(data.base.ref).toBe('main');
    expect(data.base.repo.full_name).toBe(`${OWNER}/${REPO}`);
    expect(data.head.user?.login).toBe(OWNER);
    expect(data.merged).toBe(false);
    const listed = await octokit.rest.pulls.list(R);
    expect(listed.data[0]?.head.sha).toBe(data.head.sha);
  });

  it('contents: a seeded file answers its content base64-encoded', async () => {
    fakes.codeHosting.seed.resource(`/repos/${OWNER}/${REPO}/contents/docs/README.md`, { content: '# Hello\n' });
    const { data } = await octokit.rest.repos.getContent({ ...R, path: 'docs/README.md' });
    expect(Array.isArray(data)).toBe(false);
    const file = data as { type: string; encoding: string; content: string; name: string; path: string; size: number; sha: string };
    expect(file.type).toBe('file');
    expect(file.encoding).toBe('base64');
    expect(Buffer.from(file.content, 'base64').toString('utf8')).toBe('# Hello\n');
    expect(file.name).toBe('README.md');
    expect(file.path).toBe('docs/README.md');
    expect(file.size).toBe(8);
    expect(file.sha).toMatch(/^[0-9a-f]{40}$/);
  });

  it('releases: author, assets, urls', async () => {
    const { data, status } = await octokit.rest.repos.createRelease({ ...R, tag_name: 'v1.0.0', name: 'One' });
    expect(status).toBe(201);
    expect(data.tag_name).toBe('v1.0.0');
    expect(data.assets).toEqual([]);
    expect(data.author.login).toBe(OWNER);
    expect(data.draft).toBe(false);
    expect(data.upload_url).toMatch(/^https:\/\/uploads\.github\.com\/repos\/octo\/hello\/releases\/\d+\/assets/);
  });

  it('check runs and suites: status, head_sha, app, counts', async () => {
    // A commit the repository has (GitHub refuses an unknown head_sha with 422).
    const sha = fakes.codeHosting.seed.commit({ ...R, files: { 'a.txt': 'a\n' }, message: 'a' }).sha;
    const run = await octokit.rest.checks.create({ ...R, name: 'ci', head_sha: sha });
    expect(run.status).toBe(201);
    expect(run.data.head_sha).toBe(sha);
    expect(run.data.name).toBe('ci');
    expect(['queued', 'in_progress', 'completed']).toContain(run.data.status);
    expect(run.data.output).toEqual(expect.objectContaining({ annotations_count: 0 }));
    const suite = await octokit.rest.checks.createSuite({ ...R, head_sha: sha });
    expect(suite.data.head_sha).toBe(sha);
    expect(suite.data.repository.full_name).toBe(`${OWNER}/${REPO}`);
  });

  it('deployments: sha, ref, creator; statuses', async () => {
    const dep = await octokit.rest.repos.createDeployment({ ...R, ref: 'main', required_contexts: [] });
    expect(dep.status).toBe(201);
    const d = dep.data as { id: number; ref: string; sha: string; creator: { login: string } | null; environment: string };
    expect(d.ref).toBe('main');
    expect(d.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(d.creator?.login).toBe(OWNER);
    expect(d.environment).toBe('production');
    const st = await octokit.rest.repos.createDeploymentStatus({ ...R, deployment_id: d.id, state: 'success' });
    expect(st.data.state).toBe('success');
    expect(st.data.creator?.login).toBe(OWNER);
  });

  it('git: refs, commits and trees answer objects with shas', async () => {
    const tree = await octokit.rest.git.createTree({ ...R, tree: [{ path: 'a.txt', mode: '100644', type: 'blob', content: 'a' }] });
    expect(tree.data.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(Array.isArray(tree.data.tree)).toBe(true);
    const commit = await octokit.rest.git.createCommit({ ...R, message: 'init', tree: tree.data.sha, parents: [] });
    expect(commit.data.message).toBe('init');
    expect(commit.data.tree.sha).toBe(tree.data.sha);
    expect(commit.data.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(commit.data.author.date).toEqual(expect.any(String));
    const sha = commit.data.sha;
    const ref = await octokit.rest.git.createRef({ ...R, ref: 'refs/heads/topic', sha });
    expect(ref.status).toBe(201);
    expect(ref.data.ref).toBe('refs/heads/topic');
    expect(ref.data.object.sha).toBe(sha);
    expect(ref.data.object.type).toBe('commit');
    // A ref must name an object the repository has (GitHub: 422 Object does not exist).
    await expect(octokit.rest.git.createRef({ ...R, ref: 'refs/heads/dangling', sha: 'b'.repeat(40) })).rejects.toMatchObject({ status: 422 });
  });

  it('repos: every *_url of the repository, owner object, permissions', async () => {
    const { data } = await octokit.rest.repos.get(R);
    expect(data.owner.login).toBe(OWNER);
    expect(data.full_name).toBe(`${OWNER}/${REPO}`);
    expect(data.keys_url).toBe(`https://api.github.com/repos/${OWNER}/${REPO}/keys{/key_id}`);
    expect(data.git_commits_url).toBe(`https://api.github.com/repos/${OWNER}/${REPO}/git/commits{/sha}`);
    expect(data.assignees_url).toBe(`https://api.github.com/repos/${OWNER}/${REPO}/assignees{/user}`);
    const urls = Object.entries(data).filter(([k]) => k.endsWith('_url'));
    expect(urls.length).toBeGreaterThanOrEqual(40);
    for (const [k, v] of urls) if (typeof v === 'string' && v.startsWith('https://api.')) expect(v, k).toContain(`/repos/${OWNER}/${REPO}`);
  });

  it('secrets and variables: PUT answers an empty 201, then an empty 204', async () => {
    const first = await octokit.rest.actions.createOrUpdateRepoSecret({ ...R, secret_name: 'TOKEN', encrypted_value: 'c2VjcmV0', key_id: '1' });
    expect(first.status).toBe(201);
    expect(first.data).toEqual({});
    const second = await octokit.rest.actions.createOrUpdateRepoSecret({ ...R, secret_name: 'TOKEN', encrypted_value: 'c2VjcmV0', key_id: '1' });
    expect(second.status).toBe(204);
    expect(second.data || undefined).toBeUndefined();
    const v = await octokit.rest.actions.createRepoVariable({ ...R, name: 'MODE', value: 'fast' });
    expect(v.status).toBe(201);
    expect(v.data).toEqual({});
    const upd = await octokit.rest.actions.updateRepoVariable({ ...R, name: 'MODE', value: 'slow' });
    expect(upd.status).toBe(204);
    const got = await octokit.rest.actions.getRepoVariable({ ...R, name: 'MODE' });
    expect(got.data).toMatchObject({ name: 'MODE', value: 'slow' });
  });

  it('bad input keeps GitHub’s errors: 422 with errors[], 404, never 500', async () => {
    await expect(octokit.rest.issues.create({ ...R } as never)).rejects.toMatchObject({
      status: 422,
      response: { data: { errors: [expect.objectContaining({ field: 'title', code: 'missing_field' })] } },
    });
    await expect(octokit.rest.issues.get({ ...R, issue_number: 99 })).rejects.toMatchObject({ status: 404 });
    await expect(octokit.rest.pulls.get({ ...R, pull_number: 99 })).rejects.toMatchObject({ status: 404 });
  });
});
