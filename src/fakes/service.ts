import type { Draft } from 'immer';
import type { FakeRequest } from '../http/request.js';
import type { FakeResponse } from '../http/response.js';
import type { Clock } from '../store/clock.js';
import type { ServiceName } from './service-name.js';

/** Whether unseeded tokens are accepted with full rights (`lenient`) or only seeded ones (`strict`). */
export type AuthMode = 'lenient' | 'strict';

/** What the journal records about a call besides the request and the answer; routes fill it. */
export interface CallMeta {
  /** Seeded label of the token used; `'unseeded'` for an unknown token; `null` when none was sent. */
  token: string | null;
  /** API version the client asked for. */
  version: string | null;
  /** Faults and overrides that shaped the answer. */
  tags: string[];
  /** Operation id, when a route wants to refine it (defaults to the route's). */
  operation?: string;
  /** Route template to journal, when a generic route knows a more specific one (Graph's `/act_{ad_account_id}/customaudiences`). */
  route?: string;
  /**
   * Set by a route whose template matched but which is no method of the API the request speaks (a
   * Gemini API route on a Vertex AI host, an unknown API version): the request is journaled and
   * diagnosed as unmatched (closest routes, likely cause, the note in the service's error message).
   */
  noMethod?: boolean;
  /**
   * Set by a route that answered but could not serve part of the request (a GraphQL field the fake
   * does not resolve yet): the journal's note for the call, which is also listed in `fakes.unmatched`.
   */
  unserved?: string;
}

/** What the core lends a service outside requests: the facade and scenarios use it. */
export interface ServiceHost<S, O> {
  readonly name: ServiceName;
  /** The service's frozen state slice. */
  readonly state: S;
  /** One atomic change of the service's slice. */
  update<R>(recipe: (draft: Draft<S>) => R): R;
  readonly clock: Clock;
  /** The service's resolved options. */
  readonly options: O;
  /** The instance-wide auth mode. */
  readonly auth: AuthMode;
  /** Base URLs this service answers on (first one is the canonical). */
  readonly baseUrls: readonly string[];
  /** Runs work after the current change lands (webhook deliveries); `fakes.flush()` awaits it. */
  after(fn: (signal: AbortSignal) => void | Promise<void>): void;
  /**
   * Per-instance traffic accounting outside the state tree (rate-limit windows): mutable, not part of
   * snapshots, cleared by `reset()`. A rejected request may count here, as on the real service, while
   * the state (and so `snapshot()`) stays the same object.
   */
  readonly meters: Record<string, unknown>;
}

/** Everything a route handler sees of one request. */
export interface RouteContext<S, O> extends ServiceHost<S, O> {
  readonly req: FakeRequest;
  /** The path relative to the matched base URL (raw, still percent-encoded). */
  readonly path: string;
  /** The base URL the request came in on, e.g. `https://api.github.com` or `https://ghe.example.com/api/v3`. */
  readonly baseUrl: string;
  /** Route parameters, percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** The route template that matched. */
  readonly template: string;
  /** The operation id of the route. */
  readonly operation: string;
  /** 1-based request sequence number within the instance: the seed of request ids. */
  readonly seq: number;
  /** What the journal will record about identity and version; routes set it. */
  readonly meta: CallMeta;
  /** Values a service's `prepare` step extracted (Graph's version prefix, ...). */
  readonly extras: Readonly<Record<string, string>>;
  /**
   * The service host itself, for work queued with `after()` that records its outcome later (a webhook
   * delivery's answer). Request handlers change state through `ctx.update`, once.
   */
  readonly host: ServiceHost<S, O>;
  /**
   * Runs another request through the whole pipeline (routing, faults, journal) as a call of its own:
   * batch APIs answer each operation this way. Resolves to its answer, or null for a connection failure.
   */
  readonly subrequest?: (req: { method: string; url: URL; headers?: Record<string, string>; body?: string }) => Promise<FakeResponse | null>;
}

/** A route handler: reads the context, changes state through one `ctx.update`, returns an answer or throws a service error. */
export type RouteHandler<S, O> = (ctx: RouteContext<S, O>) => FakeResponse | Promise<FakeResponse>;

