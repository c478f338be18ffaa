import dc from 'node:diagnostics_channel';
import http from 'node:http';
import https from 'node:https';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const nockPkg = JSON.parse(readFileSync(join(process.cwd(), 'node_modules', 'nock', 'package.json'), 'utf8')) as { version?: string };

/**
 * Counts client sockets the process opens (Node publishes every one on 'net.client.socket', for
 * http/https and undici alike): the proof that a request never left the process.
 */
export function watchSockets(): { count(): number; stop(): void } {
  let n = 0;
  // nock 15 answers through @mswjs/interceptors' mock sockets, which Node also publishes there: the
  // count proves nothing on that leg, so it is only taken with nock 14.
  const nock15 = Number((nockPkg.version ?? '14').split('.')[0]) >= 15;
  const onSocket = () => {
    if (!nock15) n += 1;
  };
  dc.subscribe('net.client.socket', onSocket);
  return {
    count: () => n,
    stop: () => dc.unsubscribe('net.client.socket', onSocket),
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
