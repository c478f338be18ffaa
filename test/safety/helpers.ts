import dns from 'node:dns';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const nockPkg = JSON.parse(readFileSync(join(process.cwd(), 'node_modules', 'nock', 'package.json'), 'utf8')) as { version?: string };
/** nock 15 answers through @mswjs/interceptors' mock sockets (they call connect without a real connection). */
export const nock15 = Number((nockPkg.version ?? '14').split('.')[0]) >= 15;

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|::1|\[::1\]|0\.0\.0\.0)$/i;

/** What a real connection attempt looks like at the net/tls level: `host` (DNS) or `host:port` (connect). */
export interface SocketWatch {
  /** Real attempts to leave the process seen so far (DNS lookups and connects to non-loopback hosts). */
  count(): number;
  /** Host names looked up (`dns.lookup`, `dns.promises.lookup`). */
  lookups(): readonly string[];
  /** `host:port` of every connect (`net.connect`, `tls.connect`, `new net.Socket().connect()`, http2, undici). */
  connects(): readonly string[];
  /** Puts dns and net back as they were. */
  stop(): void;
}

/**
 * Observes every real attempt to leave the process, below every client: DNS lookups (`dns.lookup`,
 * which `net` uses, and `dns.promises.lookup`) and socket connects (`net.Socket.prototype.connect`,
 * which `net.connect`, `tls.connect`, `http2.connect` and undici's connector all end in). Loopback
 * hosts (a test's own server) are not counted. Create it before `install()`: the fakes' connection
 * backstop then sits above it, so a connection the backstop stops is (rightly) not counted.
 */
export function watchSockets(): SocketWatch {
  const lookups: string[] = [];
  const connects: string[] = [];
  const dnsLookup = dns.lookup;
  const promisesLookup = dns.promises.lookup;
  const connect = net.Socket.prototype.connect;
  let watching = true;
  const real = (host: unknown) => watching && typeof host === 'string' && !LOOPBACK.test(host);
  dns.lookup = function lookup(this: unknown, host: string, ...rest: unknown[]) {
    if (real(host)) lookups.push(host);
    return (dnsLookup as (...a: unknown[]) => unknown).call(this, host, ...rest);
  } as typeof dns.lookup;
  dns.promises.lookup = function lookup(this: unknown, host: string, ...rest: unknown[]) {
    if (real(host)) lookups.push(host);
    return (promisesLookup as (...a: unknown[]) => unknown).call(this, host, ...rest);
  } as typeof dns.promises.lookup;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    let first = args[0];
    if (Array.isArray(first)) first = first[0];
    const o = first && typeof first === 'object' ? (first as { host?: unknown; port?: unknown; path?: unknown }) : undefined;
    const host = o ? (o.path !== undefined && o.port === undefined ? undefined : (o.host ?? 'localhost')) : typeof args[1] === 'string' ? args[1] : 'localhost';
    // nock 15's mock sockets connect to the faked host without leaving the process: only DNS tells there.
    if (!nock15 && real(host)) connects.push(`${String(host)}:${String(o ? o.port : first)}`);
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
  const ourConnect = net.Socket.prototype.connect;
  return {
    count: () => lookups.length + connects.length,
    lookups: () => lookups,
    connects: () => connects,
    stop: () => {
      // Put back where still on top; under someone's later wrapper (the fakes' backstop) it passes through.
      watching = false;
      dns.lookup = dnsLookup;
      dns.promises.lookup = promisesLookup;
      if (net.Socket.prototype.connect === ourConnect) net.Socket.prototype.connect = connect;
    },
  };
}

/** A loopback HTTP server that answers `ok` and counts the connections it saw. */
export async function localServer(): Promise<{ url: string; connections(): number; close(): Promise<void> }> {
  let connections = 0;
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/plain');
    res.end('ok');
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `http.get` / `https.get` as a promise: status and body text, or the request's error. */
export function httpGet(url: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = (url.startsWith('https:') ? https : http).get(url, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
}

/** The message of an error and of its causes, joined (fetch wraps the real reason in `cause`). */
export function messages(err: unknown): string {
  const out: string[] = [];
  let e: unknown = err;
  for (let i = 0; e && i < 5; i++) {
    out.push(String((e as Error).message ?? e));
    e = (e as { cause?: unknown }).cause;
  }
  return out.join(' <- ');
}
