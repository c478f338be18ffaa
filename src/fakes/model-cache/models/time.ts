/** An instant with nanosecond precision: epoch seconds plus nanos (0..999,999,999). */
export interface Instant {
  readonly s: number;
  readonly n: number;
}

/** A protobuf Duration in JSON form: seconds with up to nine fractional digits, ending in `s`. */
export const DURATION_RE = /^(-?)(\d+)(?:\.(\d{1,9}))?s$/;
/** RFC 3339 with any offset and up to nine fractional digits. */
export const TIMESTAMP_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

/** Reads a Duration string into seconds and nanos; `undefined` when malformed. */
export function parseDurationString(text: string): { s: number; n: number; negative: boolean } | undefined {
  const m = DURATION_RE.exec(text);
  if (!m) return undefined;
  const n = Number((m[3] ?? '').padEnd(9, '0'));
  return { s: Number(m[2]), n, negative: m[1] === '-' };
}

/** Reads an RFC 3339 timestamp into an {@link Instant}; `undefined` when malformed or out of range. */
export function parseTimestamp(text: string): Instant | undefined {
  const m = TIMESTAMP_RE.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, se] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 60) return undefined;
  const base = Date.UTC(y, mo - 1, d, h, mi, Math.min(se, 59));
  const check = new Date(base);
  if (check.getUTCDate() !== d) return undefined;
  let offsetMin = 0;
  const off = m[8] as string;
  if (off !== 'Z' && off !== 'z') {
    const sign = off[0] === '-' ? -1 : 1;
    offsetMin = sign * (Number(off.slice(1, 3)) * 60 + Number(off.slice(4, 6)));
  }
  return { s: base / 1000 - offsetMin * 60, n: Number((m[7] ?? '').padEnd(9, '0')) };
}

/** An instant from epoch milliseconds. */
export function fromMs(ms: number): Instant {
  const s = Math.floor(ms / 1000);
  return { s, n: (ms - s * 1000) * 1_000_000 };
}

/** Adds seconds and nanos to an instant. */
export function addDuration(at: Instant, s: number, n: number): Instant {
  const nanos = at.n + n;
  return { s: at.s + s + Math.floor(nanos / 1e9), n: nanos % 1e9 };
}

/** The first millisecond at or after the instant (when it has passed on a millisecond clock). */
export function toMsCeil(at: Instant): number {
  return at.s * 1000 + Math.ceil(at.n / 1e6);
}

/** Formats an instant as Google does: UTC `Z`, with 0, 3, 6 or 9 fractional digits. */
export function formatTimestamp(at: Instant): string {
  const base = new Date(at.s * 1000).toISOString().slice(0, 19);
  if (at.n === 0) return `${base}Z`;
  const nanos = String(at.n).padStart(9, '0');
  const digits = nanos.endsWith('000000') ? 3 : nanos.endsWith('000') ? 6 : 9;
  return `${base}.${nanos.slice(0, digits)}Z`;
}
