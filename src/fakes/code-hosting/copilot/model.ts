import { keyList, keyListAll, keyListPush, keyListRemove } from '../../../store/key-list.js';
import { tableGet, tableSet } from '../../../store/table.js';
import type { CodeHostingState } from '../state.js';
import type { SeatRecord } from './state.js';

/**
 * Copilot Business seats of organizations. A seat is assigned to a user directly or through a team
 * (`assigning_team`); cancelling sets its `pending_cancellation_date` to the start of the next billing
 * cycle — billing cycles here are calendar months (UTC) — and the seat is gone from that date on the
 * fake clock. Keyed `<org lower>:<login lower>`; seats of an organization listed in the order they were
 * assigned.
 */

const seatKey = (org: string, login: string) => `${org.toLowerCase()}:${login.toLowerCase()}`;
const orgList = (org: string) => `org:${org.toLowerCase()}`;

/** The first day (UTC) of the billing cycle after the one holding `nowMs`, as `YYYY-MM-DD`. */
export function nextCycleStart(nowMs: number): string {
  const d = new Date(nowMs);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/** The start (epoch ms) of the billing cycle holding `nowMs`. */
export function cycleStart(nowMs: number): number {
  const d = new Date(nowMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** Whether a seat still gives access at `nowMs` (its cancellation date not reached). */
const live = (s: SeatRecord, nowMs: number) => s.pending_cancellation_date === null || Date.parse(`${s.pending_cancellation_date}T00:00:00Z`) > nowMs;

/** A user's seat in an organization while it lasts. */
export function seatOf(state: CodeHostingState, org: string, login: string, nowMs: number): SeatRecord | undefined {
  const s = tableGet(state.copilot.seats, seatKey(org, login));
  return s && live(s, nowMs) ? s : undefined;
}

/** The seats of an organization that last at `nowMs`, in assignment order. */
export function seatsOf(state: CodeHostingState, org: string, nowMs: number): SeatRecord[] {
  return keyListAll(keyList(state.copilot.lists, orgList(org)))
    .map((l) => tableGet(state.copilot.seats, `${org.toLowerCase()}:${l}`))
    .filter((s): s is SeatRecord => s !== undefined && live(s, nowMs));
}

/**
 * Assigns a seat (directly, or through a team): a new seat, or a seat pending cancellation restored
 * ("refreshed"), counts; a seat already in force does not. Answers whether it counted.
 */
export function assignSeat(state: CodeHostingState, org: string, login: string, teamId: number | null, now: string): boolean {
  const nowMs = Date.parse(now);
  const key = seatKey(org, login);
  const prev = tableGet(state.copilot.seats, key);
  if (prev && live(prev, nowMs)) {
    if (prev.pending_cancellation_date === null) return false;
    prev.pending_cancellation_date = null;
    prev.updated_at = now;
    if (teamId !== null) prev.teamId = teamId;
    return true;
  }
  if (prev) keyListRemove(state.copilot.lists, orgList(org), login.toLowerCase());
  tableSet(state.copilot.seats, key, { org, login, teamId, created_at: now, updated_at: now, pending_cancellation_date: null });
  keyListPush(state.copilot.lists, orgList(org), login.toLowerCase());
  return true;
}

/** Sets a seat to pending cancellation (the next cycle's start); answers whether it changed. */
export function cancelSeat(seat: SeatRecord, now: string): boolean {
  if (seat.pending_cancellation_date !== null) return false;
  seat.pending_cancellation_date = nextCycleStart(Date.parse(now));
  seat.updated_at = now;
  return true;
}

/** GitHub's `copilot-organization-seat-breakdown` of an organization at `nowMs` (no seat has activity here). */
export function seatBreakdown(state: CodeHostingState, org: string, nowMs: number): Record<string, number> {
  const seats = seatsOf(state, org, nowMs);
  const start = cycleStart(nowMs);
  return {
    total: seats.length,
    added_this_cycle: seats.filter((s) => Date.parse(s.created_at) >= start).length,
    pending_invitation: 0,
    pending_cancellation: seats.filter((s) => s.pending_cancellation_date !== null).length,
    active_this_cycle: 0,
    inactive_this_cycle: seats.length,
  };
}
