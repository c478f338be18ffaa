import { empty, json } from '../../../http/response.js';
import { tableGet } from '../../../store/table.js';
import type { RouteHandler } from '../../service.js';
import { type AccessRule, type Principal, authorize, declareAccess, extractToken } from '../core/auth.js';
import { linkHeader, parsePaging } from '../core/catalog/paging.js';
import type { GitHubRouteContext } from '../core/context.js';
import { githubError } from '../core/errors.js';
import type { ExtraRow, FamilyRoute } from '../core/family.js';
import { objectBody } from '../core/http-helpers.js';
import { findAccount, findRepo } from '../core/lookup.js';
import type { CodeHostingOptions } from '../core/options.js';
import { canSee } from '../core/load.js';
import { handled } from '../core/route.js';
import type { RepoRecord } from '../core/schemas/repo.js';
import { DEFAULT_LOGIN } from '../core/shapes/render.js';
import { selectVersion } from '../core/wire.js';
import { membershipsOfUser } from '../orgs/model.js';
import { renderRepo } from '../repos/model.js';
import type { CodeHostingState } from '../state.js';
import {
  appOfJwt,
  installationById,
  installationJson,
  installationRepos,
  installationsOf,
  installationsOn,
  integrationJson,
  mintToken,
  uninstall,
} from './model.js';
import type { AppRecord, InstallationRecord } from './state.js';

/**
 * The GitHub Apps routes: what an app sees with its JWT (`/app`, its installations, minting installation
 * tokens, the installation of a repository, organization or user), what an installation token sees
 * (`/installation/repositories`) and what a user access token sees (`/user/installations`). Each
 * refuses the other credentials as GitHub does.
 */

const DOCS = 'https://docs.github.com/rest/apps';
const JWT_RULE: AccessRule = { permissions: [] };
const USER_RULE: AccessRule = { permissions: [], tokenTypes: ['user'] };
const INSTALLATION_RULE: AccessRule = { permissions: [], tokenTypes: ['installation'] };

/** The rows the family adds to the catalog. */
export const APP_ROWS: ExtraRow[] = [
  { method: 'GET', path: '/app', operationId: 'apps/get-authenticated' },
  { method: 'GET', path: '/app/installations', operationId: 'apps/list-installations' },
  { method: 'GET', path: '/app/installations/{installation_id}', operationId: 'apps/get-installation' },
  { method: 'DELETE', path: '/app/installations/{installation_id}', operationId: 'apps/delete-installation' },
  { method: 'POST', path: '/app/installations/{installation_id}/access_tokens', operationId: 'apps/create-installation-access-token' },
  { method: 'GET', path: '/repos/{owner}/{repo}/installation', operationId: 'apps/get-repo-installation' },
  { method: 'GET', path: '/orgs/{org}/installation', operationId: 'apps/get-org-installation' },
  { method: 'GET', path: '/users/{username}/installation', operationId: 'apps/get-user-installation' },
  { method: 'GET', path: '/installation/repositories', operationId: 'apps/list-repos-accessible-to-installation' },
  { method: 'GET', path: '/user/installations', operationId: 'apps/list-installations-for-authenticated-user' },
  { method: 'GET', path: '/user/installations/{installation_id}/repositories', operationId: 'apps/list-installation-repos-for-authenticated-user' },
];

/** A route an app calls with its JWT (the token is no user's: the API's usual authentication does not apply). */
function jwtRoute(
  method: ExtraRow['method'],
  path: string,
  handler: (ctx: GitHubRouteContext, app: AppRecord) => ReturnType<RouteHandler<CodeHostingState, CodeHostingOptions>>,
): FamilyRoute {
  return {
    row: `${method} ${path}`,
    counted: true,
    raw: (ctx) => {
      selectVersion(ctx);
      declareAccess(ctx, JWT_RULE);
      return handler(ctx, appOfJwt(ctx.state, extractToken(ctx.req.headers)));
    },
  };
}

/** A page of items with GitHub's `Link` header. */
function pageOf<T>(ctx: GitHubRouteContext, all: readonly T[]): { items: T[]; headers: Record<string, string> } {
  const paging = parsePaging(ctx.req.query);
  const start = (paging.page - 1) * paging.perPage;
  const link = linkHeader(ctx.req.url, paging, all.length);
  return { items: all.slice(start, start + paging.perPage), headers: link ? { link } : {} };
}

/** The app's own installation `{installation_id}`; 404 for another app's. */
function ownInstallation(ctx: GitHubRouteContext, app: AppRecord): InstallationRecord {
  const inst = installationById(ctx.state, ctx.params.installation_id ?? '');
  if (!inst || inst.appId !== app.id) throw githubError.notFound(`${DOCS}/apps#get-an-installation-for-the-authenticated-app`);
  return inst;
}

/** The app's installation on an account, or 404. */
function installationOn(ctx: GitHubRouteContext, app: AppRecord, login: string): InstallationRecord {
  const inst = installationsOn(ctx.state, login).find((i) => i.appId === app.id);
  if (!inst) throw githubError.notFound(`${DOCS}/apps`);
  return inst;
}

/** GitHub's list of repositories an installation reaches, as `{ total_count, repository_selection, repositories }`. */
function reposAnswer(ctx: GitHubRouteContext, repos: readonly RepoRecord[], selection: string) {
  const page = pageOf(ctx, repos);
  return json(
    200,
    { total_count: repos.length, repository_selection: selection, repositories: page.items.map((r) => renderRepo(ctx.state, r, ctx.baseUrl)) },
    page.headers,
  );
}

