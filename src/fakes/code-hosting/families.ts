import { ACTIONS_OPS, ACTIONS_SEEDER } from './actions/index.js';
import { COLLABORATOR_OPS, COLLABORATOR_SEEDER } from './collaborators/index.js';
import { ORG_MEMBERSHIP_OPS, ORG_MEMBERSHIP_SEEDER } from './orgs/index.js';
import { BRANCH_OPS } from './branches/model.js';
import { GIT_OPS, GIT_PATHS, GIT_SEEDER } from './git/index.js';
import { ISSUE_OPS, ISSUE_SEEDER } from './issues/index.js';
import { RELEASE_OPS, RELEASE_SEEDER } from './releases/index.js';
import { REPO_OPS } from './repos/index.js';
import { SOCIAL_OPS, SOCIAL_SEEDER } from './social/index.js';
import { STATUS_OPS, STATUS_PATHS } from './statuses/index.js';
import { TEAM_OPS, TEAM_PATHS, TEAM_SEEDER } from './teams/index.js';
import { CHECK_OPS, CHECK_SEEDER } from './checks/index.js';
import { DEPLOYMENT_OPS, DEPLOYMENT_SEEDER } from './deployments/index.js';
import { USER_OPS } from './users/index.js';
import { REPO_SETTINGS_OPS, REPO_SETTINGS_SEEDER } from './repo-settings/index.js';
import { INTERACTION_LIMIT_OPS } from './interaction-limits/index.js';
import { COPILOT_OPS, COPILOT_SEEDER } from './copilot/index.js';
import type { RelationOp, RelationSeeder } from './core/family.js';

export type { PathSeed, RelationContext, RelationOp, RelationRepo, RelationSeeder, SeedEnv, SeededItem } from './core/family.js';
export { mergeBranch } from './git/index.js';
export { moveRepository } from './repos/index.js';
export { stargazerCount } from './social/index.js';

/** Branch operations (they need their repository) as relation operations. */
const branchOps: Record<string, RelationOp> = Object.fromEntries(
  Object.entries(BRANCH_OPS).map(([key, fn]) => [
    key,
    ((rc) => {
      if (!rc.repo) throw new Error(`${key} runs on repository routes only`);
      return fn(rc.state.catalog, rc.op, { path: rc.repo.path, defaultBranch: rc.repo.defaultBranch, createdAt: rc.repo.record.createdAt }, rc);
    }) satisfies RelationOp,
  ]),
);

/**
 * Hand-written operations by `METHOD template` (the catalog's seed spelling), one module per family.
 * A row listed here is served by its operation instead of the generic engine; everything else about the
 * row (auth, rate limit, shape rendering, journal) stays the catalog's.
 */
export const RELATION_OPS: Readonly<Record<string, RelationOp>> = {
  ...branchOps,
  ...ISSUE_OPS,
  ...GIT_OPS,
  ...RELEASE_OPS,
  ...REPO_OPS,
  ...STATUS_OPS,
  ...TEAM_OPS,
  ...CHECK_OPS,
  ...DEPLOYMENT_OPS,
  ...ACTIONS_OPS,
  ...COLLABORATOR_OPS,
  ...ORG_MEMBERSHIP_OPS,
  ...USER_OPS,
  ...REPO_SETTINGS_OPS,
  ...INTERACTION_LIMIT_OPS,
  ...COPILOT_OPS,
  ...SOCIAL_OPS,
};

/** Extra route spellings GitHub answers (`METHOD path` → the catalog row `METHOD template` that serves it). */
export const RELATION_PATHS: Readonly<Record<string, string>> = {
  ...GIT_PATHS,
  ...STATUS_PATHS,
  ...TEAM_PATHS,
};

/**
 * Families that store resources seeded by path themselves (`seed.resource('/repos/o/r/issues/1', ...)`,
 * `seed.resource('/repos/o/r/contents/a.md', { content })`, `seed.resource('/repos/o/r/releases/tags/v1', ...)`):
 * the one seed registry, consulted by `seed.resource` and `seed.resources`.
 */
export const RELATION_SEEDERS: readonly RelationSeeder[] = [
  ISSUE_SEEDER,
  GIT_SEEDER,
  RELEASE_SEEDER,
  TEAM_SEEDER,
  CHECK_SEEDER,
  DEPLOYMENT_SEEDER,
  ACTIONS_SEEDER,
  COLLABORATOR_SEEDER,
  ORG_MEMBERSHIP_SEEDER,
  REPO_SETTINGS_SEEDER,
  COPILOT_SEEDER,
  SOCIAL_SEEDER,
];

const SEEDER_BY_TEMPLATE: ReadonlyMap<string, RelationSeeder> = new Map(RELATION_SEEDERS.flatMap((s) => [...s.templates].map((t) => [t, s] as const)));

/** The seeder owning a template, if any. */
export function seederFor(template: string): RelationSeeder | undefined {
  return SEEDER_BY_TEMPLATE.get(template);
}
