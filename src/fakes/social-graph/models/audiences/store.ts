import type { Draft } from 'immer';
import type { AdAccountRecord, AdSetRecord, AudienceRecord, AudienceSlices } from '../../schemas/audience-state.js';
import { tableDelete, tableGet, tableSet, tableValues } from '../../../../store/table.js';

/**
 * Audiences, ad accounts and ad sets are tables (see `models/table.ts`): immer copies what a write
 * changes, so one write copies a few small buckets, not every audience of the fake.
 */
type Slices = AudienceSlices | Draft<AudienceSlices>;

/** An audience by id (O(1)), in a state or a draft. */
export function getAudience(state: AudienceSlices, id: string): AudienceRecord | undefined;
export function getAudience(state: Draft<AudienceSlices>, id: string): Draft<AudienceRecord> | undefined;
export function getAudience(state: Slices, id: string): AudienceRecord | Draft<AudienceRecord> | undefined;
export function getAudience(state: Slices, id: string): AudienceRecord | Draft<AudienceRecord> | undefined {
  return tableGet(state.audiences as AudienceSlices['audiences'], id);
}

/** Stores an audience. */
export function putAudience(draft: Draft<AudienceSlices>, rec: AudienceRecord): void {
  tableSet(draft.audiences, rec.id, rec);
}

/** Removes an audience. */
export function dropAudience(draft: Draft<AudienceSlices>, id: string): void {
  tableDelete(draft.audiences, id);
}

/** Every audience (O(n): summaries and tests, never a request path). */
export function eachAudience(state: AudienceSlices): Generator<AudienceRecord> {
  return tableValues(state.audiences);
}

/** An ad account by its numeric id, without `act_` (O(1)). */
export function getAdAccount(state: AudienceSlices, accountId: string): AdAccountRecord | undefined;
export function getAdAccount(state: Draft<AudienceSlices>, accountId: string): Draft<AdAccountRecord> | undefined;
export function getAdAccount(state: Slices, accountId: string): AdAccountRecord | Draft<AdAccountRecord> | undefined;
export function getAdAccount(state: Slices, accountId: string): AdAccountRecord | Draft<AdAccountRecord> | undefined {
  return tableGet(state.adAccounts as AudienceSlices['adAccounts'], accountId);
}

/** Stores an ad account. */
export function putAdAccount(draft: Draft<AudienceSlices>, rec: AdAccountRecord): void {
  tableSet(draft.adAccounts, rec.accountId, rec);
}

/** An ad set by id (O(1)). */
export function getAdSet(state: AudienceSlices, id: string): AdSetRecord | undefined;
export function getAdSet(state: Draft<AudienceSlices>, id: string): Draft<AdSetRecord> | undefined;
export function getAdSet(state: Slices, id: string): AdSetRecord | Draft<AdSetRecord> | undefined;
export function getAdSet(state: Slices, id: string): AdSetRecord | Draft<AdSetRecord> | undefined {
  return tableGet(state.adSets as AudienceSlices['adSets'], id);
}

/** Stores an ad set. */
export function putAdSet(draft: Draft<AudienceSlices>, rec: AdSetRecord): void {
  tableSet(draft.adSets, rec.id, rec);
}
