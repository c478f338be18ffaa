import type { Draft } from 'immer';
import { nextId } from '../../../store/ids.js';
import { GraphError, unsupportedRequest } from '../errors.js';
import type { CreateAdSetParams, UpdateAdSetParams } from '../schemas/ad-set-params.js';
import type { AdSetRecord, AudienceSlices } from '../schemas/audience-state.js';
import { checkAudienceTerms, requireAdAccount } from './ad-accounts.js';
import { accountCanUse } from './audiences/crud.js';
import { activelyUsed, noteUseChanged } from './audiences/aging.js';
import { getAdSet, getAudience, putAdSet } from './audiences/store.js';
import { appendId } from './id-list.js';

const sec = (ms: number) => Math.floor(ms / 1000);

/** Audience ids named by `targeting.custom_audiences` and `targeting.excluded_custom_audiences`. */
export function targetedAudienceIds(targeting: Record<string, unknown>): string[] {
  const ids: string[] = [];
  for (const key of ['custom_audiences', 'excluded_custom_audiences']) {
    const list = targeting[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new GraphError(100, `Param targeting[${key}] must be an array`);
    for (const x of list) {
      const id = typeof x === 'string' || typeof x === 'number' ? String(x) : String((x as { id?: unknown })?.id ?? '');
      if (!/^\d+$/.test(id)) throw new GraphError(100, `Param targeting[${key}] must list custom audiences by id`);
      if (!ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}

function checkAudiences(draft: Draft<AudienceSlices>, accountId: string, ids: readonly string[]): void {
  for (const id of ids) {
    const a = getAudience(draft, id);
    if (!a || !accountCanUse(a, accountId)) {
      throw new GraphError(100, `Invalid custom audience: audience ${id} does not exist or ad account ${accountId} cannot use it`, {
        subcode: 1885365,
        userTitle: 'Custom Audience Unavailable',
        userMsg: `The custom audience ${id} was deleted or is not shared with this ad account.`,
      });
    }
  }
}

/** The ad set, or Graph's "unsupported request" error. */
export function requireAdSet(state: AudienceSlices, id: string, method: string): AdSetRecord;
export function requireAdSet(state: Draft<AudienceSlices>, id: string, method: string): Draft<AdSetRecord>;
export function requireAdSet(state: AudienceSlices | Draft<AudienceSlices>, id: string, method: string): AdSetRecord | Draft<AdSetRecord> {
  const s = getAdSet(state, id);
  if (!s) throw unsupportedRequest(method, id);
  return s;
}

/** `POST /act_{id}/adsets`: creates an ad set targeting custom audiences. */
export function createAdSet(draft: Draft<AudienceSlices>, rawAccountId: string, p: CreateAdSetParams, now: number, opts: { skipTerms?: boolean } = {}): string {
  const acc = requireAdAccount(draft, rawAccountId, 'POST');
  const audienceIds = targetedAudienceIds(p.targeting);
  if (audienceIds.length && !opts.skipTerms) checkAudienceTerms(acc);
  checkAudiences(draft, acc.accountId, audienceIds);
  const id = String(nextId(draft.counters, 'adset', 6_200_000_000_000));
  putAdSet(draft, {
    id,
    accountId: acc.accountId,
    name: p.name,
    ...(p.campaign_id ? { campaignId: p.campaign_id } : {}),
    status: p.status,
    targeting: p.targeting,
    audienceIds,
    deletedAudienceIds: [],
    createdTime: sec(now),
    updatedTime: sec(now),
  });
  appendId(acc.adSetIds, id);
  for (const aid of audienceIds) getAudience(draft, aid)?.adSetIds.push(id);
  noteUseChanged(draft, audienceIds, now, new Set());
  return id;
}

/** `POST /{adset_id}`: renames, pauses, restarts or retargets an ad set. One stopped by a deleted audience cannot restart. */
export function updateAdSet(draft: Draft<AudienceSlices>, id: string, p: UpdateAdSetParams, now: number): void {
  const s = requireAdSet(draft, id, 'POST');
  const before = [...s.audienceIds];
  const activeBefore = activelyUsed(draft, before);
  if (p.status === 'ACTIVE' && s.deletedAudienceIds.length > 0) {
    throw new GraphError(100, 'Invalid parameter', {
      subcode: 1885365,
      userTitle: "Ad Set Can't Restart",
      userMsg: `This ad set used custom audience ${s.deletedAudienceIds.join(', ')}, which was deleted. Ads using a deleted audience stop and cannot restart.`,
    });
  }
  if (p.targeting) {
    const ids = targetedAudienceIds(p.targeting);
    checkAudiences(draft, s.accountId, ids);
    for (const old of before) {
      const a = getAudience(draft, old);
      if (a && !ids.includes(old)) a.adSetIds = a.adSetIds.filter((x) => x !== id);
    }
    for (const n of ids) {
      const a = getAudience(draft, n);
      if (a && !a.adSetIds.includes(id)) a.adSetIds.push(id);
    }
    s.targeting = p.targeting;
    s.audienceIds = ids;
  }
  if (p.name !== undefined) s.name = p.name;
  if (p.status !== undefined) s.status = p.status;
  s.updatedTime = sec(now);
  noteUseChanged(draft, [...new Set([...before, ...s.audienceIds])], now, activeBefore);
}

/** One `issues_info` entry. */
export interface AdSetIssue {
  level: 'AD_SET';
  error_code: number;
  error_summary: string;
  error_message: string;
  error_type: 'HARD_ERROR';
}

/** `issues_info`: one entry per flagged audience the ad set uses, and one per deleted audience that stopped it. */
export function adSetIssues(state: AudienceSlices, s: AdSetRecord): AdSetIssue[] {
  const out: AdSetIssue[] = [];
  for (const id of s.audienceIds) {
    const a = getAudience(state, id);
    if (!a?.flag) continue;
    out.push({
      level: 'AD_SET',
      error_code: 471,
      error_summary: 'Custom audience flagged',
      error_message: `Custom audience "${a.name}" (${a.id}) may suggest information that can't be used for ads (flagged fields: ${a.flag.fields.join(', ')}). Ads using it can't run until it's edited.`,
      error_type: 'HARD_ERROR',
    });
  }
  for (const id of s.deletedAudienceIds) {
    out.push({
      level: 'AD_SET',
      error_code: 2656,
      error_summary: 'Custom audience deleted',
      error_message: `Custom audience ${id} was deleted. Ads using it stopped and cannot restart.`,
      error_type: 'HARD_ERROR',
    });
  }
  return out;
}

/** `effective_status`: the configured status, or WITH_ISSUES when an active ad set uses a flagged audience. */
export function adSetEffectiveStatus(state: AudienceSlices, s: AdSetRecord): string {
  if (s.status !== 'ACTIVE') return s.status;
  return s.audienceIds.some((id) => getAudience(state, id)?.flag) ? 'WITH_ISSUES' : 'ACTIVE';
}

/** Every field of an ad set node this fake answers. */
export const AD_SET_FIELDS = [
  'id',
  'account_id',
  'name',
  'campaign_id',
  'status',
  'configured_status',
  'effective_status',
  'issues_info',
  'targeting',
  'created_time',
  'updated_time',
] as const;

/** Renders an ad set (the caller selects fields). */
export function renderAdSet(state: AudienceSlices, s: AdSetRecord): Record<string, unknown> {
  const iso = (t: number) => new Date(t * 1000).toISOString().replace(/\.\d{3}Z$/, '+0000');
  const issues = adSetIssues(state, s);
  return {
    id: s.id,
    account_id: s.accountId,
    name: s.name,
    campaign_id: s.campaignId,
    status: s.status,
    configured_status: s.status,
    effective_status: adSetEffectiveStatus(state, s),
    issues_info: issues.length ? issues : undefined,
    targeting: s.targeting,
    created_time: iso(s.createdTime),
    updated_time: iso(s.updatedTime),
  };
}
