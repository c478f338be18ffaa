import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { z } from 'zod';
import { type Fakes, noteServing } from '../create-fakes.js';
import { SERVICE_NAMES, type ServiceName } from '../fakes/service-name.js';
import type { Engine } from '../http/dispatch.js';
import { engineOf } from '../http/engines.js';
import { BODY_LIMITS } from '../http/limits.js';
import { serialize } from '../http/response.js';
import { AdminApi } from './admin.js';
import { AdminError, sendJson } from './json.js';
import { didYouMean } from './nearest.js';
import { SERVER_PREFIXES, parseServiceName } from './services.js';

/** Options of {@link serve}. */
export interface ServeOptions {
  /** TCP port; `0` (the default) picks a free one (read it from `url` / `port`). */
  port?: number;
  /** Interface to listen on; default `127.0.0.1` (loopback only). `0.0.0.0` for containers. */
  host?: string;
  /** Which fakes the server answers for (default all), in any spelling: `codeHosting`, `code-hosting`, `github`, ... */
  services?: readonly string[];
  /**
   * Puts the fakes into their starting state: run once before the server answers, and again after
   * every `POST /__stuntdouble/reset` (so a reset goes back to the seeded state, not to empty).
   */
  seed?: (fakes: Fakes) => unknown;
}

/** The base URLs a client points its SDK at. */
export interface ServerBaseUrls {
  /** GitHub REST: `http://127.0.0.1:PORT/github` (PyGithub `base_url`, Octokit `baseUrl`). */
  readonly github: string;
  /** GitHub REST, GHES style: `http://127.0.0.1:PORT/github/api/v3`. */
  readonly githubEnterprise: string;
  /** Facebook Graph: `http://127.0.0.1:PORT/graph` (versioned paths below it, `/v24.0/me`). */
  readonly graph: string;
  /** Vertex AI `cachedContents`: `http://127.0.0.1:PORT/vertex` (genai `httpOptions.baseUrl` with `vertexai: true`). */
  readonly vertex: string;
  /** Gemini API `cachedContents`: `http://127.0.0.1:PORT/gemini` (genai `httpOptions.baseUrl`, `GOOGLE_GEMINI_BASE_URL`). */
  readonly gemini: string;
}

/** A running server: where it listens and how to stop it. */
export interface StuntdoubleServer {
  /** `http://host:port`, without a trailing slash. */
  readonly url: string;
  readonly port: number;
  readonly host: string;
  /** Base URLs per wire. */
  readonly baseUrls: ServerBaseUrls;
  /** The admin API and live page: `http://host:port/__stuntdouble/`. */
  readonly adminUrl: string;
  /** The fakes behind it (the same instance that was passed in). */
  readonly fakes: Fakes;
  /** The node:http server itself. */
  readonly server: Server;
  /** Stops accepting connections, lets requests in flight finish (up to `graceMs`, default 2000), then closes the rest. */
  close(graceMs?: number): Promise<void>;
}

const ServeOptionsSchema = z
  .object({
    port: z.number().int().min(0).max(65535).default(0),
    host: z.string().min(1).default('127.0.0.1'),
    services: z.array(z.string()).min(1).optional(),
    seed: z.custom<(fakes: Fakes) => unknown>((v) => typeof v === 'function', 'must be a function (fakes) => void').optional(),
  })
  .strict();

// A body past the largest service cap is refused by the service anyway: keep only that many bytes.
const BODY_CAP = Math.max(...SERVICE_NAMES.map((s) => BODY_LIMITS[s].maxBodyBytes)) + 1;
// Distinct Host headers that get the service prefixes mounted (container names, localhost, ...).
const MAX_ORIGINS = 64;
const ADMIN = '/__stuntdouble';
const GH_LOCALHOST = 'http://api.github.localhost';

/**
 * Serves a fakes instance over HTTP: GitHub REST at `/github` (and `/github/api/v3`), Graph at
 * `/graph`, Vertex AI at `/vertex`, the Gemini API at `/gemini`, and the admin API and live page at
 * `/__stuntdouble/`. Requests whose `Host` is a faked host (`api.github.com`, through a proxy or a
 * hosts entry) are answered at the root path too. State, clock and journal are the instance's own.
 * @example
 * const fakes = createFakes();
 * const server = await serve(fakes, { port: 0 });
 * const gh = new Octokit({ baseUrl: server.baseUrls.github, auth: 'x' });
 * await server.close();
 */
