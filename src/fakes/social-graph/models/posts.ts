import { type Draft, current, isDraft } from 'immer';
import { nextId } from '../../../store/ids.js';
import type { PostRecord, ScheduleEntry, SocialGraphState } from '../state.js';
import { appendId, appendIds, removeId } from './id-list.js';
import { feedList } from './pages.js';
import { own } from '../../../store/records.js';

const BUCKET = 1024;

/** The bucket key of a post id `<page>_<n>`. */
export function postBucket(id: string): string {
  const n = Number(id.slice(id.lastIndexOf('_') + 1));
  return Number.isFinite(n) ? String(Math.floor(n / BUCKET)) : 'x';
}

/** A post by id (O(1)). */
export function getPost(state: SocialGraphState, id: string): PostRecord | undefined {
  const bucket = own(state.posts, postBucket(id));
  return bucket ? own(bucket, id) : undefined;
}

/** A post by id in a draft. */
export function draftPost(draft: Draft<SocialGraphState>, id: string): Draft<PostRecord> | undefined {
  const bucket = own(draft.posts, postBucket(id));
  return bucket ? own(bucket, id) : undefined;
}

/** How many posts exist. */
export function postCount(state: SocialGraphState): number {
  let n = 0;
  for (const b of Object.values(state.posts)) n += Object.keys(b).length;
  return n;
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

function insertSorted(list: ScheduleEntry[], entry: ScheduleEntry): void {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as ScheduleEntry).at <= entry.at) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, entry);
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
    ...(input.adPost ? { adPost: true } : {}),
  };
  const bucket = postBucket(id);
  draft.posts[bucket] ??= {};
  (draft.posts[bucket] as Record<string, PostRecord>)[id] = post;
  fileOnEdges(draft, post);
  if (scheduledAt !== null) insertSorted(draft.schedule, { at: scheduledAt, postId: id });
  return post;
}

function fileOnEdges(draft: Draft<SocialGraphState>, post: PostRecord): void {
  appendId(feedList(draft, post.pageId, 'feed'), post.id);
  if (post.kind === 'visitor') appendId(feedList(draft, post.pageId, 'visitor_posts'), post.id);
  else if (post.scheduledAt !== null) appendId(feedList(draft, post.pageId, 'scheduled_posts'), post.id);
  else if (post.published) appendId(feedList(draft, post.pageId, 'published_posts'), post.id);
  if (post.adPost) appendId(feedList(draft, post.pageId, 'ads_posts'), post.id);
  // A post that tags a Page shows on that Page's tagged edge and, as Graph's feed does, on its feed.
  for (const tagged of post.taggedPageIds) {
    appendId(feedList(draft, tagged, 'tagged'), post.id);
    if (tagged !== post.pageId) appendId(feedList(draft, tagged, 'feed'), post.id);
  }
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
    removeId(draft.feeds[post.pageId]?.scheduled_posts, id);
    const si = draft.schedule.findIndex((e) => e.postId === id);
    if (si >= 0) draft.schedule.splice(si, 1);
    post.scheduledAt = null;
  }
  post.updatedTime = at;
  // Published posts are listed in publish order: a scheduled post joins at its publish time (now).
  if (post.kind === 'page') appendId(feedList(draft, post.pageId, 'published_posts'), post.id);
  return post as PostRecord;
}

/** Deletes a post and takes it off every edge. */
export function deletePost(draft: Draft<SocialGraphState>, id: string): void {
  const post = draftPost(draft, id);
  if (!post) return;
  const edges = draft.feeds[post.pageId];
  removeId(edges?.feed, id);
  removeId(edges?.published_posts, id);
  removeId(edges?.scheduled_posts, id);
  removeId(edges?.visitor_posts, id);
  removeId(edges?.ads_posts, id);
  for (const t of post.taggedPageIds) {
    removeId(draft.feeds[t]?.tagged, id);
    if (t !== post.pageId) removeId(draft.feeds[t]?.feed, id);
  }
  if (post.scheduledAt !== null) {
    const si = draft.schedule.findIndex((e) => e.postId === id);
    if (si >= 0) draft.schedule.splice(si, 1);
  }
  delete draft.posts[postBucket(id)]?.[id];
}

/** The earliest scheduled publish time, O(1) (the index is sorted). */
export function scheduleDueAt(state: SocialGraphState): number | undefined {
  return state.schedule[0]?.at;
}

/** Publishes every scheduled post due at `now`; returns them in publish order. */
export function publishDue(draft: Draft<SocialGraphState>, now: number): PostRecord[] {
  const out: PostRecord[] = [];
  while (draft.schedule.length > 0 && (draft.schedule[0] as ScheduleEntry).at <= now) {
    const { postId } = draft.schedule[0] as ScheduleEntry;
    const p = publishPost(draft, postId, now);
    if (!p) draft.schedule.shift();
    else out.push(isDraft(p) ? current(p) : p);
  }
  return out;
}

/** Moves a scheduled (or unpublished) post to a new publish time, keeping the index sorted. */
export function rescheduleTo(draft: Draft<SocialGraphState>, id: string, at: number): void {
  const post = draftPost(draft, id);
  if (!post || post.published) return;
  const si = draft.schedule.findIndex((e) => e.postId === id);
  if (si >= 0) draft.schedule.splice(si, 1);
  if (post.scheduledAt === null) appendId(feedList(draft, post.pageId, 'scheduled_posts'), id);
  post.scheduledAt = at;
  post.fields.scheduled_publish_time = Math.floor(at / 1000);
  insertSorted(draft.schedule, { at, postId: id });
}

/**
 * Creates many published-or-unpublished posts on one Page in one change, without going through
 * immer proxies per post (100,000 posts seed in well under a second of plain work).
 */
export function createPostsBulk(draft: Draft<SocialGraphState>, inputs: readonly NewPost[], now: number): string[] {
  const start = draft.counters.post ?? 1000;
  const added: Record<string, Record<string, PostRecord>> = {};
  const ids: string[] = [];
  const byEdge: Record<string, Record<string, string[]>> = {};
  const push = (node: string, edge: string, id: string) => {
    byEdge[node] ??= {};
    const m = byEdge[node] as Record<string, string[]>;
    m[edge] ??= [];
    (m[edge] as string[]).push(id);
  };
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
    };
    const b = postBucket(id);
    added[b] ??= {};
    (added[b] as Record<string, PostRecord>)[id] = post;
    ids.push(id);
    push(post.pageId, 'feed', id);
    if (post.kind === 'visitor') push(post.pageId, 'visitor_posts', id);
    else if (post.published) push(post.pageId, 'published_posts', id);
    if (input.adPost) push(post.pageId, 'ads_posts', id);
    for (const t of post.taggedPageIds) {
      push(t, 'tagged', id);
      if (t !== post.pageId) push(t, 'feed', id);
    }
  });
  draft.counters.post = start + inputs.length;
  const plain = <T>(v: T): T => (isDraft(v) ? (current(v as Draft<T>) as T) : v);
  for (const [b, posts] of Object.entries(added)) {
    const existing = draft.posts[b];
    draft.posts[b] = existing ? { ...plain(existing), ...posts } : posts;
  }
  for (const [node, edges] of Object.entries(byEdge)) {
    for (const [edge, list] of Object.entries(edges)) appendIds(feedList(draft, node, edge), list);
  }
  return ids;
}
