import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG, realSpelling } from 'stuntdouble/code-hosting';
import { describe, expect, it } from 'vitest';

// Counts the catalog against the seed's own lists (section 4.3), independently of the generator:
// every method word of a category paragraph is one row, plus the rows the seed's abbreviations stand for.
const extract = readFileSync(join(__dirname, '../../scripts/seed-catalog-extract.txt'), 'utf8');
const section = extract.slice(extract.indexOf('### 4.3'), extract.indexOf('Categories that appear with no endpoint listed'));
const paragraphs = new Map<string, string>();
for (const m of section.matchAll(/\*\*([a-z-]+)\*\*([^\n]*(?:\n- [^\n]*)*)/g)) paragraphs.set(m[1] as string, m[2] as string);
const methodWords = (text: string) => (text.match(/\b(GET|POST|PUT|PATCH|DELETE)\b/g) ?? []).length;

/** Rows the seed abbreviates in each category, beyond one row per method word (worked out by hand from the text). */
const EXPANSIONS: Record<string, (words: number) => number> = {
  // "runners, ... with the same methods as the org forms" (12), "secrets, ... as the org form" (5), "variables and variables/{name} as the org form" (5).
  actions: (w) => w + 12 + 5 + 5,
  // "GET /users/{username}/events, ..." names 7 paths with one GET.
  activity: (w) => w + 6,
  // "protection/restrictions/apps, /teams, /users each GET, POST, PUT, DELETE".
  branches: (w) => w + 8,
  // "the same two paths under {r}": GET list + GET, PATCH, DELETE item.
  'enterprise-admin': (w) => w + 4,
  // "GET {r}/stats/code_frequency, commit_activity, contributors, participation, punch_card".
  metrics: (w) => w + 4,
  // "same shape under the three scopes".
  packages: (w) => w * 3,
  // 7 bases × (GET, POST, DELETE) + 2 legacy bases × (GET, POST); the paragraph spells 5 method words.
  reactions: () => 7 * 3 + 2 * 2,
  // "GET /search/code, /search/commits, ..." names 7 paths with one GET.
  search: (w) => w + 6,
  // "discussions and comments as above" under /teams/{team_id}: 10 rows.
  teams: (w) => w + 10,
  // "/users/{username}/followers, /following, /gpg_keys, /keys, /social_accounts, /ssh_signing_keys GET".
  users: (w) => w + 5,
};

describe('catalog table', () => {
  it('has as many rows per category as the seed lists, abbreviations expanded', () => {
    const want: Record<string, number> = {};
    for (const [cat, text] of paragraphs) want[cat] = (EXPANSIONS[cat] ?? ((w: number) => w))(methodWords(text));
    const have: Record<string, number> = {};
    // Rows of the families only the permission table (5.1) names are counted apart (permission-oracle.test.ts).
    const listed = CATALOG.filter((r) => !r.fromTable);
    for (const r of listed) have[r.category] = (have[r.category] ?? 0) + 1;
    expect(have).toEqual(want);
    expect(Object.keys(have)).toHaveLength(27);
    expect(listed).toHaveLength(Object.values(want).reduce((a, b) => a + b, 0));
  });

  it('adds the families the permission table names only from GitHub’s descriptions, each once', () => {
    const fromTable = CATALOG.filter((r) => r.fromTable);
    expect(fromTable.length).toBeGreaterThan(100);
    // Every such row is an operation GitHub's descriptions document, none a second spelling of a listed row.
    expect(fromTable.filter((r) => r.openapi === false)).toEqual([]);
    const listed = new Set(CATALOG.filter((r) => !r.fromTable).map((r) => `${r.method} ${realSpelling(r.path)}`));
    expect(fromTable.filter((r) => listed.has(`${r.method} ${realSpelling(r.path)}`))).toEqual([]);
  });

  it('expands {r}, {o} and the reaction bases exactly', () => {
    const keys = new Set(CATALOG.map((r) => `${r.method} ${r.path}`));
    for (const k of [
      'GET /repos/{owner}/{repo}/stats/punch_card',
      'DELETE /repos/{owner}/{repo}/releases/{release_id}/reactions/{reaction_id}',
      'POST /teams/{team_id}/discussions/{discussion_number}/comments/{comment_number}/reactions',
      'GET /users/{username}/packages/{package_type}/{package_name}/versions/{package_version_id}',
      'DELETE /repos/{owner}/{repo}/actions/runners/{runner_id}/labels/{name}',
      'PATCH /repos/{owner}/{repo}/pre-receive-hooks/{pre_receive_hook_id}',
      'POST /repos/{owner}/{repo}/statuses/{sha}',
      'GET /repos/{owner}/{repo}/environments/{environment_name}/deployment_protection_rules/{protection_rule_id}',
      'PUT /orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}',
    ]) {
      expect(keys.has(k), k).toBe(true);
    }
    expect(keys.has('DELETE /teams/{team_id}/discussions/{discussion_number}/reactions/{reaction_id}')).toBe(false);
  });

  it('takes operation ids, statuses, required fields and integer params from the OpenAPI description', () => {
    const row = (k: string) => CATALOG.find((r) => `${r.method} ${r.path}` === k);
    expect(row('POST /repos/{owner}/{repo}/issues')).toMatchObject({ operationId: 'issues/create', status: 201, required: ['title'], numbered: true });
    expect(row('GET /repos/{owner}/{repo}/issues/{issue_number}')).toMatchObject({ intParams: ['issue_number'], kind: 'item' });
    expect(row('POST /repos/{owner}/{repo}/actions/runs/{run_id}/cancel')).toMatchObject({ status: 202, kind: 'action' });
    expect(row('GET /repos/{owner}/{repo}/actions/runs')).toMatchObject({ kind: 'list', listKey: 'workflow_runs' });
    expect(row('GET /orgs/{org}/dependency-bot/alerts')?.operationId).toBe('dependabot/list-alerts-for-org');
  });

  it('records each permission rule and its source', () => {
    const row = (k: string) => CATALOG.find((r) => `${r.method} ${r.path}` === k);
    expect(row('GET /orgs/{org}/rulesets')).toMatchObject({ permission: 'organization_administration=write', permissionSource: 'permission-table' });
    expect(row('PUT /repos/{owner}/{repo}/contents/{path}')).toMatchObject({ permission: 'contents=write', permissionSource: 'permission-table' });
    expect(row('POST /repos/{owner}/{repo}/transfer')).toMatchObject({ permission: 'administration=write', uatOnly: true });
    expect(row('GET /repos/{owner}/{repo}/labels')?.permission).toBe('issues=read; pull_requests=read');
    expect(row('PUT /orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}')?.permission).toBe('members=read,administration=write');
    expect(row('GET /repos/{owner}/{repo}/issues')).toMatchObject({ permission: 'issues=read', permissionSource: 'github-fgpat' });
    expect(row('GET /search/code')).toMatchObject({ permission: '', permissionSource: 'public' });
  });

  it('maps the seed spellings to the real ones', () => {
    expect(realSpelling('/repos/{owner}/{repo}/dependency-bot/alerts')).toBe('/repos/{owner}/{repo}/dependabot/alerts');
    expect(realSpelling('/orgs/{org}/assistant/billing')).toBe('/orgs/{org}/copilot/billing');
  });
});
