import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { CATALOG, type CatalogRow, realSpelling } from 'stuntdouble/code-hosting';
import { beforeAll, describe, expect, it } from 'vitest';
import { type GitFixture, gitFixture } from './conformance/git-fixture.js';
import { OWNER, REPO, concretePath, paramValue } from './conformance/params.js';
import { seedParents } from './conformance/walk.js';

// One request per catalog row through the real Octokit with a token holding the row's permission,
// and one with a token lacking it. One fakes instance; state restored from a snapshot between rows;
// requests go through `fakes.fetch` (the same pipeline as nock, without interception overhead).

/** Webhook rows are hand-written (import branch): their hook comes from `seed.hook`. */
const hookParams = (fakes: Fakes, row: CatalogRow): Record<string, string> => {
  if (!row.path.includes('{hook_id}')) return {};
  const url = 'http://127.0.0.1:9/hook';
  const hook = row.path.startsWith('/orgs/')
    ? fakes.codeHosting.seed.hook({ owner: 'acme', url })
    : fakes.codeHosting.seed.hook({ owner: OWNER, repo: REPO, url });
  return { hook_id: String(hook.id) };
};
/** Branch protection settings are read from the branch's protection (hand-written branches model). */
const seedProtection = (fakes: Fakes) =>
  fakes.codeHosting.seed.resource(`/repos/${OWNER}/${REPO}/branches/main/protection`, {
    enforce_admins: { enabled: true },
    required_signatures: { enabled: true },
    required_status_checks: { strict: true, contexts: [] },
    required_pull_request_reviews: { required_approving_review_count: 1 },
    restrictions: { users: [], teams: [], apps: [] },
  });
/** Delivery rows need a real delivery of the hand-written webhook model: a matched 404 shows they are served. */
const needsDelivery = (row: CatalogRow) => row.path.includes('{delivery_id}');
const paramsOf = (row: CatalogRow) => Object.fromEntries([...row.path.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1] as string, paramValue(m[1] as string, row)]));
const concrete = (row: CatalogRow) => concretePath(row);
const TYPED: Record<string, unknown> = {
  enabled: true,
  name: 'web',
  config: { url: 'http://127.0.0.1:9/hook', content_type: 'json' },
  // Enumerated fields GitHub checks: a review event, a reaction.
  event: 'APPROVE',
  content: '+1',
  // Interaction limits, immutable-releases policies and Copilot seats check their values.
  limit: 'existing_users',
  enforced_repositories: 'selected',
  selected_repository_ids: [7],
  selected_usernames: ['mona'],
  selected_teams: ['engteam1'],
  // Runner labels are an array of names (GitHub answers 422 to anything else).
  labels: ['label-value'],
  // SCIM PATCH takes a list of operations; deployment records name an artifact by its sha256 digest.
  Operations: [{ op: 'replace', path: 'displayName', value: 'displayName-value' }],
  deployments: [{ name: 'name-value', digest: `sha256:${'a'.repeat(64)}`, deployment_name: 'deployment-name-value' }],
};
const bodyOf = (row: CatalogRow) => ({
  // The hand-written webhook model needs config.url (GitHub answers 422 without it) though OpenAPI marks nothing required.
  ...(row.method === 'POST' && row.path.endsWith('/hooks') ? { config: TYPED.config } : {}),
  // A pull request needs a title (or an issue to convert), though OpenAPI can mark neither required.
  ...(row.method === 'POST' && row.path.endsWith('/pulls') ? { title: 'title-value' } : {}),
  // An organization invitation needs `invitee_id` or `email` (GitHub answers 422 without either).
  ...(row.method === 'POST' && row.path === '/orgs/{org}/invitations' ? { email: 'mona@example.com' } : {}),
  ...Object.fromEntries(row.required.map((f) => [f, TYPED[f] ?? `${f}-value`])),
  // Setting a default code security configuration names the repositories it is the default for (422 otherwise).
  ...(row.method === 'PUT' && row.path.endsWith('/code-security/configurations/{configuration_id}/defaults') ? { default_for_new_repos: 'all' } : {}),
  // Accepting an organization membership takes `state: 'active'` only (422 otherwise).
  ...(row.method === 'PATCH' && row.path === '/user/memberships/orgs/{org}' ? { state: 'active' } : {}),
});
/**
 * Seeds the row's own resource first, so item reads, updates and deletes find it (PUT creates it; a
 * seeded `/pulls/{n}/merge` is a merged pull, which `PUT` could not merge again).
 */
const seedsFirst = (row: CatalogRow) => !(row.method === 'PUT' && (row.kind === 'item' || row.path.endsWith('/merge')));
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
/** Whether a token with no permission still passes (every fine-grained token holds metadata=read). */
const metadataOnly = (row: CatalogRow) => row.permission === '' || row.permission.split(';').some((alt) => alt.trim() === 'metadata=read');

