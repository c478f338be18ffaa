import fc from 'fast-check';
import { type Draft, produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { type AudienceSlices, initialAudienceSlices } from '../../schemas/audience-state.js';
import { seedAdAccount } from '../ad-accounts.js';
import { createAdSet, updateAdSet } from '../ad-sets.js';
import { audiencesDueAt, isActivelyUsed, twoYearsAfter } from './aging.js';
import { insertAudience } from './crud.js';
import { audiencesTick, deleteAudience } from './lifecycle.js';
import { eachAudience, getAdSet, getAudience } from './store.js';
import { scheduleEntries } from '../schedule.js';
import { tableValues } from '../../../../store/table.js';

type Op =
  | { kind: 'audience'; unusedDays: number }
  | { kind: 'adSet'; audiences: number[]; active: boolean }
  | { kind: 'status'; adSet: number; active: boolean }
  | { kind: 'delete'; audience: number }
  | { kind: 'advance'; days: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('audience' as const), unusedDays: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 900 })) }),
  fc.record({ kind: fc.constant('adSet' as const), audiences: fc.array(fc.nat(9), { maxLength: 3 }), active: fc.boolean() }),
  fc.record({ kind: fc.constant('status' as const), adSet: fc.nat(9), active: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), audience: fc.nat(9) }),
  fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 400 }) }),
);

const ids = (s: AudienceSlices) => [...eachAudience(s)].map((a) => a.id);

/** Whether an active ad set targets the audience, read from the ad sets alone (not from the audience's index). */
function activeNow(s: AudienceSlices, id: string): boolean {
  return [...tableValues(s.adSets)].some((set) => set.status === 'ACTIVE' && set.audienceIds.includes(id));
}

/**
 * Invariants of the aging index against an independent model (`unusedSince`): the index holds exactly
 * the audiences with a due time, sorted, so its first entry is the earliest; an audience is due iff no
 * active ad set uses it, two years after it was last used.
 */
function checkIndex(s: AudienceSlices, unusedSince: Map<string, number>): void {
  const due = [...eachAudience(s)].filter((a) => a.agingDue !== null);
  const entries = scheduleEntries(s.audienceAging);
  expect(s.audienceAging.size).toBe(entries.length);
  expect(entries.map((e) => e.audienceId).sort()).toEqual(due.map((a) => a.id).sort());
  for (const e of entries) expect(getAudience(s, e.audienceId)).toMatchObject({ agingDue: e.at, agingSeq: e.seq });
  for (let i = 1; i < entries.length; i++) {
    const [p, q] = [entries[i - 1] as (typeof entries)[number], entries[i] as (typeof entries)[number]];
    expect(p.at < q.at || (p.at === q.at && p.seq < q.seq)).toBe(true);
  }
  expect(audiencesDueAt(s)).toBe(due.length ? Math.min(...due.map((a) => a.agingDue as number)) : undefined);
  for (const id of ids(s)) {
    expect(isActivelyUsed(s, id)).toBe(activeNow(s, id));
    if (activeNow(s, id)) expect(getAudience(s, id)?.agingDue).toBeNull();
    else expect(getAudience(s, id)?.agingDue).toBe(twoYearsAfter(unusedSince.get(id) as number));
  }
}

describe('audience aging index', () => {
  it('keeps its invariants and deletes exactly the audiences unused for over two years', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let now = Date.parse('2024-01-01T00:00:00Z');
        let s: AudienceSlices = { ...initialAudienceSlices(), counters: {} };
        const audiences: string[] = [];
        const adSets: string[] = [];
        const unusedSince = new Map<string, number>();
        const run = (fn: (d: Draft<AudienceSlices>) => void) => {
          const activeBefore = new Set(ids(s).filter((id) => activeNow(s, id)));
          s = produce(s, fn);
          for (const id of activeBefore) if (getAudience(s, id) && !activeNow(s, id)) unusedSince.set(id, now);
        };
        run((d) => {
          seedAdAccount(d, { id: '1' });
        });
        for (const o of ops) {
          if (o.kind === 'audience') {
            const lastUsedAt = now - o.unusedDays * 86_400_000;
            run((d) => {
              const id = insertAudience(d, '1', { name: 'a', subtype: 'CUSTOM', params: {}, baseCount: 0, now, lastUsedAt });
              audiences.push(id);
              unusedSince.set(id, lastUsedAt);
            });
          } else if (o.kind === 'adSet') {
            const ids = [...new Set(o.audiences.map((i) => audiences[i]).filter((x): x is string => x !== undefined && getAudience(s, x) !== undefined))];
            run((d) => {
              adSets.push(createAdSet(d, '1', { name: 's', status: o.active ? 'ACTIVE' : 'PAUSED', targeting: { custom_audiences: ids } }, now));
            });
          } else if (o.kind === 'status') {
            const id = adSets[o.adSet];
            const set = id ? getAdSet(s, id) : undefined;
            if (!id || !set || set.deletedAudienceIds.length > 0) continue;
            run((d) => updateAdSet(d, id, { status: o.active ? 'ACTIVE' : 'PAUSED' }, now));
          } else if (o.kind === 'delete') {
            const id = audiences[o.audience];
            if (!id || !getAudience(s, id)) continue;
            run((d) => deleteAudience(d, id, now));
          } else {
            now += o.days * 86_400_000;
            const due = audiencesDueAt(s);
            const before = ids(s).filter((id) => !activeNow(s, id) && twoYearsAfter(unusedSince.get(id) as number) <= now);
            const keep = ids(s).filter((id) => !before.includes(id));
            if (due !== undefined && due <= now) run((d) => audiencesTick(d, now));
            for (const id of before) expect(getAudience(s, id)).toBeUndefined();
            for (const id of keep) expect(getAudience(s, id)).toBeDefined();
          }
          checkIndex(s, unusedSince);
        }
      }),
      { numRuns: 200 },
    );
  });
});
