import http2 from 'node:http2';
import net from 'node:net';
import { Octokit } from '@octokit/rest';
import { NotInstalledError, UninterceptableRequestError, createFakes } from 'stuntdouble';
import { describe, expect, it } from 'vitest';
import { localServer, messages, nock15, watchSockets } from './helpers.js';

// Its own file: instances created with the guard on keep the hooks in place for the rest of a file,
// and the first test checks what a guard-free instance leaves behind.

function h2(origin: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin);
    session.on('error', reject);
    session.on('connect', () => {
      session.close();
      resolve('connected');
    });
  });
}

// On the nock transport with nock 15, nock's socket-level interceptor takes every connection to a
// faked host and the backstop stands aside (docs/safety.md): nothing here is the backstop's to stop.
const socketLevel = nock15 && process.env.STUNTDOUBLE_TRANSPORT === 'nock';

describe.skipIf(socketLevel)('the connection backstop', () => {
  it('is in place only while installed, costs intercepted requests nothing, and uninstall() puts net back as found', async () => {
    const found = net.Socket.prototype.connect;
    let connects = 0;
    const fakes = createFakes({ guard: false });
    expect(net.Socket.prototype.connect).toBe(found);
    fakes.install();
    const ours = net.Socket.prototype.connect;
    expect(ours).not.toBe(found);
    // Counted below the backstop: an intercepted request never opens a socket, so never runs through it.
    const seen = watchSockets();
    try {
      const octokit = new Octokit({ auth: 'ghp_x', request: { retries: 0 } });
      for (let i = 0; i < 5; i++) expect((await octokit.request('GET /rate_limit')).status).toBe(200);
      expect((await fetch('https://api.github.com/rate_limit')).status).toBe(200);
      connects = seen.connects().length + seen.lookups().length;
    } finally {
      seen.stop();
      fakes.uninstall();
    }
    expect(connects).toBe(0);
    expect(net.Socket.prototype.connect).toBe(found);
  });

  it("guard mode: while nothing is installed an http2 session to a faked host is stopped, reported to the guard, and other hosts' connections are untouched", async () => {
    const sockets = watchSockets();
    const reported: NotInstalledError[] = [];
    const fakes = createFakes({ guard: (e) => reported.push(e) });
    try {
      const err = await h2('https://api.github.com').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NotInstalledError);
      expect(messages(err)).toMatch(
        /a connection to api\.github\.com:443 \(https:\/\/api\.github\.com\) was sent while no fakes are installed, and was opened by an HTTP\/2 session .*stopped it before DNS/,
      );
      expect(reported).toEqual([err]);
      expect(fakes.errors.at(-1)).toMatchObject({ source: 'guard', error: err });
      expect(sockets.lookups()).toEqual([]);
      expect(sockets.connects()).toEqual([]);
      // A loopback server of the test's own: reached (the backstop only knows faked hosts).
      const server = await localServer();
      try {
        const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
        await new Promise<void>((resolve, reject) => socket.on('connect', resolve).on('error', reject));
        socket.destroy();
        expect(server.connections()).toBe(1);
      } finally {
        await server.close();
      }
    } finally {
      sockets.stop();
    }
  });

  it('a faked loopback base URL stops connections to its own port only', async () => {
    const server = await localServer();
    const port = Number(new URL(server.url).port);
    const fakes = createFakes({ guard: false, codeHosting: { baseUrls: [`http://127.0.0.1:${port + 1}`] } }).install();
    try {
      const refused = net.connect(port + 1, '127.0.0.1');
      const err = await new Promise<unknown>((resolve) => refused.on('error', resolve));
      expect(err).toBeInstanceOf(UninterceptableRequestError);
      const ok = net.connect(port, '127.0.0.1');
      await new Promise<void>((resolve, reject) => ok.on('connect', resolve).on('error', reject));
      ok.destroy();
      expect(server.connections()).toBe(1);
    } finally {
      await server.close();
      expect(() => fakes.uninstall()).toThrow(/CONNECT 127\.0\.0\.1:\d+/);
    }
  });
});
