import { z } from 'zod';
import { boolish, intish, jsonList, jsonObject, numericId } from './audience-wire.js';

/** `subtype` of a custom audience. */
export const AudienceSubtype = z.enum([
  'CUSTOM',
  'PRIMARY',
  'WEBSITE',
  'APP',
  'OFFLINE_CONVERSION',
  'CLAIM',
  'MANAGED',
  'PARTNER',
  'VIDEO',
  'LOOKALIKE',
  'ENGAGEMENT',
  'BAG_OF_ACCOUNTS',
  'STUDY_RULE_AUDIENCE',
  'FOX',
  'MEASUREMENT',
  'REGULATED_CATEGORIES_AUDIENCE',
  'BIDDING',
  'EXCLUSION',
  'MESSENGER_SUBSCRIBER_LIST',
]);
/** A custom audience subtype. */
export type AudienceSubtype = z.infer<typeof AudienceSubtype>;

/** `customer_file_source`. */
export const CustomerFileSource = z.enum(['USER_PROVIDED_ONLY', 'PARTNER_PROVIDED_ONLY', 'BOTH_USER_AND_PARTNER_PROVIDED']);
/** `claim_objective`. */
export const ClaimObjective = z.enum(['AUTOMOTIVE_MODEL', 'COLLABORATIVE_ADS', 'HOME_LISTING', 'MEDIA_TITLE', 'PRODUCT', 'TRAVEL', 'VEHICLE', 'VEHICLE_OFFER']);
/** `content_type`. */
export const ContentType = z.enum([
  'AUTOMOTIVE_MODEL',
  'DESTINATION',
  'FLIGHT',
  'GENERIC',
  'HOME_LISTING',
  'HOTEL',
  'LOCAL_SERVICE_BUSINESS',
  'MEDIA_TITLE',
  'OFFLINE_PRODUCT',
  'PRODUCT',
  'VEHICLE',
  'VEHICLE_OFFER',
]);
/** `use_for_products` items. */
export const UseForProduct = z.enum(['ADS', 'MARKETING_MESSAGES']);
/** `subscription_info` items: the real wire names of the chat app and the messaging product (seed: chatapp, chatmsg). */
export const SubscriptionInfo = z.enum(['WHATSAPP', 'MESSENGER']);
/** `special_ad_categories` items accepted by the audience read. */
export const SpecialAdCategory = z.enum([
  'NONE',
  'EMPLOYMENT',
  'HOUSING',
  'CREDIT',
  'ISSUES_ELECTIONS_POLITICS',
  'ONLINE_GAMBLING_AND_GAMING',
  'FINANCIAL_PRODUCTS_SERVICES',
]);

/** Seed spellings accepted on input for `subscription_info` (answered in the real spelling). */
const SUBSCRIPTION_ALIASES: Record<string, string> = { CHATAPP: 'WHATSAPP', CHATMSG: 'MESSENGER' };

const subscriptionInfo = jsonList(z.preprocess((v) => (typeof v === 'string' ? (SUBSCRIPTION_ALIASES[v.toUpperCase()] ?? v) : v), SubscriptionInfo));

/** Parameters both create and update of a custom audience accept. */
const common = {
  name: z.string().max(255).optional(),
  description: z.string().max(1000).optional(),
  allowed_domains: jsonList(z.string()).optional(),
  claim_objective: ClaimObjective.optional(),
  content_type: ContentType.optional(),
  customer_file_source: CustomerFileSource.optional(),
  enable_fetch_or_create: boolish.optional(),
  event_source_group: numericId.optional(),
  event_sources: jsonList(jsonObject).optional(),
  inclusions: jsonList(jsonObject).optional(),
  exclusions: jsonList(jsonObject).optional(),
  lookalike_spec: jsonObject.optional(),
  opt_out_link: z.string().optional(),
  product_set_id: numericId.optional(),
  retention_days: intish.pipe(z.number().min(1).max(180)).optional(),
  rule: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
  rule_aggregation: z.string().optional(),
  use_for_products: jsonList(UseForProduct).optional(),
  use_in_campaigns: boolish.optional(),
};

/** `POST /act_{ad_account_id}/customaudiences` parameters. Unknown parameters are ignored, as Graph does. */
export const CreateAudienceParams = z.object({
  ...common,
  subtype: AudienceSubtype.optional(),
  dataset_id: numericId.optional(),
  origin_audience_id: numericId.optional(),
  pixel_id: numericId.optional(),
  page_id: numericId.optional(),
  is_value_based: boolish.optional(),
  list_of_accounts: jsonList(intish).optional(),
  prefill: boolish.optional(),
  subscription_info: subscriptionInfo.optional(),
  fields: z.string().optional(),
});
/** Parsed create parameters. */
export type CreateAudienceParams = z.output<typeof CreateAudienceParams>;

/**
 * `POST /{custom_audience_id}` parameters: exactly the document's update list (allowed_domains,
 * claim_objective, content_type, customer_file_source, description, enable_fetch_or_create,
 * event_source_group, event_sources, lookalike_spec, name, opt_out_link, product_set_id, rule,
 * rule_aggregation, use_in_campaigns), plus `fields` for read-after-write. Create-only parameters
 * (`subtype`, `retention_days`, `inclusions`, `use_for_products`, ...) are refused on update.
 */
