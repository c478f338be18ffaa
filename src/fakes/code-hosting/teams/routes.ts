import { type OpResult, checkRequired } from '../core/catalog/engine.js';
import type { Resource } from '../core/catalog/state.js';
import { githubError } from '../core/errors.js';
import { renderRepo } from '../repos/model.js';
import { findAccount, findRepo } from '../core/lookup.js';
import type { RepoRecord } from '../core/schemas/repo.js';
import { loginOf, paged, param, query, str } from '../core/ops.js';
import type { RelationContext, RelationOp } from '../core/family.js';
import {
  TEAM_DOCS,
  createTeam,
  deleteTeam,
  memberRole,
  permissionsOf,
  removeMember,
  removeRepo,
  repoPermission,
  setMember,
  setRepo,
  teamById,
  teamBySlug,
  teamUrl,
  teamView,
  updateTeam,
} from './model.js';
import type { TeamRecord, TeamRole } from './state.js';

/**
 * Team operations, each under both of GitHub's spellings: `/orgs/{org}/teams/{team_slug}/...` and
 * `/teams/{team_id}/...` (the `url` of a team, `/organizations/{org_id}/team/{team_id}`, is the latter).
 */

const MEMBERS_DOCS = 'https://docs.github.com/rest/teams/members';
const REPOS_DOCS = 'https://docs.github.com/rest/teams/teams#check-team-permissions-for-a-repository';

/** The request's team (by slug or by id); 404 when there is none. */
function teamOf(rc: RelationContext): TeamRecord {
  const { op } = rc;
  const rec = op.row.path.includes('{team_id}') ? teamById(rc.state, param(op, 'team_id')) : teamBySlug(rc.state, param(op, 'org'), param(op, 'team_slug'));
  if (!rec) throw githubError.notFound(TEAM_DOCS);
  return rec;
}

const view = (rc: RelationContext, rec: TeamRecord) => teamView(rc.state, rc.op.baseUrl, rec);

/** The request's page of teams by id, rendered (only the page is rendered). */
function teamPage(rc: RelationContext, ids: readonly number[]): OpResult {
  const out = paged(rc.op, ids);
  return { ...out, body: (out.body as number[]).map((id) => view(rc, teamById(rc.state, id) as TeamRecord)) };
}

function orgAccount(rc: RelationContext) {
  const acc = findAccount(rc.state, param(rc.op, 'org'));
  if (!acc) throw githubError.notFound(TEAM_DOCS);
  return acc;
}

const role = (v: unknown): TeamRole => (v === 'maintainer' ? 'maintainer' : 'member');

const create: RelationOp = (rc) => {
  const { op } = rc;
  checkRequired(op.row, op.body);
  const org = param(op, 'org');
  // GitHub answers 404 for an organization it does not know (or a user's login).
  const acc = findAccount(rc.state, org);
  if (acc?.type !== 'Organization') throw githubError.notFound(TEAM_DOCS);
  const parentId = typeof op.body.parent_team_id === 'number' ? op.body.parent_team_id : undefined;
  const parentSlug = str(op.body, 'parent_team_slug');
  const parent = parentId !== undefined ? teamById(rc.state, parentId) : parentSlug ? teamBySlug(rc.state, acc.login, parentSlug) : undefined;
  if ((parentId !== undefined || parentSlug) && (!parent || parent.orgId !== acc.id)) {
    throw githubError.validation([{ resource: 'Team', code: 'invalid', field: 'parent_team_id' }], TEAM_DOCS);
  }
  const rec = createTeam(
    rc.state,
    {
      org: acc.login,
      orgId: acc.id,
      name: str(op.body, 'name') ?? '',
      description: str(op.body, 'description'),
      privacy: str(op.body, 'privacy'),
      notification_setting: str(op.body, 'notification_setting'),
      permission: str(op.body, 'permission'),
      parent: parent?.id ?? null,
    },
    op,
  );
  // GitHub: whoever creates a team becomes one of its maintainers; `maintainers` join as maintainers too.
  setMember(rc.state, rec, loginOf(op), 'maintainer');
  for (const m of Array.isArray(op.body.maintainers) ? op.body.maintainers : []) if (typeof m === 'string') setMember(rc.state, rec, m, 'maintainer');
  for (const full of Array.isArray(op.body.repo_names) ? op.body.repo_names : []) {
    if (typeof full !== 'string') continue;
    const [owner = '', name = ''] = full.split('/');
    const repo = findRepo(rc.state, owner, name);
    if (repo && repo.ownerLogin.toLowerCase() === acc.login.toLowerCase()) setRepo(rc.state, rec, repo.id, rec.permission);
  }
  return { status: 201, body: view(rc, rec) };
};

const list: RelationOp = (rc) => {
  const acc = orgAccount(rc);
  return teamPage(rc, rc.state.teams.byOrg[acc.login.toLowerCase()] ?? []);
};

const get: RelationOp = (rc) => ({ status: 200, body: view(rc, teamOf(rc)) });
const update: RelationOp = (rc) => ({ status: 200, body: view(rc, updateTeam(rc.state, teamOf(rc), rc.op.body, rc.op)) });
const remove: RelationOp = (rc) => {
  deleteTeam(rc.state, teamOf(rc));
  return { status: 204 };
};

const children: RelationOp = (rc) => {
  const rec = teamOf(rc);
  return teamPage(rc, rc.state.teams.children[rec.id] ?? []);
};

const forUser: RelationOp = (rc) => teamPage(rc, rc.state.teams.byMember[loginOf(rc.op).toLowerCase()] ?? []);

// Members.

