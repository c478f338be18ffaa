import type { Draft } from 'immer';
import { nextId } from '../../../../store/ids.js';
import { GraphError } from '../../errors.js';
import type { UsersParams, UsersPayload } from '../../schemas/audience-params.js';
import type { AudienceRecord, AudienceSlices } from '../../schemas/audience-state.js';
import { requireAdAccount } from '../ad-accounts.js';
import { pairKey } from '../pages.js';
import { tableDelete, tableEntries, tableGet, tableSet } from '../../../../store/table.js';
import { requireAudience } from './crud.js';
import { applyIntegrity } from './integrity.js';
import { getAudience } from './store.js';

/**
 * Adds a person (identity key) to an audience; returns whether they were new. O(1): the people are a
 * table, and the account's people index (`audienceIndexes.members`) learns the audience holds them.
 */
export function addMember(draft: Draft<AudienceSlices>, a: Draft<AudienceRecord>, key: string): boolean {
  if (tableGet(a.members, key)) return false;
  tableSet(a.members, key, true);
  a.memberCount += 1;
  const ik = pairKey(a.accountId, key);
  const list = tableGet(draft.audienceIndexes.members, ik);
  if (!list) tableSet(draft.audienceIndexes.members, ik, [a.id]);
  else list.push(a.id);
  return true;
}

/** Takes a person off one audience's index entry. */
function unindexMember(draft: Draft<AudienceSlices>, accountId: string, audienceId: string, key: string): void {
  const ik = pairKey(accountId, key);
  const list = tableGet(draft.audienceIndexes.members, ik);
  if (!list) return;
  const at = list.indexOf(audienceId);
  if (at >= 0) list.splice(at, 1);
  if (list.length === 0) tableDelete(draft.audienceIndexes.members, ik);
}

/** Removes a person from an audience; returns whether they were there. O(1) (plus the audiences of the account holding them). */
export function removeMember(draft: Draft<AudienceSlices>, a: Draft<AudienceRecord>, key: string): boolean {
  if (!tableGet(a.members, key)) return false;
  tableDelete(a.members, key);
  a.memberCount -= 1;
  unindexMember(draft, a.accountId, a.id, key);
  return true;
}

/** Takes every person of an audience off the people index (the audience is being deleted): O(its people). */
export function dropMembers(draft: Draft<AudienceSlices>, a: Draft<AudienceRecord> | AudienceRecord): void {
  for (const [key] of tableEntries(a.members as AudienceRecord['members'])) unindexMember(draft, a.accountId, a.id, key);
}

/** Keys whose values must be SHA-256 hashes (normalized, lower-case hex), as the real API expects. */
const HASHED = new Set(['EMAIL', 'EMAIL_SHA256', 'PHONE', 'PHONE_SHA256', 'FN', 'LN', 'FI', 'CT', 'ST', 'ZIP', 'COUNTRY', 'DOBY', 'DOBM', 'DOBD', 'GEN']);
const SHA256 = /^[a-f0-9]{64}$/;

/** The people named by a payload: one identity key per valid row, plus the invalid rows. */
export interface ReadPayload {
  keys: string[];
  received: number;
  invalid: number;
  samples: Record<string, string>;
}

/** Reads `{schema, data}` into identity keys; rows with unhashed or malformed values are invalid. */
export function readPayload(p: UsersPayload): ReadPayload {
  const schema = Array.isArray(p.schema) ? p.schema : [p.schema];
  const out: ReadPayload = { keys: [], received: p.data.length, invalid: 0, samples: {} };
  for (const row of p.data) {
    const values = (Array.isArray(row) ? row : [row]).map((v) => String(v));
    let reason: string | undefined;
    if (values.length !== schema.length) reason = `expected ${schema.length} values, got ${values.length}`;
    else if (values.every((v) => v === '')) reason = 'empty row';
    else {
      schema.forEach((k, i) => {
        const v = values[i] as string;
        if (reason || v === '') return;
        if (HASHED.has(k) && !(p.is_raw === true ? true : SHA256.test(v))) reason = `${k} is not a SHA-256 hash`;
      });
    }
    if (reason) {
      out.invalid += 1;
      if (Object.keys(out.samples).length < 10) out.samples[values.join(',')] = reason;
      continue;
    }
    out.keys.push(schema.map((k, i) => `${k}:${values[i]}`).join('|'));
  }
  return out;
}