/** Installations a user reaches: on their account and on the organizations they are an active member of. */
function installationsOfUser(ctx: GitHubRouteContext, login: string): InstallationRecord[] {
  const orgs = membershipsOfUser(ctx.state, login)
    .filter((m) => m.state === 'active')
    .map((m) => m.org);
  return [login, ...orgs].flatMap((account) => installationsOn(ctx.state, account));
}

/** GitHub's refusal of a credential that is no user access token on `/user/installations`. */
function requireUserToken(ctx: GitHubRouteContext, p: Principal): void {
  if (p.kind === 'token' && p.token?.type !== 'user')
    throw githubError.forbidden(
      'You must authenticate with an access token authorized to a GitHub App in order to list installations',
      `${DOCS}/installations`,
    );
  authorize(ctx, p, USER_RULE);
}

/** The family's routes. */
export const APP_ROUTES: FamilyRoute[] = [
  jwtRoute('GET', '/app', (ctx, app) => json(200, integrationJson(ctx.state, app, ctx.baseUrl))),
  jwtRoute('GET', '/app/installations', (ctx, app) => {
    const page = pageOf(ctx, installationsOf(ctx.state, app));
    return json(
      200,
      page.items.map((i) => installationJson(ctx.state, i, ctx.baseUrl)),
      page.headers,
    );
  }),
  jwtRoute('GET', '/app/installations/{installation_id}', (ctx, app) => json(200, installationJson(ctx.state, ownInstallation(ctx, app), ctx.baseUrl))),
  jwtRoute('DELETE', '/app/installations/{installation_id}', (ctx, app) => {
    const inst = ownInstallation(ctx, app);
    ctx.update((d) => uninstall(d, inst));
    return empty(204);
  }),
  jwtRoute('POST', '/app/installations/{installation_id}/access_tokens', (ctx, app) => {
    const inst = ownInstallation(ctx, app);
    const body = objectBody(ctx);
    const out = ctx.update((d) => mintToken(d, app, inst, body, ctx.clock.nowMs()));
    return json(201, {
      ...out,
      ...(out.repositories ? { repositories: out.repositories.map((r) => renderRepo(ctx.state, r, ctx.baseUrl)) } : {}),
    });
  }),
  jwtRoute('GET', '/repos/{owner}/{repo}/installation', (ctx, app) => {
    const repo = findRepo(ctx.state, ctx.params.owner ?? '', ctx.params.repo ?? '');
    const inst = repo
      ? installationsOn(ctx.state, repo.ownerLogin).find((i) => i.appId === app.id && installationRepos(ctx.state, i).some((r) => r.id === repo.id))
      : undefined;
    if (!inst) throw githubError.notFound(`${DOCS}/apps#get-a-repository-installation-for-the-authenticated-app`);
    return json(200, installationJson(ctx.state, inst, ctx.baseUrl));
  }),
  jwtRoute('GET', '/orgs/{org}/installation', (ctx, app) => {
    if (findAccount(ctx.state, ctx.params.org ?? '')?.type !== 'Organization') throw githubError.notFound(`${DOCS}/apps`);
    return json(200, installationJson(ctx.state, installationOn(ctx, app, ctx.params.org ?? ''), ctx.baseUrl));
  }),
  jwtRoute('GET', '/users/{username}/installation', (ctx, app) =>
    json(200, installationJson(ctx.state, installationOn(ctx, app, ctx.params.username ?? ''), ctx.baseUrl)),
  ),
  handled({
    method: 'GET',
    path: '/installation/repositories',
    access: INSTALLATION_RULE,
    handler: (ctx, p) => {
      if (p.kind === 'token' && p.token?.type !== 'installation')
        throw githubError.forbidden(
          'You must authenticate with an installation access token in order to list repositories for an installation.',
          `${DOCS}/installations`,
        );
      authorize(ctx, p, INSTALLATION_RULE);
      const minted = p.token ? tableGet(ctx.state.apps.minted, p.token.token) : undefined;
      const inst = minted ? installationById(ctx.state, minted.installationId) : undefined;
      if (minted && !inst) throw githubError.badCredentials();
      // A minted token reaches what it was minted for; a seeded installation token its repositories.
      const names = p.token?.repositories ?? [];
      const repos =
        names === 'all'
          ? Object.values(ctx.state.repos)
          : names.map((n) => findRepo(ctx.state, n.split('/')[0] ?? '', n.split('/')[1] ?? '')).filter((r): r is RepoRecord => r !== undefined);
      return reposAnswer(ctx, repos, minted?.selection ?? (names === 'all' ? 'all' : 'selected'));
    },
  }),
  handled({
    method: 'GET',
    path: '/user/installations',
    access: USER_RULE,
    handler: (ctx, p) => {
      requireUserToken(ctx, p);
      const all = installationsOfUser(ctx, p.login ?? DEFAULT_LOGIN);
      const page = pageOf(ctx, all);
      return json(200, { total_count: all.length, installations: page.items.map((i) => installationJson(ctx.state, i, ctx.baseUrl)) }, page.headers);
    },
  }),
  handled({
    method: 'GET',
    path: '/user/installations/{installation_id}/repositories',
    access: USER_RULE,
    handler: (ctx, p) => {
      requireUserToken(ctx, p);
      const inst = installationsOfUser(ctx, p.login ?? DEFAULT_LOGIN).find((i) => String(i.id) === ctx.params.installation_id);
      if (!inst) throw githubError.notFound(`${DOCS}/installations`);
      return reposAnswer(
        ctx,
        installationRepos(ctx.state, inst).filter((r) => canSee(ctx.state, p, r)),
        inst.repositorySelection,
      );
    },
  }),
];
