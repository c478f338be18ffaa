/** Units accepted by {@link parseDuration}: milliseconds, seconds, minutes, hours, days. */
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration: a number of milliseconds or a string such as `'90s'`, `'10m'`, `'2h'`, `'3d'`, `'250ms'`. */
export type Duration = number | `${number}${keyof typeof UNIT_MS}`;

/**
 * Turns a {@link Duration} into milliseconds.
 * @example parseDuration('2h') // 7_200_000
 */
export function parseDuration(d: Duration | string): number {
  if (typeof d === 'number') {
    if (!Number.isFinite(d)) throw new RangeError(`stuntdouble: duration must be finite, got ${d}`);
    return d;
  }
  const m = /^(-?\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(d.trim());
  if (!m) throw new RangeError(`stuntdouble: cannot read duration '${d}' (use ms or '90s', '10m', '2h', '3d')`);
  return Math.round(Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS]);
}
