import type { AudienceRecord, AudienceSlices } from '../../schemas/audience-state.js';
import { OPERATION_FLAGGED, OPERATION_NORMAL } from './integrity.js';
import { audienceSize } from './crud.js';
import { getAudience } from './store.js';
import { getAdAccount } from './store.js';

/** Every field of a CustomAudience node this fake answers (the documented CustomAudience fields and the extras real answers carry). */
export const AUDIENCE_FIELDS = [
  'id',
  'account_id',
  'approximate_count',
  'approximate_count_lower_bound',
  'approximate_count_upper_bound',
  'customer_file_source',
  'data_source',
  'data_source_types',
  'datafile_custom_audience_uploading_status',
  'delete_time',
  'delivery_status',
  'description',
  'excluded_custom_audiences',
  'external_event_source',
  'fields_violating_integrity_policy',
  'household_audience',
  'included_custom_audiences',
  'is_eligible_for_sac_campaigns',
  'is_household',
  'is_snapshot',
  'is_value_based',
  'lookalike_audience_ids',
  'lookalike_spec',
  'messenger_marketing_messages_page',
  'name',
  'operation_status',
  'opt_out_link',
  'owner_account_info',
  'owner_business',
  'page_deletion_marked_delete_time',
  'permission_for_actions',
  'pixel_id',
  'regulated_audience_spec',
  'retention_days',
  'rev_share_policy_id',
  'rule',
  'rule_aggregation',
  'rule_v2',
  'seed_audience',
  'sharing_status',
  'subtype',
  'time_content_updated',
  'time_created',
  'time_updated',
] as const;

/** Fields a read without `fields=` answers (Graph answers only the id for ad objects). */
export const AUDIENCE_DEFAULT_FIELDS = ['id'] as const;

/** Options of a read that change what it says: the recipient account and special ad categories. */
export interface AudienceView {
  /** The ad account reading (`ad_account_id`); the owner when absent. */
  viewerAccountId?: string;
}

/** Minimum size for delivery. */
const MIN_DELIVERY = 1000;

function dataSource(a: AudienceRecord): Record<string, unknown> {
  if (a.subtype === 'CUSTOM') return { type: 'FILE_IMPORTED', sub_type: 'HASHES', creation_params: '[]' };
  if (a.subtype === 'LOOKALIKE') return { type: 'LOOKALIKE', sub_type: 'LOOKALIKE', creation_params: JSON.stringify(a.lookalikeSpec ?? {}) };
  if (a.subtype === 'WEBSITE') return { type: 'EVENT_BASED', sub_type: 'WEB_PIXEL_HITS', creation_params: '[]' };
  if (a.subtype === 'APP') return { type: 'EVENT_BASED', sub_type: 'MOBILE_APP_EVENTS', creation_params: '[]' };
  if (a.subtype === 'ENGAGEMENT' || a.subtype === 'VIDEO') return { type: 'EVENT_BASED', sub_type: 'ENGAGEMENT_EVENTS', creation_params: '[]' };
  return { type: 'UNKNOWN', sub_type: a.subtype, creation_params: '[]' };
}

/** The due instant of an aging audience, in UNIX seconds (`delete_time`). */
function deleteTime(a: AudienceRecord): number | undefined {
  return a.agingDue === null ? undefined : Math.floor(a.agingDue / 1000);
}

