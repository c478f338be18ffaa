import http from 'node:http';
import https from 'node:https';
import axios from 'axios';
import got from 'got';
import nock from 'nock';
import nodeFetch from 'node-fetch';
import { createFakes } from 'stuntdouble';
import { Agent, Client, Pool, fetch as undiciFetch, request as undiciRequest, stream as undiciStream } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchSockets } from './helpers.js';

// A reference to the real fetch taken before nock patched the global one (as a module that captures
// `const f = globalThis.fetch` at load would hold it).
nock.restore();
const capturedFetch = globalThis.fetch;
nock.activate();

const URL_ = 'https://api.github.com/rate_limit';
const fakes = createFakes();
const sockets = watchSockets();
beforeAll(() => {
  fakes.install();
});
afterAll(() => {
  fakes.uninstall();
  sockets.stop();
});

/** Every client must reach the fake: the journal grows by one and no socket is opened. */
async function expectServed(run: () => Promise<{ status: number; body: unknown }>): Promise<void> {
  const before = fakes.calls.count();
  const socketsBefore = sockets.count();
  const { status, body } = await run();
  expect(status).toBe(200);
  expect(body).toMatchObject({ resources: { core: expect.objectContaining({ limit: expect.any(Number) }) } });
  expect(fakes.calls.count()).toBe(before + 1);
  expect(fakes.calls.last()).toMatchObject({ operation: 'rate-limit/get', status: 200 });
  expect(sockets.count()).toBe(socketsBefore);
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
