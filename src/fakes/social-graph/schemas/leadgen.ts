import { z } from 'zod';
import { gBool, gEnum, gId, gJson, gUrl } from './coerce.js';

/** Question types (real spelling; neutral CHATAPP/CHATMSG accepted). */
export const QUESTION_TYPES = `CUSTOM CITY COMPANY_NAME COUNTRY DOB EMAIL GENDER FIRST_NAME FULL_NAME JOB_TITLE LAST_NAME MARITIAL_STATUS
WHATSAPP_NUMBER EDUCATION_LEVEL WEBSITE PHONE PHONE_OTP POST_CODE PROVINCE RELATIONSHIP_STATUS STATE STREET_ADDRESS ZIP WORK_EMAIL
MILITARY_STATUS WORK_PHONE_NUMBER SLIDER STORE_LOOKUP STORE_LOOKUP_WITH_TYPEAHEAD DATE_TIME ID_CPF ID_AR_DNI ID_CL_RUT ID_CO_CC ID_EC_CI
ID_PE_DNI ID_MX_RFC JOIN_CODE USER_PROVIDED_PHONE_NUMBER LEAD_ID EMAIL_ALIAS MESSENGER VIN LICENSE_PLATE THREAD_LINK ADDRESS_LINE_TWO`
  .split(/\s+/)
  .filter(Boolean) as [string, ...string[]];

/** Lead form locales. */
export const LOCALES = `AR_AR CS_CZ DA_DK DE_DE EL_GR EN_GB EN_US ES_ES ES_LA FI_FI FR_FR HE_IL HI_IN HU_HU ID_ID IT_IT JA_JP KO_KR NB_NO NL_NL
PL_PL PT_BR PT_PT RO_RO RU_RU SV_SE TH_TH TR_TR VI_VN ZH_CN ZH_HK ZH_TW`
  .split(/\s+/)
  .filter(Boolean) as [string, ...string[]];

/** cta_type (thank-you page button_type). */
export const CTA_TYPES = [
  'VIEW_WEBSITE',
  'CALL_BUSINESS',
  'MESSAGE_BUSINESS',
  'DOWNLOAD',
  'SCHEDULE_APPOINTMENT',
  'VIEW_ON_FACEBOOK',
  'PROMO_CODE',
  'NONE',
  'WHATSAPP',
  'P2B_MESSENGER',
  'BOOK_ON_WEBSITE',
] as const;

const Question = z
  .object({
    key: z.string().optional(),
    label: z.string().optional(),
    type: gEnum(QUESTION_TYPES),
    inline_context: z.string().optional(),
    options: z.array(z.object({ key: z.string(), value: z.string() }).strict()).optional(),
    dependent_conditional_questions: z.array(z.unknown()).optional(),
    conditional_questions_group_id: z.string().optional(),
  })
  .strict();

const Cta = z
  .object({
    cta_type: gEnum(CTA_TYPES),
    cta_text: z.string(),
    cta_content: z.string(),
    allow_to_skip: gBool.optional(),
    qualifying_answers_list: z.array(z.string()).optional(),
    next_step_on_disqualification_id: z.number().int().optional(),
    offer_code_file_id: z.number().int().optional(),
    offer_code: z.string().optional(),
    offer_code_format: z.string().optional(),
    stop_question_message: z.string().optional(),
    template_name: z.string().optional(),
    tracking_parameters: z.record(z.string(), z.string()).optional(),
  })
  .strict();

/** `leadgen_forms` parameters; keys outside this list answer 105. */
export const LeadgenFormSchema = z
  .object({
    name: z.string().min(1),
    questions: gJson(z.array(Question).min(1)),
    locale: gEnum(LOCALES).optional(),
    allow_organic_lead_retrieval: gBool.default(true),
    block_display_for_non_targeted_viewer: gBool.optional(),
    context_card: gJson(
      z
        .object({
          title: z.string().optional(),
          style: z.enum(['LIST_STYLE', 'PARAGRAPH_STYLE']).optional(),
          content: z.array(z.string()).optional(),
          button_text: z.string().optional(),
          cover_photo_id: gId.optional(),
          cover_photo: z.unknown().optional(),
        })
        .strict(),
    ).optional(),
    custom_disclaimer: gJson(
      z
        .object({
          title: z.string().optional(),
          body: z
            .object({ text: z.string(), url_entities: z.array(z.unknown()).optional() })
            .strict()
            .optional(),
          checkboxes: z
            .array(
              z
                .object({ is_required: gBool.default(true), is_checked_by_default: gBool.default(false), text: z.string(), key: z.string().optional() })
                .strict(),
            )
            .optional(),
        })
        .strict(),
    ).optional(),
    follow_up_action_url: gUrl.optional(),
    is_for_canvas: gBool.default(false),
    is_optimized_for_quality: gBool.default(false),
    is_phone_sms_verify_enabled: gBool.default(false),
    privacy_policy: gJson(z.object({ url: gUrl, link_text: z.string().max(70, 'must be at most 70 characters').optional() }).strict()).optional(),
    question_page_custom_headline: z.string().optional(),
    should_enforce_work_email: gBool.optional(),
    thank_you_page: gJson(
      z
        .object({
          title: z.string(),
          body: z.string().optional(),
          short_message: z.string().optional(),
          button_text: z.string().optional(),
          button_description: z.string().optional(),
          business_phone_number: z.string().optional(),
          enable_messenger: gBool.default(false),
          website_url: gUrl.optional(),
          button_type: gEnum(CTA_TYPES),
          country_code: z.string().optional(),
          gated_file: z.object({ id: gId }).strict().optional(),
        })
        .strict(),
    ).optional(),
    tracking_parameters: gJson(z.record(z.string(), z.string())).optional(),
    upload_gated_file: z.unknown().optional(),
    cta: gJson(Cta).optional(),
    fields: z.unknown().optional(),
  })
  .strict();
/** Parsed lead form parameters. */
export type LeadgenForm = z.output<typeof LeadgenFormSchema>;
/** Every accepted key (anything else answers 105). */
export const LEADGEN_KEYS = new Set(Object.keys(LeadgenFormSchema.shape));
