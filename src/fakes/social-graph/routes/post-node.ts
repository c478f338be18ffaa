// The User node (`me`, `/{user}/accounts`) registers with the post node to keep node-types.ts one line per owner.
import './user-node.js';
import { json } from '../../../http/response.js';
import { graphErrors } from '../errors.js';
import {
  type FieldReadContext,
  type FieldSpec,
  type FieldTable,
  type Selected,
  checkSelection,
  graphTime,
  renderFields,
  selectionOf,
} from '../models/fields.js';
import { checkCallToAction, checkSchedule, resolveMentions } from '../models/feed-rules.js';
import { parseParams } from '../models/params.js';
import { deletePost, draftPost, getPost, publishPost, rescheduleTo } from '../models/posts.js';
import { type GraphContext, registerNodeType } from '../models/registry.js';
import { type Principal, requirePageAccess, requirePageRead } from '../models/tokens.js';
import { hostOf } from '../models/hosts.js';
import { queueFeedWebhooks } from '../models/webhooks.js';
import { PostUpdateSchema } from '../schemas/feed.js';
import type { PostRecord, SocialGraphState } from '../state.js';
import { getPage } from '../models/pages.js';
import { getUser } from '../models/users.js';

type Reader = FieldSpec<PostRecord>['read'];
const f =
  (name: string): Reader =>
  (p) =>
    p.fields[name];

/** Link fields picture, name, thumbnail, description read null on versions 2.10 and lower. */
export function legacyVersion(version: string | null | undefined): boolean {
  const m = /^v(\d+)\.(\d+)$/.exec(version ?? '');
  return m !== null && (Number(m[1]) < 2 || (Number(m[1]) === 2 && Number(m[2]) <= 10));
}

const linkField =
  (name: string): Reader =>
  (p, g) =>
    legacyVersion(g.version) ? null : p.fields[name];

const profileOf = (state: SocialGraphState, id: string) => {
  const page = getPage(state, id);
  if (page) return { name: page.fields.name, id };
  const user = getUser(state, id);
  return { name: user?.name ?? `User ${id}`, id };
};

/** Whether the caller holds a Page token of the post's Page or of a Page it tags (lenient callers do). */
function pageTokenFor(g: FieldReadContext, p: PostRecord): boolean {
  const rec = (g.principal as Principal).record;
  if (!rec) return true;
  return rec.type === 'page' && (p.pageId in rec.tasks || p.taggedPageIds.some((id) => id in rec.tasks));
}

/** Whether the caller holds a Page token of the post's own Page (lenient callers do). */
function ownPageToken(g: FieldReadContext, p: PostRecord): boolean {
  const rec = (g.principal as Principal).record;
  return !rec || (rec.type === 'page' && p.pageId in rec.tasks);
}

/** The people a post tags (`tags`, user ids), in the order given. */
function taggedUsers(p: PostRecord): string[] {
  return Array.isArray(p.fields.tags) ? (p.fields.tags as unknown[]).filter((t): t is string => typeof t === 'string') : [];
}

const spec = (type: FieldSpec<PostRecord>['type'], read?: Reader, deprecated?: boolean): FieldSpec<PostRecord> => ({
  type,
  ...(read ? { read } : {}),
  ...(deprecated ? { deprecated } : {}),
});

