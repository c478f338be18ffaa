import type { FakeFailure } from '../errors.js';
import type { AuthMode, BareContext, CallMeta, RouteContext } from '../fakes/service.js';
import type { ServiceName } from '../fakes/service-name.js';
import { type Clock, isoAt } from '../store/clock.js';
import type { Journal, RecordedCall } from '../store/journal.js';
import { parseRequest } from './body.js';
import type { Effects } from './effects.js';
import { asciiHeader, blameTheFake, describeError, isServiceError, likelyCause, suggestable, withExplanation } from './explain.js';
import { BODY_LIMITS, requestTargetLength } from './limits.js';
import { buildCall } from './record.js';
import { redactText, redactUrl, requestSecrets } from './redact.js';
import type { FakeRequest, RawRequest } from './request.js';
import type { FakeResponse } from './response.js';
import type { RouteCatalog } from './route-catalog.js';
import { compareSpecificity } from './route-index.js';
import { closestRoutes } from './closest-routes.js';
import type { AnyRoute, ServiceRegistry } from './services.js';

// Running a route: one request through routing, faults, the handler (or override), the service's
// error rendering and finalizing, to the journal entry. Every failure becomes the service's envelope.

/** What a request looks like to a fault hook. */
export interface FaultProbe {
  readonly service: ServiceName;
  readonly method: string;
  readonly path: string;
  /** The route as the journal names it (e.g. Graph's `/{page-id}/feed`); `null` when unmatched. */
  readonly route: string | null;
  /** The router's own template when it differs from `route` (Graph's `/{id}/feed`), else the same. */
  readonly template: string | null;
  readonly operation: string;
}

/** What a fault hook decides for one request: answer, fail the connection, delay, or let it through. */
export interface FaultDecision {
  /** Recorded in the call's tags, e.g. `'flaky'`. */
  tag: string;
  /** Answer this instead of the route. */
  response?: FakeResponse;
  /** Render this error with the service's envelope instead of running the route. */
  error?: unknown;
  /** Fail at the connection level with this message (the client sees a network error). */
  networkError?: string;
  /** Delay the answer; on a frozen clock the fake clock advances instead of waiting. */
  delayMs?: number;
}

/** A fault hook, consulted for every request after routing. */
export type FaultHook = (probe: FaultProbe) => FaultDecision | undefined;

/** The outcome of handling one request. */
export type HandleResult =
  | { kind: 'response'; response: FakeResponse; call: RecordedCall }
  | { kind: 'network-error'; error: Error; call: RecordedCall }
  | { kind: 'unserved' };

