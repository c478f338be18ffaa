import { createHash } from 'node:crypto';
import type { Draft } from 'immer';
import { nextId } from '../../../../store/ids.js';
import { appendId } from '../id-list.js';
import { emptyTable, tableDelete, tableGet, tableSet } from '../../../../store/table.js';
import { GraphError, unsupportedRequest } from '../../errors.js';
import { type CreateAudienceParams, LookalikeSpecInput, type UpdateAudienceParams } from '../../schemas/audience-params.js';
import type { AudienceRecord, AudienceSlices, FlaggableField } from '../../schemas/audience-state.js';
import { paramError } from '../../schemas/audience-wire.js';
import { checkAudienceTerms, requireAdAccount } from '../ad-accounts.js';
import { refreshAging } from './aging.js';
import { applyIntegrity, autoReview, canonical } from './integrity.js';
import { getAdAccount, getAudience, putAudience } from './store.js';

/** Minimum size of a lookalike's origin audience (seed 8). */
export const LOOKALIKE_MIN_ORIGIN = 100;

/** Subtypes whose audiences are defined by a `rule` (website, app, product and video remarketing). */
const RULE_SUBTYPES = new Set(['WEBSITE', 'APP', 'VIDEO', 'ENGAGEMENT', 'CLAIM', 'OFFLINE_CONVERSION']);
/** Subtypes that need a rule to be created. */
const RULE_REQUIRED = new Set(['WEBSITE', 'APP', 'VIDEO', 'ENGAGEMENT']);

/** Keys compared by `enable_fetch_or_create` to find an existing audience. */
const FETCH_OR_CREATE_KEYS = ['claim_objective', 'content_type', 'event_sources', 'event_source_group', 'inclusions', 'exclusions', 'rule'] as const;

/** UNIX seconds of a fake-clock instant. */
export const sec = (ms: number) => Math.floor(ms / 1000);

/** The audience, or Graph's "unsupported request" error (deleted and unknown ids alike). */
export function requireAudience(state: AudienceSlices, id: string, method: string): AudienceRecord;
export function requireAudience(state: Draft<AudienceSlices>, id: string, method: string): Draft<AudienceRecord>;
export function requireAudience(state: AudienceSlices | Draft<AudienceSlices>, id: string, method: string): AudienceRecord | Draft<AudienceRecord> {
  const a = getAudience(state, id);
  if (!a) throw unsupportedRequest(method, id);
  return a;
}

/**
 * The fetch-or-create index key of an audience: a hash of what `enable_fetch_or_create` compares
 * (owning account, name, subtype and the compared parameters, by meaning).
 */
function fetchKey(accountId: string, name: string, subtype: string, params: Readonly<Record<string, unknown>>): string {
  const parts = [accountId, name, subtype, ...FETCH_OR_CREATE_KEYS.map((k) => canonical(params[k] ?? null))];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** Lists an audience under its fetch-or-create key (ids in creation order). */
function indexFetchOrCreate(draft: Draft<AudienceSlices>, a: Pick<AudienceRecord, 'id' | 'accountId' | 'name' | 'subtype' | 'params'>): void {
  const key = fetchKey(a.accountId, a.name, a.subtype, a.params);
  const list = tableGet(draft.audienceIndexes.fetchOrCreate, key);
  if (!list) {
    tableSet(draft.audienceIndexes.fetchOrCreate, key, [a.id]);
    return;
  }
  // Ids come from one counter, so numeric order is creation order.
  let at = list.length;
  while (at > 0 && Number(list[at - 1]) > Number(a.id)) at--;
  list.splice(at, 0, a.id);
}

/** Takes an audience off its fetch-or-create key (before a change of what it hashes, or a delete). */
export function unindexFetchOrCreate(draft: Draft<AudienceSlices>, a: Pick<AudienceRecord, 'id' | 'accountId' | 'name' | 'subtype' | 'params'>): void {
  const key = fetchKey(a.accountId, a.name, a.subtype, a.params);
  const list = tableGet(draft.audienceIndexes.fetchOrCreate, key);
  if (!list) return;
  const at = list.indexOf(a.id);
  if (at >= 0) list.splice(at, 1);
  if (list.length === 0) tableDelete(draft.audienceIndexes.fetchOrCreate, key);
}

/** Whether an ad account may use an audience: it owns it or the audience is shared to it. */
export function accountCanUse(a: AudienceRecord, accountId: string): boolean {
  return a.accountId === accountId || a.sharedWith.includes(accountId);
}

/** Number of people in an audience (seeded or generated people plus uploaded identifiers). */
export function audienceSize(a: AudienceRecord): number {
  return a.baseCount + a.memberCount;
}

/** Reads a `rule` parameter: a JSON object or array (or a string of one); throws 100 otherwise. */
export function parseRule(rule: unknown): { text: string; value: unknown } {
  let value = rule;
  if (typeof rule === 'string') {
    try {
      value = JSON.parse(rule);
    } catch {
      throw new GraphError(100, 'Invalid rule JSON format: the rule must be a JSON object', {
        userTitle: 'Invalid Rule',
        userMsg: 'The audience rule is not valid JSON.',
      });
    }
  }
  if (!value || typeof value !== 'object') {
    throw new GraphError(100, 'Invalid rule JSON format: the rule must be a JSON object', {
      userTitle: 'Invalid Rule',
      userMsg: 'The audience rule is not valid JSON.',
    });
  }
  return { text: typeof rule === 'string' ? rule : JSON.stringify(rule), value };
}

/** Collects the event source types a rule names (`inclusions.rules[].event_sources[].type`, `event_name: video_*`). */
function ruleSourceTypes(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const v of value) ruleSourceTypes(v, out);
  } else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (Array.isArray(o.event_sources)) for (const s of o.event_sources) out.push(String((s as { type?: unknown })?.type ?? ''));
    if (typeof o.event_name === 'string' && o.object_id !== undefined) out.push(o.event_name.startsWith('video_') ? 'video' : o.event_name);
    for (const k of Object.keys(o)) if (k !== 'event_sources') ruleSourceTypes(o[k], out);
  }
  return out;
}

