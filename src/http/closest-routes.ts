import { editDistance } from '../util/suggest.js';
import { splitTemplate } from './router.js';

// The closest routes to a request no route answers ("did you mean"), with bounded work per request.
//
// A route's score against a path: per segment, 3 for an equal literal, 2 for a parameter whose affixes
// fit (`act_{id}` wants `act_...`), 0.5 for one whose do not, 1 for a multi-segment pattern, 1.5 for a
// literal within a quarter of its length in edits; minus 1.5 per segment of difference in length; plus
// 1 for the same method. A leading prefix the base URL lacks (`/api/v3`) is tried away too (one or two
// segments cut, at 1 point each).
//
// Bounded: templates are split once per route list, into buckets by first segment and length. A bucket's
// best possible score is known from its first segment alone; buckets are scored best-first, and scoring
// stops when no bucket left can beat the results (or after MAX_SCORED routes). Edit distances are only
// computed for segments of near length (the distance is at least the difference in length), so a 60 KB
// segment costs a length comparison. Only the first segments of a path are looked at: past the deepest
// template, more segments shift every route's score alike and change no ranking.

/** A template segment, pre-parsed. */
type Seg = { kind: 'literal'; text: string } | { kind: 'param'; prefix: string; suffix: string } | { kind: 'pattern' };

interface Candidate {
  readonly key: string;
  readonly method: string;
  readonly segs: readonly Seg[];
  /** Under `/_`: a fake's non-API host (GitHub's archive and log hosts), suggested only for paths there. */
  readonly hidden: boolean;
}

interface Bucket {
  /** The first segment of every member (undefined for `/`). */
  readonly head: Seg | undefined;
  /** The number of segments of every member. */
  readonly length: number;
  readonly members: Candidate[];
}

interface SuggestIndex {
  readonly buckets: readonly Bucket[];
  /** Segments of a path worth reading: past the deepest template (plus the two cuts), ranking does not change. */
  readonly depth: number;
}

/** Routes scored at most per request (best-first), whatever the route list (above every catalog today: GitHub lists 910). */
const MAX_SCORED = 1000;

function parseSeg(seg: string): Seg {
  const param = /^([^{}]*)\{[^}]+\}([^{}]*)$/.exec(seg);
  if (param) return { kind: 'param', prefix: param[1] as string, suffix: param[2] as string };
  if (seg.includes('{')) return { kind: 'pattern' };
  return { kind: 'literal', text: seg };
}

function headKey(seg: Seg | undefined): string {
  if (!seg) return '';
  if (seg.kind === 'literal') return `l:${seg.text}`;
  if (seg.kind === 'param') return `p:${seg.prefix}{}${seg.suffix}`;
  return 'm';
}

const indexes = new WeakMap<ReadonlyArray<{ method: string; template: string }>, SuggestIndex>();

function indexOf(routes: ReadonlyArray<{ method: string; template: string }>): SuggestIndex {
  let index = indexes.get(routes);
  if (index) return index;
  const byKey = new Map<string, Bucket>();
  let deepest = 0;
  for (const r of routes) {
    const segs = splitTemplate(r.template).map(parseSeg);
    deepest = Math.max(deepest, segs.length);
    const c: Candidate = { key: `${r.method} ${r.template}`, method: r.method, segs, hidden: r.template.startsWith('/_') };
    const k = `${headKey(segs[0])} ${segs.length}`;
    let bucket = byKey.get(k);
    if (!bucket) {
      bucket = { head: segs[0], length: segs.length, members: [] };
      byKey.set(k, bucket);
    }
    bucket.members.push(c);
  }
  index = { buckets: [...byKey.values()], depth: deepest + 3 };
  indexes.set(routes, index);
  return index;
}

/** How much a template segment looks like a path segment. */
function segmentScore(t: Seg, s: string): number {
  if (t.kind === 'param') return s.length > 0 && s.startsWith(t.prefix) && s.endsWith(t.suffix) ? 2 : 0.5;
  if (t.kind === 'pattern') return 1;
  if (t.text === s) return 3;
  const limit = Math.max(1, Math.floor(t.text.length / 4));
  if (Math.abs(t.text.length - s.length) > limit) return 0;
  return editDistance(t.text, s) <= limit ? 1.5 : 0;
}

