/**
 * fetch's abort rules hold for every fetch the fakes answer: an aborted request rejects with the signal's
 * reason (an `AbortError` DOMException by default, or the reason given to `abort(reason)`), before the
 * request and while it waits (a latency fault); a body not read when the signal aborts rejects with the
 * reason too; a body read before the abort stays read. The direct transport's fetch used to reject with
 * `TypeError: fetch failed` and hand out the body after the abort.
 */
import { type Fakes, createFakes, scenarios } from 'stuntdouble';
import { fetch as undiciFetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';

// Node's fetch as a module captured it before install(): answered through undici's global dispatcher.
const capturedFetch = globalThis.fetch;
const URL_ = 'https://api.github.com/rate_limit';
const HEADERS = { authorization: 'token t' };

let fakes: Fakes | undefined;
afterEach(() => {
  fakes?.uninstall();
  fakes = undefined;
});

type FetchLike = (url: string, init: RequestInit) => Promise<Response>;
const fetches: Record<string, (f: Fakes) => FetchLike> = {
  'global fetch': () => (url, init) => globalThis.fetch(url, init),
  'fetch captured before install()': () => (url, init) => capturedFetch(url, init),
  'undici.fetch': () => (url, init) => undiciFetch(url, init as never) as unknown as Promise<Response>,
  'fakes.fetch': (f) => (url, init) => f.fetch(url, init),
};

function expectAbortError(err: unknown): void {
  expect(err).toBeInstanceOf(DOMException);
  expect((err as DOMException).name).toBe('AbortError');
}

describe.each(['direct', 'nock'] as const)('%s transport', (transport) => {
  describe.each(Object.keys(fetches))('%s', (name) => {
    const setup = (latency = 0): FetchLike => {
      fakes = createFakes({ transport }).install();
      if (latency) fakes.apply(scenarios.latency({ service: 'codeHosting', route: 'GET /rate_limit', ms: latency }));
      return (fetches[name] as (f: Fakes) => FetchLike)(fakes);
    };

    it('an already aborted signal rejects with its reason', async () => {
      const f = setup();
      const err = await f(URL_, { headers: HEADERS, signal: AbortSignal.abort() }).catch((e: unknown) => e);
      expectAbortError(err);
    });

    it('an abort while the request waits rejects with the AbortError, or with the reason given', async () => {
      const f = setup(2_000);
      const ac = new AbortController();
      setTimeout(() => ac.abort(), 20);
      expectAbortError(await f(URL_, { headers: HEADERS, signal: ac.signal }).catch((e: unknown) => e));
      const mine = new Error('my reason');
      const ac2 = new AbortController();
      setTimeout(() => ac2.abort(mine), 20);
      expect(await f(URL_, { headers: HEADERS, signal: ac2.signal }).catch((e: unknown) => e)).toBe(mine);
    });

    it('a body not yet read when the signal aborts rejects with the reason; one read before stays read', async () => {
      const f = setup();
      const ac = new AbortController();
      const res = await f(URL_, { headers: HEADERS, signal: ac.signal });
      expect(res.status).toBe(200);
      ac.abort();
      expectAbortError(await res.text().catch((e: unknown) => e));
      const ac2 = new AbortController();
      const read = await f(URL_, { headers: HEADERS, signal: ac2.signal });
      const body = (await read.json()) as { resources?: unknown };
      ac2.abort();
      expect(body.resources).toBeDefined();
    });
  });
});
