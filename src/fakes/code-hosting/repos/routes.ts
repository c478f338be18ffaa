import type { AccessRule } from '../core/auth.js';
import { ruleFor } from '../core/catalog/table.js';
import { knownAccount } from '../users/model.js';
import { empty, json } from '../../../http/response.js';
import { type Principal, actsAsUser, authorize, callerOf } from '../core/auth.js';
import type { GitHubRouteContext } from '../core/context.js';
import { GitHubError, githubError } from '../core/errors.js';
import { objectBody, paginate, parseBody, queryString } from '../core/http-helpers.js';
import { createRepo, deleteRepo, renderRepo, updateRepo } from './model.js';
import { repoKey } from '../core/lookup.js';
import { handled } from '../core/route.js';
import type { ExtraRow, FamilyRoute } from '../core/family.js';
import { dropRepositoryPaths, moveRepository } from './model/move.js';
import { addDefaultLabels } from '../issues/model/label-rules.js';
import { ActionsPermissionsBodySchema, CreateRepoBodySchema, type RepoRecord, UpdateRepoBodySchema } from '../core/schemas/repo.js';
import type { CodeHostingState } from '../state.js';
import { trimBase } from '../core/urls.js';
import { recordRepositoryEvent } from '../events/model/derive.js';
import { DEFAULT_LOGIN } from '../core/shapes/render.js';
import { canSee, loadOrg, loadRepo } from '../core/load.js';

/** Permission rules of the repository routes: the catalog table's rows they serve. */
const RULES = {
  readRepo: ruleFor('GET /repos/{owner}/{repo}'),
  listUserRepos: ruleFor('GET /user/repos'),
  listOrgRepos: ruleFor('GET /orgs/{org}/repos'),
  listPublicRepos: ruleFor('GET /users/{username}/repos'),
  updateRepo: ruleFor('PATCH /repos/{owner}/{repo}'),
  adminRead: ruleFor('GET /repos/{owner}/{repo}/actions/permissions'),
  adminWrite: ruleFor('PUT /repos/{owner}/{repo}/actions/permissions'),
  deleteRepo: ruleFor('DELETE /repos/{owner}/{repo}'),
  createUserRepo: ruleFor('POST /user/repos'),
  createOrgRepo: ruleFor('POST /orgs/{org}/repos'),
} satisfies Record<string, AccessRule>;

function requireLogin(principal: Principal): string {
  if (!principal.login) throw new GitHubError(401, 'Requires authentication', { documentationUrl: 'https://docs.github.com/rest' });
  return principal.login;
}

function isPrivate(body: { private?: boolean | undefined; visibility?: string | undefined }): boolean | undefined {
  if (body.visibility !== undefined) return body.visibility !== 'public';
  return body.private;
}

/**
 * Lists repositories by id. Without a filter the page is cut from the id array directly (cost per page
 * stays flat however many repositories an owner has); with one, the owner's repositories are filtered first.
 */
function listOf(ctx: GitHubRouteContext, p: Principal, ids: readonly number[] | undefined, keep: ((r: RepoRecord) => boolean) | null, operation: string) {
  const caller = callerOf(p);
  const all = ids ?? [];
  const chosen = keep
    ? all.filter((id) => {
        const r = ctx.state.repos[id];
        return r !== undefined && keep(r);
      })
    : all;
  const page = paginate(ctx, chosen);
  const out: Record<string, unknown>[] = [];
  for (const id of page.items) {
    const r = ctx.state.repos[id];
    if (r) out.push(renderRepo(ctx.state, r, ctx.baseUrl, operation, caller));
  }
  return json(200, out, page.headers);
}

function createFor(ctx: GitHubRouteContext, p: Principal, owner: string, ownerType: 'User' | 'Organization', actor: string) {
  const body = parseBody(CreateRepoBodySchema, objectBody(ctx), 'Repository');
  const now = ctx.clock.now().toISOString();
  const priv = isPrivate(body);
  const id = ctx.update((d) => {
    const rec = createRepo(d, {
      owner,
      ownerType,
      name: body.name,
      now,
      ...(priv !== undefined ? { private: priv } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.homepage !== undefined ? { homepage: body.homepage } : {}),
      ...(body.has_issues !== undefined ? { hasIssues: body.has_issues } : {}),
      ...(body.has_projects !== undefined ? { hasProjects: body.has_projects } : {}),
      ...(body.has_wiki !== undefined ? { hasWiki: body.has_wiki } : {}),
    });
    recordRepositoryEvent(d as CodeHostingState, 'created', rec, { actor, now, base: ctx.baseUrl });
    // GitHub creates its nine default labels with every repository.
    addDefaultLabels((d as CodeHostingState).catalog, d.counters, `/repos/${rec.ownerLogin}/${rec.name}`, ctx.baseUrl, now);
    return rec.id;
  });
  const out = renderRepo(ctx.state, ctx.state.repos[id] as RepoRecord, ctx.baseUrl, undefined, callerOf(p));
  return json(201, out, { location: String(out.url) });
}

