import { json } from '../../../http/response.js';
import type { AccessRule } from '../core/auth.js';
import type { GitHubRouteContext } from '../core/context.js';
import { githubError } from '../core/errors.js';
import type { ExtraRow, FamilyRoute, RelationRepo } from '../core/family.js';
import { queryString } from '../core/http-helpers.js';
import { loadRepo } from '../core/load.js';
import { handled } from '../core/route.js';
import { entryAt, getCommit, resolveCommitish, treeEntries } from '../git/model.js';
import { contentItem } from '../git/model/contents.js';
import { apiOverview, gitignoreNames, gitignoreTemplate, octocatSaying, zenAt } from './model.js';
import { metaData } from './model/load.js';
import { LICENSES, detectLicense, licenseFull, licenseSimple } from './model/licenses.js';
import { linkHeader, parsePaging } from '../core/catalog/paging.js';

/**
 * GitHub's routes for fixed data the seed's table lacks: emojis, `.gitignore` templates, licenses (and
 * the license detected in a repository), the service's meta information, the octocat and the zen.
 * Anyone may read them, anonymously too (a repository's license: whoever may see the repository).
 */

const OPEN: AccessRule = { permissions: [], publicRead: true };
const REPO_LICENSE: AccessRule = { permissions: [{ contents: 'read' }], publicRead: true };

/** The rows the family adds to the catalog. */
export const META_ROWS: ExtraRow[] = [
  { method: 'GET', path: '/emojis', operationId: 'emojis/get' },
  { method: 'GET', path: '/gitignore/templates', operationId: 'gitignore/get-all-templates' },
  { method: 'GET', path: '/gitignore/templates/{name}', operationId: 'gitignore/get-template' },
  { method: 'GET', path: '/licenses', operationId: 'licenses/get-all-commonly-used' },
  { method: 'GET', path: '/licenses/{license}', operationId: 'licenses/get' },
  { method: 'GET', path: '/repos/{owner}/{repo}/license', operationId: 'licenses/get-for-repo' },
  { method: 'GET', path: '/meta', operationId: 'meta/get' },
  { method: 'GET', path: '/octocat', operationId: 'meta/get-octocat' },
  { method: 'GET', path: '/zen', operationId: 'meta/get-zen' },
];

const isGhes = (ctx: GitHubRouteContext) => /\/api\/v3\/?$/.test(ctx.baseUrl);
const wantsRaw = (ctx: GitHubRouteContext) => /\bvnd\.github(\.v3)?\.raw\b/.test(ctx.req.headers.accept ?? '');

/** Files GitHub looks for a license in, at the root of the repository (lower-cased). */
const LICENSE_FILES = ['license', 'license.md', 'license.txt', 'licence', 'licence.md', 'licence.txt', 'copying', 'copying.md', 'copying.txt', 'unlicense'];

/** `GET /repos/{owner}/{repo}/license`: the license file at the root of `ref` (default branch), its license detected. */
function repoLicense(ctx: GitHubRouteContext, rec: ReturnType<typeof loadRepo>) {
  const repo: RelationRepo = { path: `/repos/${rec.ownerLogin}/${rec.name}`, defaultBranch: rec.defaultBranch, record: rec };
  const ref = queryString(ctx, 'ref') ?? rec.defaultBranch;
  const sha = resolveCommitish(ctx.state, repo, ref);
  const commit = sha ? getCommit(ctx.state, repo, sha) : undefined;
  if (!commit) throw githubError.notFound('https://docs.github.com/rest/licenses/licenses#get-the-license-for-a-repository');
  const name = Object.keys(treeEntries(ctx.state, repo, commit.tree)).find((n) => LICENSE_FILES.includes(n.toLowerCase()));
  const entry = name ? entryAt(ctx.state, repo, commit.tree, name) : undefined;
  if (!name || entry?.type !== 'blob') throw githubError.notFound('https://docs.github.com/rest/licenses/licenses#get-the-license-for-a-repository');
  const item = contentItem({ state: ctx.state, repo, baseUrl: ctx.baseUrl }, name, entry, ref, true);
  const text = Buffer.from(String(item.content ?? '').replace(/\s/g, ''), 'base64').toString('utf8');
  if (wantsRaw(ctx)) return { status: 200, body: text, headers: { 'content-type': 'application/vnd.github.raw; charset=utf-8' } };
  return json(200, { ...item, license: licenseSimple(detectLicense(text), ctx.baseUrl) });
}

/** The family's routes. */
export const META_ROUTES: FamilyRoute[] = [
  handled({ method: 'GET', path: '/emojis', access: OPEN, handler: () => json(200, { ...metaData().emojis }) }),
  handled({ method: 'GET', path: '/gitignore/templates', access: OPEN, handler: () => json(200, gitignoreNames()) }),
  handled({
    method: 'GET',
    path: '/gitignore/templates/{name}',
    access: OPEN,
    handler: (ctx) => {
      const t = gitignoreTemplate(ctx.params.name ?? '');
      if (!t) throw githubError.notFound('https://docs.github.com/rest/gitignore/gitignore#get-a-gitignore-template');
      return wantsRaw(ctx) ? { status: 200, body: t.source, headers: { 'content-type': 'application/vnd.github.raw; charset=utf-8' } } : json(200, t);
    },
  }),
  handled({
    method: 'GET',
    path: '/licenses',
    access: OPEN,
    handler: (ctx) => {
      const featured = queryString(ctx, 'featured');
      const keys = Object.keys(LICENSES).filter((k) => featured === undefined || (featured === 'true') === (LICENSES[k]?.featured === true));
      const paging = parsePaging(ctx.req.query);
      const start = (paging.page - 1) * paging.perPage;
      const link = linkHeader(ctx.req.url, paging, keys.length);
      return json(
        200,
        keys.slice(start, start + paging.perPage).map((k) => licenseSimple(k, ctx.baseUrl)),
        link ? { link } : {},
      );
    },
  }),
  handled({
    method: 'GET',
    path: '/licenses/{license}',
    access: OPEN,
    handler: (ctx) => {
      const l = licenseFull((ctx.params.license ?? '').toLowerCase(), ctx.baseUrl);
      if (!l) throw githubError.notFound('https://docs.github.com/rest/licenses/licenses#get-a-license');
      return json(200, l);
    },
  }),
  handled({
    method: 'GET',
    path: '/repos/{owner}/{repo}/license',
    access: REPO_LICENSE,
    handler: (ctx, p) => repoLicense(ctx, loadRepo(ctx, p, REPO_LICENSE)),
  }),
  handled({ method: 'GET', path: '/meta', access: OPEN, handler: (ctx) => json(200, apiOverview(isGhes(ctx))) }),
  handled({
    method: 'GET',
    path: '/octocat',
    access: OPEN,
    handler: (ctx) => ({
      status: 200,
      body: `${octocatSaying(queryString(ctx, 's') ?? zenAt(ctx.clock.nowMs()))}`,
      headers: { 'content-type': 'application/octocat-stream' },
    }),
  }),
  handled({
    method: 'GET',
    path: '/zen',
    access: OPEN,
    handler: (ctx) => ({ status: 200, body: zenAt(ctx.clock.nowMs()), headers: { 'content-type': 'text/plain;charset=utf-8' } }),
  }),
];
