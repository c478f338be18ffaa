import type { Family, RelationSeeder } from './core/family.js';
import { family as actions } from './actions/index.js';
import { family as apps } from './apps/index.js';
import { family as artifacts } from './artifacts/index.js';
import { family as billing } from './billing/index.js';
import { family as branches } from './branches/index.js';
import { family as checks } from './checks/index.js';
import { family as codeSecurity } from './code-security/index.js';
import { family as collaborators } from './collaborators/index.js';
import { family as copilot } from './copilot/index.js';
import { family as deployments } from './deployments/index.js';
import { family as events } from './events/index.js';
import { family as git } from './git/index.js';
import { family as graphql } from './graphql/index.js';
import { family as hooks } from './hooks/index.js';
import { family as imports } from './imports/index.js';
import { family as interactionLimits } from './interaction-limits/index.js';
import { family as issues } from './issues/index.js';
import { family as markdown } from './markdown/index.js';
import { family as meta } from './meta/index.js';
import { family as notifications } from './notifications/index.js';
import { family as orgs } from './orgs/index.js';
import { family as pages } from './pages/index.js';
import { family as rateLimit } from './rate-limit/index.js';
import { family as releases } from './releases/index.js';
import { family as repoSettings } from './repo-settings/index.js';
import { family as repos } from './repos/index.js';
import { family as root } from './root/index.js';
import { family as scim } from './scim/index.js';
import { family as search } from './search/index.js';
import { family as social } from './social/index.js';
import { family as statuses } from './statuses/index.js';
import { family as subIssues } from './sub-issues/index.js';
import { family as teams } from './teams/index.js';
import { family as users } from './users/index.js';

/**
 * Every family of the code hosting fake: the one list to register a new one in. Each serves catalog
 * rows (the seed's table, and rows of its own for GitHub routes the table lacks); routes.ts turns the
 * list into the service's routes. The routes families answer themselves are registered in this order
 * (the order of the router's registrations, kept from before the families had folders).
 */
export const FAMILIES: readonly Family[] = [
  rateLimit,
  repos,
  imports,
  hooks,
  graphql,
  git,
  actions,
  apps,
  artifacts,
  billing,
  branches,
  checks,
  codeSecurity,
  collaborators,
  copilot,
  deployments,
  events,
  interactionLimits,
  issues,
  markdown,
  meta,
  notifications,
  orgs,
  pages,
  releases,
  repoSettings,
  root,
  scim,
  search,
  social,
  statuses,
  subIssues,
  teams,
  users,
];

const SEEDER_BY_TEMPLATE: ReadonlyMap<string, RelationSeeder> = new Map(
  FAMILIES.flatMap((f) => (f.seeder ? [...f.seeder.templates].map((t) => [t, f.seeder as RelationSeeder] as const) : [])),
);

/**
 * The family that stores resources seeded by path for a template (`seed.resource('/repos/o/r/issues/1', ...)`,
 * `seed.resource('/repos/o/r/contents/a.md', { content })`), if any: consulted by `seed.resource(s)`.
 */
export function seederFor(template: string): RelationSeeder | undefined {
  return SEEDER_BY_TEMPLATE.get(template);
}
