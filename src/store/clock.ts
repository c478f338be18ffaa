import { memoizeLast } from '../util/memo.js';
import { InvalidInputError } from '../util/parse.js';
import { type Duration, kindOf, parseDuration } from './duration.js';

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
  /**
   * Moves the clock to an instant (a frozen clock stays frozen; a real clock keeps ticking from there).
   * Only instants a `Date` holds are accepted (RangeError otherwise); fractions of a millisecond are rounded.
   * Input of another form (`null`, an object, an unreadable string) throws an `InvalidInputError` listing the accepted forms.
   */
  set(at: Date | string | number): void;
  /**
   * Moves the clock forward by a duration: ms, `'90s'`, `'10m'`, `'2h'`, `'3d'`. The duration is rounded
   * to whole milliseconds (`advance(0.3)` moves nothing); a move past the range of a `Date` throws a
   * RangeError and leaves the clock where it was. Input of another form (`null`, `'10 minutes'`) throws an
   * `InvalidInputError` listing the accepted forms (with the nearest spelling: `'10 mins'` → `'10m'`).
   */
  advance(by: Duration): void;
  /** Stops the clock at the current (or the given) instant. */
  freeze(at?: Date | string | number): void;
}

/**
 * The ISO text of an instant (what `clock.now().toISOString()` gives), made once per instant: on a
 * frozen clock every request arrives at the same one.
 * @example isoAt(clock.nowMs()) // '2024-01-10T00:00:00.000Z'
 */
export const isoAt: (ms: number) => string = memoizeLast((ms: number) => new Date(ms).toISOString());

/** The largest distance from the epoch a JavaScript `Date` holds: ±8.64e15 ms (±100,000,000 days). */
export const MAX_EPOCH_MS = 8.64e15;

/**
 * Checks that an instant is one a `Date` can hold and rounds it to whole milliseconds (timestamps
 * never carry fractions of a millisecond). Throws a RangeError otherwise, naming what was asked.
 */
export function checkEpochMs(ms: number, what: string): number {
  if (!Number.isFinite(ms)) throw new RangeError(`stuntdouble: ${what} is not a finite time: ${String(ms)}`);
  const rounded = Math.round(ms);
  if (Math.abs(rounded) > MAX_EPOCH_MS) throw new RangeError(`stuntdouble: ${what} is outside the range a Date holds (±8.64e15 ms from 1970): ${String(ms)}`);
  return rounded;
}

/** The accepted forms of an instant, as error messages list them. */
export const INSTANT_FORMS = "a Date, an ISO 8601 string such as '2024-01-01T00:00:00Z', or epoch milliseconds (a number)";

/**
 * Reads an instant from a Date, an ISO string or epoch milliseconds: only finite instants within the
 * range of a JavaScript `Date` (±8.64e15 ms), rounded to whole milliseconds. Input of another form
 * (`null`, an object, a string no date parser reads, an invalid Date) throws an `InvalidInputError`
 * listing the accepted forms; a number that is no finite instant in range throws a RangeError.
 * @param where what took the instant, for the message (`clock.set()`)
 */
export function toEpochMs(at: Date | string | number, where = 'an instant'): number {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : Number.NaN;
  if (typeof at !== 'number' && !Number.isFinite(ms))
    throw new InvalidInputError(`stuntdouble: not a valid instant: ${kindOf(at)}; ${where} takes ${INSTANT_FORMS}.`);
  if (!Number.isFinite(ms)) throw new RangeError(`stuntdouble: not a valid instant: ${String(at)}`);
  return checkEpochMs(ms, `the instant ${String(at)}`);
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
      const ms = toEpochMs(at, 'clock.set()');
      if (frozenAt === undefined) offset = ms - systemNow();
      else frozenAt = ms;
      onChange?.();
    },
    advance(by) {
      const ms = Math.round(parseDuration(by, 'clock.advance()'));
      if (ms < 0) throw new RangeError('stuntdouble: the clock only moves forward; use clock.set() to go back');
      checkEpochMs(nowMs() + ms, `advancing the clock by ${String(by)}`);
      if (frozenAt === undefined) offset += ms;
      else frozenAt += ms;
      onChange?.();
    },
    freeze(at) {
      frozenAt = at === undefined ? nowMs() : toEpochMs(at, 'clock.freeze()');
      onChange?.();
    },
  };
}
