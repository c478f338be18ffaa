import { type Draft, current, isDraft } from 'immer';
import { nextId } from '../../../store/ids.js';
import type { PostRecord, SocialGraphState } from '../state.js';
import { appendId, appendIds, removeAt } from './id-list.js';
import { edgeList } from './pages.js';
import { scheduleFirst, scheduleInsert, scheduleRemove } from './schedule.js';
import { tableDelete, tableGet, tableSet, tableSetMany } from '../../../store/table.js';

/** A post by id (O(1)). */
export function getPost(state: SocialGraphState, id: string): PostRecord | undefined {
  return tableGet(state.posts, id);
}

/** A post by id in a draft. */
export function draftPost(draft: Draft<SocialGraphState>, id: string): Draft<PostRecord> | undefined {
  return tableGet(draft.posts, id);
}

/** How many posts exist (O(1)). */
export function postCount(state: SocialGraphState): number {
  return state.posts.size;
}

/** What a new post carries (already validated). */
export interface NewPost {
  pageId: string;
  fromId?: string;
  published?: boolean;
  /** Epoch ms; the post stays unpublished until the fake clock passes it. */
  scheduledAt?: number | null;
  taggedPageIds?: string[];
  fields?: Record<string, unknown>;
  /** Creation time override (seeding history), epoch ms. */
  createdTime?: number;
  /** A post made for ads (shows on `ads_posts`). */
  adPost?: boolean;
}

/** Puts a post in the schedule at `at` (after every post already due then). */
function schedule(draft: Draft<SocialGraphState>, post: Draft<PostRecord> | PostRecord, at: number): void {
  const seq = nextId(draft.counters, 'schedule', 0);
  post.scheduleSeq = seq;
  scheduleInsert(draft.schedule, { at, seq, postId: post.id });
}

/** Takes a post out of the schedule (O(log n)). */
function unschedule(draft: Draft<SocialGraphState>, post: Draft<PostRecord>): void {
  if (post.scheduledAt !== null && post.scheduleSeq !== undefined) scheduleRemove(draft.schedule, { at: post.scheduledAt, seq: post.scheduleSeq });
  delete post.scheduleSeq;
}

/** Files a post id on a node's edge list and remembers where. */
function file(draft: Draft<SocialGraphState>, post: Draft<PostRecord> | PostRecord, node: string, edge: string): void {
  post.filed[`${node}/${edge}`] = appendId(edgeList(draft, node, edge), post.id);
}

/** Takes a post id off a node's edge list in O(1) through the position it was filed at. */
function unfile(draft: Draft<SocialGraphState>, post: Draft<PostRecord>, node: string, edge: string): void {
  const key = `${node}/${edge}`;
  if (!Object.hasOwn(post.filed, key)) return;
  const byNode = tableGet(draft.edges, node);
  removeAt(byNode && Object.hasOwn(byNode, edge) ? byNode[edge] : undefined, post.filed[key], post.id);
  delete post.filed[key];
}

/** Creates a post and files it on the Page's edges; returns it. Id `<page_id>_<n>`. */
export function createPost(draft: Draft<SocialGraphState>, input: NewPost, now: number): PostRecord {
  const n = nextId(draft.counters, 'post', 1000);
  const id = `${input.pageId}_${n}`;
  const fromId = input.fromId ?? input.pageId;
  const scheduledAt = input.scheduledAt ?? null;
  const published = scheduledAt === null ? (input.published ?? true) : false;
  const post: PostRecord = {
    id,
    pageId: input.pageId,
    fromId,
    kind: fromId === input.pageId ? 'page' : 'visitor',
    published,
    scheduledAt,
    createdTime: input.createdTime ?? now,
    updatedTime: input.createdTime ?? now,
    taggedPageIds: input.taggedPageIds ?? [],
    fields: input.fields ?? {},
    filed: {},
    ...(input.adPost ? { adPost: true } : {}),
  };
  fileOnEdges(draft, post);
  if (scheduledAt !== null) schedule(draft, post, scheduledAt);
  tableSet(draft.posts, id, post);
  return post;
}

/** The edges a post is filed on when written: `[node id, edge]` pairs. */
function edgesOf(post: PostRecord): Array<[string, string]> {
  const out: Array<[string, string]> = [[post.pageId, 'feed']];
  if (post.kind === 'visitor') out.push([post.pageId, 'visitor_posts']);
  else if (post.scheduledAt !== null) out.push([post.pageId, 'scheduled_posts']);
  else if (post.published) out.push([post.pageId, 'published_posts']);
  if (post.adPost) out.push([post.pageId, 'ads_posts']);
  // A post that tags a Page shows on that Page's tagged edge and, as Graph's feed does, on its feed.
  for (const tagged of post.taggedPageIds) {
    out.push([tagged, 'tagged']);
    if (tagged !== post.pageId) out.push([tagged, 'feed']);
  }
  return out;
}

