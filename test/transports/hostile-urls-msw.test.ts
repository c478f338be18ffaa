/**
 * The msw transport (`stuntdouble/msw`): over-long URLs through msw's own interception get the
 * service's 414 at once, as with install() (hostile-urls.test.ts). msw 2 intercepts http/https with the
 * same mock sockets whose request parser hung on heads over 16 KiB.
 */
import https from 'node:https';
import { setupServer } from 'msw/node';
import { createFakes } from 'stuntdouble/msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const fakes = createFakes();
const server = setupServer(...fakes.handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const URLS = {
  codeHosting: 'https://api.github.com/repos/octo/hello/issues',
  socialGraph: 'https://graph.facebook.com/v24.0/me/feed',
  modelCache: 'https://generativelanguage.googleapis.com/v1beta/cachedContents',
} as const;

function httpsStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.get(url, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

describe('msw transport', () => {
  for (const [service, base] of Object.entries(URLS)) {
    for (const [what, url] of [
      ['a 60 KB path segment', `${base}/${'x'.repeat(60_000)}`],
      ['a 20 KB URL', `${base}?q=${'y'.repeat(20_000)}`],
    ] as const) {
      it(`${service}: ${what} answers 414 through fetch and node:https, journaled`, async () => {
        expect((await fetch(url)).status).toBe(414);
        expect(await httpsStatus(url)).toBe(414);
        const calls = fakes.calls.where({ service: service as keyof typeof URLS });
        expect(calls.count()).toBeGreaterThanOrEqual(2);
        expect(calls.last()?.tags).toContain('too-long');
      });
    }
  }
});