const members: RelationOp = (rc) => {
  const rec = teamOf(rc);
  const want = query(rc.op, 'role') ?? 'all';
  const logins = (rc.state.teams.members[rec.id] ?? []).filter((l) => want === 'all' || memberRole(rc.state, rec, l) === want);
  const out = paged(rc.op, logins);
  return { ...out, body: (out.body as string[]).map((login) => ({ login })) };
};

function membership(rc: RelationContext, rec: TeamRecord, login: string): Resource {
  const r = memberRole(rc.state, rec, login);
  if (!r) throw githubError.notFound(MEMBERS_DOCS);
  return { url: `${teamUrl(rc.op.baseUrl, rec)}/memberships/${login}`, role: r, state: 'active' };
}

const getMembership: RelationOp = (rc) => {
  const rec = teamOf(rc);
  return { status: 200, body: membership(rc, rec, param(rc.op, 'username')) };
};
const putMembership: RelationOp = (rc) => {
  const rec = teamOf(rc);
  const login = param(rc.op, 'username');
  setMember(rc.state, rec, login, role(rc.op.body.role));
  return { status: 200, body: membership(rc, rec, login) };
};
const deleteMembership: RelationOp = (rc) => {
  const rec = teamOf(rc);
  if (!removeMember(rc.state, rec, param(rc.op, 'username'))) throw githubError.notFound(MEMBERS_DOCS);
  return { status: 204 };
};
// Legacy `/teams/{id}/members/{username}`: 204 for a member, 404 otherwise.
const getMember: RelationOp = (rc) => {
  membership(rc, teamOf(rc), param(rc.op, 'username'));
  return { status: 204 };
};
const putMember: RelationOp = (rc) => {
  const rec = teamOf(rc);
  const login = param(rc.op, 'username');
  if (!memberRole(rc.state, rec, login)) setMember(rc.state, rec, login, 'member');
  return { status: 204 };
};

// Repositories.

function repoOfParams(rc: RelationContext): RepoRecord {
  const repo = findRepo(rc.state, param(rc.op, 'owner'), param(rc.op, 'repo'));
  if (!repo) throw githubError.notFound(REPOS_DOCS);
  return repo;
}

function teamRepo(rc: RelationContext, repo: RepoRecord, permission: string): Resource {
  return { ...renderRepo(rc.state, repo, rc.op.baseUrl, 'GET /orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}'), ...permissionsOf(permission) };
}

const repos: RelationOp = (rc) => {
  const rec = teamOf(rc);
  const out = paged(rc.op, rc.state.teams.repos[rec.id] ?? []);
  return {
    ...out,
    body: (out.body as number[])
      .map((id) => rc.state.repos[id])
      .filter((r): r is RepoRecord => r !== undefined)
      .map((r) => teamRepo(rc, r, repoPermission(rc.state, rec, r.id) ?? rec.permission)),
  };
};

const checkRepo: RelationOp = (rc) => {
  const rec = teamOf(rc);
  const repo = repoOfParams(rc);
  const p = repoPermission(rc.state, rec, repo.id);
  if (p === undefined) throw githubError.notFound(REPOS_DOCS);
  // The repository itself only with GitHub's repository media type; else 204.
  if (!(rc.op.accept ?? '').includes('application/vnd.github.v3.repository+json')) return { status: 204 };
  return { status: 200, body: teamRepo(rc, repo, p) };
};

const putRepo: RelationOp = (rc) => {
  const rec = teamOf(rc);
  const repo = repoOfParams(rc);
  if (repo.ownerLogin.toLowerCase() !== rec.org.toLowerCase()) {
    throw githubError.validation([{ resource: 'Team', code: 'invalid', field: 'repository' }], REPOS_DOCS);
  }
  setRepo(rc.state, rec, repo.id, str(rc.op.body, 'permission') ?? rec.permission);
  return { status: 204 };
};

const deleteRepo: RelationOp = (rc) => {
  removeRepo(rc.state, teamOf(rc), repoOfParams(rc).id);
  return { status: 204 };
};

const O = '/orgs/{org}/teams';
const S = `${O}/{team_slug}`;
const L = '/teams/{team_id}';

/** Team operations by `METHOD template`. */
export const TEAM_OPS: Readonly<Record<string, RelationOp>> = {
  [`POST ${O}`]: create,
  [`GET ${O}`]: list,
  [`GET /user/teams`]: forUser,
  ...Object.fromEntries(
    [S, L].flatMap((T) => [
      [`GET ${T}`, get],
      [`PATCH ${T}`, update],
      [`DELETE ${T}`, remove],
      [`GET ${T}/teams`, children],
      [`GET ${T}/members`, members],
      [`GET ${T}/memberships/{username}`, getMembership],
      [`PUT ${T}/memberships/{username}`, putMembership],
      [`DELETE ${T}/memberships/{username}`, deleteMembership],
      [`GET ${T}/repos`, repos],
      [`GET ${T}/repos/{owner}/{repo}`, checkRepo],
      [`PUT ${T}/repos/{owner}/{repo}`, putRepo],
      [`DELETE ${T}/repos/{owner}/{repo}`, deleteRepo],
    ]),
  ),
  [`GET ${L}/members/{username}`]: getMember,
  [`PUT ${L}/members/{username}`]: putMember,
  [`DELETE ${L}/members/{username}`]: deleteMembership,
};

const G = '/organizations/{org_id}/team/{team_id}';
/**
 * GitHub's `org_id`/`team_id` spelling of every team route (`/organizations/{org_id}/team/{team_id}/...`:
 * the `url`, `repositories_url`, `members_url` of a team, a membership's `url`), served by the legacy rows.
 */
export const TEAM_PATHS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(TEAM_OPS)
    .filter((k) => k.includes(` ${L}`))
    .map((k) => [k.replace(` ${L}`, ` ${G}`), k]),
);
