import type { OpResult, Operation } from '../catalog/engine.js';
import type { Resource } from '../catalog/state.js';
import type { RepoRecord } from '../schemas/repo.js';
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

/**
 * Stores resources seeded by path for the templates a family owns, keeping the family's indexes
 * coherent (a seeded issue is listed and filtered like a created one). Runs inside the seed's one update.
 */
export interface RelationSeeder {
  /** Templates (seed spelling) whose seeded resources it stores. */
  readonly templates: ReadonlySet<string>;
  /** Stores the items (all of its templates) in the draft state; returns each stored record, in order. */
  put(state: CodeHostingState, items: readonly SeededItem[], env: { baseUrl: string; now: string }): Resource[];
}