function engagementVideoOnly(rule: unknown, eventSources: unknown[] | undefined): void {
  const types = [...ruleSourceTypes(rule), ...(eventSources ?? []).map((s) => String((s as { type?: unknown }).type ?? ''))];
  if (types.length === 0 || types.some((t) => t !== 'video')) {
    throw new GraphError(100, 'The engagement audience subtype is only supported for video. Use event sources of type video.', {
      userTitle: 'Engagement Audiences Support Only Video',
      userMsg: 'Engagement custom audiences can only be created from video views; other engagement sources are not supported.',
    });
  }
}

/** Reads and checks `lookalike_spec` and the origin audience (at least 100 people). */
function readLookalike(
  draft: Draft<AudienceSlices>,
  accountId: string,
  p: CreateAudienceParams,
): { spec: Record<string, unknown>; origin: Draft<AudienceRecord>; ratio: number } {
  if (!p.lookalike_spec) throw paramError(fakeIssue('lookalike_spec'));
  const parsed = LookalikeSpecInput.safeParse(p.lookalike_spec, { reportInput: true });
  if (!parsed.success) throw paramError(prefix(parsed.error, 'lookalike_spec'));
  const spec = parsed.data;
  const originId = p.origin_audience_id ?? spec.origin_audience_id ?? spec.origin?.[0]?.id;
  if (!originId) throw new GraphError(100, 'The parameter origin_audience_id is required', { userTitle: 'Missing Source Audience' });
  const origin = getAudience(draft, originId);
  if (!origin || !accountCanUse(origin as AudienceRecord, accountId)) {
    throw new GraphError(100, `Invalid source audience: audience ${originId} does not exist or cannot be used by ad account ${accountId}`, {
      userTitle: 'Invalid Source Audience',
    });
  }
  if (audienceSize(origin as AudienceRecord) < LOOKALIKE_MIN_ORIGIN) {
    throw new GraphError(2654, 'Failed to create lookalike custom audience', {
      userTitle: 'Source Audience Is Too Small',
      userMsg: `The source audience must have at least ${LOOKALIKE_MIN_ORIGIN} people; audience ${originId} has ${audienceSize(origin as AudienceRecord)}.`,
    });
  }
  const ratio = spec.ratio ?? 0.01;
  const { origin_audience_id: _o, origin: _origin, ...rest } = spec;
  const out: Record<string, unknown> = {
    ...rest,
    ratio,
    type: spec.type ?? 'custom_ratio',
    origin: [{ id: origin.id, name: origin.name, type: 'custom_audience' }],
  };
  if (spec.country) out.country = spec.country.toUpperCase();
  return { spec: out, origin, ratio };
}

function fakeIssue(name: string) {
  return { issues: [{ code: 'invalid_type', path: [name], input: undefined, message: 'required', expected: 'object' }] } as never;
}

function prefix(err: { issues: ReadonlyArray<{ path: PropertyKey[] }> }, name: string) {
  return { issues: err.issues.map((i) => ({ ...i, path: [name, ...i.path] })) } as never;
}

