import http from 'node:http';
import type net from 'node:net';
import { requireLocal } from './load-nock.js';

// Two defects of @mswjs/interceptors 0.41's MockHttpSocket: the socket nock 14, msw 2 and the direct
// transport's own ClientRequest interceptor hand every intercepted http/https request. Both are fixed on
// each such socket as a request takes it (`ClientRequest.prototype.onSocket`), nothing else is touched:
//
// - Its request parser is Node's HTTP parser with the default 16 KiB cap on the request head, and the
//   error `execute()` returns for a longer head is dropped: a request whose URL (with its headers) passes
//   16 KiB hangs forever, never answered and never journaled. The parser is initialized again without
//   the cap before anything is written (a real client sends a URL of any length, and the real service
//   answers it 414; so does the fake, by each service's own limit).
// - Its `destroy(error)` emits 'error' itself and then destroys the stream with the error, which emits it
//   again: a request destroyed with an error (`req.destroy(err)` in the response callback, a failed
//   connection) emitted 'error' twice, an uncaught exception for a client listening with `once('error')`.
//   Its own emission is dropped; the stream's, in order before 'close', stays (as a real socket emits it).
//
// nock 15 (interceptors 0.44+) has its own parser and neither defect: its sockets are left alone.

/** The parts of a 0.41 MockHttpSocket we fix. */
interface MockHttpSocket extends net.Socket {
  requestParser?: { initialize(type: number, resource: object, maxHeaderSize?: number): void; constructor: { REQUEST?: unknown } };
}

type OnSocket = (this: http.ClientRequest, socket: net.Socket, err?: Error) => void;

/** The request head the re-initialized parser accepts: larger than any URL a client would build. */
const MAX_HEAD = 2 ** 30;

/** Whether a class's own `destroy` emits 'error' itself (the 0.41 defect), by prototype; looked at once each. */
const emitsTwice = new WeakMap<object, boolean>();

function destroyEmitsError(proto: object): boolean {
  let known = emitsTwice.get(proto);
  if (known === undefined) {
    const own = Object.getOwnPropertyDescriptor(proto, 'destroy')?.value;
    known = typeof own === 'function' && /\.emit\(\s*["']error["']/.test(Function.prototype.toString.call(own));
    emitsTwice.set(proto, known);
  }
  return known;
}

/** Applies both fixes to one socket, if it is a 0.41 MockHttpSocket. */
function fix(socket: MockHttpSocket): void {
  if (socket.constructor?.name !== 'MockHttpSocket') return;
  const parser = socket.requestParser;
  const REQUEST = parser?.constructor?.REQUEST;
  if (parser && typeof parser.initialize === 'function' && typeof REQUEST === 'number' && socket.writableLength === 0) parser.initialize(REQUEST, {}, MAX_HEAD);
  const proto = Object.getPrototypeOf(socket) as object;
  if (Object.hasOwn(socket, 'destroy') || !destroyEmitsError(proto)) return;
  const destroy = socket.destroy;
  socket.destroy = function destroyOnce(this: MockHttpSocket, error?: Error) {
    if (!error) return destroy.call(this);
    // Its own emit runs synchronously inside destroy(); the stream's is queued for the next tick.
    const emit = this.emit;
    let dropped = false;
    this.emit = function (this: MockHttpSocket, event: string | symbol, ...args: unknown[]) {
      if (!dropped && event === 'error' && args[0] === error) {
        dropped = true;
        return this.listenerCount('error') > 0;
      }
      return (emit as (this: MockHttpSocket, event: string | symbol, ...a: unknown[]) => boolean).call(this, event, ...args);
    } as typeof emit;
    try {
      return destroy.call(this, error);
    } finally {
      if (Object.hasOwn(this, 'emit')) delete (this as Partial<MockHttpSocket>).emit;
      if (this.emit !== emit) this.emit = emit;
    }
  };
}

/**
 * The prototype every ClientRequest has: Node's own. (`http.ClientRequest` may be a stand-in by now:
 * nock 14 puts its own there while active, whose `prototype` is another object.)
 */
function clientRequestPrototype(): { onSocket: OnSocket } {
  try {
    return requireLocal<{ ClientRequest: typeof http.ClientRequest }>('_http_client').ClientRequest.prototype as unknown as { onSocket: OnSocket };
  } catch {
    return http.ClientRequest.prototype as unknown as { onSocket: OnSocket };
  }
}

let original: OnSocket | undefined;
let ours: OnSocket | undefined;
let users = 0;

/**
 * Puts the fixes in place (counted: each caller releases with the function returned). While any user
 * holds them, every ClientRequest given a 0.41 MockHttpSocket gets that socket fixed. The last release
 * puts `onSocket` back, unless someone wrapped it since (ours then passes every socket through).
 */
export function retainMockSocketFixes(): () => void {
  users += 1;
  const proto = clientRequestPrototype();
  if (!ours) {
    const before = proto.onSocket;
    original = before;
    ours = function onSocket(this: http.ClientRequest, socket: net.Socket, err?: Error) {
      if (socket && users > 0) fix(socket as MockHttpSocket);
      return before.call(this, socket, err);
    };
    proto.onSocket = ours;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users === 0 && ours && proto.onSocket === ours && original) {
      proto.onSocket = original;
      ours = undefined;
      original = undefined;
    }
  };
}

/** Whether the fixes are in place (for tests of what install()/uninstall() leave behind). */
export function mockSocketFixesActive(): boolean {
  return users > 0;
}
