import { type Duration, parseDuration } from './duration.js';

/**
 * How a clock starts: `'real'` follows the system time (captured when the fakes are created, so a
 * test runner's fake timers do not move it); `'system'` reads `Date.now()` on every read, so
 * `vi.setSystemTime()` / `jest.setSystemTime()` move it; a Date, ISO string or epoch ms freezes it
 * at that instant.
 */
export type ClockOption = 'real' | 'system' | Date | string | number;

/** The fake clock every fake reads time from. */
export interface Clock {
  /** The current fake time. */
  now(): Date;
  /** The current fake time in epoch milliseconds. */
  nowMs(): number;
  /** `'real'` (system time plus any offset), `'system'` (`Date.now()` as mocked by the runner, plus any offset) or `'frozen'`. */
  readonly mode: 'real' | 'system' | 'frozen';
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
  // 'real': captured once so vi.useFakeTimers() replacing Date.now cannot stop or rewind the clock.
  // 'system': looked up on every read, so the runner's mocked system time is followed.
  const follows = option === 'system';
  const capturedNow = Date.now.bind(Date);
  const systemNow = follows ? () => globalThis.Date.now() : capturedNow;
  let frozenAt: number | undefined = option === 'real' || option === 'system' ? undefined : toEpochMs(option);
  let offset = 0;
  const nowMs = () => frozenAt ?? systemNow() + offset;
  return {
    now: () => new Date(nowMs()),
    nowMs,
    get mode() {
      return frozenAt !== undefined ? 'frozen' : follows ? 'system' : 'real';
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
