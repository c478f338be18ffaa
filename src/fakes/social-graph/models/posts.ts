import { type Draft, current, isDraft } from 'immer';
import { nextId } from '../../../store/ids.js';
import type { PostRecord, ScheduleEntry, SocialGraphState } from '../state.js';
import { edgeList } from './pages.js';

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
  };
  draft.posts[id] = post;
  fileOnEdges(draft, post);
  if (scheduledAt !== null) insertSorted(draft.schedule, { at: scheduledAt, postId: id });
  return post;
}

function fileOnEdges(draft: Draft<SocialGraphState>, post: PostRecord): void {
  edgeList(draft, post.pageId, 'feed').push(post.id);
  if (post.kind === 'visitor') edgeList(draft, post.pageId, 'visitor_posts').push(post.id);
  else if (post.scheduledAt !== null) edgeList(draft, post.pageId, 'scheduled_posts').push(post.id);
  else if (post.published) edgeList(draft, post.pageId, 'published_posts').push(post.id);
  for (const tagged of post.taggedPageIds) edgeList(draft, tagged, 'tagged').push(post.id);
}

function removeId(list: string[] | undefined, id: string): void {
  if (!list) return;
  // Newest posts are at the end: search from there.
  const i = list.lastIndexOf(id);
  if (i >= 0) list.splice(i, 1);
}

/** Publishes a post now (scheduled time reached, or `is_published=true` on update). */
export function publishPost(draft: Draft<SocialGraphState>, id: string, at: number): PostRecord | undefined {
  const post = draft.posts[id];
  if (!post || post.published) return undefined;
  const wasScheduled = post.scheduledAt !== null;
  post.published = true;
  if (wasScheduled) {
    post.createdTime = post.scheduledAt as number;
    delete post.fields.scheduled_publish_time;
    removeId(draft.edges[post.pageId]?.scheduled_posts, id);
    const si = draft.schedule.findIndex((e) => e.postId === id);
    if (si >= 0) draft.schedule.splice(si, 1);
    post.scheduledAt = null;
  }
  post.updatedTime = at;
  if (post.kind === 'page') insertByTime(draft, edgeList(draft, post.pageId, 'published_posts'), post);
  return post as PostRecord;
}

function insertByTime(draft: Draft<SocialGraphState>, list: string[], post: PostRecord): void {
  // published_posts is ordered by created time; a published schedule usually lands at the end.
  let i = list.length;
  while (i > 0 && (draft.posts[list[i - 1] as string]?.createdTime ?? 0) > post.createdTime) i--;
  list.splice(i, 0, post.id);
}

/** Deletes a post and takes it off every edge. */
export function deletePost(draft: Draft<SocialGraphState>, id: string): void {
  const post = draft.posts[id];
  if (!post) return;
  const edges = draft.edges[post.pageId];
  removeId(edges?.feed, id);
  removeId(edges?.published_posts, id);
  removeId(edges?.scheduled_posts, id);
  removeId(edges?.visitor_posts, id);
  for (const t of post.taggedPageIds) removeId(draft.edges[t]?.tagged, id);
  if (post.scheduledAt !== null) {
    const si = draft.schedule.findIndex((e) => e.postId === id);
    if (si >= 0) draft.schedule.splice(si, 1);
  }
  delete draft.posts[id];
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
  const post = draft.posts[id];
  if (!post || post.published) return;
  const si = draft.schedule.findIndex((e) => e.postId === id);
  if (si >= 0) draft.schedule.splice(si, 1);
  if (post.scheduledAt === null) edgeList(draft, post.pageId, 'scheduled_posts').push(id);
  post.scheduledAt = at;
  post.fields.scheduled_publish_time = Math.floor(at / 1000);
  insertSorted(draft.schedule, { at, postId: id });
}