describe('every catalog row', () => {
  let fakes: Fakes;
  let full: Octokit;
  let none: Octokit;
  let installation: Octokit;
  let snapshot: ReturnType<Fakes['snapshot']>;
  let git: GitFixture;
  beforeAll(() => {
    fakes = createFakes({ auth: 'strict', clock: '2024-01-10T00:00:00Z' });
    // A template, so that generating a repository from it succeeds.
    fakes.codeHosting.seed.repo({ owner: OWNER, repo: REPO, private: true, isTemplate: true });
    fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
    fakes.codeHosting.seed.account({ login: 'mona' });
    const all = Object.fromEntries(categories.map((c) => [c, 'admin' as const]));
    full = new Octokit({
      auth: fakes.codeHosting.seed.token({ type: 'user', permissions: all }),
      request: { retries: 0, redirect: 'manual', fetch: fakes.fetch },
    });
    none = new Octokit({
      auth: fakes.codeHosting.seed.token({ type: 'fine-grained', permissions: {} }),
      request: { retries: 0, redirect: 'manual', fetch: fakes.fetch },
    });
    installation = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'installation', permissions: all }), request: { retries: 0, fetch: fakes.fetch } });
    git = gitFixture(fakes, full, OWNER, REPO);
    snapshot = fakes.snapshot();
  });

  it('has one row per path and method, each with a permission source', () => {
    expect(new Set(CATALOG.map((r) => `${r.method} ${r.path}`)).size).toBe(CATALOG.length);
    for (const r of CATALOG) expect(r.permissionSource, `${r.method} ${r.path}`).toMatch(/permission-table|github-fgpat|public/);
  });

  it('answers every row with its success status for a token holding the permission', async () => {
    const failures: string[] = [];
    for (const row of CATALOG) {
      fakes.restore(snapshot);
      seedParents(fakes, row, ['head-value', 'base-value']);
      if (seedsFirst(row)) fakes.codeHosting.seed.resource(concrete(row), { name: 'seeded' });
      if (row.path.includes('/protection/')) seedProtection(fakes);
      const route = `${row.method} ${realSpelling(row.path)}`;
      let status: number;
      const params: Record<string, unknown> = { ...paramsOf(row), ...hookParams(fakes, row) };
      // Searches require `q` (GitHub answers 422 without it); this user access token searches issues or pulls, not both.
      if (row.path.startsWith('/search/')) params.q = row.path === '/search/issues' ? 'value is:issue' : 'value';
      // Git data names objects the repository has (content-addressed: GitHub refuses unknown shas).
      const body = await git.prepare(row, params, bodyOf(row));
      // A workflow dispatch names a ref the repository has (GitHub answers 422 "No ref found" otherwise).
      if (body && row.path.endsWith('/workflows/{workflow_id}/dispatches')) body.ref = 'main';
      try {
        status = (await full.request(route, { ...params, ...body })).status;
      } catch (e) {
        status = (e as { status: number }).status;
      }
      const call = fakes.calls.last();
      if (needsDelivery(row) && status === 404 && call?.route) continue;
      // Logs, archives, tarball and zipball answer GitHub's redirect (302 + Location) instead.
      const redirected = status === 302 && row.method === 'GET' && /\/(logs|tarball|zipball|\{archive_format\})(\/|$)/.test(realSpelling(row.path));
      if ((status !== row.status && !redirected) || call?.route === null) failures.push(`${route} → ${status} (want ${row.status}) ${call?.note ?? ''}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses every row that needs a permission to a token lacking it, naming the permission', async () => {
    const failures: string[] = [];
    for (const row of CATALOG) {
      // Public reads (organizations' public members, gists) answer every caller: the matrix test covers them.
      if (metadataOnly(row) || (row.method === 'GET' && row.publicRead && !row.path.startsWith('/repos/'))) continue;
      fakes.restore(snapshot);
      fakes.codeHosting.seed.resource(concrete(row), { name: 'seeded' });
      const route = `${row.method} ${realSpelling(row.path)}`;
      try {
        await none.request(route, { ...paramsOf(row), ...hookParams(fakes, row), ...bodyOf(row) });
        failures.push(`${route} → answered`);
      } catch (e) {
        const err = e as { status: number; response?: { headers: Record<string, string>; data: { message?: string } } };
        const header = err.response?.headers['x-accepted-github-permissions'];
        if (err.status !== 403 || header !== row.permission || err.response?.headers['x-accepted-platform-permissions'] !== row.permission) {
          failures.push(`${route} → ${err.status} '${header}' (want 403 '${row.permission}')`);
        } else if (err.response?.data.message !== 'Resource not accessible by personal access token') failures.push(`${route}: ${err.response?.data.message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses user-only rows to an installation token with the integration message', async () => {
    const failures: string[] = [];
    // GET /user/repos is served by the hand-written repository routes, which accept installation tokens.
    const handWrittenGaps = new Set(['GET /user/repos']);
    for (const row of CATALOG.filter((r) => r.uatOnly && !handWrittenGaps.has(`${r.method} ${r.path}`))) {
      fakes.restore(snapshot);
      const route = `${row.method} ${realSpelling(row.path)}`;
      try {
        await installation.request(route, { ...paramsOf(row), ...bodyOf(row) });
        failures.push(`${route} → answered`);
      } catch (e) {
        const err = e as { status: number; response?: { data: { message?: string } } };
        if (err.status !== 403 || err.response?.data.message !== 'Resource not accessible by integration') failures.push(`${route} → ${err.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
