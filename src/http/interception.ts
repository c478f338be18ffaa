import { type FakeFailure, NotInstalledError, UnhandledRequestError } from '../errors.js';
import type { Engine } from './dispatch.js';
import { knownHostOf } from './known-addresses.js';

/** What stuntdouble does with a request to a host no installed fake serves (msw's convention). */
export type UnhandledStrategy = 'error' | 'warn' | 'bypass';

/** A request no fake serves, as an `onUnhandledRequest` callback sees it. */
export interface UnhandledRequest {
  readonly method: string;
  readonly url: string;
}

/** Lets an `onUnhandledRequest` callback apply a built-in strategy, as in msw. */
export interface UnhandledPrint {
  /** Warn and let the request through. */
  warning(): void;
  /** Refuse the request with an {@link UnhandledRequestError}. */
  error(): void;
}

/**
 * A callback deciding about one unhandled request: return (or apply through `print`) a strategy;
 * returning nothing lets the request through; throwing refuses it with the thrown error.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a callback that returns nothing (void) means 'bypass'.
export type UnhandledRequestCallback = (request: UnhandledRequest, print: UnhandledPrint) => UnhandledStrategy | undefined | void;

/** The `onUnhandledRequest` option: a strategy or a callback. */
export type OnUnhandledRequest = UnhandledStrategy | UnhandledRequestCallback;

/** One installed fakes instance, as the process-wide interception sees it. */
export interface Member {
  readonly owner: symbol;
  readonly engine: Engine;
  readonly policy: OnUnhandledRequest;
  /** Hosts let through whatever the policy (the legacy `allowNetConnect` host matcher). */
  readonly allowHost: ((host: string) => boolean) | undefined;
  /** Records a failure in this instance's `fakes.errors`. */
  report(failure: FakeFailure): void;
}

/** Who guards an origin while nothing serves it. */
export interface GuardEntry {
  /** Records the refusal; returns `'throw'` when the error should also be thrown outside the request (the default), `'handled'` when a callback took it. */
  report(error: NotInstalledError): 'throw' | 'handled';
}

/** The decision for one request, shared by every transport (nock, the undici dispatcher). */
export type Decision = { kind: 'fake'; member: Member } | { kind: 'refuse'; error: Error } | { kind: 'bypass' };

const holders = new Map<string, Member>();
const installed: Member[] = [];
const guards = new Map<string, Set<GuardEntry>>();
const warned = new Set<string>();

/** The installed instance that holds an origin, if any. */
export function holderOf(origin: string): Member | undefined {
  return holders.get(origin);
}

/** Whether an origin is guarded (some instance created with the guard on serves it). */
export function isGuarded(origin: string): boolean {
  return guards.has(origin);
}

/** Instances currently installed, in install order. */
export function installedMembers(): readonly Member[] {
  return installed;
}

/** Whether anything (an installed instance or a guard) needs the global hooks. */
export function hooksNeeded(): boolean {
  return installed.length > 0 || guards.size > 0;
}

/** Claims the origins of an instance; throws when another installed instance holds one. */
export function claim(member: Member, origins: readonly string[]): void {
  for (const o of origins) {
    const holder = holders.get(o);
    if (holder && holder.owner !== member.owner)
      throw new Error(`stuntdouble: ${o} is already faked by another installed createFakes() instance; uninstall it first or give this one other baseUrls`);
  }
  for (const o of origins) holders.set(o, member);
  if (!installed.includes(member)) installed.push(member);
  warned.clear();
}

/** Releases an instance's origins. */
export function release(member: Member): void {
  for (const [o, m] of holders) if (m.owner === member.owner) holders.delete(o);
  const i = installed.indexOf(member);
  if (i >= 0) installed.splice(i, 1);
}

/** Guards origins: a request to one while no instance holds it fails (see the `guard` option). */
export function guard(origins: readonly string[], entry: GuardEntry): void {
  for (const o of origins) {
    let set = guards.get(o);
    if (!set) {
      set = new Set();
      guards.set(o, set);
    }
    set.add(entry);
  }
}

/** Stops guarding for one entry. */
export function unguard(entry: GuardEntry): void {
  for (const [o, set] of guards) {
    set.delete(entry);
    if (set.size === 0) guards.delete(o);
  }
}

/** Who a connection to `host:port` would reach in place of a fake: the installed instance holding the host, or the guards of it. */
export type ConnectionOwner = { kind: 'held'; member: Member; origin: string } | { kind: 'guarded'; entries: ReadonlySet<GuardEntry>; origin: string };

/**
 * The instance (or the guards) of a faked host a socket is about to connect to. A host matches by name
 * (any port: a faked host is never meant to be reached), a loopback host by name and port (the user's
 * own servers on other ports stay reachable), an address of a faked service's own network on its web
 * ports by the service's host name (known-addresses.ts). Called only for real connections, never for
 * intercepted requests.
 */
