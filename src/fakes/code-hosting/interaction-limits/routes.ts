import { checkRequired } from '../core/catalog/engine.js';
import { GitHubError, githubError } from '../core/errors.js';
import { param, repoOf } from '../core/ops.js';
import type { RelationContext, RelationOp } from '../core/family.js';
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
