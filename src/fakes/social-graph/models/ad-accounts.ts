import type { Draft } from 'immer';
import { nextId } from '../../../store/ids.js';
import { GraphError, unsupportedRequest } from '../errors.js';
import type { AdAccountRecord, AudienceSlices } from '../schemas/audience-state.js';
import { getAdAccount, putAdAccount } from './audiences/store.js';

/** What `seed.adAccount()` accepts. */
export interface AdAccountSeed {
  /** Numeric id (with or without `act_`); generated when absent. */
  id?: string;
  name?: string;
  currency?: string;
  timezoneName?: string;
  /** `true` (default): every term accepted; `false`: none; or per terms. */
  tosAccepted?: boolean | { customAudience?: boolean; corporate?: boolean };
  /** The owning business; `null` for a personal account. Defaults to a generated business. */
  business?: { id?: string; name?: string } | null;
}

/** Strips `act_` from an ad account id. */
export function bareAccountId(id: string): string {
  return id.startsWith('act_') ? id.slice(4) : id;
}

/** Adds an ad account; returns its numeric id. */
export function seedAdAccount(draft: Draft<AudienceSlices>, seed: AdAccountSeed = {}): string {
  const accountId = seed.id ? bareAccountId(seed.id) : String(nextId(draft.counters, 'adAccount', 100_000_000_000_000));
  if (!/^\d+$/.test(accountId)) throw new TypeError(`stuntdouble: ad account id must be numeric (act_<digits>), got '${seed.id}'`);
  if (getAdAccount(draft, accountId)) throw new TypeError(`stuntdouble: ad account act_${accountId} already exists`);
  const tos = seed.tosAccepted ?? true;
  const terms =
    typeof tos === 'boolean' ? { customAudience: tos, corporate: tos } : { customAudience: tos.customAudience ?? true, corporate: tos.corporate ?? true };
  let business: AdAccountRecord['business'] = null;
  if (seed.business !== null) {
    const bizId = seed.business?.id ?? String(nextId(draft.counters, 'business', 900_000_000_000_000));
    business = { id: bizId, name: seed.business?.name ?? `Business ${bizId}` };
  }
  putAdAccount(draft, {
    accountId,
    name: seed.name ?? `Ad account ${accountId}`,
    currency: seed.currency ?? 'USD',
    timezoneName: seed.timezoneName ?? 'America/Los_Angeles',
    business,
    terms,
    rateLimitedUntil: null,
    deleteRateLimitedUntil: null,
    audienceIds: [],
    adSetIds: [],
  });
  return accountId;
}

/** The ad account, or Graph's "unsupported request" error for an id no account has. */
export function requireAdAccount(state: AudienceSlices, accountId: string, method: string): AdAccountRecord;
export function requireAdAccount(state: Draft<AudienceSlices>, accountId: string, method: string): Draft<AdAccountRecord>;
export function requireAdAccount(state: AudienceSlices | Draft<AudienceSlices>, accountId: string, method: string): AdAccountRecord | Draft<AdAccountRecord> {
  const acc = getAdAccount(state, bareAccountId(accountId));
  if (!acc) throw unsupportedRequest(method, `act_${bareAccountId(accountId)}`);
  return acc;
}

/** Throws 80003 while the account is rate limited (`X-Business-Use-Case-Usage` tells when it lifts). */
export function checkAccountRateLimit(acc: AdAccountRecord, now: number): void {
  if (acc.rateLimitedUntil === null || now >= acc.rateLimitedUntil) return;
  const minutes = Math.max(1, Math.ceil((acc.rateLimitedUntil - now) / 60_000));
  const usage = { [acc.accountId]: [{ type: 'ads_management', call_count: 100, total_cputime: 25, total_time: 25, estimated_time_to_regain_access: minutes }] };
  throw new GraphError(
    80003,
    'There have been too many calls to this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
    {
      type: 'OAuthException',
      subcode: 2446079,
      userTitle: 'Ad Account Has Too Many API Calls',
      userMsg: 'There are too many API calls to this ad account. Wait a bit and try again.',
      headers: { 'x-business-use-case-usage': JSON.stringify(usage) },
    },
  );
}

/** Throws 2663 / 2664 when the audience terms (or the business's corporate terms) are not accepted. */
export function checkAudienceTerms(acc: AdAccountRecord): void {
  if (!acc.terms.customAudience) {
    throw new GraphError(
      2663,
      'Terms of service has not been accepted. To accept, go to https://www.facebook.com/customaudiences/app/tos/?act=' + acc.accountId,
      {
        type: 'OAuthException',
        userTitle: 'Terms of Service Not Accepted',
        userMsg: `You need to accept the Custom Audience terms of service for ad account ${acc.accountId} before you can create or use audiences.`,
      },
    );
  }
  if (acc.business && !acc.terms.corporate) {
    throw new GraphError(
      2664,
      'The corporate terms of service has not been accepted. To accept, go to https://business.facebook.com/customaudiences/value_based/tos.php?business_id=' +
        acc.business.id,
      {
        type: 'OAuthException',
        userTitle: 'Corporate Terms of Service Not Accepted',
        userMsg: `Business ${acc.business.name} needs to accept the corporate Custom Audience terms of service before its ad accounts can use audiences.`,
      },
    );
  }
}

/** The `tos_accepted` map of an ad account: accepted term names → 1. */
export function tosAcceptedMap(acc: AdAccountRecord): Record<string, number> {
  const out: Record<string, number> = {};
  if (acc.terms.customAudience) {
    out.custom_audience_tos = 1;
    out.web_custom_audience_tos = 1;
  }
  if (acc.business && acc.terms.corporate) out.business_custom_audience_tos = 1;
  return out;
}

/** Renders an ad account node (the fields this fake keeps). */
export function renderAdAccount(acc: AdAccountRecord): Record<string, unknown> {
  return {
    id: `act_${acc.accountId}`,
    account_id: acc.accountId,
    name: acc.name,
    currency: acc.currency,
    timezone_name: acc.timezoneName,
    account_status: 1,
    tos_accepted: tosAcceptedMap(acc),
    ...(acc.business ? { business: { id: acc.business.id, name: acc.business.name } } : {}),
  };
}
