/**
 * The same generated requests, sent the way code under test sends them: the real `fetch` and
 * `node:http` through the nock interceptors, and `fakes.fetch`. Whatever arrives, the transport answers
 * (no rejected fetch, no socket error, no uncaught exception, no hang) with a non-5xx status, and a
 * rejected request changes nothing.
 */
import http from 'node:http';
import https from 'node:https';
import fc from 'fast-check';
import nock from 'nock';
import { createFakes } from 'stuntdouble';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SERVICES,
  type Service,
  envelopeProblem,
  fcParams,
  type Materialized,
  materialize,
  requestArb,
  seedWorld,
  show,
  stats,
  sameExceptBookkeeping,
} from './harness.js';

const fakes = createFakes({ clock: '2025-06-01T12:00:00Z', journal: false });
const worlds = Object.fromEntries(SERVICES.map((s) => [s, seedWorld(fakes, s)])) as Record<Service, ReturnType<typeof seedWorld>>;
const base = fakes.snapshot();
const routes = SERVICES.flatMap((service) => fakes.routes(service).map((route) => ({ service, route })));

beforeAll(() => {
  fakes.install();
});
afterAll(() => {
  fakes.uninstall();
  nock.cleanAll();
  console.log(`[reliability] transports: ${stats.requests} generated requests through fetch, node:http and fakes.fetch`);
});

/** What a client library can even send: header values are byte strings without control characters. */
function sendable(req: Materialized): boolean {
  return Object.values(req.headers).every((v) => /^[\t\x20-\x7e\x80-\xff]*$/.test(v) && v === v.trim());
}

function fetchInit(req: Materialized): RequestInit {
  const method = req.method.toUpperCase();
  // A wrong content-length breaks HTTP framing on the client side (undici refuses it) before any server sees it: not sent here.
  const { 'content-length': _framing, ...headers } = req.headers;
  return { method, headers, ...(method === 'GET' || method === 'HEAD' || req.body === undefined ? {} : { body: req.body as BodyInit }) };
}

interface Answer {
  status: number;
  text: string;
  headers: Record<string, string>;
}

async function viaFetch(f: typeof fetch, req: Materialized): Promise<Answer> {
  const res = await f(req.url, fetchInit(req));
  return { status: res.status, text: await res.text(), headers: Object.fromEntries(res.headers) };
}

function viaHttp(req: Materialized): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const u = new URL(req.url);
    const mod = u.protocol === 'https:' ? https : http;
    // A wrong content-length breaks HTTP framing on the client side before any server sees it: not sent here.
    const { 'content-length': _framing, ...headers } = req.headers;
    const r = mod.request(u, { method: req.method.toUpperCase(), headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers as Record<string, string> }),
      );
      res.on('error', reject);
    });
    r.on('error', reject);
    if (req.body !== undefined && req.method.toUpperCase() !== 'GET' && req.method.toUpperCase() !== 'HEAD') r.write(req.body);
    r.end();
  });
}

function check(service: Service, req: Materialized, ans: Answer): string | undefined {
  const after = fakes.snapshot();
  if (ans.status >= 500) return `answered ${ans.status}: ${ans.text.slice(0, 300)}`;
  if (ans.status >= 400) {
    if (req.method.toUpperCase() !== 'HEAD') {
      let json: unknown;
      try {
        json = JSON.parse(ans.text);
      } catch {
        return `error answer is not JSON: ${ans.text.slice(0, 200)}`;
      }
      const problem = envelopeProblem(service, { status: ans.status, headers: ans.headers, text: ans.text, json, call: undefined as never });
      if (problem) return `${ans.status}: ${problem}`;
    }
    if (!sameExceptBookkeeping(base, after)) return `rejected with ${ans.status} but the state changed`;
  }
  return undefined;
}

const transports = {
  'fetch + nock': (req: Materialized) => viaFetch(fetch, req),
  'node:http + nock': viaHttp,
  'fakes.fetch': (req: Materialized) => viaFetch(fakes.fetch as typeof fetch, req),
} as const;

describe.each(Object.keys(transports) as Array<keyof typeof transports>)('%s', (name) => {
  it('answers generated requests to every route within the contract', async () => {
    const send = transports[name];
    const routeArb = fc
      .constantFrom(...routes)
      .chain(({ service, route }) =>
        requestArb(worlds[service], route, (fakes[service] as unknown as { baseUrls: string[] }).baseUrls.length).map((desc) => ({ service, desc })),
      );
    await fc.assert(
      fc.asyncProperty(routeArb, async ({ service, desc }) => {
        const req = materialize(desc, (fakes[service] as unknown as { baseUrls: string[] }).baseUrls);
        fc.pre(sendable(req));
        // node:http (through @mswjs/interceptors) reads a path starting with '//' as another host, and with
        // nock 15 an empty segment anywhere ('/a//b') escapes interception: client-side quirks, not the fake's.
        fc.pre(name !== 'node:http + nock' || !new URL(req.url).pathname.includes('//'));
        // With nock 15, a node:http DELETE that carries a body is not intercepted at all (it goes to DNS):
        // an interceptor quirk outside the fake, so such requests are not sent through node:http here.
        fc.pre(name !== 'node:http + nock' || req.method.toUpperCase() !== 'DELETE' || req.body === undefined);
        fakes.restore(base);
        stats.requests += 1;
        let ans: Answer;
        try {
          let timer: ReturnType<typeof setTimeout> | undefined;
          const hang = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('no answer within 5 s')), 5_000);
          });
          ans = await Promise.race([send(req), hang]).finally(() => clearTimeout(timer));
        } catch (err) {
          throw new Error(
            `${name} failed: ${(err as Error & { cause?: unknown }).stack} cause=${String((err as { cause?: unknown }).cause)}\n  request: ${show(req)}`,
          );
        }
        const problem = check(service, req, ans);
        if (problem) throw new Error(`${problem}\n  request: ${show(req)}`);
      }),
      { ...fcParams(`transport ${name}`, 250), maxSkipsPerRun: 1000 },
    );
  });
});

describe('malformed JSON through the interceptors', () => {
  it('reaches the fake as sent and gets the service answer (nock 14 used to throw uncaught and hang the request)', async () => {
    const res = await fetch('https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/cachedContents', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: '{"model": ',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { status: string; message: string } };
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    expect(body.error.message).toMatch(/^Invalid JSON payload received/);
  });

  it("a path starting with '//' is answered by the fake, not read as another host (it used to miss every interceptor)", async () => {
    const res = await fetch('https://api.github.com//rate_limit');
    expect(res.status).toBeLessThan(500);
    expect(((await res.json()) as { message?: string; resources?: unknown }).message ?? 'ok').toBeTypeOf('string');
  });
});