export const UpdateAudienceParams = z.object({
  allowed_domains: common.allowed_domains,
  claim_objective: common.claim_objective,
  content_type: common.content_type,
  customer_file_source: common.customer_file_source,
  description: common.description,
  enable_fetch_or_create: common.enable_fetch_or_create,
  event_source_group: common.event_source_group,
  event_sources: common.event_sources,
  lookalike_spec: common.lookalike_spec,
  name: common.name,
  opt_out_link: common.opt_out_link,
  product_set_id: common.product_set_id,
  rule: common.rule,
  rule_aggregation: common.rule_aggregation,
  use_in_campaigns: common.use_in_campaigns,
  fields: z.string().optional(),
});
/** Parsed update parameters. */
export type UpdateAudienceParams = z.output<typeof UpdateAudienceParams>;

/** The parameters an update takes, in the order the document lists them. */
export const UPDATABLE_FIELDS = Object.keys(UpdateAudienceParams.shape).filter((k) => k !== 'fields');

/** `lookalike_spec` as the fake reads it (a JSON object; extra keys are kept). */
export const LookalikeSpecInput = z
  .object({
    ratio: z.number().min(0.01).max(0.2).optional(),
    starting_ratio: z.number().min(0).max(0.19).optional(),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .optional(),
    location_spec: z.record(z.string(), z.unknown()).optional(),
    type: z.enum(['similarity', 'reach', 'custom_ratio']).optional(),
    origin_audience_id: numericId.optional(),
    origin: z.array(z.object({ id: numericId }).loose()).optional(),
    is_financial_service: z.boolean().optional(),
  })
  .loose();

/** `GET /{custom_audience_id}` query parameters (besides `fields` and `access_token`). */
export const ReadAudienceQuery = z.object({
  ad_account_id: z.preprocess((v) => (typeof v === 'string' ? v.replace(/^act_/, '') : v), numericId).optional(),
  special_ad_categories: jsonList(SpecialAdCategory).optional(),
  special_ad_category_countries: jsonList(z.string().regex(/^[A-Za-z]{2}$/)).optional(),
  target_countries: jsonList(z.string().regex(/^[A-Za-z]{2}$/)).optional(),
});
/** Parsed read query. */
export type ReadAudienceQuery = z.output<typeof ReadAudienceQuery>;

/** `POST|DELETE /{custom_audience_id}/adaccounts`: share with (or stop sharing with) ad accounts. */
export const ShareAudienceParams = z.object({
  adaccounts: jsonList(z.string().regex(/^(act_)?\d+$/)).pipe(z.array(z.string()).min(1)),
  permissions: z.string().optional(),
  relationship_type: jsonList(z.string()).optional(),
  replace: boolish.optional(),
});
/** Parsed share parameters. */
export type ShareAudienceParams = z.output<typeof ShareAudienceParams>;

/** The identifier schemas accepted by `/{id}/users` and `/usersofanyaudience`. */
export const UserSchemaKey = z.enum([
  'EMAIL',
  'EMAIL_SHA256',
  'PHONE',
  'PHONE_SHA256',
  'FN',
  'LN',
  'FI',
  'CT',
  'ST',
  'ZIP',
  'COUNTRY',
  'DOBY',
  'DOBM',
  'DOBD',
  'GEN',
  'MADID',
  'MOBILE_ADVERTISER_ID',
  'EXTERN_ID',
  'UID',
  'PAGEUID',
  'LOOKALIKE_VALUE',
]);

/** `{schema, data}`: one key with a list of values, or several keys with rows of values. */
export const UsersPayload = z.object({
  schema: z.union([UserSchemaKey, z.array(UserSchemaKey).min(1)]),
  data: z.array(z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])).max(10000),
  is_raw: z.boolean().optional(),
  app_ids: z.array(z.unknown()).optional(),
  page_ids: z.array(z.unknown()).optional(),
});
/** A parsed users payload. */
export type UsersPayload = z.output<typeof UsersPayload>;

/** `POST|DELETE /{id}/users` and `DELETE /act_{id}/usersofanyaudience` parameters; `payload` may also be given flat. */
export const UsersParams = z.preprocess(
  (raw) => {
    const r = (raw ?? {}) as Record<string, unknown>;
    if (r.payload === undefined && r.schema !== undefined) return { ...r, payload: { schema: decodeOrSame(r.schema), data: decodeOrSame(r.data) } };
    return r;
  },
  z.object({
    payload: z.preprocess((v) => (typeof v === 'string' ? safeParse(v) : v), UsersPayload),
    session: jsonObject.optional(),
    namespace: z.string().optional(),
  }),
);
/** Parsed users parameters. */
export type UsersParams = z.output<typeof UsersParams>;

function safeParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}

function decodeOrSame(v: unknown): unknown {
  return typeof v === 'string' && /^[[{]/.test(v.trim()) ? safeParse(v) : v;
}