/** The repository of `/repositories/{repository_id}` routes, checked against the rule (404 when unknown or not visible). */
function repoById(ctx: GitHubRouteContext, principal: Principal, rule: Parameters<typeof authorize>[2]): RepoRecord {
  const rec = repoOfIdParam(ctx);
  authorize(ctx, principal, rule, { private: rec.private, repo: repoKey(rec.ownerLogin, rec.name) });
  return rec;
}

/** The repository `{repository_id}` names, or GitHub's 404. */
function repoOfIdParam(ctx: GitHubRouteContext): RepoRecord {
  const id = ctx.params.repository_id ?? '';
  const rec = /^\d+$/.test(id) ? ctx.state.repos[id] : undefined;
  if (!rec) throw githubError.notFound();
  return rec;
}

/**
 * `/repositories/{id}/<rest>`: the id spelling of every repository route (where a renamed or
 * transferred repository's old path redirects). Answered as `/repos/<owner>/<repo>/<rest>` is, through
 * the whole pipeline (auth, rate limit, journal).
 */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** `PATCH` and `DELETE /repositories/{id}` (the repository itself, where a renamed one's `PATCH` redirects with 307). */
const SELF_METHODS = ['PATCH', 'DELETE'] as const;
const byIdRoutes: FamilyRoute[] = [
  ...METHODS.map((method) => ({ method, row: `${method} /repositories/{repository_id}/{+rest}` })),
  ...SELF_METHODS.map((method) => ({ method, row: `${method} /repositories/{repository_id}` })),
].map(({ method, row }) => ({
  row,
  counted: true,
  raw: async (ctx) => {
    const rec = repoOfIdParam(ctx);
    const rest = ctx.path.replace(/^\/repositories\/[^/]+/, '');
    const url = new URL(`${trimBase(ctx.baseUrl)}/repos/${encodeURIComponent(rec.ownerLogin)}/${encodeURIComponent(rec.name)}${rest}${ctx.req.url.search}`);
    const body = ctx.req.rawBody.length > 0 ? Buffer.from(ctx.req.rawBody).toString('utf8') : undefined;
    const res = ctx.subrequest ? await ctx.subrequest({ method, url, headers: { ...ctx.req.headers }, ...(body !== undefined ? { body } : {}) }) : null;
    return res ?? { status: method === 'GET' ? 301 : 307, headers: { location: url.href } };
  },
}));

/** Repository routes GitHub serves that the seed's table lacks: the id spellings. */
export const REPO_ROWS: ExtraRow[] = [
  { method: 'GET', path: '/repositories/{repository_id}', operationId: 'repos/get' },
  ...METHODS.map((method) => ({ method, path: '/repositories/{repository_id}/{+rest}', operationId: 'repos/by-id' })),
  { method: 'PATCH', path: '/repositories/{repository_id}', operationId: 'repos/update' },
  { method: 'DELETE', path: '/repositories/{repository_id}', operationId: 'repos/delete' },
];

/** Repository routes: get/update/delete, create for the user or an org, the three listings, Actions permissions. */
export const repoRoutes: FamilyRoute[] = [
  handled({
    method: 'GET',
    path: '/repos/{owner}/{repo}',
    access: RULES.readRepo,
    handler: (ctx, p) => json(200, renderRepo(ctx.state, loadRepo(ctx, p, RULES.readRepo), ctx.baseUrl, undefined, callerOf(p), { get: true })),
  }),
  handled({
    method: 'GET',
    path: '/repositories/{repository_id}',
    access: RULES.readRepo,
    handler: (ctx, p) => json(200, renderRepo(ctx.state, repoById(ctx, p, RULES.readRepo), ctx.baseUrl, undefined, callerOf(p), { get: true })),
  }),
  ...byIdRoutes,
  handled({
    method: 'PATCH',
    path: '/repos/{owner}/{repo}',
    access: RULES.updateRepo,
    handler: (ctx, p) => {
      const rec = loadRepo(ctx, p, RULES.updateRepo);
      const body = parseBody(UpdateRepoBodySchema, objectBody(ctx), 'Repository');
      const priv = isPrivate(body);
      const now = ctx.clock.now().toISOString();
      ctx.update((d) => {
        // A rename moves everything under the repository's path; the old name redirects.
        if (body.name !== undefined && body.name !== rec.name)
          moveRepository(d, rec.id, { owner: rec.ownerLogin, name: body.name }, { baseUrl: ctx.baseUrl, now });
        updateRepo(
          d,
          rec.id,
          {
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(body.homepage !== undefined ? { homepage: body.homepage } : {}),
            ...(priv !== undefined ? { private: priv } : {}),
            ...(body.has_issues !== undefined ? { hasIssues: body.has_issues } : {}),
            ...(body.has_projects !== undefined ? { hasProjects: body.has_projects } : {}),
            ...(body.has_wiki !== undefined ? { hasWiki: body.has_wiki } : {}),
            ...(body.default_branch !== undefined ? { defaultBranch: body.default_branch } : {}),
            ...(body.archived !== undefined ? { archived: body.archived } : {}),
            ...(body.is_template !== undefined ? { isTemplate: body.is_template } : {}),
          },
          now,
        );
        if (rec.private && priv === false)
          recordRepositoryEvent(d as CodeHostingState, 'publicized', d.repos[rec.id] as RepoRecord, {
            actor: p.login ?? DEFAULT_LOGIN,
            now,
            base: ctx.baseUrl,
          });
      });
      return json(200, renderRepo(ctx.state, ctx.state.repos[rec.id] as RepoRecord, ctx.baseUrl, undefined, callerOf(p)));
    },
  }),
  handled({
    method: 'DELETE',
    path: '/repos/{owner}/{repo}',
    access: RULES.deleteRepo,
    handler: (ctx, p) => {
      const rec = loadRepo(ctx, p, RULES.deleteRepo);
      ctx.update((d) => {
        dropRepositoryPaths(d as CodeHostingState, rec.ownerLogin, rec.name);
        deleteRepo(d, rec.id);
      });
      return empty(204);
    },
  }),
  handled({
    method: 'POST',
    path: '/user/repos',
    access: RULES.createUserRepo,
    handler: (ctx, p) => {
      authorize(ctx, p, RULES.createUserRepo);
      return createFor(ctx, p, requireLogin(p), 'User', requireLogin(p));
    },
  }),
  handled({
    method: 'POST',
    path: '/orgs/{org}/repos',
    access: RULES.createOrgRepo,
    handler: (ctx, p) => {
      const org = loadOrg(ctx);
      authorize(ctx, p, RULES.createOrgRepo, { private: false, org: org.login });
      return createFor(ctx, p, org.login, 'Organization', p.login ?? DEFAULT_LOGIN);
    },
  }),
  handled({
    method: 'GET',
    path: '/user/repos',
    access: RULES.listUserRepos,
    handler: (ctx, p) => {
      const login = requireLogin(p);
      authorize(ctx, p, RULES.listUserRepos);
      const visibility = queryString(ctx, 'visibility') ?? 'all';
      return listOf(
        ctx,
        p,
        ctx.state.reposByOwner[login.toLowerCase()],
        visibility === 'all' ? null : (r) => (visibility === 'private') === r.private,
        'GET /user/repos',
      );
    },
  }),
  handled({
    method: 'GET',
    path: '/orgs/{org}/repos',
    access: RULES.listOrgRepos,
    handler: (ctx, p) => {
      const org = loadOrg(ctx);
      authorize(ctx, p, RULES.listOrgRepos);
      const type = queryString(ctx, 'type') ?? 'all';
      const everything = type === 'all' && (p.kind === 'lenient' || (p.token?.type === 'classic' && p.token.scopes.includes('repo') && !actsAsUser(p.token)));
      return listOf(
        ctx,
        p,
        ctx.state.reposByOwner[org.login.toLowerCase()],
        everything ? null : (r) => canSee(ctx.state, p, r) && (type === 'public' ? !r.private : type === 'private' ? r.private : true),
        'GET /orgs/{org}/repos',
      );
    },
  }),
  handled({
    method: 'GET',
    path: '/users/{username}/repos',
    access: RULES.listPublicRepos,
    handler: (ctx, p) => {
      const user = knownAccount(ctx.state, ctx.params.username ?? '', p.login);
      if (!user) throw githubError.notFound();
      authorize(ctx, p, RULES.listPublicRepos);
      return listOf(ctx, p, ctx.state.reposByOwner[user.login.toLowerCase()], (r) => !r.private, 'GET /users/{username}/repos');
    },
  }),
  handled({
    method: 'GET',
    path: '/repos/{owner}/{repo}/actions/permissions',
    access: RULES.adminRead,
    handler: (ctx, p) => {
      const rec = loadRepo(ctx, p, RULES.adminRead);
      const body: Record<string, unknown> = { enabled: rec.actionsEnabled };
      if (rec.actionsEnabled) {
        body.allowed_actions = rec.allowedActions;
        if (rec.allowedActions === 'selected')
          body.selected_actions_url = `${ctx.baseUrl}/repos/${rec.ownerLogin}/${rec.name}/actions/permissions/selected-actions`;
        body.sha_pinning_required = rec.shaPinningRequired ?? false;
      }
      return json(200, body);
    },
  }),
  handled({
    method: 'PUT',
    path: '/repos/{owner}/{repo}/actions/permissions',
    access: RULES.adminWrite,
    handler: (ctx, p) => {
      const rec = loadRepo(ctx, p, RULES.adminWrite);
      const body = parseBody(ActionsPermissionsBodySchema, objectBody(ctx), 'Repository');
      ctx.update((d) => {
        const r = d.repos[rec.id];
        if (!r) throw githubError.notFound();
        r.actionsEnabled = body.enabled;
        if (body.allowed_actions) r.allowedActions = body.allowed_actions;
        if (body.sha_pinning_required !== undefined) r.shaPinningRequired = body.sha_pinning_required;
      });
      return empty(204);
    },
  }),
];
