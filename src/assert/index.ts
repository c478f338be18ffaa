import { AssertionError } from 'node:assert';
import { inspect, isDeepStrictEqual } from 'node:util';
import type { Fakes } from '../create-fakes.js';
import type { RouteKey } from '../fakes/route-keys.js';
import { engineOf } from '../http/engines.js';
import type { RecordedCall } from '../store/journal.js';
import { assertKnownKeys } from '../util/suggest.js';

/**
 * What {@link assertReceived} (and the `toHaveReceived` matcher) can check besides the route.
 * Each key given must equal the recorded call's value; keys left out are not checked.
 */
export interface ReceivedExpectation {
  /** The parsed request body (JSON object, form fields, or text). */
  body?: unknown;
  /** The query string as an object of strings. */
  query?: unknown;
  /** The status the fake answered. */
  status?: number;
  /** Request headers (lower-case names). */
  headers?: unknown;
  /**
   * The call's tags: faults and overrides that shaped the answer (`'override'`, `'flaky'`) and what the
   * fake noted about the call (`'cachedContent=<name>'` when a generate call used a cache). Compare with
   * `expect.arrayContaining([...])` to check one tag.
   */
  tags?: unknown;
}

/**
 * How two values are compared. The runners' integrations pass their own `equals` (so asymmetric
 * matchers such as `expect.objectContaining` work); the default is `util.isDeepStrictEqual`.
 */
export type Equals = (actual: unknown, expected: unknown) => boolean;

/**
 * The outcome of one check: whether it passed, and the message to show for either outcome
 * (`message(false)` explains a failure, `message(true)` explains why a negated check failed).
 * The vitest and Jest matchers and the `assert*` functions all read their messages from here.
 */
export interface CheckResult {
  /** Whether the fakes satisfy the expectation. */
  pass: boolean;
  /** The message for a failed positive check (`negated` false) or a failed negated check (`negated` true). */
  message(negated: boolean): string;
  /** For a diff: what was expected. */
  expected?: unknown;
  /** For a diff: the closest actual value. */
  actual?: unknown;
}

function asFakes(received: unknown): Fakes {
  if (!received || typeof received !== 'object' || !('calls' in received) || !('unmatched' in received)) {
    throw new TypeError('stuntdouble: expected a fakes instance from createFakes() or useFakes()');
  }
  return received as Fakes;
}

/**
 * The calls on a route: `'METHOD /template'` matches the route in any spelling of its parameters,
 * `'METHOD /concrete/path'` the path; the same rules as `calls.where({ route })`. A route no fake
 * serves, or a path no route answers, throws an error naming the nearest routes, so a misspelt route
 * cannot make a negated check pass forever.
 */
export function callsOnRoute(fakes: Fakes, route: string, where = 'toHaveReceived()'): RecordedCall[] {
  const selects = engineOf(fakes, where).routeSelector(undefined, route, where);
  return fakes.calls.filter((c) => selects(c));
}

/** The keys an expectation may have. */
const EXPECTATION_KEYS = ['body', 'query', 'status', 'headers', 'tags'] as const;

function pick(call: RecordedCall, expected: ReceivedExpectation): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if ('body' in expected) out.body = call.body;
  if ('query' in expected) out.query = call.query;
  if ('status' in expected) out.status = call.status;
  if ('headers' in expected) out.headers = call.headers;
  if ('tags' in expected) out.tags = call.tags;
  return out;
}

interface AsymmetricMatcherLike {
  $$typeof: symbol;
  asymmetricMatch(other: unknown): boolean;
  sample?: unknown;
  toString(): string;
  toAsymmetricMatcher?(): string;
}

const ASYMMETRIC = Symbol.for('jest.asymmetricMatcher');

function isAsymmetricMatcher(value: unknown): value is AsymmetricMatcherLike {
  return (
    !!value &&
    typeof value === 'object' &&
    (value as { $$typeof?: unknown }).$$typeof === ASYMMETRIC &&
    typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch === 'function'
  );
}

