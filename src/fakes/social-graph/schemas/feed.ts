import { z } from 'zod';
import { realKeys } from '../aliases.js';
import { gBool, gId, gInt, gJson, gList, gTime, gUrl } from './coerce.js';

/** Call-to-action types accepted on posts (Graph's call_to_action type enum, common values). */
export const POST_CTA_TYPES = [
  'BOOK_TRAVEL',
  'BUY_NOW',
  'CALL_NOW',
  'CONTACT_US',
  'DOWNLOAD',
  'GET_DIRECTIONS',
  'GET_OFFER',
  'GET_QUOTE',
  'INSTALL_APP',
  'LEARN_MORE',
  'LIKE_PAGE',
  'LISTEN_MUSIC',
  'MESSAGE_PAGE',
  'NO_BUTTON',
  'OPEN_LINK',
  'ORDER_NOW',
  'PLAY_GAME',
  'SEE_MENU',
  'SHOP_NOW',
  'SIGN_UP',
  'SUBSCRIBE',
  'USE_APP',
  'WATCH_MORE',
  'WATCH_VIDEO',
  'WHATSAPP_MESSAGE',
] as const;

/** backdated_time_granularity (`min` is the edge list's spelling of minute). */
export const GRANULARITY = ['year', 'month', 'day', 'hour', 'min', 'minute', 'none'] as const;

const ChildAttachment = z
  .object({
    link: gUrl,
    name: z.string().optional(),
    description: z.string().optional(),
    picture: gUrl.optional(),
    image_hash: z.string().optional(),
    call_to_action: z.unknown().optional(),
  })
  .passthrough();

/** `call_to_action`: `{ type, value: { link, ... } }`. */
export const CallToActionSchema = gJson(
  z
    .object({
      type: z.enum(POST_CTA_TYPES),
      value: z
        .object({ link: gUrl.optional(), app_link: z.string().optional(), link_title: z.string().optional(), link_caption: z.string().optional() })
        .passthrough()
        .optional(),
    })
    .strict(),
);

const ActionLink = z.object({ name: z.string().min(1), link: gUrl }).strict();

/** `POST /{page-id}/feed` parameters. */
export const FeedCreateSchema = z
  .object({
    message: z.string().optional(),
    link: gUrl.optional(),
    actions: gJson(z.array(ActionLink)).optional(),
    backdated_time: gTime.optional(),
    backdated_time_granularity: z.enum(GRANULARITY).optional(),
    child_attachments: gJson(z.array(ChildAttachment)).optional(),
    feed_targeting: gJson(z.record(z.string(), z.unknown())).optional(),
    targeting: gJson(z.record(z.string(), z.unknown())).optional(),
    multi_share_end_card: gBool.optional(),
    multi_share_optimized: gBool.optional(),
    object_attachment: gId.optional(),
    place: gId.optional(),
    published: gBool.optional(),
    scheduled_publish_time: gTime.optional(),
    tags: gList(gId).optional(),
    og_action_type_id: z.string().min(1).optional(),
    og_object_id: z.string().min(1).optional(),
    og_icon_id: z.string().min(1).optional(),
    call_to_action: CallToActionSchema.optional(),
    picture: gUrl.optional(),
    thumbnail: z.unknown().optional(),
    name: z.string().optional(),
    description: z.string().optional(),
    caption: z.string().optional(),
    album_id: gId.optional(),
    android_key_hash: z.string().optional(),
    application_id: z.string().min(1).optional(),
    asked_fun_fact_prompt_id: gInt.optional(),
    asset3d_id: gId.optional(),
    associated_id: gId.optional(),
    attach_place_suggestion: gBool.optional(),
    audience_exp: gBool.optional(),
    attached_media: gJson(
      z.array(
        z.preprocess(
          (v) => (v && typeof v === 'object' && !Array.isArray(v) ? realKeys(v as Record<string, unknown>) : v),
          z.object({ media_fbid: gId, message: z.string().optional() }).strict(),
        ),
      ),
    ).optional(),
    breaking_news: gBool.optional(),
    fields: z.unknown().optional(),
  })
  .passthrough();
/** Parsed feed POST parameters. */
export type FeedCreate = z.output<typeof FeedCreateSchema>;

/** POST /{post-id} parameters (post update). */
export const PostUpdateSchema = z
  .object({
    message: z.string().optional(),
    is_hidden: gBool.optional(),
    is_published: gBool.optional(),
    scheduled_publish_time: gTime.optional(),
    backdated_time: gTime.optional(),
    backdated_time_granularity: z.enum(GRANULARITY).optional(),
    call_to_action: CallToActionSchema.optional(),
    privacy: gJson(z.record(z.string(), z.unknown())).optional(),
    targeting: gJson(z.record(z.string(), z.unknown())).optional(),
    feed_targeting: gJson(z.record(z.string(), z.unknown())).optional(),
    og_action_type_id: z.string().min(1).optional(),
    og_object_id: z.string().min(1).optional(),
    og_icon_id: z.string().min(1).optional(),
    fields: z.unknown().optional(),
  })
  .passthrough();
/** Parsed post update parameters. */
export type PostUpdate = z.output<typeof PostUpdateSchema>;
