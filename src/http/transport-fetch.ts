import type { Engine } from './dispatch.js';
import { serialize } from './response.js';

/** A fetch-compatible function answered by the fakes without nock or sockets. */
export type FakeFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const NULL_BODY = new Set([101, 204, 205, 304]);

const REDIRECT = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;

/**
 * Builds `fakes.fetch`. URLs no fake serves are rejected like an unreachable host. `init.signal` is
 * honoured as fetch does: an aborted request rejects with the signal's reason (an `AbortError`),
 * before it reaches the fake or while it waits (latency faults). Redirects are followed as fetch
 * follows them (`redirect: 'follow'`, the default: up to 20, 303 and a POST's 301/302 become a GET,
 * `Authorization` is not sent to another origin); `'manual'` answers the redirect itself, `'error'`
 * rejects.
 */
export function createFetch(engine: Engine): FakeFetch {
  return async (input, init) => {
    const first = new Request(input, init);
    const signal = first.signal;
    const mode = first.redirect;
    let method = first.method;
    // Copied entry by entry: Node 20's `new Headers(request.headers)` drops all but the body's content-type.
    const headers = new Headers();
    for (const [k, v] of first.headers) headers.append(k, v);
    let url = new URL(first.url);
    let body = first.body ? new Uint8Array(await first.arrayBuffer()) : undefined;
    for (let hop = 0; ; hop++) {
      signal.throwIfAborted();
      if (!engine.serves(url)) {
        throw new TypeError('fetch failed', {
          cause: new Error(`stuntdouble: no fake serves ${url.origin}${url.pathname} (fakes.fetch never reaches the network)`),
        });
      }
      const result = await engine.handle({ method, url, headers, ...(body ? { body } : {}) }, signal);
      signal.throwIfAborted();
      if (result.kind === 'network-error') throw new TypeError('fetch failed', { cause: result.error });
      if (result.kind === 'unserved') throw new TypeError('fetch failed');
      const out = serialize(result.response);
      const location = out.headers.location;
      if (REDIRECT.has(out.status) && location !== undefined && mode !== 'manual') {
        if (mode === 'error') throw new TypeError('fetch failed', { cause: new Error(`unexpected redirect to ${location}`) });
        if (hop >= MAX_REDIRECTS) throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') });
        const next = new URL(location, url);
        if (out.status === 303 || ((out.status === 301 || out.status === 302) && method === 'POST')) {
          method = method === 'HEAD' ? 'HEAD' : 'GET';
          body = undefined;
          for (const h of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) headers.delete(h);
        }
        if (next.origin !== url.origin) {
          headers.delete('authorization');
          headers.delete('cookie');
          headers.delete('proxy-authorization');
        }
        url = next;
        continue;
      }
      const payload = NULL_BODY.has(out.status) || method === 'HEAD' ? null : out.body;
      return new Response(payload as BodyInit | null, { status: out.status, headers: out.headers });
    }
  };
}
