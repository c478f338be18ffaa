import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { NotInstalledError, UnsupportedNockError } from '../errors.js';
import type { Engine } from './dispatch.js';
import { decide, hooksNeeded } from './interception.js';
import { type NockModule, loadNock, nockIfLoaded } from './load-nock.js';
import { type RawRequest, normalizeHeaders } from './request.js';
import { serialize } from './response.js';

type Interceptor = ReturnType<ReturnType<NockModule>['intercept']>;

/** The nock function (loaded on first use: only the nock transport and a program's own nock need it). */
export function getNock(): NockModule {
  return loadNock();
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

function isHex(s: string): boolean {
  return s.length % 2 === 0 && /^[0-9a-f]*$/i.test(s);
}

// nock 14 JSON.parse()s a request body sent as `application/json` before calling a reply function and
// throws (uncaught, the request hangs) when it does not parse. We hide the type from nock in its
// 'request' event and put it back here, so the fake sees the bytes as sent and answers its own
// "Problems parsing JSON" (this also spares a parse + stringify round trip per request).
const hiddenContentType = new WeakMap<object, string>();
const HIDDEN_TYPE = 'application/x-stuntdouble-raw';

/** The 'request' listener that keeps nock 14 from parsing JSON bodies itself. */
function hideJsonType(req: unknown): void {
  const headers = (req as { headers?: Record<string, unknown> } | undefined)?.headers;
  if (!headers || typeof headers !== 'object') return;
  const ct = headers['content-type'];
  if (typeof ct !== 'string' || !ct.toLowerCase().startsWith('application/json')) return;
  hiddenContentType.set(req as object, ct);
  headers['content-type'] = HIDDEN_TYPE;
}

/** The URL of a request nock saw as a path: `new URL('//x', origin)` would read `//x` as a host. */
function urlOf(uri: string, origin: string): URL {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(uri) ? new URL(uri) : new URL(`${origin}${uri.startsWith('/') ? '' : '/'}${uri}`);
}

/** Reads nock 14's `(uri, body)` + `this.req` or nock 15's Fetch `Request` into a RawRequest. */
async function fromNockArgs(
  origin: string,
  self: { req?: { headers?: Record<string, string | string[]>; method?: string } },
  args: unknown[],
): Promise<RawRequest> {
  const first = args[0];
  if (typeof Request !== 'undefined' && first instanceof Request) {
    const buf = new Uint8Array(await first.arrayBuffer());
    return { method: first.method, url: first.url, headers: first.headers, body: buf };
  }
  if (first && typeof first === 'object' && typeof (first as Request).url === 'string' && typeof (first as Request).arrayBuffer === 'function') {
    const r = first as Request;
    return { method: r.method, url: r.url, headers: r.headers, body: new Uint8Array(await r.arrayBuffer()) };
  }
  // nock 14: the path (with query) and a body that nock decoded as utf8, hex (binary) or parsed JSON.
  const uri = String(first ?? '/');
  const headers = normalizeHeaders(self.req?.headers ?? {});
  const hidden = self.req ? hiddenContentType.get(self.req) : undefined;
  if (hidden !== undefined && headers['content-type'] === HIDDEN_TYPE) headers['content-type'] = hidden;
  let body = args[1] as unknown;
  if (body !== undefined && body !== null && typeof body !== 'string') body = JSON.stringify(body);
  let bytes: string | Uint8Array | undefined = body as string | undefined;
  const ct = headers['content-type'] ?? '';
  if (typeof body === 'string' && body.length > 0 && ct.startsWith('multipart/') && isHex(body) && !body.includes('--')) {
    bytes = Uint8Array.from(Buffer.from(body, 'hex'));
  }
  return { method: self.req?.method ?? 'GET', url: urlOf(uri, origin), headers, body: bytes ?? '' };
}

type Scope = ReturnType<NockModule>;
type NockThis = { req?: { headers?: Record<string, string | string[]>; method?: string } };

/** The nock/Node pairs stuntdouble supports, as error messages state them. */
export const SUPPORTED_NOCK = 'nock 14 on Node >= 20.12 (CI: Node 20), or nock 15 on Node >= 22.20 (CI: Node 24)';

/** Reads the installed nock's version from its package.json (nock 15 does not export it: walk up from its entry). */
export function nockVersion(): string | undefined {
  const req = createRequire(join(process.cwd(), 'noop.js'));
  let entry: string;
  try {
    entry = req.resolve('nock');
  } catch {
    return undefined;
  }
  let dir = dirname(entry);
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'nock') return pkg.version;
    } catch {
      // no package.json at this level
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

/** Why this nock cannot work on this Node, or undefined when the pair is supported (or nock's version is unknown). */
export function nockPairingProblem(version = nockVersion(), node = process.versions.node): string | undefined {
  if (!version) return undefined;
  const [major = 0] = version.split('.').map(Number);
  const [nodeMajor = 0, nodeMinor = 0] = node.split('.').map(Number);
  const found = `found nock ${version} on Node ${node}`;
  if (major < 14 || major > 15) return `stuntdouble supports ${SUPPORTED_NOCK}; ${found}. Install nock@14 or nock@15 to match your Node version.`;
  if (major === 15 && (nodeMajor < 22 || (nodeMajor === 22 && nodeMinor < 20)))
    return `stuntdouble supports ${SUPPORTED_NOCK}; ${found}: nock 15 needs Node >= 22.20 (it would answer every request with "Promise.withResolvers is not a function"). Install nock@14, or run Node 24.`;
  return undefined;
}

let pairingChecked = false;
/** Throws {@link UnsupportedNockError} once per process when nock and Node do not go together. */
export function assertNockPairing(): void {
  if (pairingChecked) return;
  const problem = nockPairingProblem();
  if (problem) throw new UnsupportedNockError(problem);
  pairingChecked = true;
}

// ---- process-wide nock hooks, shared by every instance ---------------------------------------------

const transports = new Set<NockTransport>();
const ourScopes = new WeakSet<object>();
let hooks:
  | { nock: NockModule; cleanAll: () => void; restore: () => void; add: (...a: unknown[]) => unknown; proto: { add: (...a: unknown[]) => unknown } }
  | undefined;
let activatedByUs = false;
let restoreDeferred = false;

/** A request as nock's 'no match' event carries it: nock 14 passes request options, nock 15 a Fetch Request. */
function describeNoMatch(arg: unknown): { method: string; url: string } | undefined {
  if (!arg || typeof arg !== 'object') return undefined;
  const a = arg as { url?: unknown; method?: unknown; href?: unknown; proto?: unknown; host?: unknown; path?: unknown };
  const method = typeof a.method === 'string' ? a.method.toUpperCase() : 'GET';
  if (typeof a.url === 'string' && /^[a-z]+:\/\//i.test(a.url)) return { method, url: a.url };
  if (typeof a.href === 'string') return { method, url: a.href };
  if (typeof a.proto === 'string' && typeof a.host === 'string') return { method, url: `${a.proto}://${a.host}${typeof a.path === 'string' ? a.path : '/'}` };
  return undefined;
}

/**
 * nock emits 'no match' for a request it has no interceptor for, right before it checks its own
 * net-connect setting; throwing here refuses the request with our error. This is how stuntdouble
 * applies `onUnhandledRequest` and the guard without touching nock's net-connect state.
 */
function onNoMatch(arg: unknown): void {
  const req = describeNoMatch(arg);
  if (!req) return;
  const decision = decide(req.method, req.url);
  if (decision.kind === 'refuse') throw decision.error;
  if (decision.kind === 'fake') {
    const origin = new URL(req.url).origin;
    const transport = [...transports].find((t) => t.holds(origin));
    const path = `${req.method} ${origin}${new URL(req.url).pathname}`;
    const error = new NotInstalledError(
      transport
        ? `stuntdouble: ${path} reached nock after the fakes' interceptors were removed (nock.removeInterceptor() or a named import of cleanAll?). They have been put back; this request was refused so it could not reach the real service.`
        : `stuntdouble: ${path} reached nock by a path the direct transport does not see; the fakes now also answer it through nock. This request was refused so it could not reach the real service.`,
    );
    decision.member.report({ seq: 0, request: `${req.method} ${req.url}`, source: 'fake', message: error.message, stack: error.stack ?? '', error });
    if (transport) transport.reattach(origin);
    else for (const t of transports) t.userAdded(origin);
    throw error;
  }
}

function attachNockHooks(): void {
  if (hooks) return;
  const nock = getNock();
  const proto = Object.getPrototypeOf(nock('http://stuntdouble.invalid')) as { add: (...a: unknown[]) => unknown };
  const saved = { nock, cleanAll: nock.cleanAll, restore: nock.restore, add: proto.add, proto };
  // nock.cleanAll() removes every interceptor: put ours back at once (they belong to install(), not to the user's scopes).
  nock.cleanAll = function cleanAll(this: unknown) {
    const result = saved.cleanAll.call(this);
    for (const t of transports) t.reattach();
    return result;
  } as NockModule['cleanAll'];
  // nock.restore() while installed would let http/https requests to faked hosts reach the network:
  // keep nock active until the last instance uninstalls, then restore as asked.
  nock.restore = function restore(this: unknown) {
    if (transports.size > 0) {
      restoreDeferred = true;
      return;
    }
    saved.restore.call(this);
  } as NockModule['restore'];
  // A user's interceptor for a faked host takes precedence: nock tries interceptors in the order they
  // were added, so ours move behind any added after install().
  proto.add = function add(this: { basePath?: unknown }, ...args: unknown[]) {
    const result = saved.add.apply(this, args);
    if (!ourScopes.has(this) && typeof this.basePath === 'string') {
      let origin: string | undefined;
      try {
        origin = new URL(this.basePath).origin;
      } catch {
        origin = undefined;
      }
      if (origin) for (const t of transports) t.userAdded(origin);
    }
    return result;
  };
  nock.emitter.on('no match', onNoMatch);
  hooks = saved;
}

function detachNockHooks(): void {
  if (!hooks) return;
  const { nock, proto } = hooks;
  if ((nock.cleanAll as { name?: string }).name === 'cleanAll' && nock.cleanAll !== hooks.cleanAll) nock.cleanAll = hooks.cleanAll as NockModule['cleanAll'];
  if (nock.restore !== hooks.restore) nock.restore = hooks.restore as NockModule['restore'];
  if (proto.add !== hooks.add) proto.add = hooks.add;
  nock.emitter.removeListener('no match', onNoMatch);
  hooks = undefined;
}

/**
 * Attaches nock's process-wide hooks while anything needs them and nock is loaded (never loading it),
 * and takes them off after.
 */
export function syncNockHooks(): void {
  if (hooksNeeded() && nockIfLoaded()) attachNockHooks();
  else if (!hooksNeeded()) detachNockHooks();
}

/** Whether nock's hooks are in place (nock then applies onUnhandledRequest through its 'no match' event). */
export function nockHooked(): boolean {
  return hooks !== undefined;
}

/** The saved, unwrapped nock.restore (our wrapper defers it while installed). */
export function rawNockRestore(): (() => void) | undefined {
  const h = hooks;
  return h ? () => h.restore.call(h.nock) : undefined;
}

/** The faked origins the program's own nock interceptors are registered for (nock.activeMocks()). */
export function userNockOrigins(nock: NockModule, origins: readonly string[]): string[] {
  const wanted = new Set(origins);
  const found = new Set<string>();
  for (const key of nock.activeMocks()) {
    const m = /^\S+ ([a-z][a-z0-9+.-]*:\/\/[^/\s]+)/i.exec(key);
    if (!m?.[1]) continue;
    let origin: string;
    try {
      origin = new URL(m[1]).origin;
    } catch {
      continue;
    }
    if (wanted.has(origin)) found.add(origin);
  }
  return [...found];
}

/**
 * One instance's nock interceptors: one persisted catch-all per method on each faked origin. In
 * `'all'` mode (the nock transport) every faked origin is served through nock; in `'some'` mode (the
 * direct transport's fallback) only the origins the program registered its own nock interceptors for,
 * so those keep precedence and ours answer whatever they do not match.
 */
export class NockTransport {
  #interceptors = new Map<string, Interceptor[]>();
  #installed = false;
  #origins: ReadonlySet<string>;

  constructor(
    private readonly engine: Engine,
    private readonly mode: 'all' | 'some' = 'all',
  ) {
    this.#origins = new Set(engine.origins());
  }

  /** Whether install() ran and its interceptors are still registered with an active nock. */
  get installed(): boolean {
    if (!this.#installed) return false;
    if (this.mode === 'some') return true;
    const nock = getNock();
    return nock.isActive();
  }

  /** Whether this transport serves an origin right now. */
  holds(origin: string): boolean {
    return this.#installed && this.#interceptors.has(origin);
  }

  install(): void {
    if (this.#installed) return;
    if (this.mode === 'all') {
      assertNockPairing();
      const nock = getNock();
      if (!nock.isActive()) {
        nock.activate();
        activatedByUs = true;
      }
    }
    transports.add(this);
    this.#installed = true;
    if (this.mode === 'all') for (const origin of this.engine.origins()) this.#add(origin);
  }

  /** Serves one more faked origin through nock (the program has its own nock interceptors for it). */
  addOrigin(origin: string): void {
    if (!this.#installed || this.#interceptors.has(origin) || !this.#origins.has(origin)) return;
    assertNockPairing();
    const nock = getNock();
    if (!nock.isActive()) {
      nock.activate();
      activatedByUs = true;
    }
    this.#add(origin);
  }

  /** The program added a nock interceptor for an origin: ours move behind it (or start serving the origin through nock). */
  userAdded(origin: string): void {
    if (this.holds(origin)) this.reattach(origin);
    else if (this.mode === 'some') this.addOrigin(origin);
  }

  uninstall(): void {
    if (!this.#installed) return;
    // Only a nock that is in use: the direct transport's fallback never loads nock for nothing.
    if (this.#interceptors.size > 0) {
      const nock = getNock();
      for (const list of this.#interceptors.values()) for (const i of list) nock.removeInterceptor(i);
    }
    this.#interceptors.clear();
    transports.delete(this);
    this.#installed = false;
    if (transports.size === 0 && (activatedByUs || restoreDeferred)) {
      activatedByUs = false;
      restoreDeferred = false;
      const nock = getNock();
      (hooks?.restore ?? nock.restore).call(nock);
    }
  }

  /** Puts this instance's interceptors (back) at the end of nock's list, for one origin or all. */
  reattach(origin?: string): void {
    if (!this.#installed) return;
    const nock = getNock();
    if (!nock.isActive()) nock.activate();
    for (const o of origin ? [origin] : [...this.#interceptors.keys()]) {
      for (const i of this.#interceptors.get(o) ?? []) nock.removeInterceptor(i);
      this.#add(o);
    }
  }

  #add(origin: string): void {
    const nock = getNock();
    const engine = this.engine;
    const scope: Scope = nock(origin).persist();
    ourScopes.add(scope);
    scope.on('request', hideJsonType);
    const list: Interceptor[] = [];
    for (const method of METHODS) {
      // Every path on a faked origin is ours: a path outside every base URL is refused below, never sent out.
      const interceptor = scope.intercept(() => true, method);
      // A rest-parameter function: its length is 0, so neither nock 14 nor 15 treats it as callback-style.
      interceptor.reply(async function (this: NockThis, ...args: unknown[]) {
        const raw = await fromNockArgs(origin, this, args);
        raw.method = method;
        // nock 15 hands over the Fetch Request, whose signal is the client's abort (nock 14 shows none).
        const signal = (args[0] as { signal?: unknown } | undefined)?.signal;
        const result = await engine.handle(raw, signal instanceof AbortSignal ? signal : undefined);
        if (result.kind === 'network-error') throw result.error;
        if (result.kind === 'unserved') throw engine.unservedError(method, raw.url instanceof URL ? raw.url : new URL(String(raw.url)));
        const out = serialize(result.response);
        return [out.status, typeof out.body === 'string' ? out.body : Buffer.from(out.body), out.headers];
      } as never);
      list.push(interceptor);
    }
    this.#interceptors.set(origin, list);
  }
}
