import { type AccessRule, type Principal, authorize } from '../auth.js';
import type { GitHubRouteContext } from '../context.js';
import { githubError } from '../errors.js';
import { findAccount, findRepo, repoKey } from '../models/repos.js';
import type { Account, RepoRecord } from '../schemas/repo.js';

/**
 * Loads the repository named by the route's `{owner}`/`{repo}` and checks the caller against the rule:
 * an unknown repository (or one the caller may not see) is 404, a missing permission 403.
 */
export function loadRepo(ctx: GitHubRouteContext, principal: Principal, rule: AccessRule): RepoRecord {
  const owner = ctx.params.owner ?? '';
  const name = ctx.params.repo ?? '';
  const rec = findRepo(ctx.state, owner, name);
  if (!rec) throw githubError.notFound();
  authorize(ctx, principal, rule, { private: rec.private, repo: repoKey(rec.ownerLogin, rec.name) });
  return rec;
}

/** Whether a caller may see a repository in a listing (private ones need a token that reaches them). */
/** The organization named by `{org}`, or GitHub's 404 (a user login is not an organization). */
export function loadOrg(ctx: GitHubRouteContext): Account {
  const org = findAccount(ctx.state, ctx.params.org ?? '');
  if (org?.type !== 'Organization') throw githubError.notFound();
  return org;
}

export function canSee(principal: Principal, rec: RepoRecord): boolean {
  if (!rec.private || principal.kind === 'lenient') return true;
  const t = principal.token;
  if (!t) return false;
  if (t.type === 'classic') return t.scopes.includes('repo');
  if (t.repositories === 'all') return true;
  const key = repoKey(rec.ownerLogin, rec.name);
  return t.repositories.some((r) => r.toLowerCase() === key);
}

/** Permission rules shared by repository routes. */
export const RULES = {
  readRepo: { permissions: [{ metadata: 'read' }] },
  adminRead: { permissions: [{ administration: 'read' }] },
  adminWrite: { permissions: [{ administration: 'write' }] },
  deleteRepo: { permissions: [{ administration: 'write' }], scopes: ['delete_repo'] },
  createUserRepo: { permissions: [{ administration: 'write' }], tokenTypes: ['classic', 'fine-grained', 'user'], scopes: ['repo', 'public_repo'] },
  createOrgRepo: { permissions: [{ administration: 'write' }], scopes: ['repo', 'public_repo'] },
  repoHooksRead: { permissions: [{ repository_hooks: 'read' }], scopes: ['read:repo_hook', 'write:repo_hook', 'admin:repo_hook'] },
  repoHooksWrite: { permissions: [{ repository_hooks: 'write' }], scopes: ['write:repo_hook', 'admin:repo_hook'] },
  orgHooksRead: { permissions: [{ organization_hooks: 'read' }], scopes: ['admin:org_hook'] },
  orgHooksWrite: { permissions: [{ organization_hooks: 'write' }], scopes: ['admin:org_hook'] },
  importRead: { permissions: [{ contents: 'read' }], tokenTypes: ['classic'] },
  importWrite: { permissions: [{ contents: 'write' }], tokenTypes: ['classic'] },
} as const satisfies Record<string, AccessRule>;
