import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Fakes, createFakes } from 'stuntdouble';
import { CATALOG, type CatalogRow, realSpelling } from 'stuntdouble/code-hosting';
import { beforeAll, describe, expect, it } from 'vitest';
import { paramValue } from './conformance/params.js';

// The permission matrix's caller-role axis: catalog routes × who the caller is, through `fakes.handle()`.
// permission-matrix.test.ts walks the token kinds (scopes, permissions); here every token holds every
// scope and acts as a named user, and what differs is the user's role.
//
// Repository routes × repository role: the organization's owner, an organization member (the
// organization's base permission, read), outside collaborators with each role (read, triage, write,
// maintain, admin) and a stranger, on a public and on a private repository. The least role of a route
// family comes from GitHub's "Repository roles for an organization" table (cited per family below) and
// the REST descriptions; a user below it is refused with 404 where GitHub hides the route (recorded:
// POST .../labels, PUT .../pulls/{n}/merge) or 403 `Must have admin rights to Repository.` on one issue
// or pull request (recorded: POST .../issues/{n}/labels, PATCH .../issues/{n}); a stranger sees no private
// repository (404).
//
// Organization routes × organization role: owner, member, billing manager, security manager, stranger.
// The role each route needs is read here from GitHub's operation description (@octokit/openapi), by the
// sentences that state it ("The authenticated user must be an organization owner", "... an owner or
// security manager", "... an organization admin or billing manager", "... a member of the organization"),
// plus the settings the issue names (organization Actions permissions and secrets: owners). A user
// without it gets 403 `Must have admin rights to Repository.` (recorded for organization secrets and
// runners), or 404 on webhooks and migrations (GitHub hides them from non-owners).
//
// A caller allowed by its role answers what the owner answers on the same state (2xx, or the same 404/422
// for an item the fixture lacks): the role, not the item, decides.

const require = createRequire(import.meta.url);
const ADMIN_RIGHTS = 'Must have admin rights to Repository.';
const ORG = 'acme';
const PUBLIC = 'site';
const PRIVATE = 'vault';

type RepoRole = 'read' | 'triage' | 'write' | 'maintain' | 'admin';
const RANK: Record<RepoRole, number> = { read: 1, triage: 2, write: 3, maintain: 4, admin: 5 };

/** One route family of GitHub's roles table: which rows, the least role, how GitHub refuses below it. */
interface RoleFamily {
  cite: string;
  methods: readonly string[];
  path: RegExp;
  role: RepoRole;
  refusal: 403 | 404;
}
const R = '^/repos/\\{owner\\}/\\{repo\\}';
const p = (s: string) => new RegExp(`${R}${s}$`);
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

