import type { Engine } from './dispatch.js';
import { serialize } from './response.js';

/** A fetch-compatible function answered by the fakes without nock or sockets. */
export type FakeFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * Builds `fakes.fetch`. URLs no fake serves are rejected like an unreachable host. `init.signal` is
 * honoured as fetch does: an aborted request rejects with the signal's reason (an `AbortError`),
 * before it reaches the fake or while it waits (latency faults).
 */
export function createFetch(engine: Engine): FakeFetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const signal = request.signal;
    signal.throwIfAborted();
    const url = new URL(request.url);
    if (!engine.serves(url)) {
      throw new TypeError('fetch failed', {
        cause: new Error(`stuntdouble: no fake serves ${url.origin}${url.pathname} (fakes.fetch never reaches the network)`),
      });
    }
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    signal.throwIfAborted();
    const result = await engine.handle({ method: request.method, url, headers: request.headers, ...(body ? { body } : {}) }, signal);
    signal.throwIfAborted();
    if (result.kind === 'network-error') throw new TypeError('fetch failed', { cause: result.error });
    if (result.kind === 'unserved') throw new TypeError('fetch failed');
    const out = serialize(result.response);
    const payload = NULL_BODY.has(out.status) || request.method === 'HEAD' ? null : out.body;
    return new Response(payload as BodyInit | null, { status: out.status, headers: out.headers });
  };
}
