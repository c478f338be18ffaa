import { z } from 'zod';
import { gBool, gId, gInt, gJson, gList, gNum, gUrl } from './coerce.js';

/** Cuisines of `food_styles` (Afghani through Vietnamese). */
export const FOOD_STYLES = [
  'Afghani',
  'American (New)',
  'American (Traditional)',
  'Asian Fusion',
  'Barbeque',
  'Brazilian',
  'Breakfast',
  'British',
  'Brunch',
  'Buffets',
  'Burgers',
  'Burmese',
  'Cajun/Creole',
  'Caribbean',
  'Chinese',
  'Creperies',
  'Cuban',
  'Delis',
  'Diners',
  'Ethiopian',
  'Fast Food',
  'Filipino',
  'Fondue',
  'Food Stands',
  'French',
  'German',
  'Greek and Mediterranean',
  'Hawaiian',
  'Himalayan/Nepalese',
  'Hot Dogs',
  'Indian/Pakistani',
  'Irish',
  'Italian',
  'Japanese',
  'Korean',
  'Latin American',
  'Mexican',
  'Middle Eastern',
  'Moroccan',
  'Pizza',
  'Russian',
  'Sandwiches',
  'Seafood',
  'Singaporean',
  'Soul Food',
  'Southern',
  'Spanish/Basque',
  'Steakhouses',
  'Sushi Bars',
  'Taiwanese',
  'Tapas Bars',
  'Tex-Mex',
  'Thai',
  'Turkish',
  'Vegan',
  'Vegetarian',
  'Vietnamese',
] as const;

/** Only `about` is capped at 100 characters (it maps to the Description setting). */
const ABOUT_MAX = 100;
/** Other Page text fields keep their own, larger limits; this bound only keeps input finite. */
const TEXT_MAX = 10_000;
const about = z.string().max(ABOUT_MAX, `must be at most ${ABOUT_MAX} characters`);
const str = z.string().max(TEXT_MAX, `must be at most ${TEXT_MAX} characters`);
const boolMap = <K extends string>(keys: readonly K[]) => gJson(z.partialRecord(z.enum(keys as unknown as [K, ...K[]]), gBool));

const Handshake = gJson(z.array(z.object({ partner_page_id: gId, allow_live: gBool }).strict()));

/** spherical_metadata (rules beyond shape in page-update route). */
export const SphericalMetadataSchema = gJson(
  z
    .object({
      ProjectionType: z.enum(['equirectangular', 'cylindrical', 'cubestrip']),
      CroppedAreaImageWidthPixels: gInt,
      CroppedAreaImageHeightPixels: gInt,
      FullPanoWidthPixels: gInt,
      FullPanoHeightPixels: gInt,
      CroppedAreaLeftPixels: gInt.default(0),
      CroppedAreaTopPixels: gInt.default(0),
      PoseHeadingDegrees: gNum.optional(),
      PosePitchDegrees: gNum.optional(),
      PoseRollDegrees: gNum.optional(),
      InitialViewHeadingDegrees: gNum.optional(),
      InitialViewPitchDegrees: gNum.optional(),
      InitialViewRollDegrees: gNum.optional(),
      InitialViewVerticalFOVDegrees: gNum.optional(),
      InitialVerticalFOVDegrees: gNum.optional(),
      InitialHorizontalFOVDegrees: gNum.optional(),
      PreProcessCropLeftPixels: gInt.optional(),
      PreProcessCropRightPixels: gInt.optional(),
    })
    .strict(),
);

