import { trimBase } from '../../core/urls.js';
import { githubError } from '../../core/errors.js';
import type { ExtraRow, FamilyRoute } from '../../core/family.js';
import type { GitHubRouteContext } from '../../core/context.js';
import type { Account } from '../../core/schemas/repo.js';
import { own } from '../../../../store/records.js';
import type { RouteHandler } from '../../../service.js';
import type { CodeHostingOptions } from '../../core/options.js';
import type { CodeHostingState } from '../../state.js';

/**
 * GitHub's id spellings of organization routes: `/organizations/{id}` and `/organizations/{id}/<rest>`
 * answer as `/orgs/<login>` and `/orgs/<login>/<rest>` do (GitHub links organizations and their lists by
 * id in `Link` headers and redirects), through the whole pipeline (auth, rate limit, journal). Paths
 * GitHub documents under `/organizations/` (custom roles, billing, teams by id) keep their own rows.
 */

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The organization `{organization_id}` names, or GitHub's 404. */
function orgOfIdParam(ctx: GitHubRouteContext): Account {
  const id = ctx.params.organization_id ?? '';
  const login = /^\d+$/.test(id) ? ctx.state.accountIds[id] : undefined;
  const acc = login ? own(ctx.state.accounts, login) : undefined;
  if (acc?.type !== 'Organization') throw githubError.notFound();
  return acc;
}

const forward =
  (method: string): RouteHandler<CodeHostingState, CodeHostingOptions> =>
  async (ctx) => {
    const org = orgOfIdParam(ctx);
    const rest = ctx.path.replace(/^\/organizations\/[^/]+/, '');
    const url = new URL(`${trimBase(ctx.baseUrl)}/orgs/${encodeURIComponent(org.login)}${rest}${ctx.req.url.search}`);
    const body = ctx.req.rawBody.length > 0 ? Buffer.from(ctx.req.rawBody).toString('utf8') : undefined;
    const res = ctx.subrequest ? await ctx.subrequest({ method, url, headers: { ...ctx.req.headers }, ...(body !== undefined ? { body } : {}) }) : null;
    return res ?? { status: method === 'GET' ? 301 : 307, headers: { location: url.href } };
  };

/** The id spellings' rows (GitHub serves them; the seed's table lacks them). */
export const ORG_ID_ROWS: ExtraRow[] = [
  ...(['GET', 'PATCH', 'DELETE'] as const).map((method) => ({ method, path: '/organizations/{organization_id}', operationId: 'orgs/by-id' })),
  ...METHODS.map((method) => ({ method, path: '/organizations/{organization_id}/{+rest}', operationId: 'orgs/by-id' })),
];

/** Forwarders of the id spellings to the login spellings. */
export const ORG_ID_ROUTES: FamilyRoute[] = ORG_ID_ROWS.map((r) => ({ row: `${r.method} ${r.path}`, counted: true, raw: forward(r.method) }));
