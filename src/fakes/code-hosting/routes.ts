import type { RouteSpec } from '../service.js';
import { countRequests } from './core/catalog/counted.js';
import { CATALOG, type CatalogRow } from './core/catalog/catalog.js';
import { realSpelling, spellings } from './core/catalog/aliases.js';
import { catalogHandler, routeShape } from './core/catalog/pipeline.js';
import { accessRule } from './core/catalog/table.js';
import type { ExtraRow, Family, FamilyRoute, RelationOp } from './core/family.js';
import type { CodeHostingOptions } from './core/options.js';
import { githubRoute } from './core/route.js';
import { FAMILIES } from './families.js';
import { repoView } from './repos/model.js';
import { afterWrite } from './activity.js';
import type { CodeHostingState } from './state.js';
import { suggest } from '../../util/suggest.js';

type Spec = RouteSpec<CodeHostingState, CodeHostingOptions>;

/** Who serves a route: a family (its folder name) or the generic catalog engine. */
export type RouteOwner = string;

/** One route of the service with the family that serves it (`engine` for the generic engine). */
export interface OwnedRoute {
  spec: Spec;
  owner: RouteOwner;
}

/** A catalog row: one of the seed's table, or one a family adds. */
interface Row {
  method: string;
  path: string;
  operationId: string;
  /** The table's row (kind, shape, permission); absent for a row a family adds. */
  table?: CatalogRow;
  /** The family that added the row (rows beyond the table). */
  addedBy?: string;
}

const keyOf = (method: string, path: string) => `${method} ${path}`;

/** Every catalog row by `METHOD template`: the seed's table, then the rows families add. Throws on a row added twice. */
function catalogRows(families: readonly Family[]): Map<string, Row> {
  const rows = new Map<string, Row>();
  for (const r of CATALOG) rows.set(keyOf(r.method, r.path), { method: r.method, path: r.path, operationId: r.operationId, table: r });
  for (const f of families) {
    for (const x of f.rows ?? ([] as ExtraRow[])) {
      const key = keyOf(x.method, x.path);
      const had = rows.get(key);
      if (had)
        throw new Error(
          `stuntdouble: family '${f.name}' adds the catalog row '${key}', which ${had.addedBy ? `family '${had.addedBy}' adds too` : 'the catalog table has'}`,
        );
      rows.set(key, { ...x, addedBy: f.name });
    }
  }
  return rows;
}

/** The spec of a route a family answers itself (`handle` or `raw`). */
function familySpec(row: Row, route: Exclude<FamilyRoute, { op: RelationOp }>, family: string): Spec {
  if ('raw' in route) {
    const spec: Spec = { method: row.method, path: row.path, operation: row.operationId, handler: route.raw };
    return route.counted ? (countRequests([spec])[0] as Spec) : spec;
  }
  const access = route.access ?? (row.table ? accessRule(row.table) : undefined);
  if (!access)
    throw new Error(
      `stuntdouble: family '${family}' answers '${keyOf(row.method, row.path)}' without an access rule (the catalog table has no row to take it from)`,
    );
  const spec = githubRoute({ method: row.method, path: row.path, operation: row.operationId, access, handler: route.handle });
  return route.uncounted ? spec : (countRequests([spec])[0] as Spec);
}

/**
 * Every route of the code hosting fake, with its owner: each catalog row (the seed's table and the rows
 * families add), served by the family that lists it in its routes or else by the generic engine, under
 * each of its spellings (the seed's and GitHub's), plus the other paths families answer for their rows.
 * Throws when a family serves a row the catalog lacks (naming the nearest), or a row another family
 * serves, or adds a row it does not serve: every route has exactly one owner.
 *
 * Registration order (the router tries equally specific templates in this order): the routes families
 * answer themselves, family by family; then the table's rows in table order; then the other paths.
 */
