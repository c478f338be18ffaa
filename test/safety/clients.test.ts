import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { createRequire } from 'node:module';
import net from 'node:net';
import tls from 'node:tls';
import axios from 'axios';
import got from 'got';
import nock from 'nock';
import nodeFetch from 'node-fetch';
import { UninterceptableRequestError, createFakes } from 'stuntdouble';
import { Agent, Client, Pool, fetch as undiciFetch, request as undiciRequest, stream as undiciStream } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, nock15, watchSockets } from './helpers.js';

// A reference to the real fetch taken before nock patched the global one (as a module that captures
// `const f = globalThis.fetch` at load would hold it).
nock.restore();
const capturedFetch = globalThis.fetch;
nock.activate();

const URL_ = 'https://api.github.com/rate_limit';
// Before createFakes(): the fakes' connection backstop then sits above the watch (see watchSockets).
const sockets = watchSockets();
const fakes = createFakes();
beforeAll(() => {
  fakes.install();
});
afterAll(() => {
  fakes.uninstall();
  sockets.stop();
});

/** No DNS lookup and no connect since `from` (none at all: the sandbox's only hosts are faked). */
function expectNoRealAttempt(from: { lookups: number; connects: number }): void {
  expect(sockets.lookups().slice(from.lookups)).toEqual([]);
  expect(sockets.connects().slice(from.connects)).toEqual([]);
}

function mark(): { lookups: number; connects: number } {
  return { lookups: sockets.lookups().length, connects: sockets.connects().length };
}

/** Every client must reach the fake: the journal grows by one, no DNS lookup and no connect. */
async function expectServed(run: () => Promise<{ status: number; body: unknown }>): Promise<void> {
  const before = fakes.calls.count();
  const from = mark();
  const { status, body } = await run();
  expect(status).toBe(200);
  expect(body).toMatchObject({ resources: { core: expect.objectContaining({ limit: expect.any(Number) }) } });
  expect(fakes.calls.count()).toBe(before + 1);
  expect(fakes.calls.last()).toMatchObject({ operation: 'rate-limit/get', status: 200 });
  expectNoRealAttempt(from);
}

function collect(res: http.IncomingMessage): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (c: string) => {
      text += c;
    });
    res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    res.on('error', reject);
  });
}