/**
 * The first `max` segments of a path (split on `/` but not inside `{...=...}`, a trailing `/` adding
 * none, as the router reads templates) and how many there are, capped at `max + 1`.
 */
function leadingSegments(path: string, max: number): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  while (start < path.length && path.charCodeAt(start) === 47) start++;
  let i = start;
  for (; i < path.length && out.length <= max; i++) {
    const ch = path.charCodeAt(i);
    if (ch === 123) depth++;
    else if (ch === 125) depth--;
    else if (ch === 47 && depth === 0) {
      out.push(path.slice(start, i));
      start = i + 1;
    }
  }
  if (out.length <= max && (start < path.length || out.length > 0)) out.push(path.slice(start));
  // A trailing slash adds no segment (an empty last one is dropped, as splitTemplate drops it).
  if (out.length > 0 && out[out.length - 1] === '' && i >= path.length) out.pop();
  return out;
}

interface Scored {
  key: string;
  score: number;
}

// Ties are ordered as `localeCompare` orders them (one shared collator: the same order, far cheaper per
// call). Made on the first tie, not at import: creating a collator loads ICU's collation data (~5 ms).
let collator: Intl.Collator | undefined;

function better(a: Scored, b: Scored): boolean {
  if (a.score !== b.score) return a.score > b.score;
  collator ??= new Intl.Collator();
  return collator.compare(a.key, b.key) < 0;
}

/**
 * Up to `n` routes that look most like a request, by path similarity: literal and near-literal
 * segments, parameter shapes (`act_{id}` wants `act_...`), length, method; a leading prefix the base
 * URL lacks (`/api/v3` of GitHub Enterprise Server) is tried away too. The work is bounded whatever the
 * path's length and the number of routes (see the top of this file).
 */
export function closestRoutes(routes: ReadonlyArray<{ method: string; template: string }>, method: string, path: string, n = 3): string[] {
  if (n <= 0 || routes.length === 0) return [];
  const index = indexOf(routes);
  const segs = leadingSegments(path, index.depth);
  const total = segs.length;
  const m = method.toUpperCase();
  const showHidden = path.startsWith('/_');
  const cuts = [0, 1, 2].filter((cut) => cut === 0 || cut <= total - 1);
  // Literal segments recur across templates (`issues`, `pulls`): each is compared with a path segment once.
  const memo = segs.map(() => new Map<string, number>());
  const score = (t: Seg, at: number): number => {
    if (t.kind !== 'literal') return segmentScore(t, segs[at] as string);
    const seen = memo[at] as Map<string, number>;
    let v = seen.get(t.text);
    if (v === undefined) {
      v = segmentScore(t, segs[at] as string);
      seen.set(t.text, v);
    }
    return v;
  };
  // A bucket's best possible score: its first segment's score, 3 for every other compared segment.
  const bound = (b: Bucket): number => {
    let best = Number.NEGATIVE_INFINITY;
    for (const cut of cuts) {
      const len = total - cut;
      const compared = Math.min(b.length, len);
      const head = compared > 0 && b.head ? score(b.head, cut) + 3 * (compared - 1) : 0;
      best = Math.max(best, head - 1.5 * Math.abs(b.length - len) - cut);
    }
    return best + 1;
  };
  const order = index.buckets.map((b) => ({ b, bound: bound(b) })).sort((x, y) => y.bound - x.bound);
  const top: Scored[] = [];
  let scored = 0;
  for (const { b, bound: limit } of order) {
    const last = top[n - 1];
    if (last && limit < last.score) break;
    if (scored >= MAX_SCORED) break;
    for (const c of b.members) {
      if (c.hidden && !showHidden) continue;
      scored += 1;
      let best = Number.NEGATIVE_INFINITY;
      for (const cut of cuts) {
        const len = total - cut;
        let sum = 0;
        for (let k = 0; k < Math.min(c.segs.length, len); k++) sum += score(c.segs[k] as Seg, cut + k);
        best = Math.max(best, sum - 1.5 * Math.abs(c.segs.length - len) - cut);
      }
      const entry = { key: c.key, score: best + (c.method === m ? 1 : 0) };
      if (top.length < n || better(entry, top[top.length - 1] as Scored)) {
        let i = top.length;
        while (i > 0 && better(entry, top[i - 1] as Scored)) i--;
        top.splice(i, 0, entry);
        if (top.length > n) top.pop();
      }
    }
  }
  return top.map((s) => s.key);
}