function recordSession(draft: Draft<AudienceSlices>, audienceId: string, p: UsersParams, read: ReadPayload, matched: number, now: number): string {
  const a = getAudience(draft, audienceId);
  const s = p.session ?? {};
  const sessionId = s.session_id !== undefined ? String(s.session_id) : String(nextId(draft.counters, 'uploadSession', 5_000_000_000));
  if (!a) return sessionId;
  const secs = Math.floor(now / 1000);
  const last = s.last_batch_flag === undefined ? true : s.last_batch_flag === true || s.last_batch_flag === 'true';
  const existing = a.sessions.find((x) => x.session_id === sessionId);
  if (existing) {
    existing.num_received += read.received;
    existing.num_invalid_entries += read.invalid;
    existing.num_matched += matched;
    existing.end_time = secs;
    existing.stage = last ? 'uploaded' : 'uploading';
    existing.progress = last ? 100 : 50;
  } else {
    a.sessions.push({
      session_id: sessionId,
      start_time: secs,
      end_time: secs,
      num_received: read.received,
      num_matched: matched,
      num_invalid_entries: read.invalid,
      progress: last ? 100 : 50,
      stage: last ? 'uploaded' : 'uploading',
    });
  }
  return sessionId;
}

/** The answer of `POST|DELETE /{id}/users`. */
export interface UsersResult {
  audience_id: string;
  session_id: string;
  num_received: number;
  num_invalid_entries: number;
  invalid_entry_samples: Record<string, string>;
}

/** Adds (`add`) or removes people of a customer-file audience; the approximate counts follow. */
export function changeUsers(draft: Draft<AudienceSlices>, id: string, p: UsersParams, mode: 'add' | 'remove', now: number): UsersResult {
  const a = requireAudience(draft, id, mode === 'add' ? 'POST' : 'DELETE');
  if (a.subtype !== 'CUSTOM') {
    throw new GraphError(2650, 'Failed to update custom audience', {
      userTitle: 'Not A Customer List Audience',
      userMsg: `People can be added to or removed from customer list audiences only; audience ${id} is ${a.subtype}.`,
    });
  }
  applyIntegrity(a, { kind: 'edit', changes: {}, usersUpload: true });
  const read = readPayload(p.payload);
  let matched = 0;
  for (const key of read.keys) {
    if (mode === 'add' ? addMember(draft, a, key) : removeMember(draft, a, key)) matched += 1;
  }
  const secs = Math.floor(now / 1000);
  a.timeContentUpdated = secs;
  a.timeUpdated = secs;
  const sessionId = recordSession(draft, id, p, read, matched, now);
  return { audience_id: id, session_id: sessionId, num_received: read.received, num_invalid_entries: read.invalid, invalid_entry_samples: read.samples };
}

/** `DELETE /act_{id}/usersofanyaudience`: removes the people from every customer-file audience of the account. */
export function removeUsersOfAnyAudience(
  draft: Draft<AudienceSlices>,
  accountId: string,
  p: UsersParams,
  now: number,
): { success: true; num_received: number; num_invalid_entries: number; invalid_entry_samples: Record<string, string> } {
  const acc = requireAdAccount(draft, accountId, 'DELETE');
  const read = readPayload(p.payload);
  const secs = Math.floor(now / 1000);
  // O(people named × audiences holding each): the people index names the account's audiences holding a person.
  for (const key of read.keys) {
    const holders = [...(tableGet(draft.audienceIndexes.members, pairKey(acc.accountId, key)) ?? [])];
    for (const id of holders) {
      const a = getAudience(draft, id);
      if (a?.subtype !== 'CUSTOM' || !removeMember(draft, a, key)) continue;
      a.timeContentUpdated = secs;
      a.timeUpdated = secs;
    }
  }
  return { success: true, num_received: read.received, num_invalid_entries: read.invalid, invalid_entry_samples: read.samples };
}