const REPO_FAMILIES: readonly RoleFamily[] = [
  { cite: 'Open issues', methods: ['POST'], path: p('/issues'), role: 'read', refusal: 404 },
  { cite: 'Open issues (comment on them)', methods: ['POST'], path: p('/issues/\\{issue_number\\}/comments'), role: 'read', refusal: 404 },
  { cite: 'Submit reviews on pull requests', methods: ['POST'], path: p('/pulls/\\{pull_number\\}/reviews'), role: 'read', refusal: 404 },
  { cite: 'Apply/dismiss labels (Triage)', methods: WRITES, path: p('/issues/\\{issue_number\\}/labels(/\\{name\\})?'), role: 'triage', refusal: 403 },
  { cite: 'Request pull request reviews (Triage)', methods: WRITES, path: p('/pulls/\\{pull_number\\}/requested_reviewers'), role: 'triage', refusal: 403 },
  { cite: 'Triage manages milestones (GitHub blog, 2019)', methods: WRITES, path: p('/milestones(/\\{milestone_number\\})?'), role: 'triage', refusal: 404 },
  { cite: 'Create, edit, delete labels (Write)', methods: WRITES, path: p('/labels(/\\{name\\})?'), role: 'write', refusal: 404 },
  { cite: 'Lock conversations (Write)', methods: WRITES, path: p('/issues/\\{issue_number\\}/lock'), role: 'write', refusal: 403 },
  { cite: 'Merge a pull request (Write)', methods: ['PUT'], path: p('/pulls/\\{pull_number\\}/merge'), role: 'write', refusal: 404 },
  { cite: 'Push to (write) the repository', methods: ['PUT', 'DELETE'], path: p('/contents/\\{path\\}'), role: 'write', refusal: 404 },
  { cite: 'Push to (write) the repository', methods: WRITES, path: p('/git/(blobs|trees|commits|refs|tags)(/.*)?'), role: 'write', refusal: 404 },
  { cite: 'Create and edit releases (Write)', methods: WRITES, path: p('/releases(/\\{release_id\\})?'), role: 'write', refusal: 404 },
  { cite: 'Create status checks (Write)', methods: ['POST'], path: p('/statuses/\\{sha\\}'), role: 'write', refusal: 404 },
  {
    cite: 'Create, update, and delete GitHub Actions secrets (Write)',
    methods: WRITES,
    path: p('/actions/secrets/\\{secret_name\\}'),
    role: 'write',
    refusal: 404,
  },
  { cite: 'Manage topics (Maintain)', methods: ['PUT'], path: p('/topics'), role: 'maintain', refusal: 404 },
  { cite: 'Configure a publishing source for GitHub Pages (Maintain)', methods: WRITES, path: p('/pages'), role: 'maintain', refusal: 404 },
  { cite: 'Manage webhooks and deploy keys (Admin)', methods: ['GET', ...WRITES], path: p('/(hooks|keys)(/.*)?'), role: 'admin', refusal: 404 },
  {
    cite: 'Manage individual, team, and outside collaborator access (Admin)',
    methods: WRITES,
    path: p('/collaborators/\\{username\\}'),
    role: 'admin',
    refusal: 404,
  },
  { cite: 'Delete or transfer repositories (Admin)', methods: ['DELETE'], path: p(''), role: 'admin', refusal: 404 },
  { cite: "Change a repository's settings (Admin)", methods: ['PATCH'], path: p(''), role: 'admin', refusal: 404 },
  { cite: 'Manage branch protection rules (Admin)', methods: WRITES, path: p('/branches/\\{branch\\}/protection(/.*)?'), role: 'admin', refusal: 404 },
];

/** The family of a row: a documented family, or a public read ("Pull from the ... repositories": Read). */
function repoFamily(row: CatalogRow): RoleFamily | undefined {
  const fam = REPO_FAMILIES.find((f) => f.methods.includes(row.method) && f.path.test(row.path));
  if (fam) return fam;
  if (row.method === 'GET' && row.publicRead) return { cite: 'Pull from the repositories (Read)', methods: ['GET'], path: /./, role: 'read', refusal: 404 };
  return undefined;
}

type RepoCaller = 'owner' | 'member' | `collaborator-${RepoRole}` | 'stranger';
const REPO_CALLERS: readonly [RepoCaller, string, RepoRole | undefined][] = [
  ['owner', 'olga', 'admin'],
  ['member', 'mike', 'read'],
  ['collaborator-read', 'rita', 'read'],
  ['collaborator-triage', 'tina', 'triage'],
  ['collaborator-write', 'walt', 'write'],
  ['collaborator-maintain', 'mary', 'maintain'],
  ['collaborator-admin', 'adam', 'admin'],
  ['stranger', 'stan', undefined],
];

/** What GitHub answers a caller on a repository row: `same` = what the owner gets. */
function expectedRepo(fam: RoleFamily, role: RepoRole | undefined, priv: boolean): 'same' | 403 | 404 {
  if (role === undefined) {
    if (priv) return 404;
    return fam.role === 'read' ? 'same' : fam.refusal;
  }
  return RANK[role] >= RANK[fam.role] ? 'same' : fam.refusal;
}

