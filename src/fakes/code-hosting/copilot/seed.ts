import type { Resource } from '../core/catalog/state.js';
import type { CodeHostingState } from '../state.js';
import type { SeedEnv } from '../core/family.js';
import { assignSeat } from './model.js';
import { type RelationSeeder, pathSeeder } from '../core/family.js';

/**
 * `seed.resource('/orgs/<org>/members/<login>/copilot')` (or the `assistant` spelling): a Copilot seat
 * assigned to the user now (an existing seat is kept).
 */
export function seedSeat(state: CodeHostingState, key: string, _body: Resource, env: SeedEnv): Resource {
  const m = /^\/orgs\/([^/]+)\/members\/([^/]+)\/(assistant|copilot)$/.exec(key);
  if (!m) throw new Error(`stuntdouble: '${key}' is no Copilot seat path`);
  const org = decodeURIComponent(m[1] as string);
  const login = decodeURIComponent(m[2] as string);
  assignSeat(state, org, login, null, env.now);
  return { assignee: { login }, created_at: env.now, pending_cancellation_date: null };
}

/** The family's seeder (see `RELATION_SEEDERS`): a member's Copilot path seeds their seat. */
export const COPILOT_SEEDER: RelationSeeder = pathSeeder({
  '/orgs/{org}/members/{username}/assistant': seedSeat,
});
