import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CATALOG, type CatalogRow, realSpelling } from 'stuntdouble/code-hosting';
import { describe, expect, it } from 'vitest';

// The catalog table's permission rules checked against oracles the fake did not write:
// - the seed's permission table (section 5.1), transcribed below row by row from its own words, family
//   by family, independently of scripts/catalog-rules.mjs;
// - GitHub's OpenAPI description: the classic scopes each operation's description names.
// permission-matrix.test.ts then sends every row as every caller kind and checks the fake answers what
// the table says; this file checks the table says what the seed and GitHub say.

const require = createRequire(import.meta.url);
const R = '/repos/\\{owner\\}/\\{repo\\}';
const O = '/orgs/\\{org\\}';
const re = (s: string) => new RegExp(`^${s.replace(/\{R\}/g, R).replace(/\{O\}/g, O)}`);

type Methods = 'write' | 'read' | 'all';
/** One family the table names: the paths it covers (seed spelling), which methods, and the level a GET needs. */
interface Family {
  words: string;
  path: RegExp;
  methods: Methods;
  /** The table says these GETs need write ("rule-suites and history (these GETs also need write)"). */
  getNeedsWrite?: boolean;
  /** Only these methods (e.g. `POST` for "forks POST"). */
  only?: readonly string[];
  /** The level every method of the family needs, when the table says so (team repos forms in the read column). */
  level?: 'read' | 'write';
}