export async function serve(fakes: Fakes, options: ServeOptions = {}): Promise<StuntdoubleServer> {
  const parsed = ServeOptionsSchema.safeParse(options);
  if (!parsed.success) {
    const keys = ['port', 'host', 'services', 'seed'];
    const msg = parsed.error.issues
      .map((i) => {
        const unknown = i.code === 'unrecognized_keys' ? (i as { keys: string[] }).keys : [];
        if (unknown.length) return unknown.map((k) => `unknown option '${k}'.${didYouMean(k, keys)}`).join('; ');
        return `${i.path.join('.') || '(options)'}: ${i.message}`;
      })
      .join('; ');
    throw new TypeError(`stuntdouble: invalid serve() options: ${msg}`);
  }
  const opts = parsed.data;
  const engine = engineOf(fakes);
  const enabled = new Set<ServiceName>(opts.services ? opts.services.map(parseServiceName) : SERVICE_NAMES);
  if (opts.seed) await opts.seed(fakes);
  const server = createServer({ keepAlive: true });
  // A server for tests: many small requests over a few keep-alive connections.
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = 60_000;
  await listen(server, opts.port, opts.host);
  const address = server.address() as AddressInfo;
  const shownHost = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${address.port}`;

  const mounted = new Map<string, Array<() => void>>();
  const mountOrigin = (origin: string): void => {
    if (mounted.has(origin)) return;
    const undo: Array<() => void> = [];
    for (const service of enabled) for (const prefix of SERVER_PREFIXES[service]) undo.push(engine.mount(service, `${origin}${prefix}`));
    mounted.set(origin, undo);
  };
  mountOrigin(url);
  mountOrigin(`http://localhost:${address.port}`);
  // The gh CLI speaks plain HTTP only to its development host: GH_HOST=github.localhost sends
  // http://api.github.localhost/... which reaches this server through HTTP_PROXY (see docs/server.md).
  if (enabled.has('codeHosting')) mounted.set(GH_LOCALHOST, [engine.mount('codeHosting', GH_LOCALHOST)]);

  const router = new RequestRouter(engine, enabled, mountOrigin, () => mounted.size < MAX_ORIGINS);
  const admin = new AdminApi(fakes, { url, services: [...enabled], ...(opts.seed ? { seed: opts.seed } : {}) });
  const unnote = noteServing(fakes, url);
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let idle: (() => void) | undefined;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    res.on('close', () => {
      inFlight -= 1;
      if (inFlight === 0) idle?.();
    });
    const path = (req.url ?? '/').replace(/^[a-z]+:\/\/[^/]*/i, '');
    const work = path === ADMIN || path.startsWith(`${ADMIN}/`) || path.startsWith(`${ADMIN}?`) ? admin.handle(req, res, path) : router.handle(req, res);
    work.catch((err: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (err instanceof AdminError) return sendJson(res, err.status, { error: { status: err.status, message: err.message, ...err.extra } });
      // A bug in the server itself: answer 500 JSON rather than leave the client hanging.
      sendJson(res, 500, { error: { status: 500, message: `stuntdouble server: ${(err as Error)?.message ?? String(err)}` } });
    });
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    // Bytes that are not HTTP never reach a fake: answer in the admin envelope and close.
    if (!socket.writable) return void socket.destroy();
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify({ error: { status, message: `stuntdouble server: malformed HTTP request (${err.code ?? err.message})` } });
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  });

  let closing: Promise<void> | undefined;
  const handle: StuntdoubleServer = {
    url,
    port: address.port,
    host: opts.host,
    adminUrl: `${url}${ADMIN}/`,
    baseUrls: {
      github: `${url}/github`,
      githubEnterprise: `${url}/github/api/v3`,
      graph: `${url}/graph`,
      vertex: `${url}/vertex`,
      gemini: `${url}/gemini`,
    },
    fakes,
    server,
    close(graceMs = 2000) {
      closing ??= new Promise<void>((resolve) => {
        unnote();
        admin.close();
        server.close(() => {
          for (const undo of mounted.values()) for (const u of undo) u();
          mounted.clear();
          resolve();
        });
        server.closeIdleConnections();
        const force = () => {
          for (const s of sockets) s.destroy();
        };
        if (inFlight === 0) force();
        else {
          const timer = setTimeout(force, graceMs);
          timer.unref();
          idle = () => {
            clearTimeout(timer);
            force();
          };
        }
      });
      return closing;
    },
  };
  return handle;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE') {
        reject(
          Object.assign(new Error(`stuntdouble: port ${port} on ${host} is already in use; pick another with --port (or --port 0 for a free one)`), {
            code: 'EADDRINUSE',
          }),
        );
      } else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') {
        reject(
          Object.assign(new Error(`stuntdouble: cannot listen on host '${host}' (${err.code}); use 127.0.0.1, 0.0.0.0 or a local address`), { code: err.code }),
        );
      } else if (err.code === 'EACCES') {
        reject(Object.assign(new Error(`stuntdouble: no permission to listen on port ${port} (${err.code}); use a port above 1023`), { code: err.code }));
      } else reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

