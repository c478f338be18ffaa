import { checkRequired } from '../core/catalog/engine.js';
import { GitHubError, githubError } from '../core/errors.js';
import type { RepoRecord } from '../core/schemas/repo.js';
import { repoView } from '../repos/model.js';
import { repoSeed } from '../core/shapes/render.js';
import { pagedWrapped, param, repoOf } from '../core/ops.js';
import type { RelationContext, RelationOp } from '../core/family.js';
import { immutableEnforcedByOwner, immutablePolicy, isOn, replaceSelection, selectRepo, selectedRepoIds, setImmutablePolicy, setToggle } from './model.js';
import { ENFORCED, type Enforced, type Toggle } from './state.js';

/**
 * Repository security toggles and the organization immutable-releases policy. What each GET answers
 * follows GitHub's description and, where api.github.com answers otherwise, what it answers:
 * - `private-vulnerability-reporting`: 200 `{ enabled }`;
 * - `immutable-releases`: 200 `{ enabled, enforced_by_owner }` whether enabled or not (the description
 *   documents a 404 when disabled; api.github.com answers 200 with `enabled: false`);
 * - `automated-security-fixes`: 200 `{ enabled, paused }` likewise (never paused here);
 * - `vulnerability-alerts`: 204 when enabled, 404 when not.
 */

const REPO_DOCS = 'https://docs.github.com/rest/repos/repos';
const ORG_DOCS = 'https://docs.github.com/rest/orgs/orgs';

const record = (rc: RelationContext): RepoRecord => repoOf(rc).record;

const toggle =
  (t: Toggle, on: boolean): RelationOp =>
  (rc) => {
    setToggle(rc.state, record(rc), t, on);
    return { status: 204 };
  };

const getPvr: RelationOp = (rc) => ({ status: 200, body: { enabled: isOn(rc.state, record(rc), 'private-vulnerability-reporting') } });

const getAsf: RelationOp = (rc) => ({ status: 200, body: { enabled: isOn(rc.state, record(rc), 'automated-security-fixes'), paused: false } });

const getAlerts: RelationOp = (rc) => {
  if (!isOn(rc.state, record(rc), 'vulnerability-alerts')) throw githubError.notFound(REPO_DOCS);
  return { status: 204 };
};

const getImmutable: RelationOp = (rc) => {
  const repo = record(rc);
  const enforced = immutableEnforcedByOwner(rc.state, repo);
  return { status: 200, body: { enabled: enforced || isOn(rc.state, repo, 'immutable-releases'), enforced_by_owner: enforced } };
};

/** PUT/DELETE of a repository's immutable releases: 409 while its organization enforces them. */
const setImmutable =
  (on: boolean): RelationOp =>
  (rc) => {
    const repo = record(rc);
    if (immutableEnforcedByOwner(rc.state, repo)) {
      throw new GitHubError(409, 'Immutable releases are enforced for this repository by its organization', { documentationUrl: REPO_DOCS });
    }
    setToggle(rc.state, repo, 'immutable-releases', on);
    return { status: 204 };
  };

const orgOf = (rc: RelationContext) => param(rc.op, 'org');

const getOrgImmutable: RelationOp = (rc) => {
  const org = orgOf(rc);
  const policy = immutablePolicy(rc.state, org);
  return {
    status: 200,
    body: {
      enforced_repositories: policy,
      ...(policy === 'selected' ? { selected_repositories_url: `${rc.op.baseUrl}/orgs/${org}/settings/immutable-releases/repositories` } : {}),
    },
  };
};

/** `selected_repository_ids` of a body: an array of integers, or 422. */
function repositoryIds(body: Record<string, unknown>): number[] | undefined {
  const v = body.selected_repository_ids;
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || !v.every((x) => Number.isInteger(x))) {
    throw githubError.validation([{ resource: 'ImmutableReleasesSetting', code: 'invalid', field: 'selected_repository_ids' }], ORG_DOCS);
  }
  return v as number[];
}

