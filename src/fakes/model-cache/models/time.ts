/** An instant with nanosecond precision: epoch seconds plus nanos (0..999,999,999). */
export interface Instant {
  readonly s: number;
  readonly n: number;
}

/** A protobuf Duration read from JSON: whole seconds, nanos, and the sign. */
export interface DurationValue {
  readonly s: number;
  readonly n: number;
  readonly negative: boolean;
}

/** google.protobuf.Duration's range: ±315,576,000,000 seconds (10,000 years). */
export const DURATION_MAX_SECONDS = 315_576_000_000;
/** google.protobuf.Timestamp's range: 0001-01-01T00:00:00Z .. 9999-12-31T23:59:59.999999999Z, in epoch seconds. */
export const TIMESTAMP_MIN_SECONDS = -62_135_596_800;
/** The last whole second a google.protobuf.Timestamp can hold (9999-12-31T23:59:59Z). */
export const TIMESTAMP_MAX_SECONDS = 253_402_300_799;
/** The largest Timestamp, as the wire writes it. */
export const TIMESTAMP_MAX_TEXT = '9999-12-31T23:59:59.999999999Z';

const UINT64_MAX = 18_446_744_073_709_551_615n;

/**
 * Reads a Duration's JSON form as protobuf's JSON parser does, or says why it cannot, in the
 * parser's own words ("Illegal duration format; duration must end with 's'", "Invalid duration
 * format, failed to parse seconds", "Duration value exceeds limits", ...).
 */
export function readDuration(value: unknown): DurationValue | { problem: string } {
  if (typeof value !== 'string') return { problem: `Invalid data type for duration, value is ${scalarText(value)}` };
  if (!value.endsWith('s')) return { problem: "Illegal duration format; duration must end with 's'" };
  let body = value.slice(0, -1);
  const negative = body.startsWith('-');
  if (negative) body = body.slice(1);
  const dot = body.indexOf('.');
  const secs = dot === -1 ? body : body.slice(0, dot);
  const frac = dot === -1 ? '' : body.slice(dot + 1);
  if (!/^\d+$/.test(secs) || BigInt(secs) > UINT64_MAX) return { problem: 'Invalid duration format, failed to parse seconds' };
  // As protobuf reads the fraction: leading zeros dropped, the rest an int32; more than nine digits only when all zeros.
  const rest = frac.replace(/^0+/, '');
  if (!/^\d*$/.test(rest) || (rest !== '' && BigInt(rest) > 2_147_483_647n)) return { problem: 'Invalid duration format, failed to parse nano seconds' };
  if (rest !== '' && frac.length > 9) return { problem: 'Duration value exceeds limits' };
  const s = Number(secs);
  if (s > DURATION_MAX_SECONDS) return { problem: 'Duration value exceeds limits' };
  return { s, n: rest === '' ? 0 : Number(frac.padEnd(9, '0')), negative };
}

/** How protobuf's parser prints a scalar it could not use (numbers and booleans as written; nothing for objects). */
function scalarText(value: unknown): string {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** Reads a Duration string into seconds and nanos; `undefined` when the parser would refuse it. */
export function parseDurationString(text: string): DurationValue | undefined {
  const d = readDuration(text);
  return 'problem' in d ? undefined : d;
}

const TIMESTAMP_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;
const HAS_OFFSET_RE = /(?:[Zz]|[+-]\d{2}:\d{2})$/;

/** Reads a Timestamp's JSON form (RFC 3339, any offset, up to nine fractional digits), or says why it cannot, in the parser's words. */
export function readTimestamp(value: unknown): Instant | { problem: string } {
  if (typeof value !== 'string') return { problem: `Invalid data type for timestamp, value is ${scalarText(value)}` };
  const m = TIMESTAMP_RE.exec(value);
  if (!m) {
    return HAS_OFFSET_RE.test(value)
      ? { problem: 'Invalid time format: Failed to parse input' }
      : { problem: "Illegal timestamp format; timestamps must end with 'Z' or have a valid timezone offset." };
  }
  const [y, mo, d, h, mi, se] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number];
  const bad = { problem: 'Invalid time format: Failed to parse input' };
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59) return bad;
  const day = new Date(0);
  day.setUTCFullYear(y, mo - 1, d); // not Date.UTC: it reads years 0..99 as 1900..1999
  if (day.getUTCDate() !== d) return bad;
  let offsetMin = 0;
  const off = m[8] as string;
  if (off !== 'Z' && off !== 'z') {
    const hours = Number(off.slice(1, 3));
    const minutes = Number(off.slice(4, 6));
    if (hours > 23 || minutes > 59) return bad;
    offsetMin = (off[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  const s = day.getTime() / 1000 + h * 3600 + mi * 60 + se - offsetMin * 60;
  if (s < TIMESTAMP_MIN_SECONDS || s > TIMESTAMP_MAX_SECONDS) return bad;
  return { s, n: Number((m[7] ?? '').padEnd(9, '0')) };
}

/** Reads an RFC 3339 timestamp into an {@link Instant}; `undefined` when malformed or out of the Timestamp range. */
export function parseTimestamp(text: string): Instant | undefined {
  const t = readTimestamp(text);
  return 'problem' in t ? undefined : t;
}

/** Whether an instant fits a google.protobuf.Timestamp (years 0001 to 9999). */
export function inTimestampRange(at: Instant): boolean {
  return at.s >= TIMESTAMP_MIN_SECONDS && at.s <= TIMESTAMP_MAX_SECONDS;
}

/** The same instant (two spellings of one Timestamp compare equal). */
export function sameInstant(a: Instant, b: Instant): boolean {
  return a.s === b.s && a.n === b.n;
}

/** An instant from epoch milliseconds. */
export function fromMs(ms: number): Instant {
  const s = Math.floor(ms / 1000);
  return { s, n: (ms - s * 1000) * 1_000_000 };
}

/** Adds a (possibly negative) duration to an instant. */
export function addDuration(at: Instant, s: number, n: number, negative = false): Instant {
  const sign = negative ? -1 : 1;
  const nanos = at.n + sign * n;
  const carry = Math.floor(nanos / 1e9);
  return { s: at.s + sign * s + carry, n: nanos - carry * 1e9 };
}

/** The first millisecond at or after the instant (when it has passed on a millisecond clock). */
export function toMsCeil(at: Instant): number {
  return at.s * 1000 + Math.ceil(at.n / 1e6);
}

/** Formats an instant as Google does: UTC `Z`, with 0, 3, 6 or 9 fractional digits (the instant must be in the Timestamp range). */
export function formatTimestamp(at: Instant): string {
  const base = new Date(at.s * 1000).toISOString().slice(0, 19);
  if (at.n === 0) return `${base}Z`;
  const nanos = String(at.n).padStart(9, '0');
  const digits = nanos.endsWith('000000') ? 3 : nanos.endsWith('000') ? 6 : 9;
  return `${base}.${nanos.slice(0, digits)}Z`;
}