const NULL_BODY = new Set([204, 205, 304]);
// Hop-by-hop headers belong to the server's own connection handling, not to a fake's answer.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/** Passes service requests to the engine: prefix routing, Host-header routing, body reading, answers. */
class RequestRouter {
  constructor(
    private readonly engine: Engine,
    private readonly enabled: ReadonlySet<ServiceName>,
    private readonly mountOrigin: (origin: string) => void,
    private readonly canMount: () => boolean,
  ) {}

  /** The URL the engine should see for a request, or undefined when no enabled fake serves it. */
  target(req: IncomingMessage): URL | undefined {
    const raw = req.url ?? '/';
    let url: URL;
    try {
      // Absolute-form targets arrive when a client uses the server as its HTTP proxy.
      url = /^https?:\/\//i.test(raw) ? new URL(raw) : new URL(`http://${req.headers.host ?? 'localhost'}${raw.startsWith('/') ? '' : '/'}${raw}`);
    } catch {
      return undefined;
    }
    const served = (u: URL) => {
      const hit = this.engine.resolve(u);
      return hit !== undefined && this.enabled.has(hit.entry.def.name);
    };
    if (served(url)) return url;
    // Host-header mode: `Host: api.github.com` (a proxy or a hosts entry) is the real service at its root.
    if (url.protocol === 'http:') {
      const secure = new URL(url.href.replace(/^http:/, 'https:'));
      if (served(secure)) return secure;
    }
    // A new name for this server (a container name, another interface): give it the prefixes too.
    if (this.canMount() && this.startsWithPrefix(url.pathname)) {
      this.mountOrigin(url.origin);
      if (served(url)) return url;
    }
    return undefined;
  }

  private startsWithPrefix(path: string): boolean {
    for (const s of this.enabled) for (const p of SERVER_PREFIXES[s]) if (path === p || path.startsWith(`${p}/`)) return true;
    return false;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = this.target(req);
    if (!url) {
      await drain(req);
      const where = [...this.enabled].flatMap((s) => SERVER_PREFIXES[s].map((p) => `${p} (${s})`));
      throw new AdminError(404, `stuntdouble: no fake answers ${req.method} ${req.url}. Served prefixes: ${where.join(', ')}; admin API at /__stuntdouble/`);
    }
    const body = await readBody(req);
    const result = await this.engine.handle({
      method: (req.method ?? 'GET').toUpperCase(),
      url,
      headers: req.headers as Record<string, string | string[] | undefined>,
      ...(body.byteLength > 0 ? { body } : {}),
    });
    if (result.kind === 'unserved') throw new AdminError(404, `stuntdouble: no fake answers ${req.method} ${req.url}`);
    if (result.kind === 'network-error') {
      // The client sees what the fault promises: a connection dropped without an answer.
      req.socket.destroy();
      return;
    }
    const out = serialize(result.response);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(out.headers)) if (!HOP_BY_HOP.has(k.toLowerCase())) headers[k] = v;
    const noBody = NULL_BODY.has(out.status) || req.method === 'HEAD' || out.status < 200;
    const bytes = noBody
      ? undefined
      : typeof out.body === 'string'
        ? Buffer.from(out.body)
        : Buffer.from(out.body.buffer, out.body.byteOffset, out.body.byteLength);
    if (!noBody) headers['content-length'] = String(bytes?.byteLength ?? 0);
    const status = out.status >= 200 && out.status <= 999 ? out.status : 500;
    res.writeHead(status, headers);
    res.end(bytes);
  }
}

/** Reads a request body, keeping at most BODY_CAP bytes (the service then answers its own 413). */
function readBody(req: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    req.on('data', (chunk: Buffer) => {
      if (kept >= BODY_CAP) return;
      const part = kept + chunk.byteLength > BODY_CAP ? chunk.subarray(0, BODY_CAP - kept) : chunk;
      chunks.push(part);
      kept += part.byteLength;
    });
    req.on('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Reads and drops a request body. */
export function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded) return resolve();
    req.on('data', () => undefined);
    req.on('end', () => resolve());
    req.on('error', () => resolve());
  });
}
