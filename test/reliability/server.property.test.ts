/**
 * The route properties of routes.property.test.ts, sent over a real port: `serve(fakes)` on loopback,
 * requests written with node:http (which sends bodies on any method and raw paths as given). Every
 * generated request gets an answer, a 4xx in the service's own envelope or a success, never a 5xx or
 * a dropped connection, and a rejected request leaves the state the same object. Fewer runs per route
 * than in-process (RELIABILITY_HTTP_RUNS, default 3): the generator is the same, the transport is what
 * this file adds.
 */
import http from 'node:http';
import fc from 'fast-check';
import { type HandledResponse, type RecordedCall, createFakes } from 'stuntdouble';
import { type StuntdoubleServer, serve } from 'stuntdouble/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES, type Send, type Service, fcParams, materialize, probe, requestArb, seedWorld, show } from './harness.js';

const RUNS = Number(process.env.RELIABILITY_HTTP_RUNS ?? 3);

/** The server's base URLs for a service, in the order the generator picks them. */
function basesOf(server: StuntdoubleServer, service: Service): string[] {
  const b = server.baseUrls;
  return service === 'codeHosting' ? [b.github, b.githubEnterprise] : service === 'socialGraph' ? [b.graph] : [b.vertex, b.gemini];
}

/** Sends over HTTP and reads the answer back as `fakes.handle()` would give it (the call from the journal). */
function sendOver(agent: http.Agent): Send {
  return (fakes, req) =>
    new Promise<HandledResponse>((resolve, reject) => {
      const u = new URL(req.url);
      const before = fakes.calls.length;
      // Framing is the transport's business: node:http writes the length of the body it sends.
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (!FRAMING.has(k.toLowerCase())) headers[k] = v;
      const body = req.body === undefined ? undefined : typeof req.body === 'string' ? Buffer.from(req.body) : Buffer.from(req.body);
      if (body) headers['content-length'] = String(body.byteLength);
      const r = http.request({ host: u.hostname, port: u.port, method: req.method, path: req.url.slice(u.origin.length), headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const call = fakes.calls.length > before ? fakes.calls.last() : undefined;
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

const FRAMING = new Set(['content-length', 'transfer-encoding', 'connection', 'host', 'expect', 'upgrade', 'keep-alive', 'te', 'trailer']);
// Node's parser refuses request heads past 16 KiB (431) before any fake sees them.
const MAX_URL = 8 * 1024;

/** Whether node:http can write this request at all (header names and values it would refuse are the client's problem). */
function writable(req: { method: string; url: string; headers: Record<string, string> }): boolean {
  try {
    for (const [k, v] of Object.entries(req.headers)) {
      http.validateHeaderName(k);
      http.validateHeaderValue(k, v);
    }
    // Raw non-ASCII bytes in the request line are refused by Node's HTTP parser (400) before any fake
    // sees them; real clients percent-encode paths.
    return /^[A-Za-z]+$/.test(req.method) && req.url.length < MAX_URL && /^[\x21-\x7e]*$/.test(req.url);
  } catch {
    return false;
  }
}

describe.each(SERVICES)('%s over HTTP (serve): every route keeps the contract', (service) => {
  const fakes = createFakes({ clock: '2025-06-01T12:00:00Z' });
  const world = seedWorld(fakes, service, false);
  const base = fakes.snapshot();
  let server: StuntdoubleServer;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  beforeAll(async () => {
    server = await serve(fakes, { port: 0 });
  });
  afterAll(async () => {
    agent.destroy();
    await server.close();
  });

  it('generated requests over the port answer within the contract', { timeout: 300_000 }, async () => {
    const bases = basesOf(server, service);
    const send = sendOver(agent);
    let sent = 0;
    for (const route of fakes.routes(service)) {
      await fc.assert(
        fc.asyncProperty(requestArb(world, route, bases.length), async (desc) => {
          const req = materialize(desc, bases);
          // A path that climbs out of the service's prefix (`/github/..`) is no longer this service's request.
          const path = new URL(req.url).pathname;
          if (!bases.some((b) => path.startsWith(new URL(b).pathname)) || !writable(req)) return;
          sent += 1;
          const out = await probe(fakes, service, req, base, send);
          if (out.problem) throw new Error(`${out.problem}\n  request: ${show(req)}`);
        }),
        fcParams(`http ${service} ${route}`, RUNS),
      );
    }
    expect(sent).toBeGreaterThan(fakes.routes(service).length);
    // After all of it the server still answers its health check.
    expect((await fetch(`${server.url}/__stuntdouble/health`)).status).toBe(200);
  });
});
