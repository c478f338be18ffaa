// Shared body of the two load-order files: the direct transport beside a program's own nock use.
import https from 'node:https';
import { Octokit } from '@octokit/rest';
import type nockType from 'nock';
import type { createFakes as createFakesType } from 'stuntdouble';
import { afterEach, describe, expect, it } from 'vitest';

function httpsRequest(url: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: 'GET', headers: { accept: 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

function causes(err: unknown): string {
  const out: string[] = [];
  for (let e = err, i = 0; e && i < 5; i++, e = (e as { cause?: unknown }).cause) out.push(String((e as Error).message ?? e));
  return out.join(' <- ');
}

const MSW_SYMBOLS = new Set(['client-request-interceptor', 'fetch-interceptor', 'xhr-interceptor']);
/** What of the interception layer is in the process: the running interceptors and their request listeners. */
function interceptionState() {
  return Object.getOwnPropertySymbols(globalThis)
    .filter((s) => MSW_SYMBOLS.has(s.description ?? ''))
    .map((s) => {
      const i = (globalThis as unknown as Record<symbol, { emitter: { listeners(t: string): unknown[] } }>)[s] as {
        emitter: { listeners(t: string): unknown[] };
      };
      return { kind: s.description, instance: i, gated: Object.hasOwn(i.emitter, 'listeners'), listeners: i.emitter.listeners('request') };
    });
}

export function besideNock(label: string, nock: typeof nockType, createFakes: typeof createFakesType): void {
  const octokit = (baseUrl?: string) => new Octokit({ auth: 'ghp_t', ...(baseUrl ? { baseUrl } : {}), request: { retries: 0 } });

  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  describe(`direct transport beside the program's nock (${label})`, () => {
    it('a nock scope for another host answers while the fakes are installed: fetch, https.request and Octokit', async () => {
      nock('https://theirs.example').persist().get('/x').reply(200, { theirs: true }).get('/rate_limit').reply(200, { resources: 'theirs' });
      const fakes = createFakes({ transport: 'direct', guard: false }).install();
      try {
        expect(await (await fetch('https://theirs.example/x')).json()).toEqual({ theirs: true });
        expect(await httpsRequest('https://theirs.example/x')).toEqual({ status: 200, text: '{"theirs":true}' });
        expect((await octokit('https://theirs.example').request('GET /rate_limit')).data).toEqual({ resources: 'theirs' });
        // ...while the faked host is answered by the fake, through each client
        expect((await fetch('https://api.github.com/rate_limit')).status).toBe(200);
        expect((await httpsRequest('https://api.github.com/rate_limit')).status).toBe(200);
        expect((await octokit().request('GET /rate_limit')).data).toHaveProperty('resources.core');
        expect(fakes.calls.count()).toBe(3);
      } finally {
        fakes.uninstall();
      }
    });

    it('a nock scope for a faked host, before or after install(), takes precedence; the rest of the host reaches the fake', async () => {
      nock('https://api.github.com').get('/rate_limit').reply(200, { before: true });
      const fakes = createFakes({ transport: 'direct', guard: false }).install();
      try {
        expect((await octokit().request('GET /rate_limit')).data).toEqual({ before: true });
        nock('https://api.github.com').get('/meta').reply(200, { after: true });
        expect(await (await fetch('https://api.github.com/meta')).json()).toEqual({ after: true });
        expect((await httpsRequest('https://api.github.com/rate_limit')).status).toBe(200);
        expect(fakes.calls.map((c) => c.route)).toEqual(['/rate_limit']);
      } finally {
        fakes.uninstall();
      }
    });

    it('nock.disableNetConnect() and its allow-list keep governing other hosts; the faked host is still answered', async () => {
      nock.disableNetConnect();
      const fakes = createFakes({ transport: 'direct', guard: false, onUnhandledRequest: 'bypass' }).install();
      try {
        expect(causes(await fetch('https://elsewhere.example/x').catch((e: unknown) => e))).toMatch(/Disallowed net connect/);
        expect(causes(await httpsRequest('https://elsewhere.example/x').catch((e: unknown) => e))).toMatch(/Disallowed net connect/);
        expect((await octokit().request('GET /rate_limit')).status).toBe(200);
        expect((await httpsRequest('https://api.github.com/rate_limit')).status).toBe(200);
      } finally {
        fakes.uninstall();
      }
    });

    it('after uninstall() nothing of ours remains and nock works as before, also for the hosts we faked', async () => {
      const before = interceptionState();
      const fetchBefore = globalThis.fetch;
      const fakes = createFakes({ transport: 'direct', guard: false }).install();
      expect(interceptionState().some((s) => s.gated)).toBe(true);
      expect((await fetch('https://api.github.com/rate_limit')).status).toBe(200);
      fakes.uninstall();
      const after = interceptionState();
      expect(after.map((s) => [s.kind, s.instance, s.gated, s.listeners.length])).toEqual(before.map((s) => [s.kind, s.instance, false, s.listeners.length]));
      expect(globalThis.fetch).toBe(fetchBefore);
      expect(nock.isActive()).toBe(true);
      nock('https://api.github.com').get('/rate_limit').reply(200, { plain: 'nock' });
      expect((await octokit().request('GET /rate_limit')).data).toEqual({ plain: 'nock' });
      nock('https://api.github.com').get('/rate_limit').reply(200, { plain: 'nock' });
      expect(await httpsRequest('https://api.github.com/rate_limit')).toEqual({ status: 200, text: '{"plain":"nock"}' });
      nock.disableNetConnect();
      expect(causes(await fetch('https://graph.facebook.com/v24.0/me').catch((e: unknown) => e))).toMatch(/Disallowed net connect/);
    });
  });
}
