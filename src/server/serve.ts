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
import { RequestGuards, newAdminToken } from './guards.js';
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
  /**
   * More names the server answers under besides IP addresses, `localhost`/`*.localhost`, the listen
   * address and the faked hosts: a container name (`stuntdouble`), a hosts-file entry, `*.example.test`
   * for a domain, `*` for any name (turns the check off). A request under any other `Host` answers 421,
   * so a web page cannot reach the server under its own name (DNS rebinding).
   */
  hostNames?: readonly string[];
  /**
   * The admin token (default: a random one, in `adminToken` of the answer): an admin POST carrying it
   * in `x-stuntdouble-token` needs no JSON content type.
   */
  adminToken?: string;
  /** How long the server waits for a client (ms): the whole request (default 30,000), its headers (10,000), the next request on an idle keep-alive connection (10,000). */
  timeouts?: { request?: number; headers?: number; keepAlive?: number };
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
  /** The admin token: an admin POST carrying it in `x-stuntdouble-token` needs no JSON content type. */
  readonly adminToken: string;
  /** Stops accepting connections, lets requests in flight finish (up to `graceMs`, default 2000), then closes the rest. */
  close(graceMs?: number): Promise<void>;
}

const ServeOptionsSchema = z
  .object({
    port: z.number().int().min(0).max(65535).default(0),
    host: z.string().min(1).default('127.0.0.1'),
    services: z.array(z.string()).min(1).optional(),
    seed: z.custom<(fakes: Fakes) => unknown>((v) => typeof v === 'function', 'must be a function (fakes) => void').optional(),
    hostNames: z
      .array(
        z
          .string()
          .min(1)
          .regex(/^(\*|(\*\.)?[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])$/, 'a host name such as stuntdouble, *.example.test or *'),
      )
      .optional(),
    adminToken: z.string().min(16, 'at least 16 characters').optional(),
    timeouts: z
      .object({
        request: z.number().int().positive().optional(),
        headers: z.number().int().positive().optional(),
        keepAlive: z.number().int().positive().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

const OPTION_KEYS = ['port', 'host', 'services', 'seed', 'hostNames', 'adminToken', 'timeouts'];

// A body past the largest service cap is refused by the service anyway: keep only that many bytes.
const BODY_CAP = Math.max(...SERVICE_NAMES.map((s) => BODY_LIMITS[s].maxBodyBytes)) + 1;
// Host names that keep the service prefixes mounted besides the server's own (container names,
// other addresses): the least recently used one is unmounted past this, and mounted again when used.
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
    const msg = parsed.error.issues
      .map((i) => {
        const unknown = i.code === 'unrecognized_keys' ? (i as { keys: string[] }).keys : [];
        if (unknown.length) return unknown.map((k) => `unknown option '${k}'.${didYouMean(k, OPTION_KEYS)}`).join('; ');
        return `${i.path.join('.') || '(options)'}: ${i.message}`;
      })
      .join('; ');
    throw new TypeError(`stuntdouble: invalid serve() options: ${msg}`);
  }
  const opts = parsed.data;
  // Everything that can fail on the input fails before the port is taken.
  const engine = engineOf(fakes);
  const enabled = new Set<ServiceName>(opts.services ? opts.services.map(parseServiceName) : SERVICE_NAMES);
  const timeouts = { request: 30_000, headers: 10_000, keepAlive: 10_000, ...opts.timeouts };
  if (timeouts.headers > timeouts.request) timeouts.headers = timeouts.request;
  if (opts.seed) await opts.seed(fakes);
  const server = createServer({
    keepAlive: true,
    requestTimeout: timeouts.request,
    headersTimeout: timeouts.headers,
    keepAliveTimeout: timeouts.keepAlive,
    // How often node:http looks for connections past their request or headers timeout.
    connectionsCheckingInterval: Math.max(50, Math.min(1000, timeouts.headers >> 1)),
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await listen(server, opts.port, opts.host);
  try {
    return start(fakes, engine, server, sockets, opts, enabled);
  } catch (err) {
    // A server that cannot answer must not keep the port.
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw err;
  }
}

type ParsedOptions = z.output<typeof ServeOptionsSchema>;

/** Wires a listening server to the fakes: mounts, guards, the admin API, the request handler. */
function start(fakes: Fakes, engine: Engine, server: Server, sockets: Set<Socket>, opts: ParsedOptions, enabled: ReadonlySet<ServiceName>): StuntdoubleServer {
  const address = server.address() as AddressInfo;
  const shownHost = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${address.port}`;

  const mounts = new Mounts(engine, enabled);
  mounts.pin(url);
  mounts.pin(`http://localhost:${address.port}`);
  // The gh CLI speaks plain HTTP only to its development host: GH_HOST=github.localhost sends
  // http://api.github.localhost/... which reaches this server through HTTP_PROXY (see docs/server.md).
  if (enabled.has('codeHosting')) mounts.pinAt('codeHosting', GH_LOCALHOST);

  let faked: Set<string> | undefined;
  const adminToken = opts.adminToken ?? newAdminToken();
  const guards = new RequestGuards({
    listenHost: opts.host,
    hostNames: opts.hostNames ?? [],
    token: adminToken,
    fakedHosts: () => {
      faked ??= new Set(engine.origins().map((o) => new URL(o).hostname));
      return faked;
    },
  });
  const router = new RequestRouter(engine, enabled, mounts);
  const admin = new AdminApi(fakes, { url, services: [...enabled], ...(opts.seed ? { seed: opts.seed } : {}) });
  const unnote = noteServing(fakes, url);
  let inFlight = 0;
  let idle: (() => void) | undefined;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    res.on('close', () => {
      inFlight -= 1;
      if (inFlight === 0) idle?.();
    });
    const path = (req.url ?? '/').replace(/^[a-z]+:\/\/[^/]*/i, '');
    const isAdmin = path === ADMIN || path.startsWith(`${ADMIN}/`) || path.startsWith(`${ADMIN}?`);
    const work = (async () => {
      try {
        guards.checkHost(req);
        if (isAdmin) guards.checkAdminWrite(req);
      } catch (err) {
        await drain(req);
        throw err;
      }
      return isAdmin ? admin.handle(req, res, path) : router.handle(req, res);
    })();
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
    const timedOut = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const status = timedOut ? 408 : tooLarge ? 431 : 400;
    const reason = timedOut ? 'Request Timeout' : tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
    const message = timedOut
      ? 'stuntdouble server: the request did not arrive in time'
      : `stuntdouble server: malformed HTTP request (${err.code ?? err.message})`;
    const body = JSON.stringify({ error: { status, message } });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    // A half-open client never reads the answer: do not wait for it.
    socket.destroySoon();
  });

  let closing: Promise<void> | undefined;
  const handle: StuntdoubleServer = {
    url,
    port: address.port,
    host: opts.host,
    adminUrl: `${url}${ADMIN}/`,
    adminToken,
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
          mounts.clear();
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

/**
 * The origins the service prefixes are mounted on: the server's own names (pinned) and the names
 * clients used (a container name, another address), the most recently used {@link MAX_ORIGINS} of
 * them. A name used again after it was let go is mounted again, so no sequence of Host names can
 * leave a legitimate one unserved.
 */
class Mounts {
  readonly #pinned = new Map<string, Array<() => void>>();
  readonly #recent = new Map<string, Array<() => void>>();
  constructor(
    private readonly engine: Engine,
    private readonly enabled: ReadonlySet<ServiceName>,
  ) {}

  /** Mounts every enabled service's prefixes on an origin for the server's lifetime. */
  pin(origin: string): void {
    if (!this.#pinned.has(origin)) this.#pinned.set(origin, this.#mount(origin));
  }

  /** Mounts one service at a base URL for the server's lifetime. */
  pinAt(service: ServiceName, href: string): void {
    if (!this.#pinned.has(href)) this.#pinned.set(href, [this.engine.mount(service, href)]);
  }

  /** Marks an origin a client mounted as used again (the least recently used one goes first). */
  touch(origin: string): void {
    const undo = this.#recent.get(origin);
    if (!undo) return;
    this.#recent.delete(origin);
    this.#recent.set(origin, undo);
  }

  /** Mounts the prefixes on an origin a client used (or marks it used again). */
  use(origin: string): void {
    if (this.#pinned.has(origin)) return;
    const undo = this.#recent.get(origin);
    this.#recent.delete(origin);
    this.#recent.set(origin, undo ?? this.#mount(origin));
    if (this.#recent.size > MAX_ORIGINS) {
      const [oldest, unmount] = this.#recent.entries().next().value as [string, Array<() => void>];
      this.#recent.delete(oldest);
      for (const u of unmount) u();
    }
  }

  clear(): void {
    for (const undo of [...this.#pinned.values(), ...this.#recent.values()]) for (const u of undo) u();
    this.#pinned.clear();
    this.#recent.clear();
  }

  #mount(origin: string): Array<() => void> {
    const undo: Array<() => void> = [];
    for (const service of this.enabled) for (const prefix of SERVER_PREFIXES[service]) undo.push(this.engine.mount(service, `${origin}${prefix}`));
    return undo;
  }
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
    private readonly mounts: Mounts,
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
    if (served(url)) {
      this.mounts.touch(url.origin);
      return url;
    }
    // Host-header mode: `Host: api.github.com` (a proxy or a hosts entry) is the real service at its root.
    if (url.protocol === 'http:') {
      const secure = new URL(url.href.replace(/^http:/, 'https:'));
      if (served(secure)) return secure;
    }
    // A new name for this server (a container name, another interface): give it the prefixes too.
    if (this.startsWithPrefix(url.pathname)) {
      this.mounts.use(url.origin);
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
