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
/** Routes added since the restructure (rows beyond the seed's table), with the family that serves each. */
const added: Record<string, string> = {
  'POST /graphql': 'graphql',
  'POST /api/graphql': 'graphql',
  // GitHub routes the seed's table lacks (issue 29): the id forms, the API root, markdown, asset uploads.
  'PATCH /repositories/{repository_id}': 'repos',
  'DELETE /repositories/{repository_id}': 'repos',
  'GET /organizations/{organization_id}': 'users',
  'PATCH /organizations/{organization_id}': 'users',
  'DELETE /organizations/{organization_id}': 'users',
  'GET /organizations/{organization_id}/{+rest}': 'users',
  'POST /organizations/{organization_id}/{+rest}': 'users',
  'PUT /organizations/{organization_id}/{+rest}': 'users',
  'PATCH /organizations/{organization_id}/{+rest}': 'users',
  'DELETE /organizations/{organization_id}/{+rest}': 'users',
  'GET /': 'root',
  'POST /markdown': 'markdown',
  'POST /markdown/raw': 'markdown',
  'POST /__uploads/repos/{owner}/{repo}/releases/{release_id}/assets': 'releases',
};

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
    expect(now.size).toBe(before.routes.length + Object.keys(added).length);
    expect(new Set(createFakes().routes('codeHosting'))).toEqual(new Set([...before.listed, ...Object.keys(added)]));
  });

  it('serves each route added since then by its family', () => {
    const ownerOf = new Map(owners.map((o) => [key(o), o.owner]));
    expect(Object.fromEntries(Object.keys(added).map((k) => [k, ownerOf.get(k)]))).toEqual(added);
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
    const expected = (servedBy: string): string => {
      if (servedBy === 'catalog engine') return 'engine';
      const m = /(?:hand-written: |relation op: |relation path of .*: )(.*)$/.exec(servedBy);
      const what = (m?.[1] ?? servedBy).trim();
      return moved[what] ?? what.replace(/^relations\//, '');
    };
    const ownerOf = new Map(owners.map((o) => [key(o), o.owner]));
    // Rows a family took over from the engine since, with the reason.
    const TAKEN_OVER: Record<string, string> = {
      'GET /user/{account_id}': 'users', // the account of an id (the engine answered a stored record)
    };
    const differ = before.routes
      .filter((r) => ownerOf.get(key(r)) !== (TAKEN_OVER[key(r)] ?? expected(r.servedBy)))
      .map((r) => `${key(r)}: ${ownerOf.get(key(r))} (was ${r.servedBy})`);
    expect(differ).toEqual([]);
  });

  it('refuses a family that serves a row another family serves, or a row the catalog lacks', () => {
    const twice: Family = { name: 'twice', routes: [{ row: 'GET /repos/{owner}/{repo}/issues', op: () => ({ status: 200 }) }] };
    expect(() => buildRoutes([...FAMILIES, twice])).toThrow(/served twice, by family 'issues' and by family 'twice'/);
    const missing: Family = { name: 'meta', routes: [{ row: 'GET /meta', handle: () => ({ status: 200 }), access: { permissions: [] } }] };
    expect(() => buildRoutes([...FAMILIES, missing])).toThrow(/'GET \/meta', which is no catalog row/);
    const added: Family = { ...missing, rows: [{ method: 'GET', path: '/meta', operationId: 'meta/get' }] };
    const routes = buildRoutes([...FAMILIES, added]);
    expect(routes.find((r) => r.spec.path === '/meta')).toMatchObject({ owner: 'meta', spec: { method: 'GET', operation: 'meta/get' } });
  });
});
