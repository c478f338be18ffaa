import type { Octokit } from '@octokit/rest';
import type { Fakes } from 'stuntdouble';
import { OWNER, REPO } from './params.js';

// States the walker drives an object into before asking a row a second time: GitHub sends some
// documented properties only in one state of the object (the selection's link while a setting is
// `selected`, an organization's admin view to its owners). The row's presence counts a property as
// present when the answer in any of its states carries it, so each state here is one in which GitHub
// sends more, reached through the API (or a seed) the way a user would reach it.

/** One state of a row's object, set up after the row's own seeding, before its request. */
export interface RowState {
  /** What the state is, in GitHub's terms. */
  state: string;
  /** `key`: the row's concrete path (the seed path of its own resource). */
  setup(ctx: { fakes: Fakes; octokit: Octokit; params: Record<string, unknown>; key: string }): Promise<void>;
}

const put =
  (route: string, data: Record<string, unknown>): RowState['setup'] =>
  async ({ octokit }) => {
    await octokit.request(route, { org: 'acme', owner: OWNER, repo: REPO, data });
  };

/** The caller an owner of the organization: GitHub answers owners the organization's admin view. */
const OWNER_VIEW: RowState = {
  state: 'the caller owns the organization',
  setup: async ({ fakes }) => {
    fakes.codeHosting.seed.resource('/orgs/acme/memberships/octocat', { role: 'admin' });
  },
};

/** An organization secret visible to selected repositories (GitHub links the selection then). */
function selectedSecret(kind: string): RowState {
  return {
    state: 'the secret is visible to selected repositories',
    setup: async ({ fakes, params }) => {
      fakes.codeHosting.seed.resource(`/orgs/acme/${kind}/secrets/${String(params.secret_name)}`, { visibility: 'selected' });
    },
  };
}

/** A code scanning alert found by an analysis: its latest instance says where and what (GitHub sends both then). */
const ANALYZED_ALERT: RowState = {
  state: 'the alert has an instance from an analysis',
  setup: async ({ fakes, key }) => {
    fakes.codeHosting.seed.resource(key, {
      most_recent_instance: {
        ref: 'refs/heads/main',
        analysis_key: '.github/workflows/codeql.yml:analyze',
        state: 'open',
        message: { text: 'This path depends on a user-provided value.' },
        location: { path: 'src/app.js', start_line: 3, end_line: 3, start_column: 1, end_column: 9 },
      },
    });
  },
};

/** The row's own object (its concrete path) seeded in a state: what GitHub sends in that state is known then. */
const seeded = (state: string, body: Record<string, unknown>): RowState => ({
  state,
  setup: async ({ fakes, key }) => {
    fakes.codeHosting.seed.resource(key, body);
  },
});

/**
 * A completed run of the row's workflow whose jobs ran on each GitHub-hosted runner OS (GitHub lists the
 * billable time of an OS only where a job ran on it): the row asks about that run (or its workflow).
 */
const JOBS_ON_EVERY_OS: RowState = {
  state: 'the run’s jobs ran on Ubuntu, macOS and Windows runners',
  setup: async ({ fakes, params }) => {
    const run = fakes.codeHosting.seed.workflowRun({
      owner: OWNER,
      repo: REPO,
      workflow: String(params.workflow_id ?? 'ci.yml'),
      conclusion: 'success',
      jobs: [
        { name: 'linux', labels: ['ubuntu-latest'] },
        { name: 'mac', labels: ['macos-14'] },
        { name: 'windows', labels: ['windows-2022'] },
      ],
    });
    if (params.run_id !== undefined) params.run_id = run.id;
  },
};

/** Extra states per row, by `METHOD path` in GitHub's spelling. */
export const STATES: Record<string, readonly RowState[]> = {
  'GET /orgs/{org}': [OWNER_VIEW],
  'PATCH /orgs/{org}': [OWNER_VIEW],
  'GET /orgs/{org}/actions/permissions': [
    {
      state: 'selected repositories may run selected actions',
      setup: put('PUT /orgs/{org}/actions/permissions', { enabled_repositories: 'selected', allowed_actions: 'selected' }),
    },
  ],
  'GET /orgs/{org}/actions/permissions/self-hosted-runners': [
    {
      state: 'selected repositories may use self-hosted runners',
      setup: put('PUT /orgs/{org}/actions/permissions/self-hosted-runners', { enabled_repositories: 'selected' }),
    },
  ],
  'GET /orgs/{org}/settings/immutable-releases': [
    {
      state: 'immutable releases enforced on selected repositories',
      setup: put('PUT /orgs/{org}/settings/immutable-releases', { enforced_repositories: 'selected' }),
    },
  ],
  'GET /orgs/{org}/actions/secrets/{secret_name}': [selectedSecret('actions')],
  'GET /orgs/{org}/dependabot/secrets/{secret_name}': [selectedSecret('dependabot')],
  'GET /repos/{owner}/{repo}/code-scanning/alerts/{alert_number}': [ANALYZED_ALERT],
  'PATCH /repos/{owner}/{repo}/code-scanning/alerts/{alert_number}': [ANALYZED_ALERT],
  'GET /repos/{owner}/{repo}/code-security-configuration': [
    {
      state: 'a code security configuration is attached to the repository',
      setup: async ({ fakes, key }) => {
        // The organization's configuration, then the repository's attachment to it (GitHub answers the configuration whole).
        const configuration = fakes.codeHosting.seed.resource('/orgs/acme/code-security/configurations/17', {
          name: 'High risk settings',
          description: 'Settings for repositories that handle secrets',
          target_type: 'organization',
        });
        fakes.codeHosting.seed.resource(key, { status: 'attached', configuration });
      },
    },
  ],
  'GET /repos/{owner}/{repo}/pages': [
    seeded('the site has a custom domain with an approved certificate', {
      cname: 'www.example.com',
      https_enforced: true,
      https_certificate: { state: 'approved', description: 'Certificate is approved', domains: ['www.example.com'], expires_at: '2024-04-09' },
    }),
  ],
  'GET /repos/{owner}/{repo}/actions/runs/{run_id}/timing': [JOBS_ON_EVERY_OS],
  'GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/timing': [JOBS_ON_EVERY_OS],
  'GET /orgs/{org}/artifacts/metadata/deployment-record/cluster/{cluster}/jobs/{job_id}': [
    seeded('the job failed on a deployment', {
      status: 'failed',
      started_at: '2024-01-09T23:00:00Z',
      errors: [{ cause: 'not_found', deployment: { name: 'awesome-image', deployment_name: 'deployment-pod' } }],
    }),
  ],
  'POST /repos/{owner}/{repo}/pages': [
    {
      state: 'the publishing source holds a CNAME file (a custom domain)',
      setup: async ({ fakes }) => {
        fakes.codeHosting.seed.commit({ owner: OWNER, repo: REPO, branch: 'main', files: { 'docs/CNAME': 'www.example.com\n' }, message: 'Custom domain' });
      },
    },
  ],
  'GET /repos/{owner}/{repo}/actions/permissions': [
    {
      state: 'Actions enabled, selected actions allowed',
      setup: put('PUT /repos/{owner}/{repo}/actions/permissions', { enabled: true, allowed_actions: 'selected' }),
    },
  ],
};
