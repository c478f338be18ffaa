import { json } from '../../../http/response.js';
import { graphErrors } from '../errors.js';
import { feedPostFromParams } from '../models/feed-rules.js';
import { hostOf } from '../models/hosts.js';
import { edgeIds, getPage } from '../models/pages.js';
import { pageIds, pagedBody, readLimit } from '../models/paging.js';
import { parseParams } from '../models/params.js';
import { createPost, getPost } from '../models/posts.js';
import type { EdgeSpec, GraphContext } from '../models/registry.js';
import { requirePageAccess, requirePageRead } from '../models/tokens.js';
import { queueFeedWebhooks } from '../models/webhooks.js';
import { FeedCreateSchema } from '../schemas/feed.js';
import { PAGE_EDGE_TABLE } from '../schemas/page-edge-table.js';
import type { PageRecord, PostRecord } from '../state.js';
import { legacyVersion, postSelection, renderPost } from './post-node.js';

function page(g: GraphContext, id: string): PageRecord {
  const p = getPage(g.ctx.state, id);
  if (!p) throw graphErrors.param(`Unsupported request: ${id} is not a Page`, 33);
  return p;
}

function hasRole(g: GraphContext, pageId: string): boolean {
  const rec = g.principal.record;
  return !rec || (rec.type !== 'app' && (rec.tasks[pageId]?.length ?? 0) > 0);
}

/**
 * Reads one page of a post edge, newest first. Cursors hold positions, so a deep page costs the
 * same as the first. Callers without a role on the Page see published posts only.
 */
function listEdge(list: string, opts: { roleOnly?: boolean; authenticOnly?: boolean; edge?: string } = {}) {
  const edge = opts.edge ?? list;
  return (g: GraphContext, id: string) => {
    const p = page(g, id);
    requirePageRead(g.ctx.state, g.principal, p);
    const role = hasRole(g, p.id);
    if (opts.roleOnly && !role) throw graphErrors.permission(`Reading ${edge} requires a Page access token with a task on the Page`);
    const limit = readLimit(g.params.limit);
    const selection = postSelection(g);
    const state = g.ctx.state;
    const ids = edgeIds(g.ctx.state, p.id, list);
    const w = pageIds(ids, {
      scope: `${p.id}/${edge}`,
      limit,
      after: g.params.after,
      before: g.params.before,
      newestFirst: true,
      include: (pid: string) => visible(state, p.id, pid, role, opts.authenticOnly === true),
    });
    const data = w.ids.map((pid) => renderPost(g, getPost(state, pid) as PostRecord, selection));
    const path = `${g.version ? `/${g.version}` : ''}/${p.id}/${edge}`;
    return json(200, pagedBody({ baseUrl: g.ctx.baseUrl, path, query: g.ctx.req.query, accessToken: g.principal.token, limit }, w, data));
  };
}

/**
 * Published posts for everyone, all of the Page's own posts for role holders; posts of others that tag
 * the Page (`tagged`, and the feed) only when public and from an authentic (published, unrestricted) Page.
 */
function visible(state: GraphContext['ctx']['state'], pageId: string, pid: string, role: boolean, authenticOnly: boolean): boolean {
  const post = getPost(state, pid);
  if (!post) return false;
  if (authenticOnly || post.pageId !== pageId) {
    const from = getPage(state, post.pageId);
    return post.published && (from === undefined || (from.published && !from.restricted));
  }
  return role || post.published;
}

const POST_ACCESS = {
  tasks: ['CREATE_CONTENT'],
  permissions: ['pages_read_engagement', 'pages_manage_posts'],
  pageToken: true,
  what: 'Publishing to a Page',
} as const;

/**
 * "The feed edge cannot update or delete": a POST carrying a post's `id` (a client trying to edit
 * through the edge) is error 100 pointing at the post node, and creates nothing. (The node's own id,
 * echoed by the Business SDK, never reaches here.)
 */
function refuseUpdateThroughFeed(g: GraphContext): void {
  const raw = g.params.id;
  if (raw === undefined) return;
  const postId = String(raw).slice(0, 100);
  if (getPost(g.ctx.state, postId)) {
    throw graphErrors.param(`The feed edge cannot update a post: update post ${postId} with POST /${postId}`);
  }
  throw graphErrors.param('Param id is not a parameter of a feed post: the feed edge creates posts, it cannot update one');
}

function createFeedPost(g: GraphContext, id: string) {
  const p = page(g, id);
  requirePageAccess(g.principal, p, POST_ACCESS);
  refuseUpdateThroughFeed(g);
  const params = parseParams(FeedCreateSchema, g.params);
  const input = feedPostFromParams(g.ctx.state, p.id, params, g.now, legacyVersion(g.version));
  const app = g.ctx.state.apps[g.principal.appId];
  input.fields = {
    ...input.fields,
    application: {
      category: 'Business',
      link: `https://www.facebook.com/games/?app_id=${g.principal.appId}`,
      name: app?.name ?? g.principal.appId,
      id: g.principal.appId,
    },
  };
  const selection = g.params.fields !== undefined ? postSelection(g) : null;
  const host = hostOf(g.ctx);
  const post = g.ctx.update((d) => {
    const created = createPost(d, input, g.now);
    queueFeedWebhooks(d, host, created, 'add', g.now);
    return created.id;
  });
  if (selection) return json(200, renderPost(g, getPost(g.ctx.state, post) as PostRecord, selection));
  return json(200, { id: post });
}

/**
 * The Page's post edges: the feed (GET/POST) and every post view of the edge table (posts,
 * published_posts, scheduled_posts, visitor_posts, tagged, ads_posts), all over the one post store.
 */
export const feedEdges: Record<string, EdgeSpec> = {
  feed: { GET: listEdge('feed'), POST: createFeedPost },
  ...Object.fromEntries(
    Object.values(PAGE_EDGE_TABLE)
      .filter((r) => r.kind === 'posts')
      .map((r) => [r.edge, { GET: listEdge(r.postList ?? r.edge, { edge: r.edge, roleOnly: r.access === 'role', authenticOnly: r.edge === 'tagged' }) }]),
  ),
};
