// Comparing one answer of the fake with the answer GitHub gave in a recorded session
// (@octokit/fixtures): the status, every recorded key (recursively, objects and array items) with a
// value of the same JSON type, and the headers a client reads (ETag, Last-Modified, Location, Link,
// content-type, x-github-media-type). Values (ids, dates, logins, shas) may differ: the fake's are
// its deterministic ones.

/** What differs between a recorded answer and the fake's. */
export interface Difference {
  /** Recorded keys the fake's answer lacks (`owner.login`, `items[].labels[].name`). */
  missing: string[];
  /** Keys whose value has another JSON type (`temp_clone_token: string → null`). */
  types: string[];
  /** Headers that differ (`etag: absent`, `location: ... ≠ ...`). */
  headers: string[];
}

/** The JSON type of a value (`null`, `array`, `object`, `string`, `number`, `boolean`). */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Walks a recorded value and the fake's side by side. `allowed(path)` says whether a recorded key the
 * fake lacks is an allowed difference (a key GitHub has since retired).
 */
export function compareKeys(recorded: unknown, got: unknown, path: string, diff: Difference, allowed: (path: string) => boolean): void {
  if (isObj(recorded)) {
    if (!isObj(got)) return;
    for (const [k, v] of Object.entries(recorded)) {
      const p = path ? `${path}.${k}` : k;
      if (!(k in got)) {
        if (!allowed(p)) diff.missing.push(p);
        continue;
      }
      const g = got[k];
      if (jsonType(v) !== jsonType(g)) {
        diff.types.push(`${p}: ${jsonType(v)} → ${jsonType(g)}`);
        continue;
      }
      compareKeys(v, g, p, diff, allowed);
    }
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(got)) {
    if (recorded.length > 0 && got.length === 0) {
      diff.missing.push(`${path}[] (${recorded.length} items recorded, none answered)`);
      return;
    }
    recorded.forEach((item, i) => {
      const g = got[Math.min(i, got.length - 1)];
      if (jsonType(item) !== jsonType(g)) diff.types.push(`${path}[${i}]: ${jsonType(item)} → ${jsonType(g)}`);
      else compareKeys(item, g, `${path}[]`, diff, allowed);
    });
  }
}

/** A URL with its ids and shas as placeholders: GitHub's URL form, whatever the values. */
export const urlForm = (u: string) =>
  u
    .replace(/\b[0-9a-f]{40}\b/g, '{sha}')
    .replace(/(?<=[/=])\d+(?=[/?&>;]|$)/g, '{n}')
    .replace(/\s+/g, ' ')
    .trim();

const mediaType = (v: string) => v.toLowerCase().replace(/\s+/g, '');

/** Compares the headers a client reads, where the recording has them. */
export function compareHeaders(recorded: Record<string, unknown>, got: Record<string, string>, diff: Difference): void {
  const rec = (h: string) => (recorded[h] === undefined ? undefined : String(recorded[h]));
  for (const h of ['etag', 'last-modified']) if (rec(h) !== undefined && !got[h]) diff.headers.push(`${h}: absent`);
  for (const h of ['location', 'link']) {
    const r = rec(h);
    if (r === undefined) continue;
    const g = got[h];
    if (g === undefined) diff.headers.push(`${h}: absent (recorded ${r})`);
    else if (urlForm(g) !== urlForm(r)) diff.headers.push(`${h}: ${g} ≠ ${r}`);
  }
  for (const h of ['content-type', 'x-github-media-type']) {
    const r = rec(h);
    if (r === undefined) continue;
    const g = got[h];
    if (g === undefined || mediaType(g) !== mediaType(r)) diff.headers.push(`${h}: ${g ?? 'absent'} ≠ ${r}`);
  }
}

/**
 * Learns what the recording's ids became in the fake: two URLs of the same form (a `url` in both
 * answers, a Location, a Link) map each recorded number to the fake's, keyed by the segment before it
 * (`releases/1000` → `releases/3`, `assets/1000` → `assets/5`).
 */
export function learnIds(recorded: unknown, got: unknown, ids: Map<string, string>): void {
  if (typeof recorded === 'string' && typeof got === 'string') {
    const links = (s: string) => [...s.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
    const a = links(recorded);
    const b = links(got);
    for (let i = 0; i < Math.min(a.length, b.length); i++) pairUrls(a[i] as string, b[i] as string, ids);
    return;
  }
  if (isObj(recorded) && isObj(got)) {
    for (const [k, v] of Object.entries(recorded)) if (k in got) learnIds(v, got[k], ids);
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(got)) {
    for (let i = 0; i < recorded.length; i++) learnIds(recorded[i], got[i], ids);
  }
}

function pairUrls(a: string, b: string, ids: Map<string, string>): void {
  const sa = a.split(/[?#]/)[0]?.split('/') ?? [];
  const sb = b.split(/[?#]/)[0]?.split('/') ?? [];
  if (sa.length !== sb.length) return;
  for (let i = 1; i < sa.length; i++) {
    const x = sa[i] as string;
    const y = sb[i] as string;
    if (x === y || !/^\d+$/.test(x) || !/^\d+$/.test(y) || sa[i - 1] !== sb[i - 1]) continue;
    const key = `${sa[i - 1]}/${x}`;
    if (!ids.has(key)) ids.set(key, `${sa[i - 1]}/${y}`);
  }
}

/** A recorded path with the ids learned so far replaced by the fake's. */
export function substitute(path: string, ids: ReadonlyMap<string, string>, values: Readonly<Record<string, string>>): string {
  let out = path;
  for (const [from, to] of Object.entries(values)) out = out.split(from).join(to);
  for (const [from, to] of ids) out = out.replace(new RegExp(`/${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[/?#]|$)`, 'g'), `/${to}`);
  return out;
}
