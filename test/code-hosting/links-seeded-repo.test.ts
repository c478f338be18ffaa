import type { Octokit } from '@octokit/rest';
import type { Fakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { R, repoWorld } from './repo-world.js';

// One seeded repository holding an object of every family a test usually sets up (files and commits,
// an issue with labels, a milestone and comments, a pull request with a review comment, a commit
// comment, a release with an asset, a workflow run with jobs, a status, a check run, a deployment,
// a hook), read through GitHub's own GET routes; every API link in every answer (`url`, `*_url`,
// `_links.*.href`, ... on api.github.com, accounts included) is followed and must answer 2xx.
// A redirect (an archive, a run's logs) counts as an answer: where it leads is tested elsewhere.
// Left out, as GitHub has them: URI templates (`{/sha}`), links to other hosts (uploads, raw,
// codeload, the web), the action links that only take a POST (`cancel_url`, `rerun_url`, a hook's
// `test_url` and `ping_url`), and the links GitHub itself answers 404 for in this state (below).

const API = 'https://api.github.com';
const POST_ONLY = /\/(cancel|rerun|dispatches|test|pings)$/;
/** Links GitHub answers 404 for here, and why (the test checks that the fake does the same). */
const GITHUB_404: ReadonlyArray<readonly [RegExp, string]> = [
  [/\/branches\/[^/]+\/protection(\/required_status_checks)?$/, 'the branch is not protected: "Branch not protected"'],
  [/\/repos\/octo\/hello\/subscription$/, 'the caller does not watch the repository'],
  [/\/repos\/octo\/hello\/merges$/, 'merges take a POST only'],
  [/\/repos\/octo\/hello\/downloads$/, 'the downloads API was retired'],
];

/** Every followable API link of a body, with the key it was found under. */
function links(body: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (v: unknown, key: string): void => {
    if (typeof v === 'string') {
      const isLink = key === 'url' || key.endsWith('_url') || key === 'href' || key === 'self' || key === 'git';
      if (isLink && v.startsWith(`${API}/`) && !v.includes('{') && !POST_ONLY.test(v) && !out.has(v)) out.set(v, key);
      return;
    }
    if (Array.isArray(v)) for (const x of v) visit(x, key);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, k);
  };
  visit(body, '');
  return out;
}

