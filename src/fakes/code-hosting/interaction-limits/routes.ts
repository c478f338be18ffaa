import { empty, json } from '../../../http/response.js';
import type { AccessRule, Principal } from '../core/auth.js';
import { checkRequired } from '../core/catalog/engine.js';
import { objectBody } from '../core/http-helpers.js';
import { handled } from '../core/route.js';
import type { CodeHostingState } from '../state.js';
import { GitHubError, githubError } from '../core/errors.js';
import { param, repoOf } from '../core/ops.js';
import type { ExtraRow, FamilyRoute, RelationContext, RelationOp } from '../core/family.js';
import { activeLimit, clearOwnerRepoLimits, expiresAt, ownerLimit, removeLimit, repoLimit, setLimit, targetKey } from './model.js';
import { EXPIRIES, type Expiry, GROUPS, type Group, type LimitRecord, type Origin } from './state.js';

/**
 * Interaction limits (interactions/repos, interactions/orgs): GET answers the limit in force — `{}`
 * when there is none or it has expired on the fake clock —; PUT sets one for `expiry` (default
 * `one_day`) from now; a repository whose owner has a limit answers the owner's (its `origin`) and
 * refuses PUT and DELETE with 409, as GitHub documents.
 */

const REPO_DOCS = 'https://docs.github.com/rest/interactions/repos';
const ORG_DOCS = 'https://docs.github.com/rest/interactions/orgs';

const nowMs = (rc: RelationContext) => Date.parse(rc.op.now);
const view = (rec: LimitRecord | undefined) => (rec ? { limit: rec.limit, origin: rec.origin, expires_at: rec.expires_at } : {});

/** The limit a PUT body asks for (422 for a `limit` or `expiry` GitHub does not know). */
function requested(rc: RelationContext, origin: Origin, docs: string): LimitRecord {
  checkRequired(rc.op.row, rc.op.body);
  const { limit, expiry = 'one_day' } = rc.op.body;
  if (!(GROUPS as readonly unknown[]).includes(limit)) throw githubError.validation([{ resource: 'InteractionLimit', code: 'invalid', field: 'limit' }], docs);
  if (!(EXPIRIES as readonly unknown[]).includes(expiry))
    throw githubError.validation([{ resource: 'InteractionLimit', code: 'invalid', field: 'expiry' }], docs);
  return { limit: limit as Group, origin, expires_at: expiresAt(nowMs(rc), expiry as Expiry) };
}

/** 409 when the repository's owner has a limit in force (it cannot be changed for one repository). */
function ownerConflict(rc: RelationContext): void {
  if (ownerLimit(rc.state, repoOf(rc).record, nowMs(rc))) {
    throw new GitHubError(409, 'Interaction limits are set for the owner of this repository', { documentationUrl: REPO_DOCS });
  }
}

const getRepo: RelationOp = (rc) => ({ status: 200, body: view(repoLimit(rc.state, repoOf(rc).record, nowMs(rc))) });

const setRepo: RelationOp = (rc) => {
  const rec = requested(rc, 'repository', REPO_DOCS);
  ownerConflict(rc);
  setLimit(rc.state, targetKey('repository', repoOf(rc).record.id), rec);
  return { status: 200, body: view(rec) };
};

const removeRepo: RelationOp = (rc) => {
  ownerConflict(rc);
  removeLimit(rc.state, targetKey('repository', repoOf(rc).record.id));
  return { status: 204 };
};

const org = (rc: RelationContext) => param(rc.op, 'org');

const getOrg: RelationOp = (rc) => ({ status: 200, body: view(activeLimit(rc.state, targetKey('organization', org(rc)), nowMs(rc))) });

const setOrg: RelationOp = (rc) => {
  const rec = requested(rc, 'organization', ORG_DOCS);
  setLimit(rc.state, targetKey('organization', org(rc)), rec);
  // "Setting the interaction limit at the organization level will overwrite any interaction limits
  // that are set for individual repositories owned by the organization."
  clearOwnerRepoLimits(rc.state, org(rc));
  return { status: 200, body: view(rec) };
};

