/**
 * A raw socket to an address of GitHub's own network (no host name to go by) is stopped like one to
 * `api.github.com`: before it connects, with an UninterceptableRequestError, recorded in `fakes.errors`.
 * It used to leave the process. (Graph's and Google's addresses are shared with their other products:
 * docs/safety.md.)
 */
import net from 'node:net';
import tls from 'node:tls';
import { type Fakes, UninterceptableRequestError, createFakes } from 'stuntdouble';
import { afterEach, describe, expect, it } from 'vitest';
import { nock15 } from '../safety/helpers.js';

let fakes: Fakes | undefined;
afterEach(() => {
  // The stopped connection is a recorded failure: cleared so uninstall() does not fail on purpose.
  fakes?.reset();
  fakes?.uninstall();
  fakes = undefined;
});

function outcome(socket: net.Socket): Promise<unknown> {
  return new Promise((resolve) => {
    socket.on('error', resolve);
    socket.on('connect', () => {
      socket.destroy();
      resolve('connected');
    });
  });
}

// nock 15's socket-level interceptor takes connections to faked hosts itself, and the backstop stands aside.
const socketLevel = nock15 && process.env.STUNTDOUBLE_TRANSPORT === 'nock';

describe.skipIf(socketLevel)('raw sockets to GitHub addresses', () => {
  it.each([
    ['net.connect(443, 140.82.112.3)', () => net.connect(443, '140.82.112.3'), '140.82.112.3:443'],
    ['net.connect({ host: 192.30.255.113, port: 80 })', () => net.connect({ host: '192.30.255.113', port: 80 }), '192.30.255.113:80'],
    ['tls.connect to an IPv6 address', () => tls.connect({ host: '2606:50c0:8000::154', port: 443 }), '2606:50c0:8000::154:443'],
  ])('%s is stopped before it connects', async (_name, open, target) => {
    fakes = createFakes().install();
    const err = await outcome(open());
    expect(err).toBeInstanceOf(UninterceptableRequestError);
    expect((err as UninterceptableRequestError).target).toBe(target);
    expect((err as Error).message).toContain('(https://api.github.com, faked)');
    expect(fakes.errors.at(-1)).toMatchObject({ source: 'connection', request: `CONNECT ${target}` });
  });
});
