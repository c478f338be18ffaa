import * as nockNamespace from 'nock';
import type { Engine } from './dispatch.js';
import { type RawRequest, normalizeHeaders } from './request.js';
import { serialize } from './response.js';

type NockModule = typeof import('nock');
type Interceptor = ReturnType<ReturnType<NockModule>['intercept']>;

/**
 * nock 14 (CommonJS) and nock 15 (ESM-only) reach us in different shapes depending on the build
 * (ESM import, CJS require, or require(esm) on Node >= 22): find the callable.
 */
function resolveNock(): NockModule {
  const ns = nockNamespace as unknown as { default?: unknown };
  let candidate: unknown = ns.default ?? ns;
  if (typeof candidate !== 'function' && candidate && typeof (candidate as { default?: unknown }).default === 'function')
    candidate = (candidate as { default: unknown }).default;
  if (typeof candidate !== 'function') throw new Error('stuntdouble: could not load nock (peer dependency nock >=14 <16)');
  return candidate as NockModule;
}

let nockCache: NockModule | undefined;
/** The nock function, whichever major version the user installed. */
export function getNock(): NockModule {
  nockCache ??= resolveNock();
  return nockCache;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

// Which instance holds which origin: a second instance installing on a held origin is an error.
const holders = new Map<string, symbol>();
let installedCount = 0;

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

/** One instance's nock interceptors: one persisted catch-all per method on each faked origin. */
export class NockTransport {
  readonly #owner = Symbol('stuntdouble');
  #interceptors: Interceptor[] = [];
  #installed = false;

  constructor(
    private readonly engine: Engine,
    private readonly allowNetConnect: boolean | string | RegExp,
  ) {}

  get installed(): boolean {
    return this.#installed;
  }

  install(): void {
    if (this.#installed) return;
    const nock = getNock();
    const origins = this.engine.origins();
    for (const o of origins) {
      const holder = holders.get(o);
      if (holder && holder !== this.#owner)
        throw new Error(`stuntdouble: ${o} is already faked by another installed createFakes() instance; uninstall it first or give this one other baseUrls`);
    }
    if (!nock.isActive()) nock.activate();
    const engine = this.engine;
    for (const origin of origins) {
      holders.set(origin, this.#owner);
      const scope = nock(origin).persist();
      scope.on('request', hideJsonType);
      for (const method of METHODS) {
        const interceptor = scope.intercept((uri: string) => engine.serves(urlOf(uri, origin)), method);
        // A rest-parameter function: its length is 0, so neither nock 14 nor 15 treats it as callback-style.
        interceptor.reply(async function (this: { req?: { headers?: Record<string, string | string[]>; method?: string } }, ...args: unknown[]) {
          const raw = await fromNockArgs(origin, this, args);
          raw.method = method;
          // nock 15 hands over the Fetch Request, whose signal is the client's abort (nock 14 shows none).
          const signal = (args[0] as { signal?: unknown } | undefined)?.signal;
          const result = await engine.handle(raw, signal instanceof AbortSignal ? signal : undefined);
          if (result.kind === 'network-error') throw result.error;
          if (result.kind === 'unserved') throw new Error(`stuntdouble: no fake serves ${raw.url}`);
          const out = serialize(result.response);
          return [out.status, typeof out.body === 'string' ? out.body : Buffer.from(out.body), out.headers];
        } as never);
        this.#interceptors.push(interceptor);
      }
    }
    installedCount += 1;
    if (this.allowNetConnect === true) nock.enableNetConnect();
    else {
      nock.disableNetConnect();
      if (this.allowNetConnect) nock.enableNetConnect(this.allowNetConnect);
    }
    this.#installed = true;
  }

  uninstall(): void {
    if (!this.#installed) return;
    const nock = getNock();
    for (const i of this.#interceptors) nock.removeInterceptor(i);
    this.#interceptors = [];
    for (const [o, h] of holders) if (h === this.#owner) holders.delete(o);
    installedCount -= 1;
    // Net connect goes back to nock's default only when no instance of ours is left installed.
    if (installedCount === 0) nock.enableNetConnect();
    this.#installed = false;
  }
}
