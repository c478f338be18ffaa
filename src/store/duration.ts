import { InvalidInputError } from '../util/parse.js';

/** Units accepted by {@link parseDuration}: milliseconds, seconds, minutes, hours, days. */
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
type Unit = keyof typeof UNIT_MS;

/** A duration: a number of milliseconds or a string such as `'90s'`, `'10m'`, `'2h'`, `'3d'`, `'250ms'`. */
export type Duration = number | `${number}${Unit}`;

/** The accepted forms, as error messages list them. */
export const DURATION_FORMS = "milliseconds (a number) or a string such as '250ms', '90s', '10m', '2h' or '3d'";

// Unit words people write for the units above: '10 mins' → '10m', '2hr' → '2h'.
const UNIT_WORDS: Readonly<Record<string, Unit>> = {
  ms: 'ms',
  msec: 'ms',
  msecs: 'ms',
  millis: 'ms',
  millisecond: 'ms',
  milliseconds: 'ms',
  s: 's',
  sec: 's',
  secs: 's',
  second: 's',
  seconds: 's',
  m: 'm',
  min: 'm',
  mins: 'm',
  minute: 'm',
  minutes: 'm',
  h: 'h',
  hr: 'h',
  hrs: 'h',
  hour: 'h',
  hours: 'h',
  d: 'd',
  day: 'd',
  days: 'd',
};

/** What a value is, for a message (never its full contents). */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'an invalid Date' : 'a Date';
  if (typeof value === 'string') return `'${value.length > 60 ? `${value.slice(0, 60)}…` : value}'`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'function') return 'a function';
  return `${typeof value} ${String(value)}`;
}

/**
 * Turns a {@link Duration} into milliseconds. Input of another form (`null`, `'10 minutes'`, an object)
 * throws an `InvalidInputError` listing the accepted forms (with the nearest spelling when the unit is a
 * word: `'10 mins'` → `'10m'`); a number that is not finite throws a RangeError.
 * @param where what took the duration, for the message (`clock.advance()`)
 * @example parseDuration('2h') // 7_200_000
 */
export function parseDuration(d: Duration | string, where = 'a duration'): number {
  if (typeof d === 'number') {
    if (!Number.isFinite(d)) throw new RangeError(`stuntdouble: duration must be finite, got ${d}`);
    return d;
  }
  if (typeof d !== 'string') throw new InvalidInputError(`stuntdouble: ${where} takes ${DURATION_FORMS}; got ${kindOf(d)}.`);
  const m = /^(-?\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(d.trim());
  if (!m) {
    const loose = /^(-?\d+(?:\.\d+)?)\s*([A-Za-z]+)\.?$/.exec(d.trim());
    const unit = loose ? UNIT_WORDS[(loose[2] as string).toLowerCase()] : undefined;
    const hint = loose && unit ? ` Did you mean '${loose[1]}${unit}'?` : '';
    throw new InvalidInputError(`stuntdouble: cannot read duration ${kindOf(d)}: ${where} takes ${DURATION_FORMS}.${hint}`);
  }
  return Math.round(Number(m[1]) * UNIT_MS[m[2] as Unit]);
}
