import type { Draft } from 'immer';
import { GraphError } from '../../errors.js';
import type { AudienceRecord, AudienceStatus, FlaggableField } from '../../schemas/audience-state.js';

/** Integrity state of an audience: how a policy review has classified it. */
export type IntegrityState = 'unflagged' | 'flagged';

/** What can happen to an audience's integrity state. */
export type IntegrityEvent =
  | { kind: 'flag'; fields: FlaggableField[] }
  /** A review cleared the audience (the fake's control; the seed does not show the real path). */
  | { kind: 'review' }
  /** An edit: the new values of the fields it sends (users uploads count as edits of customer-file audiences). */
  | { kind: 'edit'; changes: Partial<Record<FlaggableField, unknown>>; usersUpload?: boolean };

interface Row {
  from: IntegrityState;
  event: IntegrityEvent['kind'];
  when?: (a: AudienceRecord, e: IntegrityEvent) => boolean;
  to?: IntegrityState;
  error?: (a: AudienceRecord) => GraphError;
}

/** Status codes of `operation_status`. */
export const OPERATION_NORMAL: AudienceStatus = { code: 200, description: 'Normal' };
/** `operation_status` of a flagged audience. */
export const OPERATION_FLAGGED: AudienceStatus = {
  code: 471,
  description:
    'This audience was flagged because it may suggest information that is not allowed to be used for ads, such as specific health conditions or financial status. Ad sets using it cannot deliver until the flagged fields are edited.',
};

/** Whether an audience is a lookalike or a customer-file audience (edits of those are refused while flagged). */
export function isLookalikeOrCustomerFile(a: AudienceRecord): boolean {
  return a.subtype === 'LOOKALIKE' || a.subtype === 'CUSTOM';
}

function leavesFlaggedFieldUnchanged(a: AudienceRecord, e: IntegrityEvent): boolean {
  if (e.kind !== 'edit' || !a.flag) return false;
  return a.flag.fields.some((f) => !(f in e.changes) || canonical(e.changes[f]) === canonical(a.flag?.values[f]));
}

/** Compares rule values by meaning: a JSON string and the same object are equal. */
export function canonical(v: unknown): string {
  let x = v;
  if (typeof x === 'string') {
    try {
      x = JSON.parse(x);
    } catch {
      return JSON.stringify(x);
    }
  }
  return stableStringify(x);
}

/** JSON with sorted object keys. */
export function stableStringify(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableStringify).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableStringify(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

const editRefused = (a: AudienceRecord) =>
  new GraphError(100, 'Invalid parameter', {
    subcode: 1713228,
    userTitle: "Flagged Audience Can't Be Edited",
    userMsg: `Audience ${a.id} was flagged because it may suggest information that can't be used for ads. Lookalike and customer list audiences that are flagged can't be edited; create a new audience instead.`,
  });

const flaggedFieldsUnchanged = (a: AudienceRecord) =>
  new GraphError(100, 'Invalid parameter', {
    subcode: 1713231,
    userTitle: 'Edit The Flagged Fields',
    userMsg: `Audience ${a.id} was flagged because its ${a.flag?.fields.join(', ')} may suggest information that can't be used for ads. Change ${a.flag?.fields.length === 1 ? 'this field' : 'these fields'} to use the audience.`,
  });

/** The transition table: the first row whose state, event and condition match decides. */
const TABLE: readonly Row[] = [
  { from: 'unflagged', event: 'flag', to: 'flagged' },
  { from: 'flagged', event: 'flag', to: 'flagged' },
  { from: 'unflagged', event: 'edit', to: 'unflagged' },
  { from: 'flagged', event: 'edit', when: (a) => isLookalikeOrCustomerFile(a), error: editRefused },
  { from: 'flagged', event: 'edit', when: (a, e) => e.kind === 'edit' && !e.usersUpload && leavesFlaggedFieldUnchanged(a, e), error: flaggedFieldsUnchanged },
  // Seed: how a flagged audience leaves the state is not shown. The fake clears the flag once every flagged field changed.
  { from: 'flagged', event: 'edit', to: 'unflagged' },
  { from: 'flagged', event: 'review', to: 'unflagged' },
  { from: 'unflagged', event: 'review', to: 'unflagged' },
];

/** The integrity roll-out: from this instant (fake clock) new and edited audiences are checked. */
export const INTEGRITY_ROLLOUT_MS = Date.UTC(2025, 8, 2);

/** Words that suggest prohibited information (health conditions, financial status), as Graph's announcement exemplifies them. */
const SUGGESTIVE = /\b(arthritis|diabetes|cancer|hiv|depression|pregnan\w*|credit score|high income|low income|debt|bankrupt\w*)\b/i;

/**
 * The integrity review of an audience's new text: from the roll-out date, each flaggable field whose
 * value suggests prohibited information flags the audience (before it, nothing is checked).
 */
export function autoReview(a: Draft<AudienceRecord> | undefined, values: Partial<Record<FlaggableField, unknown>>, now: number): void {
  if (!a || now < INTEGRITY_ROLLOUT_MS) return;
  const fields = (Object.entries(values) as Array<[FlaggableField, unknown]>).filter(([, v]) => typeof v === 'string' && SUGGESTIVE.test(v)).map(([f]) => f);
  if (fields.length > 0) applyIntegrity(a, { kind: 'flag', fields });
}

/** The integrity state of an audience. */
export function integrityState(a: AudienceRecord): IntegrityState {
  return a.flag ? 'flagged' : 'unflagged';
}

/** Applies an integrity event to an audience in a draft; throws the table's error when the event is refused. */
export function applyIntegrity(a: Draft<AudienceRecord>, e: IntegrityEvent): IntegrityState {
  const from = integrityState(a as AudienceRecord);
  const row = TABLE.find((r) => r.from === from && r.event === e.kind && (!r.when || r.when(a as AudienceRecord, e)));
  if (!row) throw new Error(`stuntdouble bug: no integrity transition from ${from} on ${e.kind}`);
  if (row.error) throw row.error(a as AudienceRecord);
  const to = row.to as IntegrityState;
  if (e.kind === 'flag') {
    const fields = [...new Set([...(a.flag?.fields ?? []), ...e.fields])];
    const values: Record<string, unknown> = {};
    for (const f of fields) values[f] = currentValue(a as AudienceRecord, f);
    a.flag = { fields, values };
  } else if (to === 'unflagged') a.flag = null;
  return to;
}

/** The current value of a flaggable field. */
export function currentValue(a: AudienceRecord, f: FlaggableField): unknown {
  if (f === 'name') return a.name;
  if (f === 'description') return a.description;
  return a.params.rule;
}
