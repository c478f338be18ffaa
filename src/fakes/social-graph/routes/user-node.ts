import { json } from '../../../http/response.js';
import { GraphError, graphErrors } from '../errors.js';
import { type FieldTable, checkSelection, renderFields, selectionOf } from '../models/fields.js';
import { pageIds, pagedBody, readLimit } from '../models/paging.js';
import { type GraphContext, registerNodeType } from '../models/registry.js';
import type { UserRecord } from '../state.js';
import { getPage } from '../models/pages.js';
import { firstPageToken } from '../models/tokens.js';
import { getUser } from '../models/users.js';

/** The User fields this fake knows. */
export const USER_FIELDS: FieldTable<UserRecord> = {
  id: { type: 'id', read: (u) => u.id },
  name: { type: 'string', read: (u) => u.name },
};

/**
 * `me`: the Page of a Page token, the user of a user token; app tokens (and lenient unseeded
 * tokens, whose user the fake cannot know) get Graph's 2500.
 */
export function resolveMe(g: GraphContext): string {
  const rec = g.principal.record;
  if (rec?.type === 'page') return rec.pageIds[0] as string;
  if (rec?.type === 'user' && rec.userId) return rec.userId;
  throw new GraphError(2500, 'An active access token must be used to query information about the current user.', { type: 'OAuthException' });
}

function accounts(g: GraphContext, id: string) {
  const rec = g.principal.record;
  if (rec && rec.userId !== id) throw graphErrors.permission('Only the user themself can list their Pages');
  requirePagesShowList(g);
  const state = g.ctx.state;
  // The token's Pages in seed order, skipping those without tasks or not seeded: O(limit) per page of answers.
  const pageIdsOfUser = rec ? rec.pageIds : [];
  const limit = readLimit(g.params.limit);
  const w = pageIds(pageIdsOfUser, {
    scope: `${id}/accounts`,
    limit,
    after: g.params.after,
    before: g.params.before,
    include: (pid) => (rec?.tasks[pid]?.length ?? 0) > 0 && getPage(state, pid) !== undefined,
  });
  const data = w.ids.map((pid) => {
    const page = getPage(state, pid);
    const token = firstPageToken(state, pid);
    return {
      ...(token ? { access_token: token } : {}),
      category: page?.fields.category ?? 'Local business',
      name: page?.fields.name,
      id: pid,
      tasks: rec?.tasks[pid] ?? [],
    };
  });
  const path = `${g.version ? `/${g.version}` : ''}/${id}/accounts`;
  return json(200, pagedBody({ baseUrl: g.ctx.baseUrl, path, query: g.ctx.req.query, accessToken: g.principal.token, limit }, w, data));
}

/**
 * A person's fields are user information: the document needs a Page token for them. A Page access
 * token (of any Page) reads them, as does the person's own user token (`/me`); an app token, or a user
 * token of someone else, answers 200 (`id` alone is no user information and answers every caller).
 */
function requireUserInfo(g: GraphContext, id: string): void {
  const rec = g.principal.record;
  if (!rec || rec.type === 'page' || (rec.type === 'user' && rec.userId === id)) return;
  throw graphErrors.permission(`A Page access token is required to read the fields of user ${id}: they include user information`);
}

function requirePagesShowList(g: GraphContext): void {
  const p = g.principal.permissions;
  if (p !== 'all' && !p.includes('pages_show_list')) throw graphErrors.permission('Listing Pages requires the pages_show_list permission');
}

registerNodeType<UserRecord>({
  type: 'User',
  op: 'user',
  find: (state, id) => getUser(state, id),
  fields: USER_FIELDS,
  defaultFields: ['name', 'id'],
  GET: (g, id) => {
    const selection = selectionOf(g.params.fields, ['name', 'id']);
    checkSelection(USER_FIELDS, 'User', selection);
    if (selection.some((s) => s.name !== 'id')) requireUserInfo(g, id);
    return json(200, renderFields(USER_FIELDS, 'User', getUser(g.ctx.state, id) as UserRecord, selection, g.read));
  },
  edges: { accounts: { GET: accounts } },
});