/** The Post node's fields as a typed field table (with the deprecated link fields). */
export const POST_FIELDS: FieldTable<PostRecord> = {
  id: spec('id', (p) => p.id),
  actions: spec(
    'object',
    (p) =>
      p.fields.actions ?? [
        { name: 'Comment', link: `https://www.facebook.com/${p.id}` },
        { name: 'Like', link: `https://www.facebook.com/${p.id}` },
        { name: 'Share', link: `https://www.facebook.com/${p.id}` },
      ],
  ),
  // The admin who created the post: user information for a Page token of the post's Page only (no data
  // when the Page has one admin: the fake answers what the seed stored).
  admin_creator: spec('object', (p, g) => (ownPageToken(g, p) ? p.fields.admin_creator : undefined)),
  allowed_advertising_objects: spec('string', f('allowed_advertising_objects')),
  application: spec('object', f('application')),
  attachments: spec('object', (p) =>
    p.fields.link ? { data: [{ type: 'share', url: p.fields.link, title: p.fields.name, description: p.fields.description }] } : undefined,
  ),
  backdated_time: spec('float', (p) => (typeof p.fields.backdated_time === 'number' ? graphTime(p.fields.backdated_time) : null)),
  call_to_action: spec('object', f('call_to_action')),
  can_reply_privately: spec('bool', (p) => p.kind === 'visitor'),
  child_attachments: spec('object', f('child_attachments')),
  created_time: spec('float', (p) => graphTime(p.createdTime)),
  feed_targeting: spec('object', f('feed_targeting')),
  // User information (a visitor's profile) needs a Page token; the Page's own profile is Page-owned data.
  from: { type: 'object', read: (p, g) => (getPage(g.state, p.fromId) || pageTokenFor(g, p) ? profileOf(g.state, p.fromId) : undefined) },
  full_picture: spec('string', f('full_picture')),
  icon: spec('string', (p) => (p.fields.link ? 'https://static.xx.fbcdn.net/rsrc.php/v3/yD/r/aS8ecmYRys0.gif' : undefined)),
  instagram_eligibility: spec('enum', (p) => (p.published ? 'eligible' : 'ineligible_unpublished')),
  is_eligible_for_promotion: spec('bool', (p) => p.published && p.kind === 'page'),
  is_expired: spec('bool', () => false),
  is_hidden: spec('bool', (p) => p.fields.is_hidden === true),
  is_instagram_eligible: spec('string', (p) => String(p.published)),
  is_popular: spec('bool', () => false),
  is_published: spec('bool', (p) => p.published),
  is_spherical: spec('bool', () => false),
  message: spec('string', f('message')),
  message_tags: spec('list', f('message_tags')),
  parent_id: spec('string', f('parent_id')),
  permalink_url: spec('string', (p) => `https://www.facebook.com/${p.pageId}/posts/${p.id.split('_')[1]}`),
  place: spec('string', f('place')),
  privacy: spec('object', (p) => p.fields.privacy ?? { value: 'EVERYONE', description: 'Public', friends: '', allow: '', deny: '' }),
  promotable_id: spec('string', (p) => p.id),
  properties: spec('object', f('properties')),
  sheduled_publish_time: spec('float', f('scheduled_publish_time')),
  scheduled_publish_time: spec('float', f('scheduled_publish_time')),
  shares: spec('object', f('shares')),
  status_type: spec('enum', (p) => (p.fields.link ? 'shared_story' : p.kind === 'visitor' ? 'wall_post' : 'mobile_status_update')),
  story: spec('string', f('story')),
  story_tags: spec('list', f('story_tags')),
  subscribed: spec('bool', () => true),
  targeting: spec('object', f('targeting')),
  // Profiles mentioned or targeted: the Pages the message mentions and the people tagged with `tags`.
  // Resolved for Page tokens; a user token sees only its own user; an app token nothing.
  to: spec('object', (p, g) => {
    const ids = [...p.taggedPageIds, ...taggedUsers(p)];
    if (ids.length === 0) return undefined;
    const rec = (g.principal as Principal).record;
    if (pageTokenFor(g, p)) return { data: ids.map((id) => profileOf(g.state, id)) };
    if (rec?.type === 'user') return { data: ids.filter((id) => id === rec.userId).map((id) => profileOf(g.state, id)) };
    return undefined;
  }),
  updated_time: spec('float', (p) => graphTime(p.updatedTime)),
  video_buying_eligibility: spec('list', () => []),
  link: spec('string', f('link')),
  picture: spec('string', linkField('picture')),
  name: spec('string', linkField('name')),
  description: spec('string', linkField('description')),
  thumbnail: spec('string', linkField('full_picture')),
  caption: spec('string', undefined, true),
};

/** Renders a post with a `fields=` selection (default created_time, message, id). */
export function renderPost(g: GraphContext, post: PostRecord, selection: Selected[] = postSelection(g)): Record<string, unknown> {
  return renderFields(POST_FIELDS, 'PagePost', post, selection, g.read);
}