/** Renders every field of an audience; the caller selects. Undefined values are omitted on the wire. */
export function renderAudience(state: AudienceSlices, a: AudienceRecord, view: AudienceView = {}): Record<string, unknown> {
  const size = audienceSize(a);
  const acc = getAdAccount(state, a.accountId);
  const viewer = view.viewerAccountId ?? a.accountId;
  const owner = viewer === a.accountId;
  const rule = a.params.rule as string | undefined;
  // Lookalikes cannot serve special ad categories (housing, employment, credit, ...) unless built for them.
  const sac = a.subtype !== 'LOOKALIKE' || a.lookalikeSpec?.is_financial_service === true;
  const out: Record<string, unknown> = {
    id: a.id,
    account_id: a.accountId,
    approximate_count: size,
    approximate_count_lower_bound: size,
    approximate_count_upper_bound: size,
    customer_file_source: a.customerFileSource,
    data_source: dataSource(a),
    data_source_types: dataSource(a).type,
    datafile_custom_audience_uploading_status: a.subtype === 'CUSTOM' ? 'done' : undefined,
    delete_time: deleteTime(a),
    delivery_status: a.flag
      ? {
          code: 400,
          description: 'This audience was flagged because it may suggest information not allowed for ads; ad sets using it cannot deliver.',
        }
      : size >= MIN_DELIVERY
        ? { code: 200, description: 'This audience is ready for use.' }
        : { code: 300, description: 'This audience is too small to use for advertising. Add more people to reach at least 1,000.' },
    description: a.description,
    excluded_custom_audiences: refList(state, a.params.exclusions),
    external_event_source: a.params.pixel_id ? { id: a.params.pixel_id } : undefined,
    fields_violating_integrity_policy: a.flag ? [...a.flag.fields] : [],
    household_audience: 0,
    included_custom_audiences: refList(state, a.params.inclusions),
    is_eligible_for_sac_campaigns: sac,
    is_household: false,
    is_snapshot: false,
    is_value_based: a.params.is_value_based === true,
    lookalike_audience_ids: a.lookalikeIds.length ? [...a.lookalikeIds] : undefined,
    lookalike_spec: a.lookalikeSpec,
    name: a.name,
    operation_status: a.flag ? OPERATION_FLAGGED : OPERATION_NORMAL,
    opt_out_link: a.params.opt_out_link,
    owner_account_info: acc
      ? { account_id: acc.accountId, account_name: acc.name, business_id: acc.business?.id, business_name: acc.business?.name }
      : { account_id: a.accountId },
    owner_business: acc?.business ? { id: acc.business.id, name: acc.business.name } : undefined,
    permission_for_actions: {
      can_edit: owner,
      can_see_insight: owner,
      can_share: owner,
      subtype_supports_lookalike: a.subtype !== 'LOOKALIKE',
      supports_recipient_lookalike: !owner,
    },
    pixel_id: a.params.pixel_id,
    retention_days: a.params.retention_days,
    rule,
    rule_aggregation: a.params.rule_aggregation,
    rule_v2: rule,
    seed_audience: a.originId ? Number(a.originId) : undefined,
    sharing_status: { status: a.sharedWith.length ? 'SHARED' : 'NOT_SHARED' },
    subtype: a.subtype,
    time_content_updated: a.timeContentUpdated,
    time_created: a.timeCreated,
    time_updated: a.timeUpdated,
  };
  return out;
}

function refList(state: AudienceSlices, v: unknown): unknown[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.map((x) => {
    const id = String((x as { id?: unknown })?.id ?? '');
    const a = getAudience(state, id);
    return a ? { id, name: a.name } : { id };
  });
}

/** Ad accounts that may use an audience (owner first): the `adaccounts` edge. */
export function audienceAdAccounts(a: AudienceRecord): Array<{ id: string; account_id: string }> {
  return [a.accountId, ...a.sharedWith].map((x) => ({ id: `act_${x}`, account_id: x }));
}

/** The `shared_account_info` edge: accounts and businesses the audience is shared to. */
export function sharedAccountInfo(state: AudienceSlices, a: AudienceRecord): Array<Record<string, unknown>> {
  return a.sharedWith.map((x) => {
    const acc = getAdAccount(state, x);
    return {
      account_id: x,
      account_name: acc?.name,
      business_id: acc?.business?.id,
      business_name: acc?.business?.name,
      sharing_status: 'active',
    };
  });
}

/** The `health` edge: one entry describing the audience now. */
export function audienceHealth(a: AudienceRecord, now: number): Array<Record<string, unknown>> {
  const day = new Date(now).toISOString().slice(0, 10);
  const size = audienceSize(a);
  return [
    {
      calculated_date: day,
      processed_date: day,
      approximate_count_lower_bound: size,
      approximate_count_upper_bound: size,
      operation_status: a.flag ? OPERATION_FLAGGED : OPERATION_NORMAL,
    },
  ];
}
