import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// Properties GitHub sends that the description does not require, rendered from the fake's state:
// checked against GitHub's recorded answers (@octokit/fixtures) and its description's example answers.

const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is untyped JSON.
const doc: any = require('@octokit/openapi/generated/api.github.com.json');
const recorded = JSON.parse(
  readFileSync(join(dirname(require.resolve('@octokit/fixtures/package.json')), 'scenarios/api.github.com/branch-protection/normalized-fixture.json'), 'utf8'),
) as Array<{ method: string; status: number; response: Record<string, unknown> }>;

const repo = { owner: 'octo', repo: 'hello' };

describe('documented properties rendered from state', () => {
  let fakes: Fakes;
  let kit: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...repo, defaultBranch: 'main' });
    fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/octocat', { role: 'admin' });
    kit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it('a branch list carries each branch’s protection summary as GitHub’s example answers show it', async () => {
    const { data } = await kit.rest.repos.listBranches(repo);
    // GitHub's example of an unprotected branch (GET /branches/{branch}): on or not, and the checks' level.
    expect(data[0]?.protection).toEqual(doc.components.examples['branch-get'].value.protection);
    await kit.rest.repos.updateBranchProtection({
      ...repo,
      branch: 'main',
      required_status_checks: { strict: true, contexts: ['ci'] },
      enforce_admins: false,
      required_pull_request_reviews: null,
      restrictions: null,
    });
    const after = await kit.rest.repos.listBranches(repo);
    expect(after.data[0]?.protected).toBe(true);
    // GitHub's example of a protected branch in a list names its required checks at their level.
    const example = doc.components.examples['short-branch-with-protection-items'].value[0].protection;
    expect(Object.keys(after.data[0]?.protection?.required_status_checks ?? {})).toEqual(expect.arrayContaining(Object.keys(example.required_status_checks)));
    expect(after.data[0]?.protection).toMatchObject({ enabled: true, required_status_checks: { enforcement_level: 'non_admins', contexts: ['ci'] } });
    await kit.rest.repos.setAdminBranchProtection({ ...repo, branch: 'main' });
    const admins = await kit.rest.repos.listBranches(repo);
    expect(admins.data[0]?.protection?.required_status_checks?.enforcement_level).toBe('everyone');
  });

  it('a protection answers every setting GitHub’s recorded answer has, the ones not asked for off', async () => {
    const { data } = await kit.rest.repos.updateBranchProtection({
      ...repo,
      branch: 'main',
      required_status_checks: null,
      enforce_admins: false,
      required_pull_request_reviews: null,
      restrictions: null,
    });
    const real = recorded.find((r) => r.method === 'put' && r.status === 200 && !('required_status_checks' in r.response))?.response as Record<string, unknown>;
    for (const k of Object.keys(real)) expect(data, k).toHaveProperty(k);
    expect(data).toMatchObject({
      required_linear_history: { enabled: false },
      block_creations: { enabled: false },
      required_conversation_resolution: { enabled: false },
      lock_branch: { enabled: false },
      allow_fork_syncing: { enabled: false },
    });
  });

  it('a seeded protection is kept as PUT keeps it; review rules link who may dismiss, and name who may bypass', async () => {
    fakes.codeHosting.seed.resource('/repos/octo/hello/branches/main/protection', {
      enforce_admins: true,
      required_status_checks: { strict: true, contexts: ['ci'] },
      required_pull_request_reviews: {
        required_approving_review_count: 2,
        dismissal_restrictions: { users: ['octocat'], teams: [] },
        bypass_pull_request_allowances: { users: ['octocat'], teams: [], apps: [] },
      },
      restrictions: null,
      block_creations: true,
    });
    const { data } = await kit.rest.repos.getBranchProtection({ ...repo, branch: 'main' });
    const url = 'https://api.github.com/repos/octo/hello/branches/main/protection';
    expect(data.required_status_checks).toMatchObject({ url: `${url}/required_status_checks`, enforcement_level: 'everyone', contexts: ['ci'] });
    expect(data.required_pull_request_reviews).toMatchObject({
      url: `${url}/required_pull_request_reviews`,
      required_approving_review_count: 2,
      dismiss_stale_reviews: false,
      dismissal_restrictions: {
        url: `${url}/dismissal_restrictions`,
        users_url: `${url}/dismissal_restrictions/users`,
        teams_url: `${url}/dismissal_restrictions/teams`,
      },
    });
    expect(data.required_pull_request_reviews?.dismissal_restrictions?.users?.[0]?.login).toBe('octocat');
    expect(data.required_pull_request_reviews?.bypass_pull_request_allowances?.users?.[0]?.login).toBe('octocat');
    expect(data.block_creations).toEqual({ enabled: true });
    expect(data.required_signatures).toEqual({ url: `${url}/required_signatures`, enabled: false });
  });

  it('an organization’s Actions policy links its selection only while it is `selected`', async () => {
    await kit.request('PUT /orgs/{org}/actions/permissions', { org: 'acme', enabled_repositories: 'all' });
    const all = await kit.request('GET /orgs/{org}/actions/permissions', { org: 'acme' });
    expect(all.data).not.toHaveProperty('selected_repositories_url');
    await kit.request('PUT /orgs/{org}/actions/permissions', { org: 'acme', enabled_repositories: 'selected', allowed_actions: 'selected' });
    const selected = await kit.request('GET /orgs/{org}/actions/permissions', { org: 'acme' });
    expect(selected.data).toMatchObject({
      enabled_repositories: 'selected',
      selected_repositories_url: 'https://api.github.com/orgs/acme/actions/permissions/repositories',
      selected_actions_url: 'https://api.github.com/orgs/acme/actions/permissions/selected-actions',
    });
    // The links are the description's own operations.
    expect(doc.paths).toHaveProperty(['/orgs/{org}/actions/permissions/repositories']);
    expect(doc.paths).toHaveProperty(['/orgs/{org}/actions/permissions/selected-actions']);
  });

  it('the feeds name the caller’s own feeds, each under `_links` with its Atom media type, as GitHub’s example does', async () => {
    const example = doc.components.examples.feed.value;
    const { data } = await kit.request('GET /feeds');
    for (const k of Object.keys(example._links)) expect(data._links, k).toHaveProperty(k);
    expect(data._links.current_user).toEqual({ href: data.current_user_url, type: 'application/atom+xml' });
    expect(data.current_user_public_url).toBe('https://github.com/octocat');
  });

  it('a package version’s metadata names the package type of its path; a seeded role its organization and source', async () => {
    fakes.codeHosting.seed.resource('/orgs/acme/packages/container/web/versions/3', { name: 'sha256:0f2c' });
    const version = await kit.request('GET /orgs/{org}/packages/{package_type}/{package_name}/versions/{package_version_id}', {
      org: 'acme',
      package_type: 'container',
      package_name: 'web',
      package_version_id: 3,
    });
    expect(version.data.metadata?.package_type).toBe('container');
    fakes.codeHosting.seed.resource('/orgs/acme/organization-roles/8', { name: 'Auditor', permissions: [] });
    fakes.codeHosting.seed.resource('/orgs/acme/organization-roles/9', { name: 'all_repo_read', permissions: [] });
    const custom = await kit.request('GET /orgs/{org}/organization-roles/{role_id}', { org: 'acme', role_id: 8 });
    expect(custom.data).toMatchObject({ source: 'Organization', organization: { login: 'acme', type: 'Organization' } });
    const predefined = await kit.request('GET /orgs/{org}/organization-roles/{role_id}', { org: 'acme', role_id: 9 });
    expect(predefined.data.source).toBe('Predefined');
  });

  it('a repository’s Actions permissions say whether actions must be pinned to a SHA', async () => {
    await kit.request('PUT /repos/{owner}/{repo}/actions/permissions', { ...repo, enabled: true });
    const before = await kit.request('GET /repos/{owner}/{repo}/actions/permissions', repo);
    expect(before.data).toEqual({ enabled: true, allowed_actions: 'all', sha_pinning_required: false });
    await kit.request('PUT /repos/{owner}/{repo}/actions/permissions', { ...repo, enabled: true, sha_pinning_required: true });
    const after = await kit.request('GET /repos/{owner}/{repo}/actions/permissions', repo);
    expect(after.data).toMatchObject({ sha_pinning_required: true });
  });
});