/** Parameter keys kept in `params` as given (after parsing). */
const KEPT = [
  'allowed_domains',
  'claim_objective',
  'content_type',
  'dataset_id',
  'event_source_group',
  'event_sources',
  'inclusions',
  'exclusions',
  'is_value_based',
  'list_of_accounts',
  'opt_out_link',
  'page_id',
  'pixel_id',
  'prefill',
  'product_set_id',
  'retention_days',
  'rule_aggregation',
  'subscription_info',
  'use_for_products',
  'use_in_campaigns',
] as const;

/** Creates an audience in an ad account (or fetches the identical one); returns its id and whether it is new. */
export function createAudience(draft: Draft<AudienceSlices>, rawAccountId: string, p: CreateAudienceParams, now: number): { id: string; created: boolean } {
  const acc = requireAdAccount(draft, rawAccountId, 'POST');
  const accountId = acc.accountId;
  checkAudienceTerms(acc);
  const subtype = p.subtype ?? 'CUSTOM';
  if (!p.name) throw paramError(fakeIssue('name'));
  let rule: { text: string; value: unknown } | undefined;
  if (p.rule !== undefined) {
    if (!RULE_SUBTYPES.has(subtype)) throw new GraphError(100, `Param rule is only valid for website, app, product and video audiences, not ${subtype}`);
    rule = parseRule(p.rule);
  } else if (RULE_REQUIRED.has(subtype)) throw new GraphError(100, `The parameter rule is required for ${subtype} audiences`, { userTitle: 'Missing Rule' });
  if (subtype === 'ENGAGEMENT') engagementVideoOnly(rule?.value, p.event_sources);
  if (subtype === 'CUSTOM' && !p.customer_file_source) {
    throw new GraphError(100, 'The parameter customer_file_source is required for customer list audiences', {
      userTitle: 'Missing Customer File Source',
      userMsg: 'Say where the customer information comes from: USER_PROVIDED_ONLY, PARTNER_PROVIDED_ONLY or BOTH_USER_AND_PARTNER_PROVIDED.',
    });
  }
  if (p.lookalike_spec && subtype !== 'LOOKALIKE') throw new GraphError(100, 'Param lookalike_spec is only valid for LOOKALIKE audiences');
  if (p.retention_days !== undefined && subtype !== 'CUSTOM') throw retentionRefused(subtype);
  const lookalike = subtype === 'LOOKALIKE' ? readLookalike(draft, accountId, p) : undefined;

  const params: Record<string, unknown> = {};
  for (const k of KEPT) if (p[k] !== undefined) params[k] = p[k];
  if (rule) params.rule = rule.text;

  if (p.enable_fetch_or_create) {
    // O(1): the index lists the account's audiences that compare equal, oldest first.
    const same = tableGet(draft.audienceIndexes.fetchOrCreate, fetchKey(accountId, p.name, subtype, params));
    const id = same?.[0];
    if (id !== undefined) return { id, created: false };
  }

  const id = insertAudience(draft, accountId, {
    name: p.name,
    ...(p.description !== undefined ? { description: p.description } : {}),
    subtype,
    ...(subtype === 'CUSTOM' && p.customer_file_source ? { customerFileSource: p.customer_file_source } : {}),
    params,
    baseCount: lookalike ? Math.round(lookalike.ratio * 20_000_000) : 0,
    ...(lookalike ? { lookalikeSpec: lookalike.spec, originId: lookalike.origin.id } : {}),
    now,
  });
  autoReview(getAudience(draft, id), { name: p.name, description: p.description, rule: rule?.text }, now);
  return { id, created: true };
}

/** What {@link insertAudience} needs; everything else starts empty. */
export interface NewAudience {
  name: string;
  description?: string;
  subtype: AudienceRecord['subtype'];
  customerFileSource?: AudienceRecord['customerFileSource'];
  params: Record<string, unknown>;
  baseCount: number;
  lookalikeSpec?: Record<string, unknown>;
  originId?: string;
  sharedWith?: string[];
  now: number;
  /** When an active ad set last used it (default: now). */
  lastUsedAt?: number;
}