export function connectionOwner(host: string, port: number, servername?: string): ConnectionOwner | undefined {
  if (holders.size === 0 && guards.size === 0) return undefined;
  const names = new Set<string>();
  // A connection to this machine reaches no real service, whatever name it carries (a client sending
  // `Host: api.github.com` to a local server): only a faked loopback origin of that port owns it.
  for (const h of isLoopback(host) ? [host] : [host, servername])
    if (h)
      names.add(
        h
          .replace(/^\[|\]$/g, '')
          .toLowerCase()
          .replace(/\.$/, ''),
      );
  // An address of a faked service's own network, on its web ports, stands for the service's host name.
  const known = knownHostOf(host, port);
  if (known) names.add(known);
  const matches = (origin: string): boolean => {
    let u: URL;
    try {
      u = new URL(origin);
    } catch {
      return false;
    }
    const name = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (!names.has(name)) return false;
    if (!isLoopback(name)) return true;
    return Number(u.port || (u.protocol === 'https:' ? 443 : 80)) === port;
  };
  for (const [origin, member] of holders) if (matches(origin)) return { kind: 'held', member, origin };
  for (const [origin, entries] of guards) if (matches(origin)) return { kind: 'guarded', entries, origin };
  return undefined;
}

/** Whether a host is this machine (loopback requests pass by default: the user's own test servers). */
export function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '0.0.0.0';
}

/** Decides what happens to a request: served by a fake, refused, or let through (possibly with a warning). */
export function decide(method: string, href: string): Decision {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { kind: 'bypass' };
  }
  const member = holders.get(url.origin);
  if (member) return { kind: 'fake', member };
  const guarding = guards.get(url.origin);
  if (guarding) {
    const error = new NotInstalledError(
      `stuntdouble: ${method} ${redactHref(url)} was sent while no fakes are installed; the fakes refused it so it could not reach the real service. Call fakes.install() (or useFakes()) before the code under test runs, or pass guard: false to createFakes() to turn this check off.`,
    );
    let raise = false;
    for (const g of guarding) if (g.report(error) === 'throw') raise = true;
    // Thrown outside the request too (once, however many instances guard the host): code under test
    // may swallow the request's error, an uncaught one fails the test under every runner.
    if (raise)
      process.nextTick(() => {
        throw error;
      });
    return { kind: 'refuse', error };
  }
  const policyHolder = installed.at(-1);
  if (!policyHolder) return { kind: 'bypass' };
  return applyPolicy(policyHolder, method, url);
}

function applyPolicy(member: Member, method: string, url: URL): Decision {
  const display = redactHref(url);
  const refuse = (): Decision => ({ kind: 'refuse', error: unhandledError(method, url, member) });
  const warn = (): Decision => {
    const key = `${method} ${display}`;
    if (!warned.has(key)) {
      warned.add(key);
      console.warn(`stuntdouble: ${method} ${display} matched no fake and was let through (onUnhandledRequest: 'warn').`);
    }
    return { kind: 'bypass' };
  };
  const policy = member.policy;
  if (typeof policy === 'function') {
    let chosen: UnhandledStrategy | undefined;
    const print: UnhandledPrint = {
      warning: () => {
        chosen = 'warn';
      },
      error: () => {
        chosen = 'error';
      },
    };
    // biome-ignore lint/suspicious/noConfusingVoidType: what the callback returns.
    let returned: UnhandledStrategy | undefined | void;
    try {
      returned = policy({ method, url: display }, print);
    } catch (err) {
      return { kind: 'refuse', error: err instanceof Error ? err : new UnhandledRequestError(String(err)) };
    }
    const strategy = returned ?? chosen ?? 'bypass';
    return strategy === 'error' ? refuse() : strategy === 'warn' ? warn() : { kind: 'bypass' };
  }
  if (isLoopback(url.hostname) || member.allowHost?.(url.host)) return { kind: 'bypass' };
  if (policy === 'error') return refuse();
  if (policy === 'warn') return warn();
  return { kind: 'bypass' };
}

function unhandledError(method: string, url: URL, member: Member): UnhandledRequestError {
  const hint = member.engine.hostHint(url);
  return new UnhandledRequestError(
    `stuntdouble: ${method} ${redactHref(url)} matched no fake and was refused (onUnhandledRequest: 'error').${hint ? ` ${hint}` : ''} To let such requests through, pass onUnhandledRequest: 'bypass' (or 'warn', or a function) to createFakes().`,
  );
}

/** A URL for messages: origin and path only (a query can carry tokens). */
export function redactHref(url: URL): string {
  return `${url.origin}${url.pathname}`;
}
