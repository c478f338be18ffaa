/**
 * A request to a faked host that ends in an error emits exactly one 'error', as a real connection does:
 * destroyed with an error in its response callback, or failed at the connection level (a
 * `networkError` fault). The interceptors' mock socket used to emit it twice, an uncaught exception for
 * a client listening with `once('error')` (the nock transport's usual case).
 */
import type http from 'node:http';
import https from 'node:https';
import { type Fakes, createFakes, scenarios } from 'stuntdouble';
import { afterEach, describe, expect, it } from 'vitest';

let fakes: Fakes | undefined;
afterEach(() => {
  fakes?.uninstall();
  fakes = undefined;
});

/** Sends one request, lets `act` end it, and counts the 'error' events until 'close' (and a little after). */
function errorsOf(url: string, act: (req: http.ClientRequest, res?: http.IncomingMessage) => void): Promise<string[]> {
  return new Promise((resolve) => {
    const seen: string[] = [];
    const req = https.request(url, { headers: { authorization: 'token t' } }, (res) => {
      act(req, res);
      res.resume();
    });
    req.on('error', (err) => seen.push(err.message));
    req.on('close', () => setTimeout(() => resolve(seen), 50));
    req.end();
  });
}

describe.each(['direct', 'nock'] as const)('%s transport', (transport) => {
  it('req.destroy(err) in the response callback emits that error once', async () => {
    fakes = createFakes({ transport }).install();
    const seen = await errorsOf('https://api.github.com/rate_limit', (req) => req.destroy(new Error('mine')));
    expect(seen).toEqual(['mine']);
  });

  it('req.destroy() before the answer emits one socket hang up', async () => {
    fakes = createFakes({ transport }).install();
    const seen = await new Promise<string[]>((resolve) => {
      const out: string[] = [];
      const req = https.request('https://api.github.com/rate_limit');
      req.on('error', (err) => out.push(err.message));
      req.on('close', () => setTimeout(() => resolve(out), 50));
      req.destroy();
    });
    expect(seen).toEqual(['socket hang up']);
  });

  it('a networkError fault fails the request with one error', async () => {
    fakes = createFakes({ transport }).install();
    fakes.apply(scenarios.networkError({ service: 'codeHosting', route: 'GET /rate_limit' }));
    const seen = await errorsOf('https://api.github.com/rate_limit', () => undefined);
    expect(seen).toHaveLength(1);
  });

  it("a listener added with once('error') sees the error and nothing is left uncaught", async () => {
    fakes = createFakes({ transport }).install();
    const message = await new Promise<string>((resolve) => {
      const req = https.request('https://api.github.com/rate_limit', { headers: { authorization: 'token t' } }, (res) => {
        req.destroy(new Error('once'));
        res.resume();
      });
      req.once('error', (err) => resolve(err.message));
      req.end();
    });
    expect(message).toBe('once');
    // A second 'error' would now throw (no listener left): give it the ticks it would take.
    await new Promise((r) => setTimeout(r, 50));
  });
});