describe('every HTTP path a Node program can take reaches the fake, never the network', () => {
  it('https.get(url, cb)', () => expectServed(() => new Promise((resolve, reject) => https.get(URL_, (res) => resolve(collect(res))).on('error', reject))));

  it('https.request(options, cb) with headers and a body-less end()', () =>
    expectServed(
      () =>
        new Promise((resolve, reject) => {
          const req = https.request({ hostname: 'api.github.com', path: '/rate_limit', method: 'GET', headers: { 'user-agent': 't' } }, (res) =>
            resolve(collect(res)),
          );
          req.on('error', reject);
          req.end();
        }),
    ));

  it('https.request(url, options, cb) and http.request to an http:// faked base URL', async () => {
    await expectServed(
      () =>
        new Promise((resolve, reject) => {
          const req = https.request(new URL(URL_), { headers: { accept: 'application/json' } }, (res) => resolve(collect(res)));
          req.on('error', reject);
          req.end();
        }),
    );
    const local = createFakes({
      codeHosting: { baseUrls: ['http://ghe.internal.test/api/v3'] },
      socialGraph: { baseUrls: ['http://g.internal.test'] },
      modelCache: { baseUrls: ['http://m.internal.test'] },
    });
    local.install();
    try {
      const res = await new Promise<{ status: number; body: unknown }>((resolve, reject) =>
        http.get('http://ghe.internal.test/api/v3/rate_limit', (r) => resolve(collect(r))).on('error', reject),
      );
      expect(res.status).toBe(200);
      expect(local.calls.count()).toBe(1);
    } finally {
      local.uninstall();
    }
  });

  it('global fetch', () =>
    expectServed(async () => {
      const r = await fetch(URL_);
      return { status: r.status, body: await r.json() };
    }));

  it('a fetch reference captured before nock and install()', () =>
    expectServed(async () => {
      const r = await capturedFetch(URL_);
      return { status: r.status, body: await r.json() };
    }));

  it('undici fetch', () =>
    expectServed(async () => {
      const r = await undiciFetch(URL_);
      return { status: r.status, body: await r.json() };
    }));

  it('undici request', () =>
    expectServed(async () => {
      const r = await undiciRequest(URL_);
      return { status: r.statusCode, body: await r.body.json() };
    }));

  it('undici stream', () =>
    expectServed(async () => {
      let text = '';
      let status = 0;
      const { Writable } = await import('node:stream');
      await undiciStream(URL_, { method: 'GET' }, ({ statusCode }) => {
        status = statusCode;
        return new Writable({
          write(chunk, _enc, cb) {
            text += String(chunk);
            cb();
          },
        });
      });
      return { status, body: JSON.parse(text) };
    }));

  it('undici Pool, Client and Agent made by the program itself', async () => {
    const pool = new Pool('https://api.github.com');
    const client = new Client('https://api.github.com');
    const agent = new Agent();
    try {
      await expectServed(async () => {
        const r = await pool.request({ path: '/rate_limit', method: 'GET' });
        return { status: r.statusCode, body: await r.body.json() };
      });
      await expectServed(async () => {
        const r = await client.request({ path: '/rate_limit', method: 'GET' });
        return { status: r.statusCode, body: await r.body.json() };
      });
      await expectServed(async () => {
        const r = await agent.request({ origin: 'https://api.github.com', path: '/rate_limit', method: 'GET' });
        return { status: r.statusCode, body: await r.body.json() };
      });
      await expectServed(async () => {
        const r = await undiciFetch(URL_, { dispatcher: agent });
        return { status: r.status, body: await r.json() };
      });
    } finally {
      await Promise.all([pool.close(), client.close(), agent.close()]);
    }
  });

  it('axios', () =>
    expectServed(async () => {
      const r = await axios.get(URL_);
      return { status: r.status, body: r.data };
    }));

  it('got', () =>
    expectServed(async () => {
      const r = await got(URL_, { retry: { limit: 0 } });
      return { status: r.statusCode, body: JSON.parse(r.body) };
    }));

  it('node-fetch', () =>
    expectServed(async () => {
      const r = await nodeFetch(URL_);
      return { status: r.status, body: await r.json() };
    }));

  it('a POST with a JSON body arrives intact through undici request and the captured fetch', async () => {
    const off = fakes.route('codeHosting', 'POST /stuntdouble/echo', (ctx) => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: { got: ctx.req.body },
    }));
    try {
      const a = await undiciRequest('https://api.github.com/stuntdouble/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
      });
      expect(await a.body.json()).toEqual({ got: { a: 1 } });
      const b = await capturedFetch('https://api.github.com/stuntdouble/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"b":2}',
      });
      expect(await b.json()).toEqual({ got: { b: 2 } });
      expect(sockets.count()).toBe(0);
    } finally {
      off();
    }
  });
});

/** A client's promise, or a timeout: a connection that is not stopped hangs on DNS in a sandbox. */
function settle<T>(p: Promise<T>): Promise<T | 'timeout'> {
  return Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 5000).unref())]);
}