const printClasses = new Map<string, new () => object>();

/** An empty instance of a class named `name`: node's `inspect` (and its assertion diffs) print it as `name {...}`. */
function named(name: string): Record<string, unknown> {
  let C = printClasses.get(name);
  if (!C) {
    C = { [name]: class {} }[name] as new () => object;
    printClasses.set(name, C);
  }
  return new C() as Record<string, unknown>;
}

/**
 * `value` with every asymmetric matcher (`expect.objectContaining({...})`, `expect.any(String)`, ...)
 * replaced by what it matches, as vitest and Jest print them (`ObjectContaining { vcs: 'git' }`,
 * `Any<String> {}`), instead of the matcher object's insides (`$$typeof`, `inverse`, `sample`).
 */
export function forDisplay(value: unknown, depth = 0): unknown {
  if (isAsymmetricMatcher(value)) {
    const name = String(value.toString());
    const sample = 'sample' in value ? forDisplay(value.sample, depth + 1) : undefined;
    if (/^Object(Not)?Containing$/.test(name) && sample && typeof sample === 'object') return Object.assign(named(name), sample);
    if (/^Array(Not)?Containing$/.test(name) && Array.isArray(sample)) {
      const C = { [name]: class extends Array<unknown> {} }[name] as new () => unknown[];
      const out = new C();
      out.push(...sample);
      return out;
    }
    if ('sample' in value && /(Containing|Matching)$/.test(name)) return Object.assign(named(name), { sample });
    return named(typeof value.toAsymmetricMatcher === 'function' ? String(value.toAsymmetricMatcher()) : name);
  }
  if (!value || typeof value !== 'object' || depth > 20) return value;
  if (Array.isArray(value)) return value.map((v) => forDisplay(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = forDisplay(v, depth + 1);
  return out;
}

/** A readable diff of two values, in the format of node's `assert.deepStrictEqual`; asymmetric matchers print as what they match. */
export function diff(expected: unknown, actual: unknown): string {
  const text = new AssertionError({ actual, expected: forDisplay(expected), operator: 'deepStrictEqual' }).message;
  // Drop node's first line ("Expected values to be strictly deep-equal:"), keep the +/- lines.
  return text.split('\n').slice(1).join('\n').replace(/^\n+/, '');
}

function recent(fakes: Fakes): string {
  const seen = fakes.calls
    .slice(-10)
    .map((c) => `  #${c.seq} ${c.method} ${c.route ?? c.path} → ${c.status}`)
    .join('\n');
  return seen || '  (none)';
}

/**
 * Checks that the fakes received a call on `route` matching `expected` (see {@link assertReceived}).
 * `where` names the caller in errors about a misspelt route or key (`'toHaveReceived()'`, `'assertReceived()'`).
 */
export function checkReceived(
  received: unknown,
  route: string,
  expected: ReceivedExpectation = {},
  equals: Equals = isDeepStrictEqual,
  where = 'toHaveReceived()',
): CheckResult {
  const fakes = asFakes(received);
  assertKnownKeys(expected, EXPECTATION_KEYS, 'expectation key', where);
  const candidates = callsOnRoute(fakes, route, where);
  const want = expected as Record<string, unknown>;
  const hit = candidates.find((c) => equals(pick(c, expected), want));
  const shown = Object.keys(want).length ? ` matching ${inspect(forDisplay(expected), { depth: 6, breakLength: 100 })}` : '';
  if (hit) {
    return { pass: true, message: () => `expected no call ${route}${shown}, but #${hit.seq} (${hit.method} ${hit.path} → ${hit.status}) matched` };
  }
  // The closest call agrees with the most expected keys (the latest among equals), not simply the last.
  let closest: RecordedCall | undefined;
  let bestScore = -1;
  for (const c of candidates) {
    const got = pick(c, expected);
    const score = Object.keys(want).filter((k) => equals(got[k], want[k])).length;
    if (score >= bestScore) {
      bestScore = score;
      closest = c;
    }
  }
  if (!closest) {
    return { pass: false, message: () => `expected a call ${route}${shown}, but none was received.\nRecent calls:\n${recent(fakes)}` };
  }
  const actual = pick(closest, expected);
  const found = closest;
  return {
    pass: false,
    expected: want,
    actual,
    message: () =>
      `expected a call ${route} matching the expectation; the closest recorded call is #${found.seq} (${found.method} ${found.path} → ${found.status}):\n${diff(want, actual)}`,
  };
}

/** Checks that the fakes received exactly `times` calls on `route` (see {@link assertReceivedTimes}); `where` names the caller in errors. */
export function checkReceivedTimes(received: unknown, route: string, times: number, where = 'toHaveReceivedTimes()'): CheckResult {
  const fakes = asFakes(received);
  const n = callsOnRoute(fakes, route, where).length;
  return {
    pass: n === times,
    expected: times,
    actual: n,
    message: (negated) => `expected ${route} to have been received ${negated ? 'not ' : ''}${times} time(s), it was received ${n} time(s)`,
  };
}

/** Checks that some request reached a faked host but matched no route (see {@link assertNoUnmatched}). */
export function checkUnmatched(received: unknown): CheckResult {
  const fakes = asFakes(received);
  const list = fakes.unmatched;
  return {
    pass: list.length > 0,
    message: () =>
      list.length > 0
        ? `expected no unmatched requests, got ${list.length}:\n${list.map((u) => `  #${u.seq} ${u.method} ${u.url}${u.note ? `\n    ${u.note}` : ''}`).join('\n')}`
        : 'expected an unmatched request, got none',
  };
}

function fail(result: CheckResult, negated: boolean, fn: (...args: never[]) => unknown): never {
  const err = new AssertionError({
    message: result.message(negated),
    actual: result.actual,
    expected: result.expected,
    operator: 'stuntdouble',
    stackStartFn: fn,
  });
  throw err;
}

/**
 * Asserts that the fakes received a call on a route, optionally with this body, query, status or headers.
 * Throws node's `AssertionError` with a diff against the closest call. Works with any test runner.
 * @param fakes - the instance from `createFakes()` or `useFakes()`.
 * @param route - `'METHOD /template'` as `fakes.routes()` lists it, or `'METHOD /concrete/path'`.
 * @param expected - fields that must equal the call's (deep, strict equality).
 * @example
 * assertReceived(fakes, 'PUT /repos/{owner}/{repo}/import', { status: 201, body: { vcs: 'git', vcs_url: 'https://example.com/a.git' } });
 */
export function assertReceived(fakes: Fakes, route: RouteKey, expected?: ReceivedExpectation): void {
  const result = checkReceived(fakes, route, expected, isDeepStrictEqual, 'assertReceived()');
  if (!result.pass) fail(result, false, assertReceived);
}

/**
 * Asserts that the fakes received exactly `times` calls on a route.
 * @example assertReceivedTimes(fakes, 'GET /rate_limit', 2);
 */
export function assertReceivedTimes(fakes: Fakes, route: RouteKey, times: number): void {
  const result = checkReceivedTimes(fakes, route, times, 'assertReceivedTimes()');
  if (!result.pass) fail(result, false, assertReceivedTimes);
}

/**
 * Asserts that no request reached a faked host without matching a route; the error lists each one
 * with the fake's note (nearest route, wrong method, ...). Accepts the fakes or a list of unmatched calls.
 * @example assertNoUnmatched(fakes);
 */
export function assertNoUnmatched(fakes: Fakes | readonly RecordedCall[]): void {
  const list = Array.isArray(fakes) ? (fakes as readonly RecordedCall[]) : asFakes(fakes).unmatched;
  if (list.length === 0) return;
  const lines = list.map((u) => `  ${u.method} ${u.url}${u.note ? ` (${u.note})` : ''}`).join('\n');
  throw new AssertionError({
    message: `stuntdouble: ${list.length} unmatched request(s):\n${lines}`,
    operator: 'stuntdouble',
    stackStartFn: assertNoUnmatched,
  });
}