describe('every API link of a seeded repository answers', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    ({ fakes, octokit } = repoWorld());
  });
  afterEach(() => fakes.uninstall());

  it('follows the links of every object of every family and gets 2xx', async () => {
    const seed = fakes.codeHosting.seed;
    seed.file({ ...R, path: 'README.md', content: '# hello\n' });
    const head = seed.commit({ ...R, files: { 'src/app.js': 'console.log(1)\n' }, message: 'Add the app' }).sha;
    seed.issue({ ...R, title: 'Bug', labels: ['bug'], milestone: 'v1', assignees: ['octo'], comments: ['me too'] });
    const pr = seed.pullRequest({ ...R, head: 'feature', title: 'Add feature', labels: ['enhancement'] });
    seed.comment({ ...R, pull: Number(pr.number), body: 'nit', path: 'README.md', line: 1 });
    seed.comment({ ...R, commit: head, body: 'nice commit' });
    const release = seed.release({ ...R, tag: 'v1.0.0', assets: [{ name: 'app.zip', content: 'zip' }] });
    const run = seed.workflowRun({ ...R, workflow: 'ci.yml', conclusion: 'success', jobs: [{ name: 'test', conclusion: 'success' }] });
    seed.hook({ ...R, url: 'https://hooks.example.com/in' });
    await octokit.rest.repos.createCommitStatus({ ...R, sha: head, state: 'success', context: 'ci' });
    await octokit.rest.checks.create({ ...R, name: 'lint', head_sha: head, status: 'completed', conclusion: 'success' });
    const deployment = (await octokit.rest.repos.createDeployment({ ...R, ref: 'main', required_contexts: [] })).data as { id: number };
    await octokit.rest.repos.createDeploymentStatus({ ...R, deployment_id: deployment.id, state: 'success' });

    const n = Number(pr.number);
    const reads = [
      '/repos/{owner}/{repo}',
      '/repos/{owner}/{repo}/issues?state=all',
      '/repos/{owner}/{repo}/issues/1',
      '/repos/{owner}/{repo}/issues/1/comments',
      '/repos/{owner}/{repo}/issues/1/events',
      '/repos/{owner}/{repo}/labels',
      '/repos/{owner}/{repo}/milestones',
      `/repos/{owner}/{repo}/pulls/${n}`,
      `/repos/{owner}/{repo}/pulls/${n}/comments`,
      `/repos/{owner}/{repo}/pulls/${n}/commits`,
      `/repos/{owner}/{repo}/pulls/${n}/files`,
      '/repos/{owner}/{repo}/comments',
      '/repos/{owner}/{repo}/branches',
      '/repos/{owner}/{repo}/branches/main',
      '/repos/{owner}/{repo}/commits',
      `/repos/{owner}/{repo}/commits/${head}`,
      `/repos/{owner}/{repo}/git/commits/${head}`,
      '/repos/{owner}/{repo}/git/ref/heads/main',
      '/repos/{owner}/{repo}/contents/README.md',
      '/repos/{owner}/{repo}/contents/',
      '/repos/{owner}/{repo}/tags',
      '/repos/{owner}/{repo}/releases',
      `/repos/{owner}/{repo}/releases/${release.id}/assets`,
      '/repos/{owner}/{repo}/releases/tags/v1.0.0',
      `/repos/{owner}/{repo}/actions/runs/${run.id}`,
      `/repos/{owner}/{repo}/actions/runs/${run.id}/jobs`,
      `/repos/{owner}/{repo}/commits/${head}/statuses`,
      `/repos/{owner}/{repo}/commits/${head}/status`,
      `/repos/{owner}/{repo}/commits/${head}/check-runs`,
      `/repos/{owner}/{repo}/commits/${head}/check-suites`,
      '/repos/{owner}/{repo}/deployments',
      `/repos/{owner}/{repo}/deployments/${deployment.id}/statuses`,
      '/repos/{owner}/{repo}/hooks',
    ];
    const found = new Map<string, string>();
    for (const path of reads) {
      const res = await octokit.request(`GET ${path}`, { ...R });
      expect(res.status, path).toBe(200);
      for (const [url, key] of links(res.data)) if (!found.has(url)) found.set(url, `${key} of ${path}`);
    }
    // Enough links to mean something: objects of every family, accounts, and their sub-resources.
    expect(found.size).toBeGreaterThan(100);

    const broken: string[] = [];
    for (const [url, from] of found) {
      const expected = GITHUB_404.find(([re]) => re.test(url)) ? 404 : 200;
      let status: number | string;
      try {
        status = (await octokit.request({ method: 'GET', url, request: { redirect: 'manual' } })).status;
      } catch (e) {
        status = (e as { status?: number }).status ?? (e as Error).message;
      }
      const ok = expected === 404 ? status === 404 : typeof status === 'number' && status >= 200 && status < 400;
      if (!ok) broken.push(`${url} (${from}) → ${status}`);
    }
    expect(broken).toEqual([]);
  });

  it('one account and one repository on every path: owner, head.repo, /users, /user, /orgs', async () => {
    fakes.codeHosting.seed.repo({ owner: 'acme', repo: 'tools', ownerType: 'Organization' });
    const pr = fakes.codeHosting.seed.pullRequest({ ...R, head: 'feature', title: 'Add feature' });
    const repo = (await octokit.rest.repos.get(R)).data;
    const pull = (await octokit.rest.pulls.get({ ...R, pull_number: Number(pr.number) })).data;
    const user = (await octokit.rest.users.getByUsername({ username: 'octo' })).data;

    // The repository embedded in a pull request is the repository (the `repository` shape, the caller's
    // permissions included as in GitHub's pull request example; without the clone token of
    // GET /repos/{owner}/{repo} and the full repository's network and subscriber counts).
    const { network_count: _n, subscribers_count: _s, temp_clone_token: _t, ...embedded } = repo;
    expect(pull.head.repo).toEqual(embedded);
    expect(pull.base.repo).toEqual(embedded);
    expect(pull.head.repo?.git_url).toBe('git://github.com/octo/hello.git');
    expect(pull.head.repo?.ssh_url).toBe('git@github.com:octo/hello.git');
    expect(pull.head.repo?.mirror_url).toBeNull();

    // One account: the same id, node_id and avatar as owner, as pull request user and on /users/{username}.
    for (const seen of [repo.owner, pull.head.repo?.owner, pull.head.user, pull.base.user]) {
      expect(seen).toMatchObject({ login: 'octo', id: user.id, node_id: user.node_id, avatar_url: user.avatar_url, type: 'User' });
    }
    expect(user).toMatchObject({ url: 'https://api.github.com/users/octo', html_url: 'https://github.com/octo', public_repos: 1 });

    // The caller (the lenient default account) is one account on /user, /users/{username} and as author.
    const me = (await octokit.rest.users.getAuthenticated()).data;
    expect(me).toMatchObject({ login: 'octocat', url: 'https://api.github.com/users/octocat', html_url: 'https://github.com/octocat' });
    const byName = (await octokit.rest.users.getByUsername({ username: 'octocat' })).data;
    expect(byName).toMatchObject({ id: me.id, node_id: me.node_id, avatar_url: me.avatar_url });
    const issue = (await octokit.rest.issues.create({ ...R, title: 'Mine' })).data;
    expect(issue.user).toMatchObject({ login: 'octocat', id: me.id, node_id: me.node_id });

    // An organization owning a repository is an organization on /orgs/{org} and /users/{username}.
    const org = (await octokit.rest.orgs.get({ org: 'acme' })).data;
    const tools = (await octokit.rest.repos.get({ owner: 'acme', repo: 'tools' })).data;
    expect(org).toMatchObject({
      login: 'acme',
      id: tools.owner.id,
      url: 'https://api.github.com/orgs/acme',
      repos_url: 'https://api.github.com/orgs/acme/repos',
    });
    expect((await octokit.rest.users.getByUsername({ username: 'acme' })).data).toMatchObject({
      id: tools.owner.id,
      node_id: org.node_id,
      type: 'Organization',
    });
    expect(tools.owner.node_id).toBe(org.node_id);
    // GitHub's legacy node id of an organization, as its description's example spells it
    // (`MDEyOk9yZ2FuaXphdGlvbjE=` is `012:Organization1`).
    expect(Buffer.from(org.node_id, 'base64').toString()).toBe(`012:Organization${org.id}`);
    const team = (await octokit.rest.teams.create({ org: 'acme', name: 'Core' })).data;
    expect(team.organization).toMatchObject({ login: 'acme', id: org.id, node_id: org.node_id, avatar_url: org.avatar_url });

    // Nobody else exists: GitHub answers 404 for an unknown login or organization.
    await expect(octokit.rest.users.getByUsername({ username: 'nobody-here' })).rejects.toMatchObject({ status: 404 });
    await expect(octokit.rest.orgs.get({ org: 'octo' })).rejects.toMatchObject({ status: 404 });
  });

  it('a branch answers its head commit as the commits API does, and a workflow run is a check suite of its commit', async () => {
    const head = fakes.codeHosting.seed.commit({ ...R, files: { 'a.txt': 'a\n' }, message: 'Add a' }).sha;
    const branch = (await octokit.rest.repos.getBranch({ ...R, branch: 'main' })).data;
    const commit = (await octokit.rest.repos.getCommit({ ...R, ref: head })).data;
    expect(branch.commit).toEqual(commit.commit ? { ...commit, files: undefined, stats: undefined } : commit);
    expect(branch.commit.commit.message).toBe('Add a');
    // An unprotected branch: no protection links (GitHub answers 404 "Branch not protected" there).
    expect(branch.protection).toEqual({ enabled: false, required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] } });
    expect(branch.protection_url).toBe('https://api.github.com/repos/octo/hello/branches/main/protection');

    const run = fakes.codeHosting.seed.workflowRun({ ...R, workflow: 'ci.yml', conclusion: 'failure', jobs: [{ name: 'test', conclusion: 'failure' }] });
    const ghRun = (await octokit.rest.actions.getWorkflowRun({ ...R, run_id: run.id })).data;
    const suite = (await octokit.rest.checks.getSuite({ ...R, check_suite_id: Number(ghRun.check_suite_id) })).data;
    expect(suite).toMatchObject({ id: ghRun.check_suite_id, head_sha: head, status: 'completed', conclusion: 'failure', app: { slug: 'github-actions' } });
    const jobs = (await octokit.rest.actions.listJobsForWorkflowRun({ ...R, run_id: run.id })).data.jobs;
    const checkRun = (await octokit.rest.checks.get({ ...R, check_run_id: Number(jobs[0]?.id) })).data;
    expect(checkRun).toMatchObject({ id: jobs[0]?.id, name: 'test', status: 'completed', conclusion: 'failure', check_suite: { id: ghRun.check_suite_id } });
    // Code that reads a commit's check runs sees the workflow's jobs, as on GitHub.
    const forRef = (await octokit.rest.checks.listForRef({ ...R, ref: head })).data;
    expect(forRef.check_runs.map((r) => [r.name, r.conclusion])).toEqual([['test', 'failure']]);
    const suites = (await octokit.rest.checks.listSuitesForRef({ ...R, ref: head })).data;
    expect(suites.check_suites.map((s) => s.id)).toEqual([ghRun.check_suite_id]);
    // GitHub Actions owns its check runs: another app's token cannot change them.
    await expect(octokit.rest.checks.update({ ...R, check_run_id: Number(jobs[0]?.id), conclusion: 'success' })).rejects.toMatchObject({ status: 403 });
  });
});