/** Seed table 5.1, by category (the permission names GitHub gives the categories). */
const TABLE: Record<string, Family[]> = {
  // Organization: Administration
  organization_administration: [
    { words: 'PATCH, DELETE {o}', path: re('{O}$'), methods: 'write' },
    { words: '{o}/actions/hosted-runners', path: re('{O}/actions/hosted-runners'), methods: 'all' },
    { words: 'oidc customization sub PUT', path: re('{O}/actions/oidc/customization/sub$'), methods: 'all' },
    { words: '{o}/actions/permissions*', path: re('{O}/actions/permissions'), methods: 'all' },
    { words: '{o}/code-security/configurations', path: re('{O}/code-security/configurations'), methods: 'all' },
    { words: 'dependency-bot/repository-access', path: re('{O}/dependency-bot/repository-access'), methods: 'all' },
    { words: 'billing budgets and usage reports', path: re('/organizations/\\{org\\}/settings/billing'), methods: 'all' },
    { words: '{o}/interaction-limits', path: re('{O}/interaction-limits'), methods: 'all' },
    // Every GET of the family needs write (GitHub's docs agree: "Administration" organization permissions (write)).
    {
      words: '{o}/rulesets family including rule-suites and history (these GETs also need write)',
      path: re('{O}/rulesets'),
      methods: 'all',
      getNeedsWrite: true,
    },
    { words: 'secret-scanning pattern-configurations', path: re('{O}/secret-scanning/pattern-configurations'), methods: 'all' },
    { words: '{o}/security-managers', path: re('{O}/security-managers'), methods: 'all' },
    { words: '{o}/settings/immutable-releases', path: re('{O}/settings/immutable-releases'), methods: 'all' },
    { words: 'POST {o}/{security_product}/{enablement}', path: re('{O}/\\{security_product\\}/\\{enablement\\}$'), methods: 'all' },
    { words: 'cache usage', path: re('{O}/actions/cache/usage'), methods: 'all' },
    { words: '{o}/installations', path: re('{O}/installations$'), methods: 'all' },
    { words: 'assistant billing, seats, metrics', path: re('{O}/assistant/(billing|metrics)'), methods: 'all' },
  ],
  // Organization: assistant business (either this or Organization: Administration)
  organization_copilot_seat_management: [
    { words: 'assistant billing, billing/seats, metrics, selected_teams and selected_users', path: re('{O}/assistant/(billing|metrics)'), methods: 'all' },
    { words: 'members/{username}/assistant', path: re('{O}/members/\\{username\\}/assistant$'), methods: 'all' },
  ],
  // Organization: Members
  members: [
    { words: 'invitations', path: re('{O}/(invitations|failed_invitations)'), methods: 'all' },
    { words: 'members; memberships', path: re('{O}/(members|memberships)(/|$)(?!.*assistant)'), methods: 'all' },
    { words: 'organization-roles (teams and users)', path: re('{O}/organization-roles/(teams|users)'), methods: 'all' },
    { words: 'outside_collaborators', path: re('{O}/outside_collaborators'), methods: 'all' },
    { words: 'public_members', path: re('{O}/public_members'), methods: 'all' },
    { words: 'teams POST, PATCH, DELETE; team memberships', path: re('{O}/teams(/\\{team_slug\\})?(/memberships.*)?$'), methods: 'all' },
    { words: 'legacy /teams/{team_id} writes', path: re('/teams/\\{team_id\\}(/(members|memberships).*)?$'), methods: 'all' },
    { words: '/user/memberships/orgs/{org}', path: re('/user/memberships/orgs/\\{org\\}$'), methods: 'all' },
    {
      words: 'the matching GET families; team repos forms with PUT and DELETE are listed here with multiple-permission marking',
      path: re('(/teams/\\{team_id\\}|{O}/teams/\\{team_slug\\})/repos/\\{owner\\}/\\{repo\\}$'),
      methods: 'all',
      level: 'read',
    },
  ],
  // Organization: Self-hosted runners
  organization_self_hosted_runners: [{ words: 'runner-groups; runners', path: re('{O}/actions/(runner-groups|runners)'), methods: 'all' }],
  // Organization: Team discussions
  team_discussions: [
    { words: 'discussions, comments and reactions', path: re('({O}/teams/\\{team_slug\\}|/teams/\\{team_id\\})/discussions'), methods: 'all' },
  ],
  // Repository: Actions
  actions: [
    {
      words: 'artifacts, caches, jobs, logs, runs, approvals, pending_deployments, timing, workflows',
      path: re('{R}/actions/(artifacts|caches|jobs|runs|workflows)'),
      methods: 'all',
    },
    { words: 'oidc customization sub PUT', path: re('{R}/actions/oidc/customization/sub$'), methods: 'all' },
    {
      words: 'environments, deployment-branch-policies, deployment_protection_rules GETs',
      path: re('{R}/environments(/\\{environment_name\\}(/(deployment-branch-policies|deployment_protection_rules)(/.*)?)?)?$'),
      methods: 'read',
    },
  ],
  // Repository: Administration
  administration: [
    { words: 'POST {o}/repos', path: re('{O}/repos$'), methods: 'write' },
    { words: 'PATCH, DELETE {r}', path: re('{R}$'), methods: 'write' },
    { words: 'repository actions permissions; runners and labels', path: re('{R}/actions/(permissions|runners)'), methods: 'all' },
    { words: 'autolinks; automated-security-fixes', path: re('{R}/(autolinks|automated-security-fixes)'), methods: 'all' },
    { words: 'branch protection and its restrictions', path: re('{R}/branches/\\{branch\\}/protection'), methods: 'all' },
    { words: 'code-scanning default-setup PATCH', path: re('{R}/code-scanning/default-setup$'), methods: 'all' },
    { words: 'collaborators PUT, DELETE', path: re('{R}/collaborators/\\{username\\}$'), methods: 'write' },
    {
      words: 'environments PUT, DELETE and their policies and rules',
      path: re('{R}/environments(/\\{environment_name\\}(/(deployment-branch-policies|deployment_protection_rules)(/.*)?)?)?$'),
      methods: 'write',
    },
    { words: 'forks POST', path: re('{R}/forks$'), methods: 'write' },
    {
      words: 'immutable-releases; interaction-limits; invitations; keys',
      path: re('{R}/(immutable-releases|interaction-limits|invitations|keys)'),
      methods: 'all',
    },
    { words: 'pages', path: re('{R}/pages'), methods: 'all' },
    { words: 'private-vulnerability-reporting', path: re('{R}/private-vulnerability-reporting'), methods: 'all' },
    { words: 'rulesets', path: re('{R}/rulesets(?!/rule-suites|/\\{ruleset_id\\}/history)'), methods: 'all' },
    {
      words: '(GETs of rule-suites and history also need write)',
      path: re('{R}/rulesets/(rule-suites|\\{ruleset_id\\}/history)'),
      methods: 'all',
      getNeedsWrite: true,
    },
    { words: 'tags/protection; vulnerability-alerts', path: re('{R}/(tags/protection|vulnerability-alerts)'), methods: 'all' },
    { words: 'topics PUT; transfer POST (UAT only)', path: re('{R}/(topics|transfer)$'), methods: 'write' },
    { words: 'template generate', path: re('/repos/\\{template_owner\\}/\\{template_repo\\}/generate$'), methods: 'all' },
    { words: 'POST /user/repos', path: re('/user/repos$'), methods: 'write' },
    { words: '/user/repository_invitations PATCH, DELETE', path: re('/user/repository_invitations/'), methods: 'write' },
    {
      words: 'traffic clones, popular paths, referrers and views, teams, code-security-configuration',
      path: re('{R}/(traffic|teams|code-security-configuration)'),
      methods: 'all',
    },
  ],
  // Repository: Contents (write side; "not shown for the rest of this category")
  contents: [
    { words: 'branch rename', path: re('{R}/branches/\\{branch\\}/rename$'), methods: 'write' },
    { words: 'code-scanning autofix commits', path: re('{R}/code-scanning/alerts/\\{alert_number\\}/autofix/commits$'), methods: 'write' },
    { words: 'codeql database and variant analysis calls', path: re('{R}/code-scanning/codeql/'), methods: 'all' },
    { words: 'commit comments and reactions', path: re('{R}/(comments|commits/\\{commit_sha\\}/comments)'), methods: 'write' },
    { words: 'contents/{path} PUT, DELETE', path: re('{R}/contents/'), methods: 'write' },
    { words: 'dependency-graph snapshots; dispatches', path: re('{R}/(dependency-graph/snapshots|dispatches)$'), methods: 'write' },
    { words: 'git blobs, commits, refs, tags, trees', path: re('{R}/git/'), methods: 'write' },
    { words: 'merge-upstream; merges; pull merge PUT', path: re('{R}/(merge-upstream|merges|pulls/\\{pull_number\\}/merge)$'), methods: 'write' },
    { words: 'releases and assets', path: re('{R}/releases'), methods: 'write' },
    { words: 'artifact metadata records under {o}/artifacts/metadata', path: re('{O}/artifacts/metadata'), methods: 'write' },
  ],
};

