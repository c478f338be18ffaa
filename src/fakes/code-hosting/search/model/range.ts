/**
 * GitHub's range values of search qualifiers (`created:>2024-01-01`, `comments:>=3`, `stars:10..50`,
 * `created:2024-01-01..*`): a bound compares against a number, or against a time (a date alone stands
 * for that whole day, UTC: `created:>2024-01-01` starts the next day, `created:2024-01-01` is that day).
 */

const DAY = 86_400_000;

/** A bound as a number, and the end of its unit (the next day for a date alone); undefined when unreadable. */
function bound(v: string, dates: boolean): { at: number; next: number } | undefined {
  if (!dates) {
    const n = Number(v);
    return v !== '' && Number.isFinite(n) ? { at: n, next: n + 1 } : undefined;
  }
  const at = Date.parse(v);
  if (!Number.isFinite(at)) return undefined;
  return { at, next: /^\d{4}-\d{2}-\d{2}$/.test(v) ? at + DAY : at + 1 };
}

/**
 * Whether a value (a number, or epoch ms for `dates`) is in a range value. An unreadable range matches
 * nothing (GitHub finds nothing for `created:>soon`).
 */
export function inRange(value: number, spec: string, dates: boolean): boolean {
  const m = /^(>=|<=|>|<)(.+)$/.exec(spec);
  if (m) {
    const b = bound(m[2] as string, dates);
    if (!b) return false;
    if (m[1] === '>') return dates ? value >= b.next : value > b.at;
    if (m[1] === '>=') return value >= b.at;
    if (m[1] === '<') return value < b.at;
    return dates ? value < b.next : value <= b.at;
  }
  const dots = spec.indexOf('..');
  if (dots >= 0) {
    const lo = spec.slice(0, dots);
    const hi = spec.slice(dots + 2);
    const l = lo === '*' ? { at: Number.NEGATIVE_INFINITY, next: Number.NEGATIVE_INFINITY } : bound(lo, dates);
    const h = hi === '*' ? { at: Number.POSITIVE_INFINITY, next: Number.POSITIVE_INFINITY } : bound(hi, dates);
    if (!l || !h) return false;
    return value >= l.at && (dates ? value < h.next : value <= h.at);
  }
  const b = bound(spec, dates);
  return b !== undefined && value >= b.at && value < b.next;
}