/** `POST /{page_id}` (Page update) parameters. */
export const PageUpdateSchema = z
  .object({
    about: about.optional(),
    company_overview: str.optional(),
    culinary_team: str.optional(),
    description: str.optional(),
    directed_by: str.optional(),
    displayed_message_response_time: str.optional(),
    general_info: str.optional(),
    general_manager: str.optional(),
    genre: str.optional(),
    impressum: str.optional(),
    mission: str.optional(),
    phone: str.optional(),
    plot_outline: str.optional(),
    price_range: z.enum(['$', '$$', '$$$', '$$$$', 'Not Applicable']).optional(),
    public_transit: str.optional(),
    store_location_descriptor: str.optional(),
    website: gUrl.optional(),
    emails: gList(z.email()).optional(),
    category_list: gList(gId).optional(),
    delivery_and_pickup_option_info: gList(z.string()).optional(),
    attire: z.enum(['Unspecified', 'Casual', 'Dressy']).optional(),
    temporary_status: z.enum(['DIFFERENTLY_OPEN', 'TEMPORARILY_CLOSED', 'OPERATING_AS_USUAL', 'NO_DATA']).optional(),
    differently_open_offerings: boolMap(['ONLINE_SERVICES', 'DELIVERY', 'PICKUP', 'OTHER'] as const).optional(),
    pickup_options: gList(z.enum(['CURBSIDE', 'IN_STORE', 'OTHER'])).optional(),
    food_styles: gList(z.enum(FOOD_STYLES)).optional(),
    hours: gJson(z.record(z.string(), z.string())).optional(),
    is_always_open: gBool.optional(),
    is_permanently_closed: gBool.optional(),
    is_published: gBool.optional(),
    is_webhooks_subscribed: gBool.optional(),
    scrape: gBool.optional(),
    ignore_coordinate_warnings: gBool.optional(),
    parking: boolMap(['street', 'lot', 'valet'] as const).optional(),
    payment_options: boolMap(['cash_only', 'visa', 'amex', 'mastercard', 'discover', 'credit_cards'] as const).optional(),
    restaurant_services: boolMap(['reserve', 'walkins', 'groups', 'kids', 'takeout', 'delivery', 'catering', 'waiter', 'outdoor'] as const).optional(),
    restaurant_specialties: boolMap(['breakfast', 'lunch', 'dinner', 'coffee', 'drinks'] as const).optional(),
    contact_address: gJson(z.object({ city_id: gId.optional(), street1: str.optional(), street2: str.optional(), zip: str.optional() }).strict()).optional(),
    location: gJson(
      z
        .object({
          city: str.optional(),
          city_id: gId.optional(),
          state: str.optional(),
          country: str.optional(),
          street: str.optional(),
          zip: str.optional(),
          latitude: gNum.optional(),
          longitude: gNum.optional(),
        })
        .strict(),
    ).optional(),
    start_info: gJson(
      z
        .object({
          type: z.enum(['Unspecified', 'Born', 'Founded', 'Started', 'Opened', 'Created', 'Launched']),
          date: z
            .object({ year: gInt.optional(), month: gInt.pipe(z.number().min(1).max(12)).optional(), day: gInt.pipe(z.number().min(1).max(31)).optional() })
            .strict()
            .optional(),
        })
        .strict(),
    ).optional(),
    cover: gId.optional(),
    focus_x: gNum.optional(),
    focus_y: gNum.optional(),
    zoom_scale_x: gNum.optional(),
    zoom_scale_y: gNum.optional(),
    offset_x: gInt.optional(),
    offset_y: gInt.optional(),
    no_feed_story: gBool.optional(),
    no_notification: gBool.optional(),
    accept_crossposting_handshake: Handshake.optional(),
    begin_crossposting_handshake: Handshake.optional(),
    allow_spherical_photo: gBool.optional(),
    spherical_metadata: SphericalMetadataSchema.optional(),
    gen_ai_provenance_type: z
      .enum([
        'C2PA',
        'IPTC',
        'EXPLICIT',
        'INVISIBLE_WATERMARK',
        'C2PA_METADATA_EDITED',
        'IPTC_METADATA_EDITED',
        'EXPLICIT_IMAGINE',
        'EXPLICIT_IMAGINE_ME',
        'EXPLICIT_RESTYLE',
        'EXPLICIT_ANIMATE',
      ])
      .optional(),
    fields: z.unknown().optional(),
  })
  .strict();
/** Parsed Page update parameters. */
export type PageUpdate = z.output<typeof PageUpdateSchema>;
