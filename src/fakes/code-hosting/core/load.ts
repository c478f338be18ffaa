import { type AccessRule, type Principal, actsAsUser, authorize } from './auth.js';
import { repoRole } from './roles.js';
import type { CodeHostingState } from '../state.js';
import type { GitHubRouteContext } from './context.js';
import { type GitHubError, githubError } from './errors.js';
import { movedError, movedRepo } from './moved.js';
import { findAccount, findRepo, repoKey } from './lookup.js';
import type { Account, RepoRecord } from './schemas/repo.js';

/**
 * Loads the repository named by the route's `{owner}`/`{repo}` and checks the caller against the rule:
 * an unknown repository (or one the caller may not see) is 404, a missing permission 403.
 */
export function loadRepo(ctx: GitHubRouteContext, principal: Principal, rule: AccessRule): RepoRecord {
  const owner = ctx.params.owner ?? '';
  const name = ctx.params.repo ?? '';
  const rec = findRepo(ctx.state, owner, name);
  if (!rec) throw movedOrNotFound(ctx, principal, rule, owner, name);
  authorize(ctx, principal, rule, { private: rec.private, repo: repoKey(rec.ownerLogin, rec.name) });
  return rec;
}

/**
 * The answer for a repository path that names no repository: GitHub's redirect when it is the old name
 * of a renamed or transferred repository the caller may see, else 404.
 */
export function movedOrNotFound(ctx: GitHubRouteContext, principal: Principal, rule: AccessRule, owner: string, name: string): GitHubError {
  const moved = movedRepo(ctx.state, owner, name);
  if (!moved) return githubError.notFound();
  authorize(ctx, principal, rule, { private: moved.private, repo: repoKey(moved.ownerLogin, moved.name) });
  return movedError(moved, { method: ctx.req.method, baseUrl: ctx.baseUrl, path: ctx.path, url: ctx.req.url });
}

/** The organization named by `{org}`, or GitHub's 404 (a user login is not an organization). */
export function loadOrg(ctx: GitHubRouteContext): Account {
  const org = findAccount(ctx.state, ctx.params.org ?? '');
  if (org?.type !== 'Organization') throw githubError.notFound();
  return org;
}

/**
 * Whether a caller may see a repository in a listing (private ones need a token that reaches them and,
 * for a token acting as a named user, a role of that user on the repository).
 */
export function canSee(state: CodeHostingState, principal: Principal, rec: RepoRecord): boolean {
  if (!rec.private || principal.kind === 'lenient') return true;
  const t = principal.token;
  if (!t) return false;
  if (actsAsUser(t) && repoRole(state, t.login, rec) === undefined) return false;
  if (t.type === 'classic') return t.scopes.includes('repo');
  if (t.repositories === 'all') return true;
  const key = repoKey(rec.ownerLogin, rec.name);
  return t.repositories.some((r) => r.toLowerCase() === key);
}