function fileOnEdges(draft: Draft<SocialGraphState>, post: PostRecord): void {
  for (const [node, edge] of edgesOf(post)) file(draft, post, node, edge);
}

/** Publishes a post now (scheduled time reached, or `is_published=true` on update). */
export function publishPost(draft: Draft<SocialGraphState>, id: string, at: number): PostRecord | undefined {
  const post = draftPost(draft, id);
  if (!post || post.published) return undefined;
  const wasScheduled = post.scheduledAt !== null;
  post.published = true;
  if (wasScheduled) {
    post.createdTime = post.scheduledAt as number;
    delete post.fields.scheduled_publish_time;
    unfile(draft, post, post.pageId, 'scheduled_posts');
    unschedule(draft, post);
    post.scheduledAt = null;
  }
  post.updatedTime = at;
  // Published posts are listed in publish order: a scheduled post joins at its publish time (now).
  if (post.kind === 'page') file(draft, post, post.pageId, 'published_posts');
  return post as PostRecord;
}

/** Deletes a post and takes it off every edge. */
export function deletePost(draft: Draft<SocialGraphState>, id: string): void {
  const post = draftPost(draft, id);
  if (!post) return;
  for (const key of Object.keys(post.filed)) {
    const cut = key.lastIndexOf('/');
    unfile(draft, post, key.slice(0, cut), key.slice(cut + 1));
  }
  unschedule(draft, post);
  tableDelete(draft.posts, id);
}

/** The earliest scheduled publish time, O(1) (the index is sorted). */
export function scheduleDueAt(state: SocialGraphState): number | undefined {
  return scheduleFirst(state.schedule)?.at;
}

/** Publishes every scheduled post due at `now`; returns them in publish order. */
export function publishDue(draft: Draft<SocialGraphState>, now: number): PostRecord[] {
  const out: PostRecord[] = [];
  for (let first = scheduleFirst(draft.schedule); first && first.at <= now; first = scheduleFirst(draft.schedule)) {
    const p = publishPost(draft, first.postId, now);
    // An entry whose post is gone or already published: drop it so the loop moves on.
    if (!p) scheduleRemove(draft.schedule, first);
    else out.push(isDraft(p) ? current(p) : p);
  }
  return out;
}

/** Moves a scheduled (or unpublished) post to a new publish time, keeping the index sorted. */
export function rescheduleTo(draft: Draft<SocialGraphState>, id: string, at: number): void {
  const post = draftPost(draft, id);
  if (!post || post.published) return;
  unschedule(draft, post);
  if (post.scheduledAt === null) file(draft, post, post.pageId, 'scheduled_posts');
  post.scheduledAt = at;
  post.fields.scheduled_publish_time = Math.floor(at / 1000);
  schedule(draft, post, at);
}

/**
 * Creates many published-or-unpublished posts on one Page in one change, without going through
 * immer proxies per post (100,000 posts seed in well under a second of plain work).
 */
export function createPostsBulk(draft: Draft<SocialGraphState>, inputs: readonly NewPost[], now: number): string[] {
  const start = draft.counters.post ?? 1000;
  const posts: Array<readonly [string, PostRecord]> = [];
  const ids: string[] = [];
  // Per `<node>/<edge>`: the node, the edge and the posts to append, in order.
  const byEdge = new Map<string, { node: string; edge: string; posts: PostRecord[] }>();
  inputs.forEach((input, i) => {
    const n = start + i + 1;
    const id = `${input.pageId}_${n}`;
    const fromId = input.fromId ?? input.pageId;
    const post: PostRecord = {
      id,
      pageId: input.pageId,
      fromId,
      kind: fromId === input.pageId ? 'page' : 'visitor',
      published: input.published ?? true,
      scheduledAt: null,
      createdTime: input.createdTime ?? now,
      updatedTime: input.createdTime ?? now,
      taggedPageIds: input.taggedPageIds ?? [],
      fields: input.fields ?? {},
      filed: {},
      ...(input.adPost ? { adPost: true } : {}),
    };
    posts.push([id, post]);
    ids.push(id);
    for (const [node, edge] of edgesOf(post)) {
      const key = `${node}/${edge}`;
      let group = byEdge.get(key);
      if (!group) {
        group = { node, edge, posts: [] };
        byEdge.set(key, group);
      }
      group.posts.push(post);
    }
  });
  draft.counters.post = start + inputs.length;
  for (const [key, { node, edge, posts: filed }] of byEdge) {
    const first = appendIds(
      edgeList(draft, node, edge),
      filed.map((p) => p.id),
    );
    filed.forEach((p, i) => {
      p.filed[key] = first + i;
    });
  }
  tableSetMany(draft.posts, posts);
  return ids;
}
