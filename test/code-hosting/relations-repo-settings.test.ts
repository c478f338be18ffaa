import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// Repository security toggles as GitHub documents them (repos/repos): PUT enables, DELETE disables,
// and the GET reads what was set.
// - private vulnerability reporting: GET 200 `{ enabled }`;
// - vulnerability alerts: GET 204 when enabled, 404 when not;
// - Dependabot security updates (`automated-security-fixes`): GET 200 `{ enabled, paused }`;
// - immutable releases: GET 200 `{ enabled, enforced_by_owner }`.
// The last two describe a 404 when disabled; api.github.com answers 200 with `enabled: false`
// (reported by users probing it: apache/infrastructure-asfyaml#84 for immutable releases,
// julianrubisch/express-asset-file-cache-middleware#28 and kiaquila/unicorn-hub#22 for security updates).
// The organization's immutable-releases policy (orgs/orgs): `enforced_repositories` `all`, `none` or
// `selected` (with `selected_repositories_url`), enforcing the setting on its repositories.

const R = { owner: 'octo', repo: 'hello' };
const ORG = 'acme';

describe('repository security toggles', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.repo(R);
    octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
  });
  afterEach(() => fakes.uninstall());

  it('private vulnerability reporting: PUT enables, DELETE disables, GET reports it', async () => {
    expect((await octokit.rest.repos.checkPrivateVulnerabilityReporting(R)).data).toEqual({ enabled: false });
    expect((await octokit.rest.repos.enablePrivateVulnerabilityReporting(R)).status).toBe(204);
    expect((await octokit.rest.repos.checkPrivateVulnerabilityReporting(R)).data).toEqual({ enabled: true });
    expect((await octokit.rest.repos.disablePrivateVulnerabilityReporting(R)).status).toBe(204);
    expect((await octokit.rest.repos.checkPrivateVulnerabilityReporting(R)).data).toEqual({ enabled: false });
  });

  it('vulnerability alerts: GET answers 204 once enabled and 404 once disabled', async () => {
    await expect(octokit.rest.repos.checkVulnerabilityAlerts(R)).rejects.toMatchObject({ status: 404 });
    expect((await octokit.rest.repos.enableVulnerabilityAlerts(R)).status).toBe(204);
    expect((await octokit.rest.repos.checkVulnerabilityAlerts(R)).status).toBe(204);
    expect((await octokit.rest.repos.disableVulnerabilityAlerts(R)).status).toBe(204);
    await expect(octokit.rest.repos.checkVulnerabilityAlerts(R)).rejects.toMatchObject({ status: 404 });
  });

  it('Dependabot security updates: PUT and DELETE are routed (204) and GET follows them', async () => {
    expect((await octokit.rest.repos.checkAutomatedSecurityFixes(R)).data).toEqual({ enabled: false, paused: false });
    expect((await octokit.rest.repos.enableAutomatedSecurityFixes(R)).status).toBe(204);
    expect((await octokit.rest.repos.checkAutomatedSecurityFixes(R)).data).toEqual({ enabled: true, paused: false });
    expect((await octokit.rest.repos.disableAutomatedSecurityFixes(R)).status).toBe(204);
    expect((await octokit.rest.repos.checkAutomatedSecurityFixes(R)).data).toEqual({ enabled: false, paused: false });
  });

  it('immutable releases: PUT enables, DELETE disables; each repository keeps its own setting', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'other' });
    expect((await octokit.rest.repos.checkImmutableReleases(R)).data).toEqual({ enabled: false, enforced_by_owner: false });
    expect((await octokit.rest.repos.enableImmutableReleases(R)).status).toBe(204);
    expect((await octokit.rest.repos.checkImmutableReleases(R)).data).toEqual({ enabled: true, enforced_by_owner: false });
    expect((await octokit.rest.repos.checkImmutableReleases({ owner: 'octo', repo: 'other' })).data.enabled).toBe(false);
    expect((await octokit.rest.repos.disableImmutableReleases(R)).status).toBe(204);
    expect((await octokit.rest.repos.checkImmutableReleases(R)).data.enabled).toBe(false);
  });

  it('seed.resource on a toggle path turns it on', async () => {
    fakes.codeHosting.seed.resource('/repos/octo/hello/vulnerability-alerts', {});
    fakes.codeHosting.seed.resource('/repos/octo/hello/automated-security-fixes', { enabled: true });
    expect((await octokit.rest.repos.checkVulnerabilityAlerts(R)).status).toBe(204);
    expect((await octokit.rest.repos.checkAutomatedSecurityFixes(R)).data.enabled).toBe(true);
  });

  it('a renamed repository keeps its toggles', async () => {
    await octokit.rest.repos.enablePrivateVulnerabilityReporting(R);
    await octokit.rest.repos.update({ ...R, name: 'renamed' });
    expect((await octokit.rest.repos.checkPrivateVulnerabilityReporting({ owner: 'octo', repo: 'renamed' })).data).toEqual({ enabled: true });
  });
});

