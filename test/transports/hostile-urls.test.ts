/**
 * Over-long URLs and path segments get an answer on every transport, at once: a URL over the service's
 * limit is its 414 (GitHub and Graph in their JSON envelopes, Google's front end as its HTML page),
 * journaled and clipped; a long path under the limit gets the service's not-found with suggestions.
 *
 * Before: any http/https URL over about 16 KiB hung forever (the interceptors' request parser dropped
 * its header-overflow error), and the closest-route suggestion cost ~170 µs per character of the path.
 * Each request here completes or the test times out; how long they take is `npm run bench` (hostile input).
 */
import https from 'node:https';
import { type Fakes, createFakes } from 'stuntdouble';
import { request as undiciRequest } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';

const SERVICES = {
  codeHosting: { base: 'https://api.github.com', path: '/repos/octo/hello/issues', auth: { authorization: 'token t' } },
  socialGraph: { base: 'https://graph.facebook.com/v24.0', path: '/me/feed', auth: { authorization: 'OAuth t' } },
  modelCache: { base: 'https://generativelanguage.googleapis.com', path: '/v1beta/cachedContents', auth: { 'x-goog-api-key': 'k' } },
} as const;
type Service = keyof typeof SERVICES;

/** A 60 KB path segment, and a 20 KB URL (its query), for a service. */
function hostileUrls(service: Service): Array<[string, string]> {
  const { base, path } = SERVICES[service];
  return [
    ['a 60 KB path segment', `${base}${path}/${'x'.repeat(60_000)}`],
    ['a 20 KB URL', `${base}${path}?q=${'y'.repeat(20_000)}`],
  ];
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

const clients: Record<string, (url: string, headers: Record<string, string>) => Promise<Answer>> = {
  fetch: async (url, headers) => {
    const res = await fetch(url, { headers });
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
  },
  'node:https': (url, headers) =>
    new Promise((resolve, reject) => {
      const req = https.get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
    }),
  'undici.request': async (url, headers) => {
    const res = await undiciRequest(url, { headers });
    return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), text: await res.body.text() };
  },
};

/** The service's 414: GitHub's and Graph's JSON envelopes, Google's front-end page. */
function expectTooLong(service: Service, ans: Answer): void {
  expect(ans.status).toBe(414);
  if (service === 'modelCache') {
    expect(ans.contentType).toMatch(/^text\/html/);
    expect(ans.text).toContain('<title>Error 414 (Request-URI Too Large)!!1</title>');
    expect(ans.text.length).toBeLessThan(2_000);
    return;
  }
  const body = JSON.parse(ans.text) as { message?: string; error?: { message: string; code: number; type: string } };
  if (service === 'codeHosting') expect(body).toMatchObject({ message: 'URI Too Long', documentation_url: expect.any(String) });
  else expect(body.error).toMatchObject({ code: 100, type: 'OAuthException', message: expect.stringContaining('too long') });
}

/** The journal kept the refusal, its URL clipped. */
function expectJournaled(fakes: Fakes, service: Service): void {
  const call = fakes.calls.last();
  expect(call).toMatchObject({ service, status: 414, operation: 'unmatched' });
  expect(call?.tags).toContain('too-long');
  expect(call?.url.length).toBeLessThan(1_100);
}

let current: Fakes | undefined;
afterEach(() => {
  current?.uninstall();
  current = undefined;
});

describe.each(['direct', 'nock'] as const)('%s transport', (transport) => {
  for (const service of Object.keys(SERVICES) as Service[]) {
    for (const [what, url] of hostileUrls(service)) {
      it.each(Object.keys(clients))(`${service}: ${what} through %s answers 414`, async (client) => {
        current = createFakes({ transport }).install();
        const ans = await (clients[client] as (typeof clients)[string])(url, SERVICES[service].auth);
        expectTooLong(service, ans);
        expectJournaled(current, service);
      });
    }
  }
});

describe('without interception', () => {
  for (const service of Object.keys(SERVICES) as Service[]) {
    for (const [what, url] of hostileUrls(service)) {
      it(`${service}: ${what} through fakes.fetch and fakes.handle answers 414`, async () => {
        const fakes = createFakes();
        const res = await fakes.fetch(url, { headers: SERVICES[service].auth });
        expectTooLong(service, { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() });
        expectJournaled(fakes, service);
        const handled = await fakes.handle({
          method: 'POST',
          url,
          headers: { ...SERVICES[service].auth, 'content-type': 'application/json' },
          body: '{"a":1}',
        });
        expectTooLong(service, { status: handled.status, contentType: handled.headers['content-type'] ?? '', text: handled.text });
        // The body of a refused request is not read.
        expect(handled.call.body).toBeUndefined();
      });
    }
  }
});

describe('URLs at the limit', () => {
  it.each([
    ['codeHosting', 8191],
    ['socialGraph', 16_384],
    ['modelCache', 16_384],
  ] as const)('%s: a request target of exactly %i characters is served, one more is 414', async (service, limit) => {
    const fakes = createFakes();
    const { base, path, auth } = SERVICES[service];
    const prefix = new URL(`${base}${path}?q=`);
    const fill = limit - (prefix.pathname.length + prefix.search.length);
    const at = await fakes.handle({ method: 'GET', url: `${prefix.href}${'z'.repeat(fill)}`, headers: auth });
    expect(at.status).not.toBe(414);
    expect(at.call.tags).not.toContain('too-long');
    const over = await fakes.handle({ method: 'GET', url: `${prefix.href}${'z'.repeat(fill + 1)}`, headers: auth });
    expect(over.status).toBe(414);
  });

  it('long unmatched paths under the limit get the not-found with the closest routes, five at a time', async () => {
    const fakes = createFakes().install();
    current = fakes;
    const urls = [
      `https://api.github.com/repos/octo/hello/isues/${'q'.repeat(8_000)}`,
      ...Array.from({ length: 5 }, (_, i) => `https://graph.facebook.com/v24.0/${'p'.repeat(15_000)}${i}/fed`),
    ];
    const answers = await Promise.all(urls.map((u) => fetch(u, { headers: { authorization: 'token t' } })));
    for (const res of answers) expect(res.status).toBeGreaterThanOrEqual(400);
    expect(answers.map((r) => r.status)).not.toContain(414);
    const github = fakes.calls.where({ service: 'codeHosting' }).last();
    expect(github?.note).toMatch(/Closest: GET \/repos\/\{owner\}\/\{repo\}\/issues\/\{issue_number\}/);
    expect(fakes.unmatched.count()).toBeGreaterThanOrEqual(1);
  });
});
