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
