import { z } from 'zod';
import { AudienceSubtype, CustomerFileSource } from './audience-params.js';

/** A keyed collection in hashed buckets (see `src/store/table.ts`): `{ size, slots[a][b][c][":" + key] }`. */
export function tableOf<T extends z.ZodType>(item: T) {
  const level = <S extends z.ZodType>(inner: S) => z.record(z.string(), inner);
  return z.object({ size: z.number().int(), slots: level(level(level(level(item)))) });
}

/** An ordered id list in chunks of 1024 (see `models/id-list.ts`); `''` marks a removed entry. */
export const ChunkedIds = z.array(z.array(z.string()));

/** A `{code, description}` status (CustomAudienceStatus). */
export const AudienceStatus = z.object({ code: z.number().int(), description: z.string() });
/** A CustomAudienceStatus value. */
export type AudienceStatus = z.infer<typeof AudienceStatus>;

/** Fields an integrity review can flag (the values of `fields_violating_integrity_policy`). */
export const FlaggableField = z.enum(['name', 'description', 'rule']);
/** A flaggable field name. */
export type FlaggableField = z.infer<typeof FlaggableField>;

/** One data upload session (the `sessions` edge). */
export const UploadSession = z.object({
  session_id: z.string(),
  start_time: z.number().int(),
  end_time: z.number().int(),
  num_received: z.number().int(),
  num_matched: z.number().int(),
  num_invalid_entries: z.number().int(),
  progress: z.number().int(),
  stage: z.string(),
});
/** A data upload session. */
export type UploadSession = z.infer<typeof UploadSession>;

/** A stored custom audience. Optional creation parameters are kept as given (after parsing). */
export const AudienceRecord = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  description: z.string().optional(),
  subtype: AudienceSubtype,
  customerFileSource: CustomerFileSource.optional(),
  /** The remaining creation/update parameters (claim_objective, rule, event_sources, ...), JSON values. */
  params: z.record(z.string(), z.unknown()),
  /** Lookalikes only: the generated spec and the origin. */
  lookalikeSpec: z.record(z.string(), z.unknown()).optional(),
  originId: z.string().optional(),
  /** Ids of lookalike audiences made from this one, in creation order. */
  lookalikeIds: z.array(z.string()),
  /** People without identifiers (seeded sizes, generated lookalike sizes). */
  baseCount: z.number().int(),
  /** Hashed identifiers of people added through `/users` (a table: adding one copies a small bucket). */
  members: tableOf(z.literal(true)),
  memberCount: z.number().int(),
  /** Integrity state: null = unflagged; else the flagged fields and their values when flagged. */
  flag: z.object({ fields: z.array(FlaggableField), values: z.record(z.string(), z.unknown()) }).nullable(),
  /** Ad set ids whose targeting uses this audience. */
  adSetIds: z.array(z.string()),
  /** Ad accounts it is shared to (besides the owner). */
  sharedWith: z.array(z.string()),
  sessions: z.array(UploadSession),
  timeCreated: z.number().int(),
  timeUpdated: z.number().int(),
  timeContentUpdated: z.number().int().optional(),
  /** Fake-clock ms when an active ad set last stopped using it (or creation). */
  lastUsedAt: z.number(),
  /** When it ages out (no active ad set uses it); null while an active ad set uses it. */
  agingDue: z.number().nullable(),
  /** Its order in the aging index among audiences due at the same instant (set while `agingDue` is). */
  agingSeq: z.number().int().optional(),
  /** Its position on the owning account's `audienceIds` list (a delete tombstones it in O(1)). */
  listPos: z.number().int(),
});
/** A stored custom audience. */
export type AudienceRecord = z.infer<typeof AudienceRecord>;

/** Which terms an ad account has accepted (`tos_accepted`). */
export const AdAccountTerms = z.object({ customAudience: z.boolean(), corporate: z.boolean() });

/** A stored ad account. */
export const AdAccountRecord = z.object({
  /** Numeric id, without `act_`. */
  accountId: z.string(),
  name: z.string(),
  currency: z.string(),
  timezoneName: z.string(),
  business: z.object({ id: z.string(), name: z.string() }).nullable(),
  terms: AdAccountTerms,
  /** Requests to this account answer 80003 until this fake-clock ms. */
  rateLimitedUntil: z.number().nullable(),
  /** Audience deletes of this account answer 613 until this fake-clock ms. */
  deleteRateLimitedUntil: z.number().nullable(),
  /** The account's audiences in creation order (chunked; deleted ones tombstoned). */
  audienceIds: ChunkedIds,
  /** The account's ad sets in creation order (chunked). */
  adSetIds: ChunkedIds,
});
/** A stored ad account. */
export type AdAccountRecord = z.infer<typeof AdAccountRecord>;

/** Configured status of an ad set. */
export const AdSetStatus = z.enum(['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED']);
/** An ad set status. */
export type AdSetStatus = z.infer<typeof AdSetStatus>;

/** A stored ad set (the minimal model that shows what audiences do to delivery). */
export const AdSetRecord = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  campaignId: z.string().optional(),
  status: AdSetStatus,
  targeting: z.record(z.string(), z.unknown()),
  audienceIds: z.array(z.string()),
  /** Audiences that were deleted while this ad set used them: it stopped and cannot restart. */
  deletedAudienceIds: z.array(z.string()),
  createdTime: z.number().int(),
  updatedTime: z.number().int(),
});
/** A stored ad set. */
export type AdSetRecord = z.infer<typeof AdSetRecord>;

/** One audience waiting to age out at `at`. */
export const AgingEntry = z.object({ at: z.number(), seq: z.number().int(), audienceId: z.string() });

/**
 * The aging index: audiences no active ad set uses, sorted by the instant they age out (see
 * `models/schedule.ts`): the earliest is O(1), a change O(log n).
 */
export const AgingIndex = z.object({ size: z.number().int(), chunks: z.array(z.array(AgingEntry)) });

/** Secondary indexes of the audience model, kept in the same update as the records they index. */
export const AudienceIndexes = z.object({
  /** Audience ids by the hash of what `enable_fetch_or_create` compares (account, name, subtype, rule, ...). */
  fetchOrCreate: tableOf(z.array(z.string())),
  /** Audience ids by `<account id> <identity key>`: the audiences of an account holding a person. */
  members: tableOf(z.array(z.string())),
});

/** The parts of the social graph state the audience model owns. */
export const AudienceSlices = z.object({
  /** Audiences by id (a table, see `models/table.ts`). */
  audiences: tableOf(AudienceRecord),
  /** Ad accounts by numeric id (without `act_`). */
  adAccounts: tableOf(AdAccountRecord),
  adSets: tableOf(AdSetRecord),
  audienceAging: AgingIndex,
  audienceIndexes: AudienceIndexes,
  counters: z.record(z.string(), z.number()),
});
/** The audience sub-slices of the social graph state. */
export type AudienceSlices = z.infer<typeof AudienceSlices>;

/** The initial audience sub-slices (spread into the social graph's initial state). */
export function initialAudienceSlices(): Omit<AudienceSlices, 'counters'> {
  const table = () => ({ size: 0, slots: {} });
  return {
    audiences: table(),
    adAccounts: table(),
    adSets: table(),
    audienceAging: { size: 0, chunks: [] },
    audienceIndexes: { fetchOrCreate: table(), members: table() },
  };
}
