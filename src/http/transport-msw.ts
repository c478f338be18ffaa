import { type HttpHandler, http } from 'msw';
import type { Engine } from './dispatch.js';
import { retainMockSocketFixes } from './mock-socket.js';
import { serialize } from './response.js';

const NULL_BODY = new Set([101, 204, 205, 304]);

/** Whether msw mode holds the mock-socket fixes (never released: msw's interception has no end stuntdouble sees). */
let mswFixesHeld = false;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * One msw handler answering every faked origin of an engine with the fakes: same state, journal,
 * clock, faults and scenarios as the instance. A path on a faked host outside every base URL is
 * refused with the fake's error (never passed to the real service); a network-error fault becomes
 * msw's network error.
 */
export function mswHandlers(engine: Engine): HttpHandler[] {
  // msw 2 intercepts http/https with the same mock sockets: their fixes stay in place from here on
  // (msw's interception has no end stuntdouble could see).
  if (!mswFixesHeld) {
    retainMockSocketFixes();
    mswFixesHeld = true;
  }
  const origins = engine.origins();
  if (origins.length === 0) return [];
  const pattern = new RegExp(`^(?:${origins.map(escapeRegExp).join('|')})(?:/|$)`);
  const handler = http.all(pattern, async ({ request }) => {
    const url = new URL(request.url);
    const method = request.method;
    // GET and HEAD carry no body: not even asked for (the getter builds a stream state per request).
    const body = method !== 'GET' && method !== 'HEAD' && request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const result = await engine.handle({ method, url, headers: request.headers, ...(body ? { body } : {}) }, request.signal);
    if (result.kind === 'network-error') return Response.error();
    if (result.kind === 'unserved') throw engine.unservedError(method, url);
    const out = serialize(result.response);
    const payload = NULL_BODY.has(out.status) || method === 'HEAD' ? null : out.body;
    return new Response(payload as BodyInit | null, { status: out.status, headers: out.headers });
  });
  return [handler];
}