describe('organization immutable-releases policy', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  let api: number;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    api = Number(fakes.codeHosting.seed.repo({ owner: ORG, repo: 'api', ownerType: 'Organization' }).id);
    fakes.codeHosting.seed.repo({ owner: ORG, repo: 'web', ownerType: 'Organization' });
    octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
  });
  afterEach(() => fakes.uninstall());

  it('PUT sets the policy GET reports; `all` enforces it on every repository of the organization', async () => {
    expect((await octokit.rest.orgs.setImmutableReleasesSettings({ org: ORG, enforced_repositories: 'all' })).status).toBe(204);
    expect((await octokit.rest.orgs.getImmutableReleasesSettings({ org: ORG })).data).toEqual({ enforced_repositories: 'all' });
    for (const repo of ['api', 'web']) {
      expect((await octokit.rest.repos.checkImmutableReleases({ owner: ORG, repo })).data).toEqual({ enabled: true, enforced_by_owner: true });
    }
    // Enforced by the owner: the repository cannot turn it off (409, as documented).
    await expect(octokit.rest.repos.disableImmutableReleases({ owner: ORG, repo: 'api' })).rejects.toMatchObject({ status: 409 });
    await octokit.rest.orgs.setImmutableReleasesSettings({ org: ORG, enforced_repositories: 'none' });
    expect((await octokit.rest.repos.checkImmutableReleases({ owner: ORG, repo: 'api' })).data).toEqual({ enabled: false, enforced_by_owner: false });
  });

  it('`selected`: the selected repositories are listed, enforced, and changed one by one', async () => {
    await octokit.rest.orgs.setImmutableReleasesSettings({ org: ORG, enforced_repositories: 'selected', selected_repository_ids: [api] });
    expect((await octokit.rest.orgs.getImmutableReleasesSettings({ org: ORG })).data).toEqual({
      enforced_repositories: 'selected',
      selected_repositories_url: `https://api.github.com/orgs/${ORG}/settings/immutable-releases/repositories`,
    });
    const listed = (await octokit.rest.orgs.getImmutableReleasesSettingsRepositories({ org: ORG })).data;
    expect([listed.total_count, listed.repositories.map((r) => r.full_name)]).toEqual([1, [`${ORG}/api`]]);
    expect((await octokit.rest.repos.checkImmutableReleases({ owner: ORG, repo: 'api' })).data.enforced_by_owner).toBe(true);
    expect((await octokit.rest.repos.checkImmutableReleases({ owner: ORG, repo: 'web' })).data.enforced_by_owner).toBe(false);

    await octokit.rest.orgs.disableSelectedRepositoryImmutableReleasesOrganization({ org: ORG, repository_id: api });
    expect((await octokit.rest.orgs.getImmutableReleasesSettingsRepositories({ org: ORG })).data.total_count).toBe(0);
    expect((await octokit.rest.repos.checkImmutableReleases({ owner: ORG, repo: 'api' })).data).toEqual({ enabled: false, enforced_by_owner: false });
    await octokit.rest.orgs.enableSelectedRepositoryImmutableReleasesOrganization({ org: ORG, repository_id: api });
    expect((await octokit.rest.repos.checkImmutableReleases({ owner: ORG, repo: 'api' })).data.enforced_by_owner).toBe(true);
  });

  it('an unknown policy is a 422; repository ids are only accepted with `selected`', async () => {
    await expect(octokit.request('PUT /orgs/{org}/settings/immutable-releases', { org: ORG, enforced_repositories: 'some' as never })).rejects.toMatchObject({
      status: 422,
    });
    await expect(
      octokit.rest.orgs.setImmutableReleasesSettings({ org: ORG, enforced_repositories: 'all', selected_repository_ids: [api] }),
    ).rejects.toMatchObject({
      status: 422,
    });
  });
});
