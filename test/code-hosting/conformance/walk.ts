import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { CATALOG, type CatalogRow, realSpelling } from 'stuntdouble/code-hosting';
import { type Oracle, exampleBody } from './oracle.js';
import { type Presence, mergePresence, presence, sentInSomeAnswers } from './presence.js';
import { type RowState, STATES } from './states.js';
import { gitFixture } from './git-fixture.js';
import { OWNER, REPO, concretePath, paramValue } from './params.js';

// Walks every catalog row a description has through the real Octokit: a request built from the
// description (its examples, else its schema), the row's resource (and its parents) created first,
// then the answer checked against the description: the status is one it documents, the body
// validates against the schema documented for that status.

/** What one row answered and whether the description accepts it. */
export interface RowOutcome {
  route: string;
  status: number;
  ok: boolean;
  problem?: string;
  /** The documented properties of the answer's schema it carries (valid answers with a JSON schema). */
  presence?: Presence;
}

const concrete = (row: CatalogRow) => concretePath(row);

/** The fakes, tokens and snapshot one walk uses. */
export interface Walker {
  fakes: Fakes;
  octokit: Octokit;
  run(row: CatalogRow): Promise<RowOutcome | undefined>;
}

/** Sets up one fakes instance for a host and returns a walker over rows. */
export function walker(o: Oracle, baseUrl: string): Walker {
  const fakes = createFakes({ auth: 'strict', clock: '2024-01-10T00:00:00Z', codeHosting: { baseUrls: [baseUrl] } });
  // A template, so that generating a repository from it succeeds.
  fakes.codeHosting.seed.repo({ owner: OWNER, repo: REPO, private: false, isTemplate: true });
  fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
  fakes.codeHosting.seed.account({ login: 'mona' });
  const categories = [
    ...new Set(
      CATALOG.flatMap((r) =>
        r.permission
          .split(/[;,]/)
          .map((s) => s.trim().split('=')[0] as string)
          .filter(Boolean),
      ),
    ),
  ];
  const all = Object.fromEntries(categories.map((c) => [c, 'admin' as const]));
  const octokit = new Octokit({
    baseUrl,
    auth: fakes.codeHosting.seed.token({ type: 'user', permissions: all }),
    request: { retries: 0, redirect: 'manual', fetch: fakes.fetch },
  });
  // A small real history (branches `master`, `dev`, `cool_feature`) the git rows name.
  const git = gitFixture(fakes, octokit, OWNER, REPO);
  // Parents the issues and pulls rows name in their examples: milestone 1 (issue bodies), the fork and
  // branch of the pull request example (`head: octocat:new-feature`, `base: master`, which the git
  // fixture made).
  fakes.codeHosting.seed.resource(`/repos/${OWNER}/${REPO}/milestones/1`, { title: 'v0.9' });
  fakes.codeHosting.seed.repo({ owner: 'octocat', repo: REPO });
  fakes.codeHosting.seed.resource(`/repos/octocat/${REPO}/branches/new-feature`, {});
  const snapshot = fakes.snapshot();

  async function run(row: CatalogRow): Promise<RowOutcome | undefined> {
    const first = await once(row);
    if (!first?.ok) return first;
    const variants = STATES[first.route] ?? [];
    if (variants.length === 0) return first;
    // The row again in each state in which GitHub sends more of the object (a selection's link, an owner's view).
    const outs: RowOutcome[] = [first];
    for (const v of variants) {
      const out = (await once(row, v)) as RowOutcome;
      if (!out.ok) return { ...out, problem: `in the state "${v.state}": ${out.problem}` };
      outs.push(out);
    }
    const all = outs.flatMap((x) => (x.presence ? [x.presence] : []));
    return { ...first, ...(all.length ? { presence: mergePresence(all) } : {}) };
  }

  async function once(row: CatalogRow, variant?: RowState): Promise<RowOutcome | undefined> {
    const real = realSpelling(row.path);
    const found = o.find(real, row.method);
    if (!found) return undefined;
    fakes.restore(snapshot);
    const route = `${row.method} ${real}`;
    const params: Record<string, unknown> = {};
    for (const m of row.path.matchAll(/\{([^}]+)\}/g)) params[m[1] as string] = paramValue(m[1] as string, row);
    // Required query parameters: the description's example, else a value of the schema's type.
    for (const p0 of [...(found.pathItem.parameters ?? []), ...(found.op.parameters ?? [])]) {
      const p = o.deref(p0);
      if (p?.in === 'query' && p.required) {
        const s = o.deref(p.schema);
        params[p.name] = p.example ?? s?.example ?? s?.enum?.[0] ?? (s?.type === 'integer' ? 1 : 'value');
      }
    }
    // A user access token searches issues or pull requests, not both (the description's note on the search).
    if (row.path === '/search/issues') params.q = `${String(params.q)} is:issue`;
    let body = row.method === 'GET' ? undefined : exampleBody(o, found.op);
    // The description's dispatch example names `topic-branch`, which the seeded repository lacks (GitHub: 422 "No ref found").
    if (row.path.endsWith('/workflows/{workflow_id}/dispatches') && body && typeof body === 'object') body = { ...(body as object), ref: 'main' };
    seedParents(fakes, row);
    // The row's own resource exists first (PUT and POST create it), from the create operation's example.
    if (row.method !== 'PUT' && row.method !== 'POST') {
      const parent = real.replace(/\/\{[^}]+\}$/, '');
      const create = o.find(parent, 'POST');
      const seedBody = create ? (exampleBody(o, create.op) ?? {}) : {};
      try {
        fakes.codeHosting.seed.resource(concrete(row), seedBody);
      } catch {}
    }
    if (row.path.includes('{review_id}')) {
      // Again after the row's own seed, whose example body submits the review.
      const state = row.path.endsWith('/dismissals') ? 'CHANGES_REQUESTED' : 'PENDING';
      fakes.codeHosting.seed.resource(`/repos/${OWNER}/${REPO}/pulls/7/reviews/7`, { state, body: 'Looks good' });
    }
    if (row.path.includes('{hook_id}')) {
      const url = 'http://127.0.0.1:9/hook';
      const hook = row.path.startsWith('/orgs/')
        ? fakes.codeHosting.seed.hook({ owner: 'acme', url })
        : fakes.codeHosting.seed.hook({ owner: OWNER, repo: REPO, url });
      params.hook_id = String(hook.id);
      if (row.path.includes('{delivery_id}')) {
        const hookPath = row.path.startsWith('/orgs/') ? `/orgs/acme/hooks/${hook.id}` : `/repos/${OWNER}/${REPO}/hooks/${hook.id}`;
        await octokit.request(`POST ${hookPath}/pings`);
        await fakes.flush();
        const deliveries = await octokit.request(`GET ${hookPath}/deliveries`);
        params.delivery_id = (deliveries.data as Array<{ id: number }>)[0]?.id ?? 7;
      }
    }
    if (row.path.includes('/protection')) {
      fakes.codeHosting.seed.resource(`/repos/${OWNER}/${REPO}/branches/main/protection`, {
        enforce_admins: { enabled: true },
        required_signatures: { enabled: true },
        required_status_checks: { strict: true, contexts: [] },
        // Who may dismiss and bypass reviews: GitHub sends those settings only when they name anyone.
        required_pull_request_reviews: {
          required_approving_review_count: 1,
          dismissal_restrictions: { users: ['octocat'], teams: [] },
          bypass_pull_request_allowances: { users: ['octocat'], teams: [], apps: [] },
        },
        restrictions: { users: [], teams: [], apps: [] },
      });
    }
    body = await git.prepare(row, params, body);
    if (variant) await variant.setup({ fakes, octokit, params, key: concrete(row) });
    let status: number;
    let data: unknown;
    try {
      // The body goes as `data`: Octokit reads top-level `url`, `method`, `headers` as request options.
      const res = await octokit.request(route, { ...params, ...(body ? { data: body } : {}) });
      status = res.status;
      data = res.data;
    } catch (e) {
      const err = e as { status: number; response?: { data: unknown } };
      status = err.status;
      data = err.response?.data;
    }
    const documented = Object.keys(found.op.responses ?? {}).filter((c) => /^[23]\d\d$/.test(c));
    if (!documented.includes(String(status))) {
      return { route, status, ok: false, problem: `status ${status} not in ${documented.join('/')}: ${JSON.stringify(data)?.slice(0, 160)}` };
    }
    const validate = o.validator(real, row.method, status);
    if (validate && !validate(data)) {
      const e = validate.errors?.[0];
      return { route, status, ok: false, problem: `${e?.instancePath || '/'} ${e?.message} ${JSON.stringify(e?.params)}` };
    }
    const schema = validate ? o.schema(real, row.method, status) : undefined;
    return { route, status, ok: true, ...(schema ? { presence: presence(o, schema, data, sentInSomeAnswers) } : {}) };
  }
  return { fakes, octokit, run };
}