const setOrgImmutable: RelationOp = (rc) => {
  checkRequired(rc.op.row, rc.op.body);
  const policy = rc.op.body.enforced_repositories;
  if (!(ENFORCED as readonly unknown[]).includes(policy)) {
    throw githubError.validation([{ resource: 'ImmutableReleasesSetting', code: 'invalid', field: 'enforced_repositories' }], ORG_DOCS);
  }
  const ids = repositoryIds(rc.op.body);
  // "You can only provide a list of repository ids when the `enforced_repositories` is set to `selected`."
  if (ids && policy !== 'selected') {
    throw githubError.validation([{ resource: 'ImmutableReleasesSetting', code: 'invalid', field: 'selected_repository_ids' }], ORG_DOCS);
  }
  setImmutablePolicy(rc.state, orgOf(rc), policy as Enforced, ids);
  return { status: 204 };
};

/** The selection endpoints need the `selected` policy ("must be configured to `selected`"): 409 otherwise. */
function needSelected(rc: RelationContext): string {
  const org = orgOf(rc);
  if (immutablePolicy(rc.state, org) !== 'selected') {
    throw new GitHubError(409, "The organization's immutable releases policy is not set to selected repositories", { documentationUrl: ORG_DOCS });
  }
  return org;
}

const listSelected: RelationOp = (rc) => {
  const repos = selectedRepoIds(rc.state, orgOf(rc))
    .map((id) => rc.state.repos[id])
    .filter((r): r is RepoRecord => r !== undefined);
  return pagedWrapped(rc.op, 'repositories', repos, (r) => repoSeed(repoView(r, { state: rc.state, apiBase: rc.op.baseUrl, caller: rc.op.caller })));
};

const replaceSelected: RelationOp = (rc) => {
  checkRequired(rc.op.row, rc.op.body);
  const org = needSelected(rc);
  replaceSelection(rc.state, org, repositoryIds(rc.op.body) ?? []);
  return { status: 204 };
};

const selectOne =
  (on: boolean): RelationOp =>
  (rc) => {
    const org = needSelected(rc);
    selectRepo(rc.state, org, Number(param(rc.op, 'repository_id')), on);
    return { status: 204 };
  };

const R = '/repos/{owner}/{repo}';
const OI = '/orgs/{org}/settings/immutable-releases';

/** Repository toggle and organization immutable-releases operations by `METHOD template`. */
export const REPO_SETTINGS_OPS: Readonly<Record<string, RelationOp>> = {
  [`GET ${R}/private-vulnerability-reporting`]: getPvr,
  [`PUT ${R}/private-vulnerability-reporting`]: toggle('private-vulnerability-reporting', true),
  [`DELETE ${R}/private-vulnerability-reporting`]: toggle('private-vulnerability-reporting', false),
  [`GET ${R}/automated-security-fixes`]: getAsf,
  [`PUT ${R}/automated-security-fixes`]: toggle('automated-security-fixes', true),
  [`DELETE ${R}/automated-security-fixes`]: toggle('automated-security-fixes', false),
  [`GET ${R}/vulnerability-alerts`]: getAlerts,
  [`PUT ${R}/vulnerability-alerts`]: toggle('vulnerability-alerts', true),
  [`DELETE ${R}/vulnerability-alerts`]: toggle('vulnerability-alerts', false),
  [`GET ${R}/immutable-releases`]: getImmutable,
  [`PUT ${R}/immutable-releases`]: setImmutable(true),
  [`DELETE ${R}/immutable-releases`]: setImmutable(false),
  [`GET ${OI}`]: getOrgImmutable,
  [`PUT ${OI}`]: setOrgImmutable,
  [`GET ${OI}/repositories`]: listSelected,
  [`PUT ${OI}/repositories`]: replaceSelected,
  [`PUT ${OI}/repositories/{repository_id}`]: selectOne(true),
  [`DELETE ${OI}/repositories/{repository_id}`]: selectOne(false),
};
