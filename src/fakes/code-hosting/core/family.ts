import type { FakeResponse } from '../../../http/response.js';
import type { RouteHandler } from '../../service.js';
import type { AccessRule, Principal } from './auth.js';
import type { GitHubRouteContext } from './context.js';
import type { CodeHostingOptions } from './options.js';
import type { OpResult, Operation } from './catalog/engine.js';
import type { Resource } from './catalog/state.js';
import type { RepoRecord } from './schemas/repo.js';
import type { CodeHostingState } from '../state.js';

/** What a relation operation sees of the request's repository (repository routes only). */
export interface RelationRepo {
  /** Concrete path `/repos/<owner>/<repo>` in the repository's canonical spelling, as the catalog keys it. */
  path: string;
  defaultBranch: string;
  /** The hand-written model's record of the repository. */
  record: RepoRecord;
}

/** Everything a relation operation needs: the whole service state, the request, its repository. */
export interface RelationContext {
  /** The code hosting state: an immer draft for writes (inside the request's one update), frozen for reads. */
  state: CodeHostingState;
  op: Operation;
  /** The repository of `/repos/{owner}/{repo}/...` routes (already found and authorized). */
  repo?: RelationRepo;
}

/**
 * A hand-written catalog operation, for a route where behaviour lives (objects reachable under several
 * paths, state machines, filters). Runs after auth and the rate limit, inside the request's one update;
 * answers an engine result that the shape renderer then turns into GitHub's documented shape.
 */
export type RelationOp = (rc: RelationContext) => OpResult;

/**
 * A write as what is derived from writes sees it (activity events, notifications, the contributors
 * index): inside the write's one update, after its operation succeeded.
 */
export interface WriteContext {
  /** The draft state after the operation. */
  state: CodeHostingState;
  /** The state before the write (frozen). */
  before: CodeHostingState;
  op: Operation;
  result: OpResult;
  /** The repository of `/repos/{owner}/{repo}/...` routes. */
  repo?: RelationRepo;
}

/** What runs after every successful write of the catalog pipeline, in the write's update. */
export type AfterWrite = (w: WriteContext) => void;

/** One resource seeded by path (`fakes.codeHosting.seed.resource(s)`). */
export interface SeededItem {
  /** Catalog template (seed spelling) of the path. */
  template: string;
  /** Concrete key, canonical spelling. */
  key: string;
  body: Resource;
}

/** What a seeder knows of the seed call besides its items. */
export interface SeedEnv {
  /** The first API base URL (for `url` fields). */
  baseUrl: string;
  /** ISO instant on the fake clock. */
  now: string;
}

/**
 * Stores resources seeded by path for the templates a family owns, where its model keeps them (an
 * issue in its indexes, a file as a commit in the git graph, a release by id and tag) instead of a
 * generic record. Runs inside the seeding call's one update; answers each stored resource, in order.
 */
export interface RelationSeeder {
  /** Templates (seed spelling) whose seeded resources it stores. */
  readonly templates: ReadonlySet<string>;
  /** Stores the items (all of its templates) in the draft state; returns each stored record, in order. */
  put(state: CodeHostingState, items: readonly SeededItem[], env: SeedEnv): Resource[];
}

/** Seeds one resource by its concrete key (for families whose items are independent of one another). */
export type PathSeed = (state: CodeHostingState, key: string, body: Resource, env: SeedEnv) => Resource;

/** A seeder storing its items one by one, each through the seed of its template. */
export function pathSeeder(seeds: Readonly<Record<string, PathSeed>>): RelationSeeder {
  return {
    templates: new Set(Object.keys(seeds)),
    put: (state, items, env) => items.map((item) => (seeds[item.template] as PathSeed)(state, item.key, item.body, env)),
  };
}

/** Where bodies are rendered: the state, the repository, the request's base URL. */
export interface View {
  state: CodeHostingState;
  repo: RelationRepo;
  baseUrl: string;
}

/** A handler that answers a whole request itself, after the API version and authentication. */
export type GitHubHandler = (ctx: GitHubRouteContext, principal: Principal) => FakeResponse | Promise<FakeResponse>;

/**
 * How a family serves one catalog row. Three ways, from most to least of the pipeline reused:
 * - `op`: inside the catalog pipeline (version, authentication, the row's permission, the rate limit,
 *   one state update, GitHub's documented shape): the family's operation answers instead of the generic
 *   engine. Needs a row of the seed's table (its kind and shape). The usual way.
 * - `handle`: the family answers the request itself after the version and authentication checks; its
 *   handler authorizes (`authorize(ctx, principal, rule, resource)`) once it knows the resource. The
 *   rule announced in `X-Accepted-GitHub-Permissions` is `access`, else the table row's. Counted against
 *   the caller's rate limit unless `uncounted`.
 * - `raw`: outside the API pipeline (another host's paths, the `/repositories/{id}/...` forwarder):
 *   the route handler as is; counted against the rate limit when `counted`.
 */
export type Serve =
  | { op: RelationOp }
  | { handle: GitHubHandler; access?: AccessRule; uncounted?: true }
  | { raw: RouteHandler<CodeHostingState, CodeHostingOptions>; counted?: true };

/** One route of a family: the catalog row it serves, as `METHOD template` (the table's spelling), and how. */
export type FamilyRoute = { row: string } & Serve;

/**
 * A route GitHub serves that the seed's catalog table lacks: a catalog row a family adds (and serves
 * with `handle` or `raw`). `operationId` is GitHub's (journaled as the call's `operation`).
 */
export interface ExtraRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path template (router syntax: `{name}`, `{+rest}` for a parameter with slashes). */
  path: string;
  operationId: string;
}

/**
 * A resource family of the code hosting fake (one folder: state, model, routes, seed, index). Every
 * route is a catalog row: the seed's table plus the family's `rows`; each is served by at most one
 * family (`routes`), the rest by the generic engine. Register a family in `families.ts`.
 */
export interface Family {
  /** The family's folder name, which `routeOwners()` names as the owner of its routes. */
  readonly name: string;
  /** Rows the family adds to the catalog: GitHub routes the seed's table lacks. */
  readonly rows?: readonly ExtraRow[];
  /** The rows it serves and how. */
  readonly routes: readonly FamilyRoute[];
  /** Other paths GitHub answers for its rows (`METHOD path` → `METHOD template` of the row): slashes inside a parameter, a short form. */
  readonly paths?: Readonly<Record<string, string>>;
  /** Stores resources seeded by path (`seed.resource`) for the templates it owns. */
  readonly seeder?: RelationSeeder;
}

/** Relation operations by `METHOD template` as family routes. */
export function opRoutes(ops: Readonly<Record<string, RelationOp>>): FamilyRoute[] {
  return Object.entries(ops).map(([row, op]) => ({ row, op }));
}
