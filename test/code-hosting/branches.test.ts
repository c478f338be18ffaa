import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const kit = () => new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
const repo = { owner: 'octo', repo: 'hello' };
const protection = {
  required_status_checks: { strict: true, contexts: ['ci'] },
  enforce_admins: true,
  required_pull_request_reviews: null,
  restrictions: null,
};

describe('branches with protection', () => {
  let fakes: Fakes;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...repo, defaultBranch: 'main' });
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it('lists the default branch without seeding, and seeded branches after it', async () => {
    fakes.codeHosting.seed.resource('/repos/octo/hello/branches/dev', { commit: { sha: 'a'.repeat(40) } });
    const list = await kit().request('GET /repos/{owner}/{repo}/branches', repo);
    expect(list.data.map((b) => [b.name, b.protected])).toEqual([
      ['main', false],
      ['dev', false],
    ]);
    expect(list.data[1]?.commit.sha).toBe('a'.repeat(40));
    const main = await kit().request('GET /repos/{owner}/{repo}/branches/{branch}', { ...repo, branch: 'main' });
    expect(main.data).toMatchObject({ name: 'main', protected: false, protection_url: 'https://api.github.com/repos/octo/hello/branches/main/protection' });
    await expect(kit().request('GET /repos/{owner}/{repo}/branches/{branch}', { ...repo, branch: 'nope' })).rejects.toMatchObject({
      status: 404,
      response: { data: { message: 'Branch not found' } },
    });
  });

  it('protects a branch (PUT), reads the protection, toggles settings, and removes it (DELETE)', async () => {
    const octokit = kit();
    await expect(octokit.request('GET /repos/{owner}/{repo}/branches/{branch}/protection', { ...repo, branch: 'main' })).rejects.toMatchObject({
      status: 404,
      response: { data: { message: 'Branch not protected' } },
    });
    const put = await octokit.request('PUT /repos/{owner}/{repo}/branches/{branch}/protection', { ...repo, branch: 'main', ...protection });
    expect(put.data).toMatchObject({
      url: 'https://api.github.com/repos/octo/hello/branches/main/protection',
      enforce_admins: { enabled: true },
      required_status_checks: { strict: true, contexts: ['ci'] },
    });
    // Unset protections are left out: GitHub's branch-protection schema has them optional, not nullable.
    expect(put.data).not.toHaveProperty('required_pull_request_reviews');
    expect((await octokit.request('GET /repos/{owner}/{repo}/branches/{branch}', { ...repo, branch: 'main' })).data.protected).toBe(true);
    const protectedOnly = await octokit.request('GET /repos/{owner}/{repo}/branches', { ...repo, protected: true });
    expect(protectedOnly.data.map((b) => b.name)).toEqual(['main']);
    await octokit.request('DELETE /repos/{owner}/{repo}/branches/{branch}/protection/enforce_admins', { ...repo, branch: 'main' });
    const admins = await octokit.request('GET /repos/{owner}/{repo}/branches/{branch}/protection/enforce_admins', { ...repo, branch: 'main' });
    expect(admins.data.enabled).toBe(false);
    const signatures = await octokit.request('POST /repos/{owner}/{repo}/branches/{branch}/protection/required_signatures', { ...repo, branch: 'main' });
    expect(signatures.data.enabled).toBe(true);
    const checks = await octokit.request('PATCH /repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks', {
      ...repo,
      branch: 'main',
      strict: false,
    });
    expect(checks.data).toMatchObject({ strict: false, contexts: ['ci'] });
    const del = await octokit.request('DELETE /repos/{owner}/{repo}/branches/{branch}/protection', { ...repo, branch: 'main' });
    expect(del.status).toBe(204);
    expect((await octokit.request('GET /repos/{owner}/{repo}/branches/{branch}', { ...repo, branch: 'main' })).data.protected).toBe(false);
  });

  it('needs every protection field (null allowed) and an existing branch', async () => {
    const octokit = kit();
    await expect(
      octokit.request('PUT /repos/{owner}/{repo}/branches/{branch}/protection', { ...repo, branch: 'main', enforce_admins: true } as never),
    ).rejects.toMatchObject({
      status: 422,
      response: {
        data: { errors: [{ field: 'required_status_checks', code: 'missing_field' }, { field: 'required_pull_request_reviews' }, { field: 'restrictions' }] },
      },
    });
    await expect(octokit.request('PUT /repos/{owner}/{repo}/branches/{branch}/protection', { ...repo, branch: 'ghost', ...protection })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('renames a branch and keeps its protection', async () => {
    const octokit = kit();
    fakes.codeHosting.seed.resource('/repos/octo/hello/branches/dev', {});
    await octokit.request('PUT /repos/{owner}/{repo}/branches/{branch}/protection', { ...repo, branch: 'dev', ...protection });
    const renamed = await octokit.request('POST /repos/{owner}/{repo}/branches/{branch}/rename', { ...repo, branch: 'dev', new_name: 'develop' });
    expect(renamed.status).toBe(201);
    expect(renamed.data).toMatchObject({ name: 'develop', protected: true });
    await expect(octokit.request('GET /repos/{owner}/{repo}/branches/{branch}', { ...repo, branch: 'dev' })).rejects.toMatchObject({ status: 404 });
    const list = await octokit.request('GET /repos/{owner}/{repo}/branches', repo);
    expect(list.data.map((b) => b.name)).toEqual(['main', 'develop']);
  });

  it('asks for administration permission on protection', async () => {
    fakes.uninstall();
    const strict = createFakes({ auth: 'strict' }).install();
    try {
      strict.codeHosting.seed.repo({ ...repo, private: true });
      const token = strict.codeHosting.seed.token({ type: 'fine-grained', permissions: { contents: 'read' } });
      const octokit = new Octokit({ auth: token, request: { retries: 0 } });
      expect((await octokit.request('GET /repos/{owner}/{repo}/branches', repo)).status).toBe(200);
      await expect(octokit.request('PUT /repos/{owner}/{repo}/branches/{branch}/protection', { ...repo, branch: 'main', ...protection })).rejects.toMatchObject(
        {
          status: 403,
          response: { headers: { 'x-accepted-github-permissions': 'administration=write' } },
        },
      );
    } finally {
      strict.uninstall();
    }
  });
});