export function buildRoutes(families: readonly Family[] = FAMILIES): OwnedRoute[] {
  const rows = catalogRows(families);
  const served = new Map<string, { family: string; route: FamilyRoute }>();
  for (const f of families) {
    for (const route of f.routes) {
      const row = rows.get(route.row);
      if (!row) {
        const near = suggest(route.row, rows.keys(), 3);
        throw new Error(
          `stuntdouble: family '${f.name}' serves '${route.row}', which is no catalog row${near.length ? ` (nearest: ${near.join(', ')})` : ''}; add it to the family's rows`,
        );
      }
      const had = served.get(route.row);
      if (had) throw new Error(`stuntdouble: '${route.row}' is served twice, by family '${had.family}' and by family '${f.name}'`);
      if ('op' in route && !row.table)
        throw new Error(
          `stuntdouble: family '${f.name}' serves '${route.row}' with an op, which needs a row of the catalog table; answer it with handle or raw`,
        );
      served.set(route.row, { family: f.name, route });
    }
  }
  for (const [key, row] of rows)
    if (row.addedBy && !served.has(key)) throw new Error(`stuntdouble: family '${row.addedBy}' adds the row '${key}' but serves it with none of its routes`);

  const out: OwnedRoute[] = [];
  for (const f of families) {
    for (const route of f.routes) if (!('op' in route)) out.push({ spec: familySpec(rows.get(route.row) as Row, route, f.name), owner: f.name });
  }
  const env = { repoView, afterWrite };
  const opOf = (key: string) => {
    const s = served.get(key);
    return s && 'op' in s.route ? { op: s.route.op, family: s.family } : undefined;
  };
  // Shapes answered by a family itself: the table's rows of the same shape (in any spelling) are theirs.
  const skipped = new Set(out.map((o) => routeShape(o.spec.method, o.spec.path)));
  const seen = new Set<string>();
  for (const row of CATALOG) {
    const custom = opOf(keyOf(row.method, row.path));
    for (const path of spellings(row.path)) {
      const shape = routeShape(row.method, path);
      if (skipped.has(shape) || seen.has(shape)) continue;
      seen.add(shape);
      // The seed's spelling (`/dependency-bot/`) is accepted but named by GitHub's (`/dependabot/`).
      const real = realSpelling(path);
      const spec: Spec = {
        method: row.method,
        path,
        operation: row.operationId,
        handler: catalogHandler(row, custom?.op, env),
        ...(real === path ? {} : { name: real }),
      };
      out.push({ spec, owner: custom?.family ?? 'engine' });
    }
  }
  // Paths GitHub answers that the catalog spells otherwise (slashes inside a parameter, ...).
  for (const f of families) {
    for (const [route, rowKey] of Object.entries(f.paths ?? {})) {
      const row = rows.get(rowKey)?.table;
      const [method, path] = route.split(' ') as [string, string];
      if (!row) throw new Error(`stuntdouble: family '${f.name}' answers '${route}' for '${rowKey}', which is no row of the catalog table`);
      if (skipped.has(routeShape(method, path))) continue;
      out.push({ spec: { method, path, operation: row.operationId, handler: catalogHandler(row, opOf(rowKey)?.op, env) }, owner: f.name });
    }
  }
  return out;
}

let built: { owned: OwnedRoute[]; specs: Spec[] } | undefined;

/** The service's routes with their owners, built once (on the first `createFakes()`: the catalog has hundreds of rows). */
export function ownedRoutes(): readonly OwnedRoute[] {
  built ??= build();
  return built.owned;
}

/** The service's routes (what the router registers), built once. */
export function routeSpecs(): readonly Spec[] {
  built ??= build();
  return built.specs;
}

function build(): { owned: OwnedRoute[]; specs: Spec[] } {
  const owned = buildRoutes();
  return { owned, specs: owned.map((r) => r.spec) };
}

/**
 * Who serves each route, as `{ method, template, owner }` (the router's spelling): a family's folder name
 * or `engine`. For the README and the structure tests.
 */
export function routeOwners(): Array<{ method: string; template: string; owner: RouteOwner }> {
  return ownedRoutes().map((r) => ({ method: r.spec.method, template: r.spec.path, owner: r.owner }));
}