/** Stores a new audience (no checks: creation and seeding checked already); returns its id. */
export function insertAudience(draft: Draft<AudienceSlices>, accountId: string, n: NewAudience): string {
  const acc = getAdAccount(draft, accountId);
  if (!acc) throw new TypeError(`stuntdouble: no ad account act_${accountId}`);
  const id = String(nextId(draft.counters, 'audience', 6_100_000_000_000));
  const rec: AudienceRecord = {
    id,
    accountId,
    name: n.name,
    ...(n.description !== undefined ? { description: n.description } : {}),
    subtype: n.subtype,
    ...(n.customerFileSource ? { customerFileSource: n.customerFileSource } : {}),
    params: n.params,
    ...(n.lookalikeSpec ? { lookalikeSpec: n.lookalikeSpec } : {}),
    ...(n.originId ? { originId: n.originId } : {}),
    lookalikeIds: [],
    baseCount: n.baseCount,
    members: emptyTable(),
    memberCount: 0,
    flag: null,
    adSetIds: [],
    sharedWith: [...(n.sharedWith ?? [])],
    sessions: [],
    timeCreated: sec(n.now),
    timeUpdated: sec(n.now),
    ...(n.subtype === 'CUSTOM' ? { timeContentUpdated: sec(n.now) } : {}),
    lastUsedAt: n.lastUsedAt ?? n.now,
    agingDue: null,
    listPos: appendId(acc.audienceIds, id),
  };
  putAudience(draft, rec);
  if (n.originId) getAudience(draft, n.originId)?.lookalikeIds.push(id);
  indexFetchOrCreate(draft, rec);
  refreshAging(draft, id);
  return id;
}

/** Applies the update parameters to an audience, through the integrity table. */
export function updateAudience(draft: Draft<AudienceSlices>, id: string, p: UpdateAudienceParams, now: number): void {
  const a = requireAudience(draft, id, 'POST');
  // What the fetch-or-create index hashes may change: off its key now, back on after (one update, atomic).
  unindexFetchOrCreate(draft, a);
  const changes: Partial<Record<FlaggableField, unknown>> = {};
  if (p.name !== undefined) changes.name = p.name;
  if (p.description !== undefined) changes.description = p.description;
  if (p.rule !== undefined) changes.rule = typeof p.rule === 'string' ? p.rule : JSON.stringify(p.rule);
  // The integrity table decides first: a flagged lookalike or customer list refuses any edit, valid or not.
  applyIntegrity(a, { kind: 'edit', changes });
  let rule: { text: string; value: unknown } | undefined;
  if (p.rule !== undefined) {
    if (!RULE_SUBTYPES.has(a.subtype)) {
      throw new GraphError(2650, 'Failed to update custom audience', {
        userTitle: 'Rule Not Supported',
        userMsg: `A ${a.subtype} audience has no rule to update.`,
      });
    }
    rule = parseRule(p.rule);
  }
  if (p.lookalike_spec !== undefined) {
    if (a.subtype !== 'LOOKALIKE') {
      throw new GraphError(2650, 'Failed to update custom audience', {
        userTitle: 'Not A Lookalike',
        userMsg: 'lookalike_spec can only be updated on lookalike audiences.',
      });
    }
    const spec = LookalikeSpecInput.safeParse(p.lookalike_spec, { reportInput: true });
    if (!spec.success) throw paramError(prefix(spec.error, 'lookalike_spec'));
  }
  if (p.customer_file_source !== undefined && a.subtype !== 'CUSTOM') {
    throw new GraphError(2650, 'Failed to update custom audience', {
      userTitle: 'Not A Customer List',
      userMsg: 'customer_file_source applies only to customer list audiences.',
    });
  }
  if (a.subtype === 'ENGAGEMENT' && (rule || p.event_sources)) engagementVideoOnly(rule?.value ?? safeJson(a.params.rule), p.event_sources);
  if (p.name !== undefined) a.name = p.name;
  if (p.description !== undefined) a.description = p.description;
  if (p.customer_file_source !== undefined) a.customerFileSource = p.customer_file_source;
  if (rule) a.params.rule = rule.text;
  if (p.lookalike_spec !== undefined) a.lookalikeSpec = { ...(a.lookalikeSpec ?? {}), ...p.lookalike_spec, origin: a.lookalikeSpec?.origin };
  for (const k of KEPT) {
    const v = (p as Record<string, unknown>)[k];
    if (v !== undefined) a.params[k] = v;
  }
  a.timeUpdated = sec(now);
  autoReview(a, { name: p.name, description: p.description, rule: rule?.text }, now);
  indexFetchOrCreate(draft, a);
}

/** retention_days applies to customer-file (CUSTOM) audiences only. */
function retentionRefused(subtype: string): GraphError {
  return new GraphError(100, `Param retention_days is only valid for customer list (CUSTOM) audiences, not ${subtype}`, {
    userTitle: 'Retention Not Supported',
    userMsg: `A ${subtype} audience keeps people by the retention of its rule; retention_days applies to customer lists only.`,
  });
}

function safeJson(s: unknown): unknown {
  if (typeof s !== 'string') return s;
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
