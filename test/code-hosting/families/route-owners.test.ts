import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFakes } from '../../../src/entries/index.js';
import { codeHostingService } from '../../../src/fakes/code-hosting/index.js';
import { FAMILIES } from '../../../src/fakes/code-hosting/families.js';
import { buildRoutes, routeOwners } from '../../../src/fakes/code-hosting/routes.js';
import type { Family } from '../../../src/fakes/code-hosting/core/family.js';
import { familyFolders } from './source-graph.js';

/** Every code hosting route and what served it before the families had folders (issue 28). */
interface Before {
  routes: Array<{ method: string; template: string; listedAs?: string; listed?: false; operation: string; servedBy: string }>;
  listed: string[];
}
const before: Before = JSON.parse(readFileSync(new URL('./routes-before.json', import.meta.url), 'utf8'));
const key = (r: { method: string; template: string }) => `${r.method} ${r.template}`;

describe('code hosting routes: one owner each, none lost', () => {
  const owners = routeOwners();
  const folders = familyFolders();

  it('names the family that serves each route, or the generic engine', () => {
    expect(owners.length).toBeGreaterThan(900);
    const unknown = owners.filter((o) => o.owner !== 'engine' && !folders.includes(o.owner));
    expect(unknown).toEqual([]);
    // Every registered family owns routes, and is the folder of the same name.
    expect(FAMILIES.map((f) => f.name).sort()).toEqual(folders);
    for (const f of folders)
      expect(
        owners.some((o) => o.owner === f),
        f,
      ).toBe(true);
  });

  it('serves no route twice', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const o of owners) {
      const k = key(o);
      if (seen.has(k)) twice.push(`${k}: ${seen.get(k)} and ${o.owner}`);
      seen.set(k, o.owner);
    }
    expect(twice).toEqual([]);
  });

  /** Routes GitHub serves that were added after the restructure (with their family). */
  const ADDED: Record<string, string> = {
    'GET /user/interaction-limits': 'interaction-limits',
    'PUT /user/interaction-limits': 'interaction-limits',
    'DELETE /user/interaction-limits': 'interaction-limits',
  };
  /** Rows the engine served before that a family serves since (with their family). */
  const MOVED_SINCE: Record<string, string> = {
    'POST /repos/{owner}/{repo}/labels': 'issues',
    // Issue 29: the feeds depend on the caller (their own feeds only when authenticated).
    'GET /feeds': 'root',
    // Issue 30: a workflow dispatch starts a run (and answers its details when asked).
    'POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches': 'actions',
    // Search over the state (issue 30).
    'GET /search/issues': 'search',
    'GET /search/repositories': 'search',
    'GET /search/users': 'search',
    ...Object.fromEntries(
      ['/repos/{owner}/{repo}', '/orgs/{org}'].flatMap((b) =>
        ['GET', 'POST', 'PUT', 'DELETE']
          .map((m) => [`${m} ${b}/actions/runners/{runner_id}/labels`, 'actions'])
          .concat([[`DELETE ${b}/actions/runners/{runner_id}/labels/{name}`, 'actions']]),
      ),
    ),
  };

  it('serves the routes added since the restructure by their family', () => {
    const ownerOf = new Map(owners.map((o) => [key(o), o.owner]));
    expect(Object.fromEntries(Object.keys(ADDED).map((k) => [k, ownerOf.get(k)]))).toEqual(ADDED);
  });

  it('loses no route against the list before the restructure (spelling, listed name, operation)', () => {
    const now = new Map(codeHostingService.routes.map((r) => [`${r.method} ${r.path}`, r]));
    const lost: string[] = [];
    for (const r of before.routes) {
      const after = now.get(key(r));
      if (!after) lost.push(key(r));
      else if (after.operation !== r.operation || (after.name ?? undefined) !== r.listedAs || (after.listed === false) !== (r.listed === false))
        lost.push(`${key(r)} changed: ${after.operation} ${after.name ?? ''}`);
    }
    expect(lost).toEqual([]);
    // Routes since then are rows families added for GitHub routes the table lacks (issue 29).
    const known = new Set(before.routes.map(key));
    const addedRows = new Set(FAMILIES.flatMap((f) => (f.rows ?? []).map((r) => `${r.method} ${r.path}`)));
    expect([...now.keys()].filter((k) => !known.has(k) && !addedRows.has(k))).toEqual([]);
    const listed = new Set(createFakes().routes('codeHosting'));
    expect(before.listed.filter((r) => !listed.has(r))).toEqual([]);
  });

  it('serves each row added since then by the family that declares it', () => {
    const ownerOf = new Map(owners.map((o) => [key(o), o.owner]));
    const wrong = FAMILIES.flatMap((f) =>
      (f.rows ?? [])
        .map((r) => `${r.method} ${r.path}`)
        .filter((k) => ownerOf.get(k) !== f.name)
        .map((k) => `${k}: ${ownerOf.get(k)} (declared by ${f.name})`),
    );
    expect(wrong).toEqual([]);
    expect(ownerOf.get('POST /graphql')).toBe('graphql');
  });

  it('keeps each route with the code that served it before', () => {
    // What each old mechanism became: a hand-written route or relation family keeps its family; the engine stays the engine.
    const moved: Record<string, string> = {
      'routes/repos.ts': 'repos',
      'routes/imports.ts': 'imports',
      'routes/hooks.ts': 'hooks',
      'index.ts (rate_limit)': 'rate-limit',
      'relations/git/archive.ts (codeload host)': 'git',
      'redirects.ts (log host)': 'actions',
      'models/branches': 'branches',
    };
    // Lists derived from state since (issue 29): the family whose state they read serves them.
    const derived: Record<string, string> = {
      'GET /repos/{owner}/{repo}/contributors': 'git',
      'GET /repos/{owner}/{repo}/pulls/{pull_number}/commits': 'issues',
      'GET /repos/{owner}/{repo}/pulls/{pull_number}/files': 'issues',
      'GET /user/orgs': 'orgs',
      'GET /users/{username}/orgs': 'orgs',
      // The account of an id (issue 29; the engine answered a stored record).
      'GET /user/{account_id}': 'users',
      // Answers built from state (issue 29, documented properties present; the engine stored and echoed bodies).
      'GET /repos/{owner}/{repo}/actions/runs/{run_id}/timing': 'actions',
      'GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/timing': 'actions',
      'GET /organizations/{org}/settings/billing/budgets': 'billing',
      'POST /organizations/{org}/settings/billing/budgets': 'billing',
      'GET /organizations/{org}/settings/billing/budgets/{budget_id}': 'billing',
      'PATCH /organizations/{org}/settings/billing/budgets/{budget_id}': 'billing',
      'GET /orgs/{org}/code-security/configurations/defaults': 'code-security',
      'PUT /orgs/{org}/code-security/configurations/{configuration_id}/defaults': 'code-security',
      'POST /orgs/{org}/artifacts/metadata/deployment-record/cluster/{cluster}/jobs': 'artifacts',
      'GET /orgs/{org}/artifacts/metadata/deployment-record/cluster/{cluster}/jobs/{job_id}': 'artifacts',
      'POST /repos/{owner}/{repo}/pages': 'pages',
      ...Object.fromEntries(
        ['Users/{scim_user_id}', 'Groups/{scim_group_id}'].flatMap((item) => {
          const s = '/scim/v2/enterprises/{enterprise}';
          return [`POST ${s}/${item.split('/')[0]}`, `GET ${s}/${item}`, `PUT ${s}/${item}`, `PATCH ${s}/${item}`].map((k) => [k, 'scim']);
        }),
      ),
    };
    const derivedOwner = (k: string) =>
      derived[k] ??
      (/^GET \/(events|networks\/.*\/events|orgs\/\{org\}\/events|repos\/\{owner\}\/\{repo\}\/events|users\/\{username\}\/(events|received_events).*)$/.test(k)
        ? 'events'
        : undefined);
    const expected = (servedBy: string, k = ''): string => {
      const now = derivedOwner(k);
      if (now) return now;
      if (servedBy === 'catalog engine') return 'engine';
      const m = /(?:hand-written: |relation op: |relation path of .*: )(.*)$/.exec(servedBy);
      const what = (m?.[1] ?? servedBy).trim();
      return moved[what] ?? what.replace(/^relations\//, '');
    };
    // Rows a family took over from the engine after the restructure, on purpose.
    const takenOver: Record<string, string> = {
      // Issue 30: every existing organization can be updated and deleted (the engine knew path-seeded ones only).
      'PATCH /orgs/{org}': 'users',
      'DELETE /orgs/{org}': 'users',
      // Issue 30: organization role assignments are indexed (what a role grants is looked up per request).
      'PUT /orgs/{org}/organization-roles/users/{username}/{role_id}': 'orgs',
      'DELETE /orgs/{org}/organization-roles/users/{username}/{role_id}': 'orgs',
      'DELETE /orgs/{org}/organization-roles/users/{username}': 'orgs',
      'PUT /orgs/{org}/organization-roles/teams/{team_slug}/{role_id}': 'orgs',
      'DELETE /orgs/{org}/organization-roles/teams/{team_slug}/{role_id}': 'orgs',
      'DELETE /orgs/{org}/organization-roles/teams/{team_slug}': 'orgs',
      'GET /orgs/{org}/organization-roles/{role_id}/users': 'orgs',
      'GET /orgs/{org}/organization-roles/{role_id}/teams': 'orgs',
    };
    const ownerOf = new Map(owners.map((o) => [key(o), o.owner]));
    const differ = before.routes
      .filter((r) => ownerOf.get(key(r)) !== (takenOver[key(r)] ?? MOVED_SINCE[key(r)] ?? expected(r.servedBy, key(r))))
      .map((r) => `${key(r)}: ${ownerOf.get(key(r))} (was ${r.servedBy})`);
    expect(differ).toEqual([]);
  });

  it('refuses a family that serves a row another family serves, or a row the catalog lacks', () => {
    const twice: Family = { name: 'twice', routes: [{ row: 'GET /repos/{owner}/{repo}/issues', op: () => ({ status: 200 }) }] };
    expect(() => buildRoutes([...FAMILIES, twice])).toThrow(/served twice, by family 'issues' and by family 'twice'/);
    const missing: Family = { name: 'extra', routes: [{ row: 'GET /hypothetical', handle: () => ({ status: 200 }), access: { permissions: [] } }] };
    expect(() => buildRoutes([...FAMILIES, missing])).toThrow(/'GET \/hypothetical', which is no catalog row/);
    const added: Family = { ...missing, rows: [{ method: 'GET', path: '/hypothetical', operationId: 'extra/get' }] };
    const routes = buildRoutes([...FAMILIES, added]);
    expect(routes.find((r) => r.spec.path === '/hypothetical')).toMatchObject({ owner: 'extra', spec: { method: 'GET', operation: 'extra/get' } });
    const meta = buildRoutes().find((r) => r.spec.path === '/meta');
    expect(meta).toMatchObject({ owner: 'meta', spec: { method: 'GET', operation: 'meta/get' } });
  });
});
