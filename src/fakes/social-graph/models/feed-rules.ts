import { isUploadedFile } from '../../../http/request.js';
import { graphErrors } from '../errors.js';
import type { FeedCreate } from '../schemas/feed.js';
import type { SocialGraphState } from '../state.js';
import type { NewPost } from './posts.js';
import { getPage } from './pages.js';
import { tableGet } from '../../../store/table.js';

const MIN_AHEAD = 10 * 60_000;
const MAX_AHEAD = 75 * 86_400_000;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/gif', 'image/png']);
const IMAGE_EXT = /\.(jpe?g|gif|png)$/i;

/** full_picture is capped at 720 pixels on its largest side (served through the image proxy). */
export function safeImage(url: string): string {
  return `https://external.xx.fbcdn.net/emg1/v/t13/safe_image.php?w=720&h=720&url=${encodeURIComponent(url)}`;
}

/** A scheduled time must be 10 minutes to 75 days ahead of the fake clock. */
export function checkSchedule(at: number, now: number): void {
  if (at < now + MIN_AHEAD || at > now + MAX_AHEAD) {
    throw graphErrors.param('The specified scheduled publish time is invalid. It must be between 10 minutes and 75 days from the time of the API request.');
  }
}

/** Checks a call_to_action against the post link (the CTA link should equal it). */
export function checkCallToAction(cta: FeedCreate['call_to_action'], link: string | undefined): void {
  if (!cta) return;
  const ctaLink = cta.value?.link;
  if (ctaLink !== undefined && link !== undefined && ctaLink !== link)
    throw graphErrors.param('Param call_to_action[value][link] must be the same as the link of the post');
  if (ctaLink !== undefined && link === undefined) throw graphErrors.param('A call_to_action with a link needs the post link');
}

/**
 * Rules of a feed post beyond types: link or message, child_attachments 2-5 (10 with
 * multi_share_optimized), schedule window, tags need a place, feeling posts need both og ids,
 * the thumbnail is an uploaded image on a link post, backdating in the past. Returns the post.
 */
export function feedPostFromParams(state: SocialGraphState, pageId: string, p: FeedCreate, now: number, legacy = false): NewPost {
  const hasMedia = (p.attached_media?.length ?? 0) > 0 || p.object_attachment !== undefined || p.child_attachments !== undefined;
  if ((p.message === undefined || p.message === '') && p.link === undefined && !hasMedia) {
    throw graphErrors.param('Either link or message must be supplied');
  }
  checkObjectAttachment(state, pageId, p.object_attachment);
  if (p.link !== undefined && tableGet(state.urls, p.link)?.reachable === false) {
    throw graphErrors.param('The link you shared cannot be accessed');
  }
  if (p.child_attachments !== undefined) {
    const max = p.multi_share_optimized ? 10 : 5;
    if (p.child_attachments.length < 2 || p.child_attachments.length > max) {
      throw graphErrors.param(`Param child_attachments must have between 2 and ${max} elements`);
    }
  }
  if (p.scheduled_publish_time !== undefined) {
    if (p.published !== false) throw graphErrors.param('You cannot specify a scheduled publish time on a published post');
    checkSchedule(p.scheduled_publish_time, now);
  }
  if (p.tags !== undefined && p.tags.length > 0 && p.place === undefined) throw graphErrors.param('Cannot specify tags without a place');
  if (p.place !== undefined && getPage(state, p.place) === undefined && !/^\d+$/.test(p.place)) throw graphErrors.param('Param place must be a valid place id');
  if ((p.og_action_type_id === undefined) !== (p.og_object_id === undefined)) {
    throw graphErrors.param('A feeling or activity post requires both og_action_type_id and og_object_id');
  }
  if (p.og_icon_id !== undefined && p.og_action_type_id === undefined) throw graphErrors.param('og_icon_id requires og_action_type_id and og_object_id');
  checkCallToAction(p.call_to_action, p.link);
  if (p.thumbnail !== undefined) {
    if (!isUploadedFile(p.thumbnail)) throw graphErrors.param('Param thumbnail must be an uploaded image file (multipart/form-data)');
    if (!IMAGE_TYPES.has(p.thumbnail.type) && !IMAGE_EXT.test(p.thumbnail.filename))
      throw graphErrors.param('Param thumbnail must be a jpg, jpeg, gif or png image');
    if (p.link === undefined) throw graphErrors.param('Param thumbnail is supported only on link posts');
  }
  if (p.backdated_time !== undefined && p.backdated_time > now) throw graphErrors.param('Param backdated_time must be a time in the past');
  if (p.backdated_time_granularity !== undefined && p.backdated_time === undefined) {
    throw graphErrors.param('Param backdated_time_granularity requires backdated_time');
  }
  const fields: Record<string, unknown> = {};
  const copy = ['message', 'link', 'place', 'targeting', 'feed_targeting', 'call_to_action'] as const;
  for (const k of copy) if (p[k] !== undefined) fields[k] = p[k];
  // The link fields are deprecated on 2.10 and lower (ignored there); caption everywhere.
  if (!legacy) for (const k of ['picture', 'name', 'description'] as const) if (p[k] !== undefined) fields[k] = p[k];
  if (p.actions) fields.actions = p.actions;
  if (p.child_attachments) fields.child_attachments = p.child_attachments.slice(0, 5);
  if (p.multi_share_optimized !== undefined) fields.multi_share_optimized = p.multi_share_optimized;
  if (p.multi_share_end_card !== undefined) fields.multi_share_end_card = p.multi_share_end_card;
  if (p.backdated_time !== undefined) fields.backdated_time = p.backdated_time;
  if (p.backdated_time_granularity !== undefined)
    fields.backdated_time_granularity = p.backdated_time_granularity === 'minute' ? 'min' : p.backdated_time_granularity;
  if (p.tags) fields.tags = p.tags;
  if (p.og_action_type_id) fields.og = { action_type_id: p.og_action_type_id, object_id: p.og_object_id, icon_id: p.og_icon_id ?? p.og_object_id };
  if (p.thumbnail && isUploadedFile(p.thumbnail))
    fields.full_picture = `https://scontent.xx.fbcdn.net/v/t39.30808-6/s720x720/${encodeURIComponent(p.thumbnail.filename)}`;
  else if (p.picture && !legacy) fields.full_picture = safeImage(p.picture);
  else if (p.link) fields.full_picture = safeImage(p.link);
  if (p.scheduled_publish_time !== undefined) fields.scheduled_publish_time = Math.floor(p.scheduled_publish_time / 1000);
  if (p.object_attachment !== undefined) {
    fields.object_attachment = p.object_attachment;
    if (p.link === undefined && p.thumbnail === undefined) fields.full_picture = photoUrl(state, p.object_attachment);
  }
  const mentions = resolveMentions(state, p.message);
  if (mentions) {
    fields.message = mentions.message;
    fields.message_tags = mentions.tags;
  }
  return {
    pageId,
    published: p.published ?? true,
    scheduledAt: p.scheduled_publish_time ?? null,
    // The Pages a post mentions show it on their `tagged` edge and feed (once each; a Page's own mention does not).
    taggedPageIds: [...new Set((mentions?.tags ?? []).map((t) => t.id))].filter((id) => id !== pageId),
    fields,
  };
}