const removeOrg: RelationOp = (rc) => {
  removeLimit(rc.state, targetKey('organization', org(rc)));
  return { status: 204 };
};

const R = '/repos/{owner}/{repo}/interaction-limits';
const O = '/orgs/{org}/interaction-limits';

/** Interaction-limit operations by `METHOD template`. */
export const INTERACTION_LIMIT_OPS: Readonly<Record<string, RelationOp>> = {
  [`GET ${R}`]: getRepo,
  [`PUT ${R}`]: setRepo,
  [`DELETE ${R}`]: removeRepo,
  [`GET ${O}`]: getOrg,
  [`PUT ${O}`]: setOrg,
  [`DELETE ${O}`]: removeOrg,
};

const USER_DOCS = 'https://docs.github.com/rest/interactions/user';
const U = '/user/interaction-limits';

/** `/user/interaction-limits`: GitHub serves it, the seed's table lacks it. */
export const USER_LIMIT_ROWS: ExtraRow[] = [
  { method: 'GET', path: U, operationId: 'interactions/get-restrictions-for-authenticated-user' },
  { method: 'PUT', path: U, operationId: 'interactions/set-restrictions-for-authenticated-user' },
  { method: 'DELETE', path: U, operationId: 'interactions/remove-restrictions-for-authenticated-user' },
];

/** The caller's login (401 for an anonymous caller: the routes are the authenticated user's). */
function caller(principal: Principal): string {
  if (!principal.login) throw new GitHubError(401, 'Requires authentication', { documentationUrl: USER_DOCS });
  return principal.login;
}

// Fine-grained tokens need the user permission "Interaction limits"; classic tokens need no scope.
const READ: AccessRule = { permissions: [{ interaction_limits: 'read' }], scopes: [], write: false };
const WRITE: AccessRule = { permissions: [{ interaction_limits: 'write' }], scopes: [], write: true };

/**
 * The authenticated user's limit on their public repositories: GET answers it, or 204 when there is
 * none (as the description documents); PUT sets it and overwrites the limits of the user's
 * repositories; DELETE removes it.
 */
export const USER_LIMIT_ROUTES: FamilyRoute[] = [
  handled({
    method: 'GET',
    path: U,
    access: READ,
    handler: (ctx, p) => {
      const rec = activeLimit(ctx.state, targetKey('user', caller(p)), ctx.clock.nowMs());
      return rec ? json(200, view(rec)) : empty(204);
    },
  }),
  handled({
    method: 'PUT',
    path: U,
    access: WRITE,
    handler: (ctx, p) => {
      const login = caller(p);
      const { limit, expiry = 'one_day' } = objectBody(ctx);
      if (limit === undefined) throw githubError.validation([{ resource: 'InteractionLimit', code: 'missing_field', field: 'limit' }], USER_DOCS);
      if (!(GROUPS as readonly unknown[]).includes(limit))
        throw githubError.validation([{ resource: 'InteractionLimit', code: 'invalid', field: 'limit' }], USER_DOCS);
      if (!(EXPIRIES as readonly unknown[]).includes(expiry))
        throw githubError.validation([{ resource: 'InteractionLimit', code: 'invalid', field: 'expiry' }], USER_DOCS);
      const rec: LimitRecord = { limit: limit as Group, origin: 'user', expires_at: expiresAt(ctx.clock.nowMs(), expiry as Expiry) };
      ctx.update((d) => {
        setLimit(d as CodeHostingState, targetKey('user', login), rec);
        clearOwnerRepoLimits(d as CodeHostingState, login);
      });
      return json(200, view(rec));
    },
  }),
  handled({
    method: 'DELETE',
    path: U,
    access: WRITE,
    handler: (ctx, p) => {
      const login = caller(p);
      ctx.update((d) => removeLimit(d as CodeHostingState, targetKey('user', login)));
      return empty(204);
    },
  }),
];
