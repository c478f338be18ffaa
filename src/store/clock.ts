import { type Duration, parseDuration } from './duration.js';

/** How a clock starts: `'real'` follows the system time; a Date or ISO string freezes it at that instant. */
export type ClockOption = 'real' | Date | string | number;

/** The fake clock every fake reads time from. */
export interface Clock {
  /** The current fake time. */
  now(): Date;
  /** The current fake time in epoch milliseconds. */
  nowMs(): number;
  /** `'real'` (system time plus any offset) or `'frozen'`. */
  readonly mode: 'real' | 'frozen';
  /** Moves the clock to an instant (a frozen clock stays frozen; a real clock keeps ticking from there). */
  set(at: Date | string | number): void;
  /** Moves the clock forward by a duration: ms, `'90s'`, `'10m'`, `'2h'`, `'3d'`. */
  advance(by: Duration): void;
  /** Stops the clock at the current (or the given) instant. */
  freeze(at?: Date | string | number): void;
}

/** Reads an instant from a Date, an ISO string or epoch milliseconds. */
export function toEpochMs(at: Date | string | number): number {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) throw new RangeError(`stuntdouble: not a valid instant: ${String(at)}`);
  return ms;
}

/**
 * Creates a clock. `onChange` runs after every `set`/`advance`/`freeze` so time-driven state
 * (scheduled posts, expiring caches) is evaluated at once, never with timers.
 */
export function createClock(option: ClockOption = 'real', onChange?: () => void): Clock {
  // Captured once so vi.useFakeTimers() replacing Date.now cannot stop or rewind the real mode.
  const systemNow = Date.now.bind(Date);
  let frozenAt: number | undefined = option === 'real' ? undefined : toEpochMs(option);
  let offset = 0;
  const nowMs = () => frozenAt ?? systemNow() + offset;
  return {
    now: () => new Date(nowMs()),
    nowMs,
    get mode() {
      return frozenAt === undefined ? 'real' : 'frozen';
    },
    set(at) {
      const ms = toEpochMs(at);
      if (frozenAt === undefined) offset = ms - systemNow();
      else frozenAt = ms;
      onChange?.();
    },
    advance(by) {
      const ms = parseDuration(by);
      if (ms < 0) throw new RangeError('stuntdouble: the clock only moves forward; use clock.set() to go back');
      if (frozenAt === undefined) offset += ms;
      else frozenAt += ms;
      onChange?.();
    },
    freeze(at) {
      frozenAt = at === undefined ? nowMs() : toEpochMs(at);
      onChange?.();
    },
  };
}