/** What the pipeline needs of an instance. */
export interface Pipeline {
  readonly services: ServiceRegistry;
  readonly catalog: RouteCatalog;
  readonly effects: Effects;
  readonly clock: Clock;
  readonly journal: Journal;
  readonly auth: AuthMode;
  readonly faults: readonly FaultHook[];
  /** Failures inside the fake, an override, a custom route or a fault hook (`fakes.errors`). */
  readonly errors: FakeFailure[];
  /** Applies due time-driven transitions (before each request). */
  runTimers(): void;
  /** Handles a request end to end (a batch's sub-requests go through it again). */
  handle(input: RawRequest | FakeRequest, signal?: AbortSignal): Promise<HandleResult>;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function decide(
  faults: readonly FaultHook[],
  service: ServiceName,
  method: string,
  path: string,
  route: string | null,
  template: string | null,
  operation: string,
): FaultDecision | undefined {
  for (const hook of faults) {
    const d = hook({ service, method, path, route, template, operation });
    if (d) return d;
  }
  return undefined;
}

/**
 * Handles one request end to end. Never throws for a served URL: every failure becomes the service's
 * envelope. `signal` is the client's abort signal: an aborted request stops waiting (latency faults)
 * and fails at the connection level.
 */
export async function runRequest(p: Pipeline, input: RawRequest | FakeRequest, signal?: AbortSignal): Promise<HandleResult> {
  // Resolve first: the service's body cap decides whether the body is parsed at all.
  const target = 'rawBody' in input ? input.url : input.url instanceof URL ? input.url : new URL(input.url);
  const resolved = p.services.resolve(target);
  if (!resolved) return { kind: 'unserved' };
  const limit = BODY_LIMITS[resolved.entry.def.name];
  // A URL over the service's limit is answered 414 at once, as its front end does: its body is not
  // read, its path neither prepared nor routed (nor suggested for), its journal entry clipped.
  const tooLong = requestTargetLength(target) > limit.maxUrlLength;
  const raw = tooLong && !('rawBody' in input) ? { ...input, body: undefined } : input;
  const req = 'rawBody' in raw ? raw : await parseRequest({ ...raw, url: target }, { maxBodyBytes: limit.maxBodyBytes });
  const { entry, base } = resolved;
  const def = entry.def;
  p.runTimers();
  const seq = p.journal.nextSeq();
  const at = isoAt(p.clock.nowMs());
  const meta: CallMeta = { token: null, version: null, tags: [] };
  let path = resolved.path;
  let extras: Record<string, string> = {};
  let updates = 0;
  const host = entry.host;
  // One context object per request, filled in as the request is routed (no spreads: a spread
  // would copy the live `state` getter's value, and redefining it per request is slow).
  const bare: Mutable<RouteContext<unknown, unknown>> = {
    name: def.name,
    get state() {
      return host.state;
    },
    update: (recipe) => {
      updates += 1;
      if (updates > 1) throw new Error('stuntdouble bug: a request may change state only through one update()');
      return host.update(recipe);
    },
    clock: p.clock,
    options: host.options,
    auth: p.auth,
    baseUrls: host.baseUrls,
    after: host.after,
    meters: host.meters,
    req,
    path,
    baseUrl: base.href,
    seq,
    meta,
    extras,
    host,
    subrequest: async (sub) => {
      const r = await p.handle(sub);
      return r.kind === 'response' ? r.response : null;
    },
    params: {},
    template: null as unknown as string,
    operation: 'unmatched',
  };
  let response: FakeResponse;
  let route: AnyRoute | undefined;
  let params: Record<string, string> = {};
  let template: string | null = null;
  let note: string | undefined;
  let internal: { message: string; stack?: string } | undefined;
  let failed: { source: FakeFailure['source']; error: unknown } | undefined;
  let source: FakeFailure['source'] = 'fake';
  let networkError: Error | undefined;
  /** Set for a request that matched no route (or no method of its API): what the service's error message should say. */
  let explain: { closest: string[]; cause: string } | undefined;
  /** The answer is the service's not-found for it (not a fault's). */
  let carry = false;
  const render = (err: unknown, ctx: BareContext<unknown, unknown>): FakeResponse => {
    if (!isServiceError(err)) {
      internal = describeError(err);
      failed = { source, error: err };
    }
    try {
      return def.renderError(err, ctx);
    } catch (renderErr) {
      internal = describeError(renderErr);
      failed = { source: 'fake', error: renderErr };
      return { status: 500, headers: { 'content-type': 'text/plain' }, body: `stuntdouble: ${internal.message}` };
    }
  };
  const ctx: BareContext<unknown, unknown> = bare;
  try {
    if (def.prepare && !tooLong) {
      const prepared = def.prepare(req, path);
      path = prepared.path;
      extras = prepared.extras ?? {};
      bare.path = path;
      bare.extras = extras;
    }
    let found: ReturnType<typeof entry.router.match> = tooLong ? { kind: 'not-found' } : entry.router.match(req.method, path);
    let custom = false;
    const customRouter = tooLong ? undefined : p.catalog.customRouter(def.name);
    if (customRouter) {
      // A user's route wins over the fake's own routes that match only more generically (Graph's `/{id}/{edge}`).
      const extra = customRouter.match(req.method, path);
      if (extra.kind === 'match' && (found.kind !== 'match' || compareSpecificity(extra.match.template, found.match.template) >= 0)) {
        found = extra;
        custom = true;
      }
    }
    let closest: string[] = [];
    let journalRoute: string | null = null;
    if (found.kind === 'match') {
      route = found.match.value;
      params = found.match.params;
      template = found.match.template;
      bare.params = params;
      bare.template = template;
      bare.operation = route.operation;
      if (route.name !== undefined) journalRoute = route.name;
      else if (def.refineRoute && !custom) {
        source = 'fake';
        journalRoute = def.refineRoute(bare as RouteContext<unknown, unknown>) ?? null;
      }
      if (journalRoute) meta.route ??= journalRoute;
    } else if (!tooLong) {
      closest = closestRoutes(suggestable(entry, req.url, base, p.catalog.listedRoutes(entry)), req.method, path);
      const cause = likelyCause(entry, base, req.method, path);
      note = `${def.title}: no route for ${req.method} ${path}. Closest: ${closest.join('; ')}${cause ? `. Likely cause: ${cause}` : ''}`;
      explain = { closest, cause };
    }
    // Body limits and faults apply alike to matched and unmatched requests (an unavailable service is unavailable everywhere).
    source = 'fault';
    const decision =
      req.bodyError === 'too-large'
        ? { tag: 'too-large', error: limit.tooLarge(limit.maxBodyBytes) }
        : tooLong
          ? { tag: 'too-long', ...limit.uriTooLong(req.url) }
          : decide(p.faults, def.name, req.method, path, journalRoute ?? template, template, route?.operation ?? 'unmatched');
    source = 'fake';
    if (decision) meta.tags.push(decision.tag);
    const waited = decision?.delayMs ? await p.effects.delay(decision.delayMs, signal) : 'done';
    if (waited !== 'done') {
      const message =
        waited === 'aborted' ? 'The operation was aborted' : 'stuntdouble: the fakes were reset or uninstalled while this request waited (latency fault)';
      networkError = Object.assign(new Error(message), { code: waited === 'aborted' ? 'ABORT_ERR' : 'ECONNRESET' });
      meta.tags.push(waited);
      response = { status: 0 };
    } else if (decision?.networkError) {
      networkError = Object.assign(new Error(decision.networkError), { code: 'ECONNRESET' });
      response = { status: 0 };
    } else if (decision?.response) response = decision.response;
    else if (decision?.error !== undefined) response = render(decision.error, ctx);
    else if (found.kind !== 'match' || !route) {
      carry = true;
      response = render(
        def.notFound(ctx, {
          kind: found.kind === 'match' ? 'not-found' : found.kind,
          closest,
          ...(found.kind === 'method-not-allowed' ? { allowed: found.allowed } : {}),
        }),
        ctx,
      );
    } else {
      const rctx: RouteContext<unknown, unknown> = bare;
      const override = p.catalog.overrideFor(def.name, found.match.method, journalRoute, template);
      if (override) meta.tags.push('override');
      source = override ? 'override' : custom ? 'route' : 'fake';
      if (custom) meta.tags.push('custom');
      if (journalRoute) meta.route ??= journalRoute;
      try {
        response = await (override ?? route.handler)(rctx);
        if (!response || typeof response.status !== 'number') throw new Error(`handler of ${route.operation} returned no response`);
      } catch (err) {
        response = render(err, ctx);
      }
      source = 'fake';
    }
  } catch (err) {
    response = render(err, ctx);
  }
  // A route found the path is no method of the API the request speaks: diagnosed and journaled as unmatched.
  if (meta.noMethod && !note && !networkError) {
    const closest = closestRoutes(suggestable(entry, req.url, base, p.catalog.listedRoutes(entry)), req.method, path).filter(
      (r) => r !== `${req.method} ${template}`,
    );
    const cause = likelyCause(entry, base, req.method, path);
    note = `${def.title}: no method ${req.method} ${path} on ${base.href}. Closest: ${closest.join('; ')}${cause ? `. Likely cause: ${cause}` : ''}`;
    explain = { closest, cause };
    carry = true;
    meta.operation = 'unmatched';
    delete meta.route;
    template = null;
    params = {};
  }
  // The service's own error message says it too (only for a request no route answers): the error
  // the SDK throws shows what was sent and what exists, without reading headers or the journal.
  if (explain && carry && !networkError && !failed)
    response = withExplanation(
      response,
      `stuntdouble: no route ${req.method} ${path}; closest: ${explain.closest.join(', ')}${explain.cause ? `; likely cause: ${explain.cause}` : ''}`,
    );
  if (def.finalize && !networkError) {
    try {
      response = def.finalize(response, ctx);
    } catch (err) {
      internal = describeError(err);
      failed = { source: 'fake', error: err };
    }
  }
  if (failed && internal) {
    // The thrower's message may quote the request's credentials: the answer and fakes.errors show it redacted.
    const secrets = requestSecrets(req);
    internal = { message: redactText(internal.message, secrets), ...(internal.stack ? { stack: redactText(internal.stack, secrets) } : {}) };
    response = blameTheFake(response, failed.source, `${req.method} ${template ?? path}`, internal.message);
    p.errors.push({
      seq,
      service: def.name,
      request: `${req.method} ${redactUrl(req.url)}`,
      source: failed.source,
      message: internal.message,
      ...(internal.stack ? { stack: internal.stack } : {}),
      error: failed.error,
    });
  }
  if (!note && meta.unserved) note = meta.unserved;
  if (!note && response.status === 401 && p.auth === 'strict' && meta.token === 'unseeded')
    note = `${def.title}: 401 because this token was never seeded. Likely cause: auth 'strict' accepts only tokens created with fakes.${def.name}.seed.token() (or a scenario); seed it, or use auth 'lenient'.`;
  // The same diagnosis the journal keeps, where the client's error shows it (response headers).
  if (note && !networkError) response = { ...response, headers: { ...(response.headers ?? {}), 'x-stuntdouble-note': asciiHeader(note) } };
  const call = buildCall({
    seq,
    service: def.name,
    operation: meta.operation ?? (route ? route.operation : 'unmatched'),
    req,
    path,
    route: meta.route ?? template,
    params,
    response,
    at,
    meta,
    bodies: p.journal.bodies,
    clip: tooLong,
    ...(internal ? { error: internal } : {}),
    ...(note ? { note } : {}),
  });
  p.journal.record(call, req);
  if (networkError) return { kind: 'network-error', error: networkError, call };
  return { kind: 'response', response, call };
}