type OrgNeed = 'owner' | 'member' | 'billing_manager' | 'security_manager';
const api = JSON.parse(readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8')) as {
  paths: Record<string, Record<string, { description?: string }>>;
};
/** The organization role an operation's description states, read by its own words. */
function describedOrgNeed(row: CatalogRow): OrgNeed | undefined {
  const d = (api.paths[realSpelling(row.path)]?.[row.method.toLowerCase()]?.description ?? '').replace(/\s+/g, ' ');
  if (/admin or billing manager/i.test(d)) return 'billing_manager';
  if (/must be an? (organization )?(owner|administrator) or (be member of a team with the )?security manager/i.test(d)) return 'security_manager';
  // "must either be an organization owner or a team maintainer": none of the callers maintains the route's team.
  if (/must (either )?be an organization owner or (a )?team maintainer/i.test(d)) return 'owner';
  if (
    /must be an organization owner|You must be an organization owner|Only organization owners|must have admin access to the organization|must be an administrator for the organization/i.test(
      d,
    )
  )
    return 'owner';
  if (/must be a member or owner of|must be a member of the organization|must be an organization member/i.test(d)) return 'member';
  return undefined;
}
/** The settings the issue names, owners only (GitHub's "Roles in an organization": owners have complete administrative access). */
const OWNER_SETTINGS = /^\/orgs\/\{org\}\/(actions\/permissions|actions\/secrets|interaction-limits$)/;

type OrgCaller = 'owner' | 'member' | 'billing-manager' | 'security-manager' | 'stranger';
const ORG_CALLERS: readonly [OrgCaller, string][] = [
  ['owner', 'olga'],
  ['member', 'mike'],
  ['billing-manager', 'bill'],
  ['security-manager', 'sam'],
  ['stranger', 'stan'],
];
function orgAllows(caller: OrgCaller, need: OrgNeed): boolean {
  if (caller === 'owner') return true;
  if (caller === 'member') return need === 'member';
  if (caller === 'billing-manager') return need === 'billing_manager';
  if (caller === 'security-manager') return need === 'member' || need === 'security_manager';
  return false;
}

