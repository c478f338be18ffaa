import { z } from 'zod';
import { PAGE_TASKS } from '../models/tokens.js';
import { gBool, gEnum, gId, gInt, gJson, gList, gUrl } from './coerce.js';
import { SUBSCRIBABLE_FIELDS } from './webhook-fields.js';

/** POST /{page_id}/assigned_users. */
export const AssignUserSchema = z.object({ user: gId, tasks: gList(gEnum(PAGE_TASKS)).optional() }).passthrough();
/** DELETE /{page_id}/assigned_users. */
export const UnassignUserSchema = z.object({ user: gId }).passthrough();
/** DELETE /{page_id}/locations. */
export const LocationsDeleteSchema = z
  .object({ location_page_ids: gList(gId).pipe(z.array(z.string()).min(1)), store_numbers: gList(gInt).pipe(z.array(z.number()).min(1)) })
  .passthrough();
/** POST /{page_id}/page_whatsapp_number_verification. */
export const NumberVerificationSchema = z.object({ whatsapp_number: z.string().min(1), verification_code: z.string().optional() }).passthrough();

const Recipient = z
  .object({
    id: gId,
    follow_id: z.string().optional(),
    story_id: z.string().optional(),
    poll_response_id: z.string().optional(),
    phone_number: z.string().optional(),
    name: z.object({ first_name: z.string(), last_name: z.string() }).strict().optional(),
    user_ref: z.string().optional(),
    comment_id: z.string().optional(),
    post_id: z.string().optional(),
    player_id: z.string().optional(),
    one_time_notif_token: z.string().optional(),
    notification_messages_token: z.string().optional(),
    login_id: z.string().optional(),
  })
  .strict();
/** POST /{page_id}/take_thread_control. */
export const TakeThreadControlSchema = z.object({ recipient: gJson(Recipient), metadata: z.string().max(1000).optional() }).passthrough();
/** POST /{page_id}/personas. */
export const PersonaSchema = z.object({ name: z.string().min(1), profile_picture_url: gUrl }).passthrough();
/** POST /{page_id}/owned_pages. */
export const OwnedPageSchema = z.object({ page_id: gId, entry_point: z.string().optional() }).passthrough();

/** nlp_configs model enum. */
export const NLP_MODELS = [
  'ARABIC',
  'CHINESE',
  'CROATIAN',
  'CUSTOM',
  'DANISH',
  'DUTCH',
  'ENGLISH',
  'FRENCH_STANDARD',
  'GEORGIAN',
  'GERMAN_STANDARD',
  'GREEK',
  'HEBREW',
  'HUNGARIAN',
  'IRISH',
  'ITALIAN_STANDARD',
  'KOREAN',
  'NORWEGIAN_BOKMAL',
  'POLISH',
  'PORTUGUESE',
  'ROMANIAN',
  'SPANISH',
  'SWEDISH',
  'VIETNAMESE',
] as const;
/** POST /{page_id}/nlp_configs. */
export const NlpConfigSchema = z
  .object({
    api_version: z.enum(['DEFAULT', 'V3']).optional(),
    custom_token: z.string().optional(),
    model: z.enum(NLP_MODELS).optional(),
    n_best: gInt.pipe(z.number().min(1).max(8)).optional(),
    nlp_enabled: gBool.optional(),
    other_language_support: gJson(z.record(z.string(), z.record(z.string(), z.unknown()))).optional(),
  })
  .passthrough();
/** POST /{page_id}/subscribed_apps. */
export const SubscribeSchema = z.object({ subscribed_fields: gList(gEnum(SUBSCRIBABLE_FIELDS)).pipe(z.array(z.string()).min(1)) }).passthrough();