/** The levels a row's rule grants per category, over its alternatives: `{ contents: ['write'] }`. */
function alternatives(row: CatalogRow): Array<Record<string, string>> {
  return row.permission.split(';').map((alt) => Object.fromEntries(alt.split(',').map((p) => p.trim().split('=') as [string, string])));
}

describe("the catalog table's rules against the seed's permission table and GitHub's descriptions", () => {
  it('every row of a family the seed table names needs that category, at write for mutating methods and read for GETs', () => {
    const wrong: string[] = [];
    let covered = 0;
    for (const [category, families] of Object.entries(TABLE)) {
      for (const fam of families) {
        const rows = CATALOG.filter(
          (r) =>
            fam.path.test(r.path) && (fam.methods === 'all' || (fam.methods === 'read') === (r.method === 'GET')) && (!fam.only || fam.only.includes(r.method)),
        );
        if (rows.length === 0) wrong.push(`${category}: no catalog row for '${fam.words}'`);
        for (const r of rows) {
          covered++;
          const level = fam.level ?? (r.method === 'GET' && !fam.getNeedsWrite ? 'read' : 'write');
          const ok = alternatives(r).some((alt) => alt[category] === level || (level === 'read' && alt[category] === 'write' && fam.getNeedsWrite));
          if (!ok) wrong.push(`${r.method} ${r.path}: '${r.permission}' lacks ${category}=${level} (${fam.words})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(covered).toBeGreaterThan(300);
  });

  it('marks the rows of the table’s families as coming from it', () => {
    const families = Object.values(TABLE).flat();
    const rows = CATALOG.filter((r) => families.some((f) => f.path.test(r.path) && (f.methods === 'all' || (f.methods === 'read') === (r.method === 'GET'))));
    const other = rows.filter((r) => !r.permissionSource.startsWith('permission-table')).map((r) => `${r.method} ${r.path} (${r.permissionSource})`);
    // Pages carry both the table's Administration and GitHub's Pages permission; the rest come from the table.
    expect(other).toEqual([]);
  });

  it('serves every family the table names under GitHub’s spelling', () => {
    const paths = new Set(CATALOG.map((r) => realSpelling(r.path)));
    for (const p of [
      '/orgs/{org}/interaction-limits',
      '/repos/{owner}/{repo}/interaction-limits',
      '/orgs/{org}/code-security/configurations',
      '/orgs/{org}/copilot/billing',
      '/orgs/{org}/copilot/billing/seats',
      '/orgs/{org}/copilot/billing/selected_teams',
      '/orgs/{org}/copilot/billing/selected_users',
      '/orgs/{org}/members/{username}/copilot',
      '/repos/{owner}/{repo}/traffic/clones',
      '/repos/{owner}/{repo}/traffic/views',
      '/repos/{owner}/{repo}/traffic/popular/paths',
      '/repos/{owner}/{repo}/traffic/popular/referrers',
      '/orgs/{org}/invitations',
      '/repos/{owner}/{repo}/immutable-releases',
      '/orgs/{org}/settings/immutable-releases',
      '/repos/{owner}/{repo}/private-vulnerability-reporting',
      '/orgs/{org}/rulesets/{ruleset_id}/history',
      '/repos/{owner}/{repo}/rulesets/{ruleset_id}/history',
      '/organizations/{org}/settings/billing/budgets/{budget_id}',
      '/orgs/{org}/actions/hosted-runners',
      '/orgs/{org}/secret-scanning/pattern-configurations',
      '/orgs/{org}/dependabot/repository-access',
      '/repos/{owner}/{repo}/code-scanning/codeql/databases',
      '/repos/{owner}/{repo}/code-scanning/codeql/variant-analyses',
      '/orgs/{org}/artifacts/metadata/storage-record',
    ])
      expect(paths.has(p), p).toBe(true);
  });

  it('carries every classic scope GitHub’s description of the operation names', () => {
    const docs = ['api.github.com', 'ghec', 'ghes-3.19'].map(
      (n) =>
        JSON.parse(readFileSync(require.resolve(`@octokit/openapi/generated/${n}.json`), 'utf8')) as {
          paths: Record<string, Record<string, { description?: string }>>;
        },
    );
    const wrong: string[] = [];
    let checked = 0;
    for (const r of CATALOG) {
      const d = docs.map((doc) => doc.paths[realSpelling(r.path)]?.[r.method.toLowerCase()]?.description).find((x) => x !== undefined) ?? '';
      // "OAuth app tokens and personal access tokens (classic) need the `x` [or `y`] scope(s) to use this endpoint"
      const sentence = /personal access tokens \(classic\) need (?:the |either the )?(.*?) scopes? to use this endpoint(?![^.]* in order)/.exec(
        d.replace(/\s+/g, ' '),
      );
      if (!sentence || / to see | when /.test(sentence[0])) continue;
      const named = [...(sentence[1] as string).matchAll(/`([a-z_:]+)`/g)].map((m) => m[1] as string);
      if (named.length === 0) continue;
      checked++;
      for (const s of named) if (!r.scopes.includes(s)) wrong.push(`${r.method} ${r.path}: scopes ${JSON.stringify(r.scopes)} lack '${s}'`);
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });
});
