/**
 * Server mode on a developer's machine: no web page can drive it. A foreign Host (DNS rebinding) is
 * refused on every route, cross-site and "simple" admin writes are refused, the names a server mounts
 * cannot be exhausted, prototype names are no services or helpers, a failed serve() frees its port,
 * and a half-open connection is closed.
 */
import { request } from 'node:http';
import net from 'node:net';
import { createFakes } from 'stuntdouble';
import { serve } from 'stuntdouble/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from './helpers.js';

interface Answer {
  status: number;
  text: string;
  json: { error?: { status: number; message: string } } & Record<string, unknown>;
}

/** A raw request with any headers (fetch does not let a test set Host or Origin). */
function raw(url: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        method,
        path,
        headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          text += d;
        });
        res.on('end', () => {
          let json: Answer['json'] = {};
          try {
            json = text ? JSON.parse(text) : {};
          } catch {
            json = {};
          }
          resolve({ status: res.statusCode ?? 0, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Writes raw bytes on a new connection and resolves with everything read until it closes. */
function onSocket(port: number, data: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      if (data) socket.write(data);
    });
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      answer += d;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

// Every admin route (as the admin API lists them), with a body a legitimate client would send.
const ADMIN_ROUTES: Array<[string, string, string?]> = [
  ['GET', '/__stuntdouble/'],
  ['GET', '/__stuntdouble'],
  ['GET', '/__stuntdouble/health'],
  ['GET', '/__stuntdouble/state'],
  ['GET', '/__stuntdouble/state/codeHosting'],
  ['GET', '/__stuntdouble/describe'],
  ['POST', '/__stuntdouble/reset'],
  ['POST', '/__stuntdouble/snapshot'],
  ['POST', '/__stuntdouble/restore/1'],
  ['GET', '/__stuntdouble/scenarios'],
  ['POST', '/__stuntdouble/scenarios/cacheReady', '{}'],
  ['GET', '/__stuntdouble/applied'],
  ['GET', '/__stuntdouble/clock'],
  ['POST', '/__stuntdouble/clock/advance', '{"by":"2h"}'],
  ['POST', '/__stuntdouble/clock/set', '{"at":"2030-01-01T00:00:00Z"}'],
  ['POST', '/__stuntdouble/clock/freeze', '{}'],
  ['GET', '/__stuntdouble/calls'],
  ['GET', '/__stuntdouble/unmatched'],
  ['GET', '/__stuntdouble/routes'],
  ['POST', '/__stuntdouble/faults', '{"kind":"serviceUnavailable"}'],
  ['GET', '/__stuntdouble/faults'],
  ['DELETE', '/__stuntdouble/faults'],
  ['DELETE', '/__stuntdouble/faults/1'],
  ['POST', '/__stuntdouble/handles/1/hits'],
  ['GET', '/__stuntdouble/seed'],
  ['POST', '/__stuntdouble/seed/codeHosting/repo', '{"owner":"evil","repo":"planted"}'],
];
const WRITES = ADMIN_ROUTES.filter(([m]) => m !== 'GET');

describe('server guards (serve() in-process)', () => {
  const fakes = createFakes({ clock: '2024-01-01T00:00:00Z' });
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    server = await serve(fakes, { port: 0, hostNames: ['stuntdouble', '*.ci.example'] });
  });
  afterAll(async () => {
    await server.close();
  });
  const json = { 'content-type': 'application/json' };

  it('a foreign Host answers 421 on every admin route (and service route), and changes nothing', async () => {
    const before = JSON.stringify(fakes.state);
    const now = fakes.clock.now().toISOString();
    for (const [method, path, body] of ADMIN_ROUTES) {
      for (const host of [`evil.example:${server.port}`, 'evil.example', `localhost.evil.example:${server.port}`, `stuntdouble.evil.example:${server.port}`]) {
        const res = await raw(server.url, method, path, { host, ...json }, body);
        expect([method, path, host, res.status]).toEqual([method, path, host, 421]);
        expect(res.json.error?.message).toContain('--host-name');
      }
    }
    // Absolute-form targets (a client using the server as its proxy) name the host they address.
    const proxied = await onSocket(
      server.port,
      `GET http://evil.example:${server.port}/__stuntdouble/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    expect(proxied).toMatch(/^HTTP\/1\.1 421 /);
    expect((await raw(server.url, 'GET', '/github/repos/octo/hello', { host: `evil.example:${server.port}`, authorization: 'token t' })).status).toBe(421);
    expect(JSON.stringify(fakes.state)).toBe(before);
    expect(fakes.clock.now().toISOString()).toBe(now);
    expect(fakes.calls.count()).toBe(0);
  });

  it('the names that cannot be rebound are answered: addresses, localhost, the faked hosts, the names given', async () => {
    for (const host of [
      `127.0.0.1:${server.port}`,
      `localhost:${server.port}`,
      `LOCALHOST:${server.port}`,
      `[::1]:${server.port}`,
      '10.1.2.3',
      'api.github.localhost',
      'api.github.com',
      'graph.facebook.com',
      'generativelanguage.googleapis.com',
      `stuntdouble:${server.port}`,
      `runner-7.ci.example:${server.port}`,
    ]) {
      const res = await raw(server.url, 'GET', '/__stuntdouble/health', { host });
      expect([host, res.status]).toEqual([host, 200]);
    }
  });

  it('a cross-site text/plain POST answers 403 on every admin write, and changes nothing', async () => {
    const before = JSON.stringify(fakes.state);
    const now = fakes.clock.now().toISOString();
    const variants: Array<Record<string, string>> = [
      { origin: 'http://evil.example', 'content-type': 'text/plain' },
      { origin: 'null', 'content-type': 'text/plain' },
      { origin: 'http://evil.example', ...json },
      { origin: `http://localhost:${server.port + 1}`, 'content-type': 'application/x-www-form-urlencoded' },
      { 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      { 'sec-fetch-site': 'same-site', ...json },
    ];
    for (const [method, path, body] of WRITES) {
      for (const headers of variants) {
        const res = await raw(server.url, method, path, { host: `127.0.0.1:${server.port}`, ...headers }, body);
        expect([method, path, JSON.stringify(headers), res.status]).toEqual([method, path, JSON.stringify(headers), 403]);
      }
    }
    expect(JSON.stringify(fakes.state)).toBe(before);
    expect(fakes.clock.now().toISOString()).toBe(now);
  });

  it('an admin POST needs the JSON content type or the admin token; the server’s own pages may post', async () => {
    const host = `127.0.0.1:${server.port}`;
    const advance = (headers: Record<string, string>) => raw(server.url, 'POST', '/__stuntdouble/clock/advance', { host, ...headers }, '{"by":"1m"}');
    const start = fakes.clock.now().getTime();
    // A simple content type (or none) from a client that is no web page: 415, with the way out.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await advance({ 'content-type': type });
      expect(res.status).toBe(415);
      expect(res.json.error?.message).toContain('application/json');
      expect(res.json.error?.message).toContain('x-stuntdouble-token');
    }
    expect((await raw(server.url, 'POST', '/__stuntdouble/snapshot', { host })).status).toBe(415);
    expect(fakes.clock.now().getTime()).toBe(start);
    // The JSON type, the token, or the server's own origin (the live page) are accepted.
    expect((await advance(json)).status).toBe(200);
    expect((await advance({ 'content-type': 'application/vnd.api+json' })).status).toBe(200);
    expect((await advance({ 'content-type': 'text/plain', 'x-stuntdouble-token': server.adminToken })).status).toBe(200);
    expect((await advance({ 'content-type': 'text/plain', origin: `http://${host}`, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect(fakes.clock.now().getTime()).toBe(start + 4 * 60_000);
    // A wrong token is refused outright.
    expect((await advance({ ...json, 'x-stuntdouble-token': 'not-the-token' })).status).toBe(403);
    // DELETE never leaves a browser for another origin without a preflight: no content type needed.
    expect((await raw(server.url, 'DELETE', '/__stuntdouble/faults', { host })).status).toBe(200);
    expect(server.adminToken).toMatch(/^[\w-]{32}$/);
  });

  it('100 random Host names, then a legitimate one: refused, then served', async () => {
    for (let i = 0; i < 100; i++) {
      const name = `rand-${i}-${((i * 7919) % 9973).toString(36)}.example`;
      expect((await raw(server.url, 'GET', '/github/rate_limit', { host: `${name}:${server.port}`, authorization: 'token t' })).status).toBe(421);
    }
    const res = await raw(server.url, 'GET', '/github/rate_limit', { host: `stuntdouble:${server.port}`, authorization: 'token t' });
    expect(res.status).toBe(200);
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const repo = await raw(server.url, 'GET', '/github/repos/octo/hello', { host: `stuntdouble:${server.port}`, authorization: 'token t' });
    expect(repo.json.url).toBe(`http://stuntdouble:${server.port}/github/repos/octo/hello`);
  });

  it('POST seed/__proto__/... and other prototype names answer 404, never 500', async () => {
    const host = `127.0.0.1:${server.port}`;
    for (const [method, path] of [
      ['POST', '/__stuntdouble/seed/__proto__/repo'],
      ['POST', '/__stuntdouble/seed/constructor/repo'],
      ['POST', '/__stuntdouble/seed/hasOwnProperty/toString'],
      ['POST', '/__stuntdouble/seed/codeHosting/__proto__'],
      ['POST', '/__stuntdouble/seed/codeHosting/constructor'],
      ['POST', '/__stuntdouble/seed/codeHosting/toString'],
      ['GET', '/__stuntdouble/state/__proto__'],
      ['GET', '/__stuntdouble/state?service=constructor'],
      ['GET', '/__stuntdouble/calls?service=__proto__'],
      ['GET', '/__stuntdouble/routes/valueOf'],
      ['POST', '/__stuntdouble/scenarios/__proto__'],
      ['POST', '/__stuntdouble/scenarios/constructor'],
      ['POST', '/__stuntdouble/restore/__proto__'],
      ['POST', '/__stuntdouble/handles/__proto__/hits'],
    ]) {
      const res = await raw(server.url, method as string, path as string, { host, ...json }, '{}');
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.json.error?.status).toBe(404);
    }
    // Spelled like a service at the real prefix: an unknown service, named.
    expect((await raw(server.url, 'POST', '/__stuntdouble/seed/__proto__/repo', { host, ...json }, '{}')).json.error?.message).toContain(
      "unknown service '__proto__'",
    );
  });
});

describe("name mounts cannot be exhausted (hostNames: ['*'] and addresses)", () => {
  it('after 100 other names, the first one and a new one are still served at the prefixes', async () => {
    const fakes = createFakes();
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const server = await serve(fakes, { port: 0, hostNames: ['*'] });
    try {
      const get = (host: string) => raw(server.url, 'GET', '/github/repos/octo/hello', { host, authorization: 'token t' });
      expect((await get('first.example')).json.url).toBe('http://first.example/github/repos/octo/hello');
      for (let i = 0; i < 100; i++) expect((await get(`n${i}.example`)).status).toBe(200);
      for (let i = 0; i < 100; i++) expect((await get(`10.0.${i >> 8}.${i & 255}:${server.port}`)).status).toBe(200);
      expect((await get('first.example')).json.url).toBe('http://first.example/github/repos/octo/hello');
      expect((await get(`stuntdouble:${server.port}`)).json.url).toBe(`http://stuntdouble:${server.port}/github/repos/octo/hello`);
      // The server's own names stay mounted whatever came before.
      expect((await fetch(`${server.baseUrls.github}/repos/octo/hello`, { headers: { authorization: 'token t' } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Whether a port can be listened on (nothing holds it). */
async function canListen(port: number): Promise<boolean> {
  const probe = net.createServer();
  const ok = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (ok) await new Promise<void>((resolve) => probe.close(() => resolve()));
  return ok;
}

describe('a failed serve() frees its port', () => {
  it("services: ['hasOwnProperty'] and other bad options throw a named error and leave nothing listening", async () => {
    const fakes = createFakes();
    for (const [options, message] of [
      [{ services: ['hasOwnProperty'] }, "unknown service 'hasOwnProperty'"],
      [{ services: ['__proto__'] }, "unknown service '__proto__'"],
      [{ services: ['constructor'] }, "unknown service 'constructor'"],
      [{ hostNames: ['bad name!'] }, 'hostNames'],
      [{ timeouts: { request: -1 } }, 'timeouts.request'],
      [{ timeouts: { keepAlve: 5 } }, 'keepAlve'],
      [
        {
          seed: () => {
            throw new Error('seed failed');
          },
        },
        'seed failed',
      ],
    ] as const) {
      const port = await freePort();
      await expect(serve(fakes, { port, ...(options as object) })).rejects.toThrow(message);
      expect(await canListen(port)).toBe(true);
    }
    // And the instance still serves afterwards.
    const ok = await serve(fakes, { port: 0 });
    expect((await fetch(`${ok.url}/__stuntdouble/health`)).status).toBe(200);
    await ok.close();
  });
});

describe('half-open connections are closed', () => {
  it('a client that sends nothing, part of its headers, or part of its body is cut off after the timeouts', async () => {
    const fakes = createFakes();
    const server = await serve(fakes, { port: 0, timeouts: { request: 400, headers: 200, keepAlive: 200 } });
    try {
      // Each resolves only once the server has closed the connection.
      const [nothing, headers, body, idle] = await Promise.all([
        onSocket(server.port, ''),
        onSocket(server.port, 'GET /__stuntdouble/health HTTP/1.1\r\nHost: 127.0.0.1\r\n'),
        onSocket(server.port, 'POST /github/user/repos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na'),
        onSocket(server.port, 'GET /__stuntdouble/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'),
      ]);
      expect(nothing).toMatch(/^(HTTP\/1\.1 408 |$)/);
      expect(headers).toMatch(/^HTTP\/1\.1 408 /);
      expect(body).toMatch(/^HTTP\/1\.1 408 /);
      // A complete request is answered; the idle keep-alive connection is then closed.
      expect(idle).toMatch(/^HTTP\/1\.1 200 /);
      expect(fakes.calls.count()).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe('the CLI: --host-name and the admin token', () => {
  let s: ServerProcess;
  beforeAll(async () => {
    s = await startServer(['--host-name', 'stuntdouble,*.svc.test']);
  });
  afterAll(async () => {
    expect(await s.stop()).toBe(0);
  });

  it('prints the admin token at start; names given with --host-name are served, others answer 421', async () => {
    await new Promise((r) => setTimeout(r, 50));
    const token = /admin token\s+(\S+)/.exec(s.stdout())?.[1];
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(s.stdout().split('\n')[0]).toBe(`stuntdouble listening on ${s.url}`);
    const host = (name: string) => ({ host: `${name}:${s.port}` });
    expect((await raw(s.url, 'GET', '/__stuntdouble/health', host('stuntdouble'))).status).toBe(200);
    expect((await raw(s.url, 'GET', '/__stuntdouble/health', host('api.svc.test'))).status).toBe(200);
    expect((await raw(s.url, 'GET', '/__stuntdouble/health', host('evil.example'))).status).toBe(421);
    // curl -X POST without a body or content type: refused, then accepted with the token.
    expect((await raw(s.url, 'POST', '/__stuntdouble/reset', host('127.0.0.1'))).status).toBe(415);
    expect((await raw(s.url, 'POST', '/__stuntdouble/reset', { ...host('127.0.0.1'), 'x-stuntdouble-token': token as string })).status).toBe(200);
  });

  it('a bad --host-name is a usage error', async () => {
    const { spawnSync } = await import('node:child_process');
    const { CLI } = await import('./helpers.js');
    const r = spawnSync(process.execPath, [CLI, 'serve', '--host-name', 'bad name!'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--host-name');
  });
});
