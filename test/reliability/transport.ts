/**
 * Where the property suites send their generated requests: in-process through `fakes.handle()`, or
 * over a real port to `serve(fakes)` on loopback (requests written with node:http, which sends bodies
 * on any method and raw paths as given). A suite is written once against a {@link Transport}; its
 * `*.property.test.ts` file runs it in-process and server.property.test.ts runs it over HTTP.
 */
import http from 'node:http';
import { type Fakes, type FakesOptions, type HandledResponse, type RecordedCall, createFakes } from 'stuntdouble';
import { type StuntdoubleServer, serve } from 'stuntdouble/server';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Materialized, Send, Service } from './harness.js';

/** What a suite needs of one service behind a transport. */
export interface Target {
  /** The service's base URLs, in the order the generators pick them (read inside tests: the server starts in `beforeAll`). */
  baseUrls(): readonly string[];
  /** Sends one request and answers it as `fakes.handle()` would (the call from the journal). */
  send: Send;
  /** Whether the transport carries this request as generated (always in-process; over HTTP see {@link carriedOverHttp}). */
  carries(req: Materialized): boolean;
}

/** A way of reaching the fakes. */
export interface Transport {
  /** Appended to describe titles: empty in-process, ` over HTTP (serve)` for the server. */
  readonly label: string;
  /** The fakes a suite aims at, created with the suite's options (the server needs the journal on to read answers back). */
  fakes(options: FakesOptions): Fakes;
  /** Runs of one property, given its in-process count. */
  runs(inProcess: number): number;
  /** Registers the transport's set-up and tear-down in the current `describe` and returns the service's target. */
  attach(fakes: Fakes, service: Service): Target;
}

/** `fakes.handle()` in this process: the suites' own numbers of runs. */
export const inProcess: Transport = {
  label: '',
  fakes: (options) => createFakes(options),
  runs: (n) => n,
  attach: (fakes, service) => {
    const urls = (fakes[service] as unknown as { baseUrls: readonly string[] }).baseUrls;
    return { baseUrls: () => urls, send: (f, req) => f.handle(req), carries: () => true };
  },
};

/**
 * Share of a suite's in-process runs sent over HTTP (RELIABILITY_HTTP_SHARE, default 0.25, at least
 * 3 runs per property): the generators are the same, the transport is what the server variant adds,
 * and loopback HTTP costs several times the in-process call.
 */
const HTTP_SHARE = Number(process.env.RELIABILITY_HTTP_SHARE ?? 0.25);

/** `serve(fakes)` on loopback, one server per suite and service, a small keep-alive agent. */
export const overHttp: Transport = {
  label: ' over HTTP (serve)',
  fakes: (options) => createFakes({ ...options, journal: true }),
  runs: (n) => Math.max(3, Math.ceil(n * HTTP_SHARE)),
  attach: (fakes, service) => {
    let server: StuntdoubleServer | undefined;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    beforeAll(async () => {
      server = await serve(fakes, { port: 0 });
    });
    afterAll(async () => {
      // Whatever the suite sent, the server still answers its health check.
      if (server) expect((await fetch(`${server.url}/__stuntdouble/health`)).status).toBe(200);
      agent.destroy();
      await server?.close();
    });
    const urls = () => {
      if (!server) throw new Error('the server is not listening yet: read baseUrls() inside a test');
      return serverBaseUrls(server, service);
    };
    return { baseUrls: urls, send: sendOver(agent), carries: (req) => carriedOverHttp(req, urls()) };
  },
};

/** The server's base URLs for a service, in the order the generators pick them. */
export function serverBaseUrls(server: StuntdoubleServer, service: Service): string[] {
  const b = server.baseUrls;
  return service === 'codeHosting' ? [b.github, b.githubEnterprise] : service === 'socialGraph' ? [b.graph] : [b.vertex, b.gemini];
}

const FRAMING = new Set(['content-length', 'transfer-encoding', 'connection', 'host', 'expect', 'upgrade', 'keep-alive', 'te', 'trailer']);
// Node's parser refuses request heads past 16 KiB (431) before any fake sees them.
const MAX_URL = 8 * 1024;

/**
 * Whether a generated request is still this service's request once on the wire and node:http can
 * write it: a path that climbs out of the service's prefix (`/github/..`) belongs to no service, and
 * header names and values node:http refuses, raw non-ASCII bytes in the request line (Node's parser
 * answers 400 before any fake sees them; real clients percent-encode) and overlong heads are the
 * client's problem.
 */
export function carriedOverHttp(req: Materialized, bases: readonly string[]): boolean {
  try {
    const path = new URL(req.url).pathname;
    if (!bases.some((b) => path.startsWith(new URL(b).pathname))) return false;
    for (const [k, v] of Object.entries(req.headers)) {
      http.validateHeaderName(k);
      http.validateHeaderValue(k, v);
    }
    return /^[A-Za-z]+$/.test(req.method) && req.url.length < MAX_URL && /^[\x21-\x7e]*$/.test(req.url);
  } catch {
    return false;
  }
}

/** Sends over HTTP and reads the answer back as `fakes.handle()` would give it (the call from the journal). */
export function sendOver(agent: http.Agent): Send {
  return (fakes, req) =>
    new Promise<HandledResponse>((resolve, reject) => {
      const u = new URL(req.url);
      const before = fakes.calls.count();
      // Framing is the transport's business: node:http writes the length of the body it sends.
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (!FRAMING.has(k.toLowerCase())) headers[k] = v;
      // Credentials in the URL travel as Basic auth, as curl, requests and fetch send them.
      if ((u.username || u.password) && !Object.keys(headers).some((k) => k.toLowerCase() === 'authorization'))
        headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`;
      const body = req.body === undefined ? undefined : typeof req.body === 'string' ? Buffer.from(req.body) : Buffer.from(req.body);
      if (body) headers['content-length'] = String(body.byteLength);
      // The raw path and query as generated (after the authority, userinfo dropped).
      const path = req.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') || '/';
      const r = http.request({ host: u.hostname, port: u.port, method: req.method, path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const call = fakes.calls.count() > before ? fakes.calls.last() : undefined;
          if (!call) return reject(new Error(`the server answered ${res.statusCode} without handing the request to a fake`));
          const answer: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) answer[k] = Array.isArray(v) ? v.join(', ') : v;
          let text = Buffer.concat(chunks).toString('utf8');
          // HEAD answers carry no body on the wire; the journal has the one the fake rendered.
          if (req.method.toUpperCase() === 'HEAD' && call.response.body !== undefined) text = JSON.stringify(call.response.body);
          let json: unknown;
          try {
            json = text && (answer['content-type'] ?? '').includes('json') ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: answer, text, json, call: call as RecordedCall });
        });
      });
      r.on('error', reject);
      r.end(body);
    });
}