describe('permission matrix: caller-role axis (repository roles, organization roles)', () => {
  let fakes: Fakes;
  let snapshot: ReturnType<Fakes['snapshot']>;
  const tokens = new Map<string, string>();
  const scopes = [...new Set(CATALOG.flatMap((r) => r.scopes))];
  const call = (row: CatalogRow, path: string, login: string) =>
    fakes.handle({
      method: row.method,
      url: `https://api.github.com${path}`,
      headers: { accept: 'application/vnd.github+json', 'content-type': 'application/json', authorization: `token ${tokens.get(login)}` },
      body: row.method === 'GET' ? null : '{}',
    });
  const concrete = (row: CatalogRow, repo: string) =>
    realSpelling(row.path).replace(/\{([^}]+)\}/g, (_, n: string) =>
      encodeURIComponent(n === 'owner' ? ORG : n === 'repo' ? repo : n === 'org' ? ORG : paramValue(n, row, repo)),
    );

  beforeAll(() => {
    fakes = createFakes({ auth: 'strict', clock: '2024-01-10T00:00:00Z' });
    const seed = fakes.codeHosting.seed;
    seed.repo({ owner: ORG, repo: PUBLIC, private: false, ownerType: 'Organization' });
    seed.repo({ owner: ORG, repo: PRIVATE, private: true, ownerType: 'Organization' });
    seed.resource('/orgs/acme/memberships/olga', { role: 'admin' });
    seed.resource('/orgs/acme/memberships/mike', { role: 'member' });
    seed.resource('/orgs/acme/memberships/sam', { role: 'member' });
    seed.resource('/orgs/acme/memberships/bill', { role: 'billing_manager' });
    seed.resource('/orgs/acme/teams/security/memberships/sam', { role: 'member' });
    seed.resource('/orgs/acme/security-managers/teams/security', {});
    for (const repo of [PUBLIC, PRIVATE]) {
      for (const [, login, role] of REPO_CALLERS)
        if (login !== 'olga' && login !== 'mike' && login !== 'stan' && role) seed.resource(`/repos/acme/${repo}/collaborators/${login}`, { permission: role });
      // The items the rows name (number and id 7, label `name-1`), so that more answers are the item's, not a 404.
      seed.commit({ owner: ORG, repo, branch: 'feature', files: { 'f.txt': 'f\n' }, message: 'f' });
      seed.resource(`/repos/acme/${repo}/pulls/7`, { title: 'Seeded', user: 'olga', head: 'feature', base: 'main' });
      seed.resource(`/repos/acme/${repo}/issues/comments/7`, { body: 'hi', user: 'olga', issue_number: 7 });
      seed.resource(`/repos/acme/${repo}/milestones/7`, { title: 'v7' });
      seed.resource(`/repos/acme/${repo}/labels/name-1`, { color: 'ededed' });
      seed.file({ owner: ORG, repo, path: 'docs/README.md', content: 'hi\n' });
    }
    for (const login of ['olga', 'mike', 'rita', 'tina', 'walt', 'mary', 'adam', 'stan', 'sam', 'bill'])
      tokens.set(login, seed.token({ type: 'classic', login, scopes: scopes as never, label: login }));
    snapshot = fakes.snapshot();
  });

  it('answers each repository role as GitHub’s roles table says, on a public and on a private repository', async () => {
    const failures: string[] = [];
    const counts = { rows: 0, checked: 0, refusalsSeen: 0 };
    for (const row of CATALOG) {
      if (!row.path.startsWith('/repos/{owner}/{repo}')) continue;
      const fam = repoFamily(row);
      if (!fam) continue;
      counts.rows++;
      for (const [repo, priv] of [
        [PUBLIC, false],
        [PRIVATE, true],
      ] as const) {
        const path = concrete(row, repo);
        fakes.restore(snapshot);
        const owner = await call(row, path, 'olga');
        for (const [caller, login, role] of REPO_CALLERS) {
          if (row.method !== 'GET') fakes.restore(snapshot);
          const want = expectedRepo(fam, role, priv);
          const res = caller === 'owner' ? owner : await call(row, path, login);
          counts.checked++;
          const label = `${row.method} ${row.path} ${priv ? 'private' : 'public'} ${caller} [${fam.cite}]`;
          const message = (res.json as { message?: string } | undefined)?.message;
          if (want === 'same') {
            if (res.status !== owner.status) failures.push(`${label}: ${res.status} (owner ${owner.status}) ${res.text.slice(0, 80)}`);
          } else if (res.status !== want || (want === 403 && message !== ADMIN_RIGHTS)) {
            failures.push(`${label}: ${res.status} (want ${want}) ${res.text.slice(0, 80)}`);
          } else if (owner.status !== want) counts.refusalsSeen++;
        }
      }
    }
    expect(failures.slice(0, 40)).toEqual([]);
    if (process.env.ROLES_DUMP) console.log('repo', counts);
    // Every family of the table is walked, and most refusals differ from what the owner gets.
    expect(counts.rows).toBeGreaterThan(150);
    expect(counts.refusalsSeen).toBeGreaterThan(300);
  });

  it('answers each organization role as GitHub’s operation descriptions say', async () => {
    const failures: string[] = [];
    let rows = 0;
    const needs = new Set<OrgNeed>();
    for (const row of CATALOG) {
      if (!/^\/(orgs|organizations)\/\{org\}(\/|$)/.test(row.path)) continue;
      const need: OrgNeed | undefined = describedOrgNeed(row) ?? (OWNER_SETTINGS.test(row.path) ? 'owner' : undefined);
      if (!need || row.publicRead) continue;
      rows++;
      needs.add(need);
      const path = concrete(row, PUBLIC);
      fakes.restore(snapshot);
      const owner = await call(row, path, 'olga');
      for (const [caller, login] of ORG_CALLERS) {
        if (caller === 'owner') continue;
        if (row.method !== 'GET') fakes.restore(snapshot);
        const res = await call(row, path, login);
        const label = `${row.method} ${row.path} ${caller} (${need})`;
        const hidden = /^\/orgs\/\{org\}\/(hooks|migrations)(\/|$)/.test(row.path);
        const message = (res.json as { message?: string } | undefined)?.message;
        if (orgAllows(caller, need)) {
          if (res.status !== owner.status) failures.push(`${label}: ${res.status} (owner ${owner.status}) ${res.text.slice(0, 80)}`);
        } else if (hidden ? res.status !== 404 : res.status !== 403 || message !== ADMIN_RIGHTS) {
          failures.push(`${label}: ${res.status} (want ${hidden ? 404 : 403}) ${res.text.slice(0, 80)}`);
        }
      }
    }
    expect(failures.slice(0, 40)).toEqual([]);
    if (process.env.ROLES_DUMP) console.log('org', rows, [...needs]);
    expect(rows).toBeGreaterThan(80);
    expect([...needs].sort()).toEqual(['billing_manager', 'member', 'owner', 'security_manager']);
  });
});