/** The backstop's error: names what was called, why no fake intercepts it, and what to do. */
async function expectStopped(run: () => Promise<unknown>, what: RegExp, instead: RegExp): Promise<void> {
  const from = mark();
  const errorsBefore = fakes.errors.length;
  const err = await settle(
    run().then(
      () => 'no error',
      (e: unknown) => e,
    ),
  );
  if (nock15) {
    // nock 15 intercepts below every client, at the socket: its mock connection takes these paths (the
    // backstop stands aside for it), so nothing leaves the process, but there is no named error either.
    expectNoRealAttempt(from);
    try {
      fakes.verify();
    } catch {}
    return;
  }
  const text = messages(err);
  expect(text).toMatch(/stuntdouble: a connection to api\.github\.com:443 \(https:\/\/api\.github\.com, faked\) was opened by/);
  expect(text).toMatch(what);
  expect(text).toMatch(/No fake can intercept it, so stuntdouble stopped it before DNS/);
  expect(text).toMatch(instead);
  expectNoRealAttempt(from);
  // Recorded, so the test fails even when the code under test swallows the error.
  expect(fakes.errors.slice(errorsBefore)).toEqual([expect.objectContaining({ source: 'connection', request: 'CONNECT api.github.com:443' })]);
  expect(fakes.errors.at(-1)?.error).toBeInstanceOf(UninterceptableRequestError);
  expect(() => fakes.verify()).toThrow(/CONNECT api\.github\.com:443/);
}

describe('what no fake can intercept fails early and clearly, before DNS', () => {
  it('http2.connect() to a faked host', () =>
    expectStopped(
      () =>
        new Promise((resolve, reject) => {
          const session = http2.connect('https://api.github.com');
          session.on('error', reject);
          session.on('connect', () => {
            session.close();
            resolve('connected');
          });
        }),
      /an HTTP\/2 session \(http2\.connect\(\)/,
      /turn HTTP\/2 off for the faked host/,
    ));

  it('got with http2: true', () => expectStopped(() => got(URL_, { http2: true, retry: { limit: 0 } }), /an HTTP\/2 session/, /got: drop http2: true/));

  it('a Pool and a Client of an undici copy first loaded after install()', async () => {
    const req = createRequire(import.meta.url);
    const saved = Object.entries(req.cache).filter(([k]) => /[\\/]node_modules[\\/]undici[\\/]/.test(k));
    for (const [k] of saved) delete req.cache[k];
    try {
      const late = req('undici') as typeof import('undici');
      expect(late.Pool).not.toBe(Pool);
      const pool = new late.Pool('https://api.github.com');
      const client = new late.Client('https://api.github.com');
      try {
        for (const d of [pool, client])
          await expectStopped(
            () => d.request({ path: '/rate_limit', method: 'GET' }),
            /a Pool, Client or Agent of an undici copy stuntdouble did not patch/,
            /load undici before fakes\.install\(\)/,
          );
      } finally {
        await Promise.all([pool.destroy(), client.destroy()]);
      }
    } finally {
      for (const [k] of Object.entries(req.cache)) if (/[\\/]node_modules[\\/]undici[\\/]/.test(k)) delete req.cache[k];
      for (const [k, m] of saved) req.cache[k] = m;
    }
  });

  it('a raw tls.connect() to a faked host; other hosts are not touched', async () => {
    await expectStopped(
      () =>
        new Promise((resolve, reject) => {
          const socket = tls.connect({ host: 'api.github.com', port: 443, servername: 'api.github.com' }, () => resolve('connected'));
          socket.on('error', reject);
        }),
      /a raw socket \(net\.connect\(\), tls\.connect\(\)/,
      /send the request with http\/https, fetch or undici/,
    );
    // nock 15's socket interceptor holds a raw socket to any host waiting for an HTTP request.
    if (nock15) return;
    // A host no fake serves goes on to a real DNS lookup (the watch sees it): the backstop left it alone.
    const from = mark();
    const other = net.connect(443, 'unfaked.invalid');
    const err = await new Promise<Error>((resolve) => other.on('error', resolve));
    expect(err).not.toBeInstanceOf(UninterceptableRequestError);
    expect(sockets.lookups().slice(from.lookups)).toEqual(['unfaked.invalid']);
    expect(sockets.connects().slice(from.connects)).toEqual(['unfaked.invalid:443']);
    expect(fakes.errors.filter((e) => e.source === 'connection')).toHaveLength(5);
  });
});