/** One route of a service. */
export interface RouteSpec<S, O> {
  method: string;
  /** Path template, see the router. */
  path: string;
  /** Operation id recorded in the journal, e.g. `migrations/start-import`. */
  operation: string;
  handler: RouteHandler<S, O>;
  /**
   * Another spelling of a listed route (a seed spelling GitHub does not use, such as `/dependency-bot/`):
   * requests on it are journaled under `name`, and `fakes.routes()` lists `name` only.
   */
  name?: string;
  /**
   * `false` for a generic route that `fakes.routes()` does not list: the journal names its calls more
   * precisely (Graph's `/{id}/feed` journals `/{page-id}/feed`). Its spelling is still accepted wherever a
   * route is named, standing for every listed route it answers.
   */
  listed?: false;
}

/** What `prepare` may change before routing: the path to route and extras for the handler. */
export interface Prepared {
  path: string;
  extras?: Record<string, string>;
}

/** Context for rendering an unmatched request or an error outside any route. */
export type BareContext<S, O> = Omit<RouteContext<S, O>, 'params' | 'template' | 'operation'> & {
  readonly template: string | null;
  readonly operation: string;
};

/** Why a request matched no route. */
export interface UnmatchedInfo {
  kind: 'not-found' | 'method-not-allowed';
  /** Routes that look closest, as `'METHOD /template'`. */
  closest: string[];
  allowed?: string[];
}

/** The definition of one fake: its wire, state, routes and error rendering. */
export interface ServiceDefinition<S, O, F> {
  readonly name: ServiceName;
  /** Human name used in messages, e.g. `GitHub REST`. */
  readonly title: string;
  /** Default base URLs when the user gives none. */
  readonly defaultBaseUrls: readonly string[];
  /** Reads this service's options (`createFakes({ codeHosting: {...} })`); throws on bad options. */
  parseOptions(raw: unknown): O & { baseUrls?: string[] };
  initialState(): S;
  readonly routes: ReadonlyArray<RouteSpec<S, O>>;
  /**
   * Base URLs the service also answers on, derived from its own and intercepted like them, but never
   * listed as its base URLs: hosts its answers link to (GitHub's archive and log hosts, the targets of
   * its redirects).
   */
  companionBaseUrls?(baseUrls: readonly string[]): string[];
  /** Optional rewrite before routing (e.g. strip Graph's `/v24.0` prefix). */
  prepare?(req: FakeRequest, path: string): Prepared;
  /** Turns any thrown value into the service's real error envelope (unknown errors → its 500). */
  renderError(err: unknown, ctx: BareContext<S, O>): FakeResponse;
  /** The error to render for a request that matched no route. */
  notFound(ctx: BareContext<S, O>, info: UnmatchedInfo): unknown;
  /** Adds the service's standard headers to every answer (request ids, rate limits, ...). */
  finalize?(res: FakeResponse, ctx: BareContext<S, O>): FakeResponse;
  /** The earliest fake-clock instant at which `tick` has work, or undefined (checked before each request). */
  dueAt?(state: S): number | undefined;
  /** Applies time-driven transitions up to `now` (publish scheduled posts, expire caches). */
  tick?(draft: Draft<S>, now: number, host: ServiceHost<S, O>): void;
  /**
   * Routes the journal names that the router spells differently, as `'METHOD /template'` (Graph
   * journals `/{page-id}/feed` where its router has `/{id}/feed`). Listed by `fakes.routes()`.
   */
  journalRoutes?(): string[];
  /**
   * Whether a route is one of the API a request to `url` speaks (Vertex AI or the Gemini API share one
   * router): only those are suggested as the closest routes of an unmatched request. Default: every route.
   */
  suggests?(url: URL, baseUrl: string, template: string): boolean;
  /** Operation ids the journal can record besides the routes' own (validates `calls.where({ operation })`). */
  operations?(): string[];
  /** The journal's route template for a matched request, when it is more specific than the router's (called before faults and overrides). */
  refineRoute?(ctx: RouteContext<S, O>): string | undefined;
  /** Builds the user-facing facade (`fakes.codeHosting`). */
  facade(host: ServiceHost<S, O>): F;
}

/** Declares a service with full type inference. */
export function defineService<S, O, F>(def: ServiceDefinition<S, O, F>): ServiceDefinition<S, O, F> {
  return def;
}
