import net from 'node:net';
import { NotInstalledError, UninterceptableRequestError } from '../errors.js';
import { connectionOwner, hooksNeeded } from './interception.js';
import { socketLevelInterceptorActive } from './load-nock.js';

// The backstop: the last line before a request to a faked host leaves the process. Every client the
// fakes intercept is answered before any socket exists (http/https inside the ClientRequest interceptor,
// fetch and undici at the dispatcher), so a real connection to a faked host means the client took a
// path no interception covers: an HTTP/2 session (`http2.connect`, got's `http2: true`), a `Pool` or
// `Client` of an undici copy loaded after install(), a raw `net`/`tls` socket. Every one of them ends in
// `net.Socket.prototype.connect` (`net.connect`, `tls.connect` and `http2.connect` all call it) before
// the DNS lookup: there the connection is stopped, failed with an error saying why, and reported.
//
// Cost: only real connections run through it (intercepted requests never open a socket), and for
// them one lookup in the faked origins.

type Connect = typeof net.Socket.prototype.connect;

let original: Connect | undefined;
let ours: Connect | undefined;
/** Whether ours is still in the chain (when someone wrapped it after us, ours stays, passing through). */
let active = false;

/** Host, port and TLS server name of a `connect()` call, in each of its call styles (undefined for an IPC path). */
function targetOf(args: unknown[]): { host: string; port: number; servername?: string } | undefined {
  // net.connect/tls.connect pass normalized arguments: [options, callback] as one array.
  let first = args[0];
  if (Array.isArray(first)) first = first[0];
  if (first && typeof first === 'object') {
    const o = first as { host?: unknown; hostname?: unknown; port?: unknown; path?: unknown; servername?: unknown };
    if (typeof o.path === 'string' && o.port === undefined) return undefined;
    const host = typeof o.host === 'string' ? o.host : typeof o.hostname === 'string' ? o.hostname : 'localhost';
    return { host, port: Number(o.port ?? 0), ...(typeof o.servername === 'string' ? { servername: o.servername } : {}) };
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first)))
    return { host: typeof args[1] === 'string' ? args[1] : 'localhost', port: Number(first) };
  return undefined;
}

/** What opened the connection, read from the call stack (only computed for a connection being stopped). */
function via(stack: string): 'http2' | 'undici' | 'socket' {
  if (/node:internal\/http2|[\\/]http2-wrapper[\\/]/.test(stack)) return 'http2';
  if (/[\\/]undici[\\/]|node:internal\/deps\/undici/.test(stack)) return 'undici';
  return 'socket';
}

const WHAT: Record<'http2' | 'undici' | 'socket', { called: string; instead: string }> = {
  http2: {
    called: 'an HTTP/2 session (http2.connect(), or a client with HTTP/2 on: got with http2: true, http2-wrapper)',
    instead:
      'turn HTTP/2 off for the faked host (got: drop http2: true) or use http/https, fetch or undici, which the fakes answer; fakes.fetch() answers a request directly',
  },
  undici: {
    called: 'a Pool, Client or Agent of an undici copy stuntdouble did not patch (loaded after install(), or a second copy of undici)',
    instead:
      "load undici before fakes.install() (import it at the top of the test file), or use undici's global dispatcher (undici.request(), fetch, an Agent given as dispatcher), which the fakes answer",
  },
  socket: {
    called: 'a raw socket (net.connect(), tls.connect() or new net.Socket().connect())',
    instead: 'send the request with http/https, fetch or undici, which the fakes answer (or call fakes.fetch())',
  },
};

function stop(socket: net.Socket, host: string, port: number, servername: string | undefined): boolean {
  const owner = connectionOwner(host, port, servername);
  if (!owner) return false;
  const kind = via(new Error().stack ?? '');
  const what = WHAT[kind];
  const target = `${host}:${port}`;
  const stopped = `was opened by ${what.called}. No fake can intercept it, so stuntdouble stopped it before DNS: it never reached the real service. Instead, ${what.instead}.`;
  let error: Error;
  if (owner.kind === 'held') {
    error = new UninterceptableRequestError(`stuntdouble: a connection to ${target} (${owner.origin}, faked) ${stopped}`, target, kind);
    owner.member.report({
      seq: 0,
      request: `CONNECT ${target}`,
      source: 'connection',
      message: error.message,
      ...(error.stack ? { stack: error.stack } : {}),
      error,
    });
  } else {
    // The guard's case (a faked host called while no fakes are installed), told as the guard tells it.
    const notInstalled = new NotInstalledError(
      `stuntdouble: a connection to ${target} (${owner.origin}) was sent while no fakes are installed, and ${stopped} Call fakes.install() (or useFakes()) first, or pass guard: false to createFakes() to turn this check off.`,
    );
    error = notInstalled;
    let raise = false;
    for (const g of owner.entries) if (g.report(notInstalled) === 'throw') raise = true;
    if (raise)
      process.nextTick(() => {
        throw notInstalled;
      });
  }
  // Failed as a refused connection is: asynchronously, through the socket's 'error' (every client
  // handles that); 'connecting' makes writes made meanwhile wait instead of failing on their own.
  (socket as { connecting: boolean }).connecting = true;
  process.nextTick(() => socket.destroy(error));
  return true;
}

function attach(): void {
  if (active) return;
  const proto = net.Socket.prototype;
  // Ours left in the chain under someone else's wrapper: switched back on, never stacked.
  if (ours) {
    active = true;
    return;
  }
  const before = proto.connect;
  const wrapped = function connect(this: net.Socket, ...args: unknown[]) {
    // A socket-level interceptor (nock 15, msw 3) opens its own mock connections to faked hosts.
    if (active && !socketLevelInterceptorActive()) {
      const t = targetOf(args);
      if (t && stop(this, t.host, t.port, t.servername)) return this;
    }
    return (before as (...a: unknown[]) => net.Socket).apply(this, args);
  } as Connect;
  original = before;
  ours = wrapped;
  proto.connect = wrapped;
  active = true;
}

function detach(): void {
  if (!active) return;
  active = false;
  const proto = net.Socket.prototype;
  // Put the original back unless someone wrapped ours since (ours then passes everything through).
  if (ours && proto.connect === ours && original) {
    proto.connect = original;
    ours = undefined;
    original = undefined;
  }
}

/** Puts the backstop in place while anything is installed or guarded, and takes it away after. */
export function syncBackstop(): void {
  if (hooksNeeded()) attach();
  else detach();
}

/** Whether the backstop is in place (for tests of what install()/uninstall() leave behind). */
export function backstopAttached(): boolean {
  return active;
}