/** One entry of a post's `message_tags`: a profile the message mentions, where its name stands. */
export interface MessageTag {
  id: string;
  name: string;
  type: 'page';
  offset: number;
  length: number;
}

/**
 * Mentions of Pages in a message (`@[page-id]`, the syntax the document's `message` allows): each one
 * of a Page that exists is replaced by the Page's name, as Graph shows the post, and listed in
 * `message_tags` with its offset and length in the new message. Undefined when the message mentions no Page.
 */
export function resolveMentions(state: SocialGraphState, message: string | undefined): { message: string; tags: MessageTag[] } | undefined {
  if (message === undefined || !message.includes('@[')) return undefined;
  const tags: MessageTag[] = [];
  let out = '';
  let last = 0;
  for (const m of message.matchAll(/@\[(\d{1,32})\]/g)) {
    const page = getPage(state, m[1] as string);
    if (!page) continue;
    const name = String(page.fields.name ?? page.id);
    out += message.slice(last, m.index);
    tags.push({ id: page.id, name, type: 'page', offset: out.length, length: name.length });
    out += name;
    last = (m.index as number) + m[0].length;
  }
  if (tags.length === 0) return undefined;
  return { message: out + message.slice(last), tags };
}

/** The image of a photo node (its `picture`/`source` when seeded, else its CDN image). */
function photoUrl(state: SocialGraphState, id: string): string {
  const photo = tableGet(state.objects, id);
  const f = photo?.fields ?? {};
  const seeded = typeof f.source === 'string' ? f.source : typeof f.picture === 'string' ? f.picture : undefined;
  return seeded ?? `https://scontent.xx.fbcdn.net/v/t39.30808-6/${id}_n.jpg`;
}

/**
 * `object_attachment` names an existing photo of the Page ("an existing picture owned by the person"):
 * any other id is error 100 (nothing is created).
 */
export function checkObjectAttachment(state: SocialGraphState, pageId: string, id: string | undefined): void {
  if (id === undefined) return;
  const photo = tableGet(state.objects, id);
  if (photo?.type !== 'Photo' || photo.ownerId !== pageId) {
    throw graphErrors.param(`Param object_attachment must be the id of a photo of Page ${pageId}: ${id.slice(0, 100)} is none`);
  }
}
