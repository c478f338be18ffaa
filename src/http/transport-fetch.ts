import { abortableResponse } from './abort.js';
import type { Engine } from './dispatch.js';
import { type Hop, nextHop } from './redirect.js';
import { serialize } from './response.js';

/** A fetch-compatible function answered by the fakes without nock or sockets. */
export type FakeFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * Builds `fakes.fetch`. URLs no fake serves are rejected like an unreachable host. `init.signal` is
 * honoured as fetch does: an aborted request rejects with the signal's reason (an `AbortError`),
 * before it reaches the fake or while it waits (latency faults). Redirects are followed as fetch
 * follows them (`redirect: 'follow'`, the default: up to 20, 303 and a POST's 301/302 become a GET,
 * `Authorization` is not sent to another origin); `'manual'` answers the redirect itself, `'error'`
 * rejects. The rules are the direct transport's (src/http/redirect.ts).
 */
export function createFetch(engine: Engine): FakeFetch {
  return async (input, init) => {
    const first = new Request(input, init);
    const signal = first.signal;
    const mode = first.redirect;
    signal.throwIfAborted();
    // Copied entry by entry: Node 20's `new Headers(request.headers)` drops all but the body's content-type.
    const headers = new Headers();
    for (const [k, v] of first.headers) headers.append(k, v);
    let hop: Hop = { url: new URL(first.url), method: first.method, headers, body: first.body ? new Uint8Array(await first.arrayBuffer()) : undefined };
    for (let count = 0; ; count++) {
      signal.throwIfAborted();
      const { url, method, body } = hop;
      if (!engine.serves(url)) {
        throw new TypeError('fetch failed', {
          cause: new Error(`stuntdouble: no fake serves ${url.origin}${url.pathname} (fakes.fetch never reaches the network)`),
        });
      }
      const result = await engine.handle({ method, url, headers: hop.headers, ...(body ? { body } : {}) }, signal);
      signal.throwIfAborted();
      if (result.kind === 'network-error') throw new TypeError('fetch failed', { cause: result.error });
      if (result.kind === 'unserved') throw new TypeError('fetch failed');
      const out = serialize(result.response);
      const next = nextHop(out.status, out.headers.location, hop, mode, count);
      if (next) {
        hop = next;
        continue;
      }
      const payload = NULL_BODY.has(out.status) || method === 'HEAD' ? null : out.body;
      const response = new Response(payload as BodyInit | null, { status: out.status, headers: out.headers });
      // As fetch's: the final URL, and whether a redirect led there.
      Object.defineProperty(response, 'url', { value: url.href });
      if (count > 0) Object.defineProperty(response, 'redirected', { value: true });
      // A body not read when the signal aborts errors with its reason, as fetch's does (only a
      // caller's signal can abort: without one the answer needs no abortable wrapper).
      return init?.signal != null || (typeof input === 'object' && !(input instanceof URL)) ? abortableResponse(response, signal) : response;
    }
  };
}
