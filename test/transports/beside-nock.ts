// Shared body of the load-order files: the direct transport beside a program's own nock use.
import http from 'node:http';
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

/** Every way to call http(s).get / http(s).request: url string, URL object, options, url + options; with or without a callback. */
const FORMS = ['url', 'URL', 'options', 'url+options', 'URL+options'] as const;
export const CALL_STYLES = (['get', 'request'] as const).flatMap((fn) => FORMS.flatMap((form) => [true, false].map((callback) => ({ fn, form, callback }))));
export type CallStyle = (typeof CALL_STYLES)[number];

/** One GET through `http`/`https` (picked by the URL's scheme) in the given call style: status and body text. */
export function callStyle({ fn, form, callback }: CallStyle, href: string): Promise<{ status: number; text: string }> {
  const url = new URL(href);
  const mod = url.protocol === 'https:' ? https : http;
  const headers = { accept: 'application/json' };
  const options = { protocol: url.protocol, hostname: url.hostname, path: `${url.pathname}${url.search}`, headers };
  const args: unknown[] =
    form === 'url' ? [href] : form === 'URL' ? [url] : form === 'options' ? [options] : form === 'url+options' ? [href, { headers }] : [url, { headers }];
  return new Promise((resolve, reject) => {
    const onResponse = (res: http.IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    };
    try {
      const call = mod[fn] as (...a: unknown[]) => http.ClientRequest;
      const req = callback ? call(...args, onResponse) : call(...args);
      if (!callback) req.on('response', onResponse);
      req.on('error', reject);
      if (fn === 'request') req.end();
    } catch (err) {
      reject(err);
    }
  });
}

const label = (s: CallStyle) => `${s.fn}(${s.form}${s.callback ? ', cb' : ''})`;

/** Runs every call style against each URL: each answer (or error), by style and URL, for one toEqual. */
export async function everyCallStyle(hrefs: readonly string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const href of hrefs)
    for (const style of CALL_STYLES) {
      const r = await callStyle(style, href).catch((e: unknown) => ({ status: -1, text: causes(e) }));
      out[`${label(style)} ${href}`] = `${r.status} ${r.text.slice(0, 30)}`;
    }
  return out;
}

/** What everyCallStyle should answer when each URL gives the same status and text whatever the call style. */
export function sameForEveryStyle(expected: Record<string, { status: number; text: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [href, r] of Object.entries(expected)) for (const style of CALL_STYLES) out[`${label(style)} ${href}`] = `${r.status} ${r.text.slice(0, 30)}`;
  return out;
}

/** The fake's rate_limit answer, as far as everyCallStyle shows it. */
export const FAKE_RATE_LIMIT = { status: 200, text: '{"resources":{"core":{"limit":' };

/** Faked hosts on both schemes (an http:// GitHub Enterprise base URL besides api.github.com). */
export const FAKED_OPTIONS = { codeHosting: { baseUrls: ['https://api.github.com', 'http://ghe.test/api/v3'] } };
export const FAKED_URLS = ['https://api.github.com/rate_limit', 'http://ghe.test/api/v3/rate_limit'] as const;
export const THEIR_URLS = ['https://theirs.example/x', 'http://theirs.example/x'] as const;

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

    it("every http/https call style reaches the fake for a faked host and the program's nock scope for another; after uninstall() nock answers every style", async () => {
      for (const href of THEIR_URLS) nock(new URL(href).origin).persist().get('/x').reply(200, { theirs: true });
      const fakes = createFakes({ transport: 'direct', guard: false, ...FAKED_OPTIONS }).install();
      try {
        expect(await everyCallStyle([...FAKED_URLS, ...THEIR_URLS])).toEqual(
          sameForEveryStyle({
            [FAKED_URLS[0]]: FAKE_RATE_LIMIT,
            [FAKED_URLS[1]]: FAKE_RATE_LIMIT,
            [THEIR_URLS[0]]: { status: 200, text: '{"theirs":true}' },
            [THEIR_URLS[1]]: { status: 200, text: '{"theirs":true}' },
          }),
        );
        expect(fakes.calls.count()).toBe(2 * CALL_STYLES.length);
      } finally {
        fakes.uninstall();
      }
      for (const href of FAKED_URLS) nock(new URL(href).origin).persist().get(new URL(href).pathname).reply(200, { plain: 'nock' });
      expect(await everyCallStyle([...FAKED_URLS, ...THEIR_URLS])).toEqual(
        sameForEveryStyle({
          [FAKED_URLS[0]]: { status: 200, text: '{"plain":"nock"}' },
          [FAKED_URLS[1]]: { status: 200, text: '{"plain":"nock"}' },
          [THEIR_URLS[0]]: { status: 200, text: '{"theirs":true}' },
          [THEIR_URLS[1]]: { status: 200, text: '{"theirs":true}' },
        }),
      );
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
