import type { OpResult, Operation } from '../catalog/engine.js';
import type { RepoRecord } from '../schemas/repo.js';
import type { CodeHostingState } from '../state.js';
import type { Resource } from '../catalog/state.js';

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
 * A hand-written seed of a catalog path (`fakes.codeHosting.seed.resource(path, body)`): stores the
 * object where its relation model keeps it (a file in the git graph, a release in its indexes) instead
 * of a generic record. Runs inside the seed's one update; answers what the seed returns.
 */
export type RelationSeed = (state: CodeHostingState, key: string, body: Resource, env: { now: string; baseUrl: string }) => Resource;
