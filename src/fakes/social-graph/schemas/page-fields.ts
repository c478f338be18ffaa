import type { FieldType } from '../models/fields.js';

/** Page fields by type, in the real spelling (neutral spellings are mapped to it by aliases.ts). */
export const PAGE_FIELD_TYPES: Readonly<Record<string, FieldType>> = Object.fromEntries([
  ...['id', 'global_brand_root_id', 'recipient'].map((f) => [f, 'id'] as const),
  ...`about access_token affiliation artists_we_like attire awards band_interests band_members birthday booking_agent built category
company_overview culinary_team current_location description description_html directed_by display_subtext displayed_message_response_time
features founded general_info general_manager genre global_brand_page_name hometown impressum influences link members merchant_id mission
mpg name name_with_location_descriptor network page_token personal_info personal_interests pharma_safety_info phone plot_outline
press_contact price_range privacy_info_url produced_by products promotion_ineligible_reason public_transit record_label release_date
schedule screenplay_by season single_line_address starring store_code store_location_descriptor studio username verification_status
website whatsapp_number written_by`
    .split(/\s+/)
    .map((f) => [f, 'string'] as const),
  ...`can_checkin can_post has_added_app has_transitioned_to_new_page_experience has_whatsapp_business_number has_whatsapp_number
is_always_open is_calling_eligible is_chain is_community_page is_eligible_for_branded_content
is_eligible_for_disable_connect_ig_btn_for_non_page_admin_am_web is_messenger_bot_get_started_enabled is_messenger_platform_bot is_owned
is_permanently_closed is_published is_unclaimed is_verified is_webhooks_subscribed leadgen_tos_accepted offer_eligible promotion_eligible
supports_donate_button_in_live_video does_viewer_have_page_permission_link_ig`
    .split(/\s+/)
    .map((f) => [f, 'bool'] as const),
  ...`checkins country_page_likes fan_count followers_count new_like_count rating_count store_number talking_about_count
unread_message_count unread_notif_count unseen_message_count were_here_count`
    .split(/\s+/)
    .map((f) => [f, 'int'] as const),
  ['overall_star_rating', 'float'] as const,
  ['leadgen_tos_acceptance_time', 'datetime'] as const,
  ['user_access_expire_time', 'datetime'] as const,
  ...`copyright_whitelisted_ig_partners delivery_and_pickup_option_info emails food_styles messenger_ads_default_icebreakers
messenger_ads_default_quick_replies pickup_options`
    .split(/\s+/)
    .map((f) => [f, 'list'] as const),
  ...['merchant_review_status', 'messenger_ads_quick_replies_type', 'place_type', 'temporary_status'].map((f) => [f, 'enum'] as const),
  ['hours', 'map'] as const,
  ...`available_promo_offer_ids differently_open_offerings priority_hours app_id preferred_audience copyright_attribution_insights
messaging_feature_status ad_campaign best_page business category_list connected_instagram_account contact_address cover engagement
instagram_business_account leadgen_tos_accepting_user location parent_page parking payment_options restaurant_services
restaurant_specialties start_info voip_info has_lead_access`
    .split(/\s+/)
    .map((f) => [f, 'object'] as const),
  ['breaking_news_usage', 'object'] as const,
  ['keywords', 'string'] as const,
]);

/** Deprecated Page fields: always null. */
export const PAGE_DEPRECATED = new Set(['breaking_news_usage', 'keywords']);

/** Values a new Page answers before anything is set. */
export const PAGE_DEFAULTS: Readonly<Record<string, unknown>> = {
  category: 'Local business',
  can_checkin: false,
  can_post: true,
  checkins: 0,
  country_page_likes: 0,
  fan_count: 0,
  followers_count: 0,
  new_like_count: 0,
  rating_count: 0,
  talking_about_count: 0,
  unread_message_count: 0,
  unread_notif_count: 0,
  unseen_message_count: 0,
  were_here_count: 0,
  has_added_app: false,
  has_transitioned_to_new_page_experience: true,
  has_whatsapp_business_number: false,
  has_whatsapp_number: false,
  is_always_open: false,
  is_calling_eligible: false,
  is_chain: false,
  is_community_page: false,
  is_eligible_for_branded_content: false,
  is_eligible_for_disable_connect_ig_btn_for_non_page_admin_am_web: false,
  is_messenger_bot_get_started_enabled: false,
  is_messenger_platform_bot: false,
  is_owned: true,
  is_permanently_closed: false,
  is_unclaimed: false,
  leadgen_tos_accepted: false,
  offer_eligible: false,
  promotion_eligible: false,
  supports_donate_button_in_live_video: false,
  does_viewer_have_page_permission_link_ig: false,
  verification_status: 'not_verified',
  temporary_status: 'no_data',
  place_type: 'PLACE',
  messenger_ads_quick_replies_type: 'UNKNOWN',
  merchant_review_status: 'NOT_STARTED',
};
