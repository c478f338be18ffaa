import { json } from '../../../http/response.js';
import type { AccessRule } from '../core/auth.js';
import { linkHeader, parsePaging } from '../core/catalog/paging.js';
import type { GitHubRouteContext } from '../core/context.js';
import { githubError } from '../core/errors.js';
import type { ExtraRow, FamilyRoute } from '../core/family.js';
import { objectBody } from '../core/http-helpers.js';
import { loadRepo } from '../core/load.js';
import { findRepo } from '../core/lookup.js';
import { handled } from '../core/route.js';
import type { RepoRecord } from '../core/schemas/repo.js';
import { DEFAULT_LOGIN } from '../core/shapes/render.js';
import { renderAs } from '../core/shapes/answer.js';
import { issueCtx } from '../issues/model/context.js';
import { issueView } from '../issues/model/views.js';
import { repoView } from '../repos/model.js';
import { tablePeek } from '../../../store/table.js';
import { addSubIssue, childrenOf, parentOf, removeSubIssue, reprioritize } from './model.js';
import { issueKeyById } from './model/ids.js';

/**
 * GitHub's sub-issue routes: a parent's sub-issues (list, add by `sub_issue_id`, remove, reprioritize)
 * and an issue's parent. Writes answer the parent issue with its `sub_issues_summary`; reads need what
 * reading the issue needs, writes what changing it needs.
 */

const DOCS = 'https://docs.github.com/rest/issues/sub-issues';
const READ: AccessRule = { permissions: [{ issues: 'read' }], publicRead: true };
const WRITE: AccessRule = { permissions: [{ issues: 'write' }], role: 'write' };
const ISSUE = '/repos/{owner}/{repo}/issues/{issue_number}';

/** The rows the family adds to the catalog. */
export const SUB_ISSUE_ROWS: ExtraRow[] = [
  { method: 'GET', path: `${ISSUE}/sub_issues`, operationId: 'issues/list-sub-issues' },
  { method: 'POST', path: `${ISSUE}/sub_issues`, operationId: 'issues/add-sub-issue' },
  { method: 'DELETE', path: `${ISSUE}/sub_issue`, operationId: 'issues/remove-sub-issue' },
  { method: 'PATCH', path: `${ISSUE}/sub_issues/priority`, operationId: 'issues/reprioritize-sub-issue' },
  { method: 'GET', path: `${ISSUE}/parent`, operationId: 'issues/get-parent' },
];

const repoPath = (r: RepoRecord) => `/repos/${r.ownerLogin}/${r.name}`;

/** The request's issue (404 when the repository has no issue of that number). */
function issueOf(ctx: GitHubRouteContext, rec: RepoRecord): string {
  const key = `${repoPath(rec)}/issues/${ctx.params.issue_number ?? ''}`;
  if (!/^\d+$/.test(ctx.params.issue_number ?? '') || !tablePeek(ctx.state.catalog.records, key)) throw githubError.notFound(DOCS);
  return key;
}

/** An issue (by key) as GitHub answers it, rendered in the issue shape on this request's host. */
function issueJson(ctx: GitHubRouteContext, key: string, login: string): unknown {
  const m = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)$/.exec(key);
  const repo = m ? findRepo(ctx.state, decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string)) : undefined;
  if (!m || !repo) return null;
  const op = {
    row: { method: 'GET', path: ISSUE },
    key,
    body: {},
    baseUrl: ctx.baseUrl,
    url: ctx.req.url,
    query: {},
    now: ctx.clock.now().toISOString(),
    login,
  } as never;
  const c = issueCtx({ state: ctx.state, op, repo: { path: repoPath(repo), defaultBranch: repo.defaultBranch, record: repo } }, false);
  const view = issueView(c, Number(m[3]));
  return renderAs(`GET ${ISSUE}`, 200, view, key, {
    baseUrl: ctx.baseUrl,
    now: ctx.clock.now().toISOString(),
    login,
    records: ctx.state.catalog.records,
    accounts: ctx.state.accounts,
    repo: repoView(repo, { state: ctx.state, apiBase: ctx.baseUrl }),
  });
}

/** The `sub_issue_id` (or another id field) of the body: an issue of the parent's owner, by its key. */
function issueById(ctx: GitHubRouteContext, field: string, required: boolean): string | undefined {
  const v = objectBody(ctx)[field];
  if (v === undefined && !required) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v))
    throw githubError.validation([{ resource: 'Issue', code: v === undefined ? 'missing_field' : 'invalid', field }], DOCS);
  const key = issueKeyById(ctx.state, v);
  if (!key) throw githubError.notFound(DOCS);
  return key;
}

const login = (ctx: GitHubRouteContext, p: { login: string | null }) => p.login ?? ctx.options.defaultLogin ?? DEFAULT_LOGIN;

/** The family's routes. */
export const SUB_ISSUE_ROUTES: FamilyRoute[] = [
  handled({
    method: 'GET',
    path: `${ISSUE}/sub_issues`,
    access: READ,
    handler: (ctx, p) => {
      const parent = issueOf(ctx, loadRepo(ctx, p, READ));
      const kids = childrenOf(ctx.state, parent);
      const paging = parsePaging(ctx.req.query);
      const start = (paging.page - 1) * paging.perPage;
      const link = linkHeader(ctx.req.url, paging, kids.length);
      return json(
        200,
        kids.slice(start, start + paging.perPage).map((k) => issueJson(ctx, k, login(ctx, p))),
        link ? { link } : {},
      );
    },
  }),
  handled({
    method: 'POST',
    path: `${ISSUE}/sub_issues`,
    access: WRITE,
    handler: (ctx, p) => {
      const parent = issueOf(ctx, loadRepo(ctx, p, WRITE));
      const child = issueById(ctx, 'sub_issue_id', true) as string;
      const replace = objectBody(ctx).replace_parent === true;
      ctx.update((d) => addSubIssue(d, parent, child, replace));
      return json(201, issueJson(ctx, parent, login(ctx, p)), { location: `${ctx.baseUrl}${parent}/sub_issues` });
    },
  }),
  handled({
    method: 'DELETE',
    path: `${ISSUE}/sub_issue`,
    access: WRITE,
    handler: (ctx, p) => {
      const parent = issueOf(ctx, loadRepo(ctx, p, WRITE));
      const child = issueById(ctx, 'sub_issue_id', true) as string;
      ctx.update((d) => removeSubIssue(d, parent, child));
      return json(200, issueJson(ctx, parent, login(ctx, p)));
    },
  }),
  handled({
    method: 'PATCH',
    path: `${ISSUE}/sub_issues/priority`,
    access: WRITE,
    handler: (ctx, p) => {
      const parent = issueOf(ctx, loadRepo(ctx, p, WRITE));
      const child = issueById(ctx, 'sub_issue_id', true) as string;
      const after = issueById(ctx, 'after_id', false);
      const before = issueById(ctx, 'before_id', false);
      ctx.update((d) => reprioritize(d, parent, child, { ...(after ? { after } : {}), ...(before ? { before } : {}) }));
      return json(200, issueJson(ctx, parent, login(ctx, p)));
    },
  }),
  handled({
    method: 'GET',
    path: `${ISSUE}/parent`,
    access: READ,
    handler: (ctx, p) => {
      const child = issueOf(ctx, loadRepo(ctx, p, READ));
      const parent = parentOf(ctx.state, child);
      if (!parent) throw githubError.notFound(DOCS);
      return json(200, issueJson(ctx, parent, login(ctx, p)));
    },
  }),
];