/**
 * Creates the issue, pull request, milestone, review or comment #7 a row's path hangs off (writes under
 * a missing parent answer 404, as on GitHub), and the branches `POST /pulls` names.
 */
export function seedParents(fakes: Fakes, row: CatalogRow, branches: readonly string[] = []): void {
  const r = `/repos/${OWNER}/${REPO}`;
  const p = row.path;
  if (p.includes('{issue_number}') || p.includes('/issues/comments/{comment_id}'))
    fakes.codeHosting.seed.issue({ owner: OWNER, repo: REPO, number: 7, title: 'Seven' });
  if (p.includes('{pull_number}') || p.includes('/pulls/comments/{comment_id}')) {
    // The head at the description's example commit (`expected_head_sha`, `commit_id` of its examples).
    fakes.codeHosting.seed.resource(`${r}/branches/feature-7`, { commit: { sha: '6dcb09b5b57875f334f61aebed695e2e4193db5e' } });
    fakes.codeHosting.seed.pullRequest({ owner: OWNER, repo: REPO, number: 7, head: 'feature-7', title: 'Seven' });
  }
  if (p.includes('{milestone_number}')) fakes.codeHosting.seed.resource(`${r}/milestones/7`, { title: 'v7' });
  if (p.includes('/issues/comments/{comment_id}')) fakes.codeHosting.seed.resource(`${r}/issues/comments/7`, { issue_number: 7, body: 'A comment' });
  if (p.includes('/pulls/comments/{comment_id}') || p.includes('/pulls/{pull_number}/comments/{comment_id}')) {
    fakes.codeHosting.seed.resource(`${r}/pulls/comments/7`, { pull_number: 7, body: 'A review comment', path: 'README.md', line: 1 });
  }
  if (p.includes('{review_id}')) {
    // Dismissing needs a submitted review; deleting, submitting and the rest a pending one.
    fakes.codeHosting.seed.resource(`${r}/pulls/7/reviews/7`, { state: p.endsWith('/dismissals') ? 'CHANGES_REQUESTED' : 'PENDING', body: 'Looks good' });
  }
  // A pull request needs commits between its branches: each branch gets one of its own.
  if (row.method === 'POST' && p === '/repos/{owner}/{repo}/pulls')
    for (const b of branches) fakes.codeHosting.seed.commit({ owner: OWNER, repo: REPO, branch: b, files: { [`${b}.txt`]: `${b}\n` }, message: b });
  // Workflow run 7 (running where it is cancelled, failed and completed elsewhere, at attempt 7 on attempt
  // paths), job 7 and the workflow of the path.
  if (p.startsWith('/repos/{owner}/{repo}/actions/runs/{run_id}')) {
    const running = /\/(force-)?cancel$/.test(p);
    fakes.codeHosting.seed.resource(`${r}/actions/runs/7`, running ? { status: 'in_progress' } : { status: 'completed', conclusion: 'failure' });
    if (p.includes('{attempt_number}')) fakes.codeHosting.seed.resource(`${r}/actions/runs/7/attempts/7`, {});
  }
  if (p.startsWith('/repos/{owner}/{repo}/actions/jobs/{job_id}'))
    fakes.codeHosting.seed.resource(`${r}/actions/jobs/7`, { status: 'completed', conclusion: 'failure' });
  // Artifact 7 (its archive answers 404 for an artifact that does not exist).
  if (p.startsWith('/repos/{owner}/{repo}/actions/artifacts/{artifact_id}/'))
    fakes.codeHosting.seed.resource(`${r}/actions/artifacts/7`, { name: 'artifact-7' });
  if (p.startsWith('/repos/{owner}/{repo}/actions/workflows/{workflow_id}'))
    fakes.codeHosting.seed.resource(`${r}/actions/workflows/${paramValue('workflow_id', row)}`, { name: 'CI' });
  // Invitation 7 of the repository, to the caller (who accepts or declines it).
  if (p.includes('invitations/{invitation_id}') && (p.startsWith('/user/') || p.startsWith('/repos/')))
    fakes.codeHosting.seed.resource(`${r}/invitations/7`, { invitee: 'octocat' });
  // The teams the Copilot examples name; the `selected` immutable-releases policy the selection rows need.
  if (p.startsWith('/orgs/{org}/assistant/billing/selected_teams'))
    for (const t of ['engteam1', 'engteam2', 'engteam3']) fakes.codeHosting.seed.resource(`/orgs/acme/teams/${t}`, { name: t });
  if (p.startsWith('/orgs/{org}/settings/immutable-releases/repositories'))
    fakes.codeHosting.seed.resource('/orgs/acme/settings/immutable-releases', { enforced_repositories: 'selected' });
  // Runner 7 of the path's scope (its label routes answer 404 for a runner that does not exist), with
  // the custom label the `{name}` rows remove.
  if (p.includes('/actions/runners/{runner_id}/labels')) {
    const scope = p.startsWith('/orgs/') ? '/orgs/acme' : r;
    fakes.codeHosting.seed.resource(`${scope}/actions/runners/7`, {
      name: 'runner-7',
      labels: [
        { id: 1, name: 'self-hosted', type: 'read-only' },
        { id: 2, name: paramValue('name', row), type: 'custom' },
      ],
    });
  }
  if (p.startsWith('/repos/{owner}/{repo}/comments/{comment_id}'))
    fakes.codeHosting.seed.resource(`${r}/comments/7`, { commit_id: '6dcb09b5b57875f334f61aebed695e2e4193db5e', body: 'A commit comment' });
  // Code security configuration 7 of the organization (setting it as a default answers 404 for one that does not exist).
  if (p.startsWith('/orgs/{org}/code-security/configurations/{configuration_id}'))
    fakes.codeHosting.seed.resource('/orgs/acme/code-security/configurations/7', {
      name: 'High risk settings',
      description: 'Settings for repositories that handle secrets',
      target_type: 'organization',
    });
  // An organization role assigned to a member or a team answers 404 for a role, user or team that does not exist.
  if (p.startsWith('/orgs/{org}/organization-roles/') && p.includes('{role_id}')) {
    fakes.codeHosting.seed.resource(`/orgs/acme/organization-roles/${paramValue('role_id', row)}`, { name: 'Role', permissions: [] });
    if (p.includes('{username}')) fakes.codeHosting.seed.resource(`/orgs/acme/memberships/${paramValue('username', row)}`, { role: 'member' });
    if (p.includes('{team_slug}')) fakes.codeHosting.seed.resource(`/orgs/acme/teams/${paramValue('team_slug', row)}`, { name: paramValue('team_slug', row) });
  }
}