/** The post selection of a request (parsed and checked once, also for empty edges). */
export function postSelection(g: GraphContext): Selected[] {
  const sel = selectionOf(g.params.fields, ['created_time', 'message', 'id']);
  checkSelection(POST_FIELDS, 'PagePost', sel);
  return sel;
}

function postOrThrow(g: GraphContext, id: string): PostRecord {
  const post = getPost(g.ctx.state, id);
  if (!post) throw graphErrors.param(`Unsupported request: ${id} is not a post`, 33);
  return post;
}

const WRITE = { tasks: ['CREATE_CONTENT', 'MANAGE'], permissions: ['pages_manage_posts'], pageToken: true, what: 'Changing a Page post' } as const;

registerNodeType<PostRecord>({
  type: 'PagePost',
  op: 'post',
  find: (state, id) => (id.includes('_') ? getPost(state, id) : undefined),
  fields: POST_FIELDS,
  defaultFields: ['created_time', 'message', 'id'],
  pageOf: (p) => p.pageId,
  GET: (g, id) => {
    const post = postOrThrow(g, id);
    const page = getPage(g.ctx.state, post.pageId);
    if (page) requirePageRead(g.ctx.state, g.principal, page);
    if (!post.published && g.principal.record && (g.principal.record.tasks[post.pageId]?.length ?? 0) === 0) {
      throw graphErrors.param(
        `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        33,
      );
    }
    return json(200, renderPost(g, post));
  },
  POST: (g, id) => {
    const post = postOrThrow(g, id);
    const page = getPage(g.ctx.state, post.pageId);
    if (page) requirePageAccess(g.principal, page, WRITE);
    const p = parseParams(PostUpdateSchema, g.params);
    if (p.scheduled_publish_time !== undefined) {
      if (post.published) throw graphErrors.param('A published post cannot be scheduled');
      checkSchedule(p.scheduled_publish_time, g.now);
    }
    if (p.backdated_time !== undefined && p.backdated_time > g.now) throw graphErrors.param('Param backdated_time must be a time in the past');
    checkCallToAction(p.call_to_action, post.fields.link as string | undefined);
    if ((p.og_action_type_id === undefined) !== (p.og_object_id === undefined)) {
      throw graphErrors.param('A feeling or activity post requires both og_action_type_id and og_object_id');
    }
    const selection = g.params.fields !== undefined ? postSelection(g) : null;
    g.ctx.update((d) => {
      const dp = draftPost(d, id) as PostRecord;
      for (const k of [
        'message',
        'is_hidden',
        'privacy',
        'targeting',
        'feed_targeting',
        'call_to_action',
        'backdated_time',
        'backdated_time_granularity',
      ] as const) {
        if (p[k] !== undefined) dp.fields[k] = p[k];
      }
      // A new message's Page mentions become its message_tags (the Pages' tagged edges keep the first message's).
      if (p.message !== undefined) {
        const mentions = resolveMentions(g.ctx.state, p.message);
        if (mentions) {
          dp.fields.message = mentions.message;
          dp.fields.message_tags = mentions.tags;
        } else delete dp.fields.message_tags;
      }
      if (p.og_action_type_id) dp.fields.og = { action_type_id: p.og_action_type_id, object_id: p.og_object_id, icon_id: p.og_icon_id ?? p.og_object_id };
      dp.updatedTime = g.now;
      if (p.scheduled_publish_time !== undefined) rescheduleTo(d, id, p.scheduled_publish_time);
      let verb: 'edited' | 'add' = 'edited';
      if (p.is_published === true && !dp.published) {
        publishPost(d, id, g.now);
        verb = 'add';
      }
      queueFeedWebhooks(d, hostOf(g.ctx), draftPost(d, id) as PostRecord, verb, g.now);
    });
    if (selection) return json(200, { success: true, ...renderPost(g, getPost(g.ctx.state, id) as PostRecord, selection) });
    return json(200, { success: true });
  },
  DELETE: (g, id) => {
    const post = postOrThrow(g, id);
    const page = getPage(g.ctx.state, post.pageId);
    if (page) requirePageAccess(g.principal, page, WRITE);
    g.ctx.update((d) => {
      queueFeedWebhooks(d, hostOf(g.ctx), post, 'remove', g.now);
      deletePost(d, id);
    });
    return json(200, { success: true });
  },
  edges: {},
});
