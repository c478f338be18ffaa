import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { AdminError } from './json.js';

/**
 * What keeps a web page from driving a server on a developer's machine.
 *
 * - **Host allow-list** (every route): a DNS-rebinding page reaches the server under the page's own
 *   name (`Host: evil.example:4010`). Only names that cannot be rebound by a stranger are answered:
 *   IP addresses (a browser sends an address only when the page's URL is one), `localhost` and
 *   `*.localhost` (browsers resolve them to loopback themselves), the listen address, the faked hosts
 *   the proxy mode answers for (`api.github.com`, `api.github.localhost`, ...), and names given with
 *   `--host-name` / `serve({ hostNames })` (`stuntdouble` for a container; `*.example.test`; `*` for any).
 *   Others answer 421.
 * - **Admin writes** (any admin request but GET and HEAD): an `Origin` other than the server's own
 *   answers 403, as does a browser's `Sec-Fetch-Site: cross-site` or `same-site`; a POST must carry
 *   `content-type: application/json` (a type no page can send to another origin without the server's
 *   consent) or the admin token printed at start (header `x-stuntdouble-token`), else 415. A page
 *   served by the server itself (the live page: `Origin` is the server's own) may post without either.
 */
export class RequestGuards {
  readonly #exact = new Set<string>();
  readonly #suffixes: string[] = [];
  readonly #any: boolean;
  readonly #token: Buffer;
  readonly #faked: () => ReadonlySet<string>;

  constructor(options: { listenHost: string; hostNames: readonly string[]; token: string; fakedHosts: () => ReadonlySet<string> }) {
    this.#token = Buffer.from(options.token);
    this.#faked = options.fakedHosts;
    this.#any = options.hostNames.includes('*');
    for (const raw of [options.listenHost, ...options.hostNames]) {
      const name = normalizeHost(raw);
      if (!name || name === '*') continue;
      if (name.startsWith('*.')) this.#suffixes.push(name.slice(1));
      else this.#exact.add(name);
    }
  }

  /** Whether a host name (no port) may address this server. */
  allowsHost(name: string): boolean {
    if (this.#any || isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost')) return true;
    if (this.#exact.has(name) || this.#faked().has(name)) return true;
    for (const s of this.#suffixes) if (name.endsWith(s)) return true;
    return false;
  }

  /** Throws a 421 for a request addressed to a name this server does not answer under. */
  checkHost(req: IncomingMessage): void {
    const authority = authorityOf(req);
    // HTTP/1.0 clients may send no Host: no browser does.
    if (authority === undefined) return;
    const name = normalizeHost(authority);
    if (this.allowsHost(name)) return;
    throw new AdminError(
      421,
      `stuntdouble: this server does not answer for the host name '${name.slice(0, 100)}' (a page on another site could reach it under its own name). Allowed: IP addresses, localhost, the faked hosts and the names given at start; add it with --host-name ${name.slice(0, 100)} (serve({ hostNames: ['${name.slice(0, 100)}'] })).`,
    );
  }

  /** Throws a 403 or 415 for an admin write a web page on another origin could have sent. */
  checkAdminWrite(req: IncomingMessage): void {
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'GET' || method === 'HEAD') return;
    const origin = header(req, 'origin');
    const own = origin !== undefined && this.#isOwnOrigin(origin, req);
    if (origin !== undefined && !own)
      throw new AdminError(403, `stuntdouble: admin writes from another origin (${origin.slice(0, 200)}) are refused: a web page must not drive the fakes`);
    const site = header(req, 'sec-fetch-site')?.toLowerCase();
    if (site !== undefined && site !== 'same-origin' && site !== 'none')
      throw new AdminError(403, `stuntdouble: admin writes from a ${site} page are refused: a web page must not drive the fakes`);
    const token = header(req, 'x-stuntdouble-token');
    if (token !== undefined) {
      if (this.#tokenMatches(token)) return;
      throw new AdminError(403, 'stuntdouble: the x-stuntdouble-token header does not match the admin token this server printed at start');
    }
    // DELETE and the other methods never leave a browser for another origin without a preflight this server does not grant.
    if (method !== 'POST' || own || isJson(header(req, 'content-type'))) return;
    throw new AdminError(
      415,
      "stuntdouble: admin POSTs need 'content-type: application/json' (also without a body: curl -X POST -H 'content-type: application/json' ...), or the header 'x-stuntdouble-token: <the admin token printed at start>', so that no web page can send them",
    );
  }

  #isOwnOrigin(origin: string, req: IncomingMessage): boolean {
    const authority = authorityOf(req);
    if (authority === undefined) return false;
    const o = origin.toLowerCase();
    const a = authority.toLowerCase();
    return o === `http://${a}` || o === `https://${a}`;
  }

  #tokenMatches(token: string): boolean {
    const given = Buffer.from(token);
    return given.length === this.#token.length && timingSafeEqual(given, this.#token);
  }
}

/** A fresh admin token: 24 random bytes, base64url. */
export function newAdminToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The authority a request addresses: the host of an absolute-form target (a proxy request), else its Host header. */
function authorityOf(req: IncomingMessage): string | undefined {
  const target = req.url ?? '';
  if (/^https?:\/\//i.test(target)) {
    try {
      return new URL(target).host;
    } catch {
      return header(req, 'host');
    }
  }
  return header(req, 'host');
}

/** A host name from an authority or a name: lower-case, no port, no brackets, no trailing dot. */
export function normalizeHost(authority: string): string {
  let h = authority.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    h = end > 0 ? h.slice(1, end) : h.slice(1);
  } else if (h.indexOf(':') === h.lastIndexOf(':')) h = h.replace(/:\d*$/, '');
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = (contentType.split(';')[0] as string).trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}
