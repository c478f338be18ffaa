import { z } from 'zod';
import type { Fakes } from '../create-fakes.js';
import { GitHubError } from '../fakes/code-hosting/core/errors.js';
import { GoogleError, type GoogleStatus } from '../fakes/model-cache/errors.js';
import { SERVICE_NAMES, type ServiceName } from '../fakes/service-name.js';
import { GraphError } from '../fakes/social-graph/errors.js';
import type { FaultDecision, FaultProbe } from '../http/dispatch.js';
import { engineOf } from '../http/engines.js';
import { defineScenario } from './define.js';

const ServiceSchema = z.enum(SERVICE_NAMES);
/** A route selector: `'METHOD /template'`, a bare `/template`, or omitted for every route. */
const RouteSchema = z.string().min(1);

/** Handles of a fault scenario. */
export interface FaultHandle {
  /** How many requests the fault has affected so far. */
  hits(): number;
  /** Turns the fault off. */
  remove(): void;
}

/**
 * A predicate for the requests a fault applies to. The route is named as anywhere else (any spelling
 * of its parameter names: `{page_id}`, `{page-id}`, `{pageId}`, a concrete path); a typo throws an
 * UnknownNameError with the nearest routes instead of silently matching nothing.
 */
function selector(fakes: Fakes, service: ServiceName | undefined, route: string | undefined): (probe: FaultProbe) => boolean {
  if (!route) return (probe) => !service || probe.service === service;
  return engineOf(fakes, 'a fault scenario').routeSelector(service, route, 'a fault scenario');
}

function addFault(fakes: Fakes, decide: (probe: FaultProbe) => FaultDecision | undefined): FaultHandle {
  let hits = 0;
  const hook = (probe: FaultProbe) => {
    const d = decide(probe);
    if (d) hits += 1;
    return d;
  };
  fakes.faults.push(hook);
  return {
    hits: () => hits,
    remove: () => {
      const i = fakes.faults.indexOf(hook);
      if (i >= 0) fakes.faults.splice(i, 1);
    },
  };
}

const STATUS_TEXT: Record<number, string> = {
  500: 'Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  429: 'Too Many Requests',
  408: 'Request Timeout',
};
const GOOGLE_BY_HTTP: Record<number, GoogleStatus> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'NOT_IMPLEMENTED',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** The error each service answers for an HTTP status, in its own envelope. */
export function serviceErrorFor(service: ServiceName, status: number): unknown {
  if (service === 'codeHosting') return new GitHubError(status, status === 503 ? 'Service Unavailable' : (STATUS_TEXT[status] ?? 'Server Error'));
  if (service === 'socialGraph') {
    if (status >= 500) return new GraphError(2, 'Service temporarily unavailable', { status, type: 'OAuthException', isTransient: true });
    if (status === 429 || status === 403) return new GraphError(4, 'Application request limit reached', { status, type: 'OAuthException', isTransient: true });
    return new GraphError(1, 'An unknown error has occurred.', { status, type: 'OAuthException' });
  }
  const name = GOOGLE_BY_HTTP[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT');
  const message =
    name === 'UNAVAILABLE'
      ? 'The service is currently unavailable.'
      : name === 'INTERNAL'
        ? 'Internal error encountered.'
        : `Request failed with status ${status}.`;
  return new GoogleError(name, message);
}

/** Fault scenarios, usable with every fake. */
export const faultScenarios = {
  /** Delays answers: on a frozen clock the fake clock advances instead of waiting, so tests stay fast. */
  latency: defineScenario({
    name: 'latency',
    service: 'all',
    description: 'Delays every matching answer by `ms` (fake clock when frozen, real time otherwise).',
    handles: '{ hits(), remove() }',
    options: z.object({ service: ServiceSchema.optional(), route: RouteSchema.optional(), ms: z.number().int().nonnegative() }).strict(),
    apply: (fakes, o) => {
      const selects = selector(fakes, o.service, o.route);
      return addFault(fakes, (p) => (selects(p) ? { tag: 'latency', delayMs: o.ms } : undefined));
    },
  }),
  /** The client sees a connection error (socket hang up / fetch failed) `times` times, then normal answers. */
  networkError: defineScenario({
    name: 'networkError',
    service: 'all',
    description: 'Matching requests fail at the connection level (the client sees a network error), `times` times or always.',
    handles: '{ hits(), remove() }',
    options: z.object({ service: ServiceSchema.optional(), route: RouteSchema.optional(), times: z.number().int().positive().optional() }).strict(),
    apply: (fakes, o) => {
      const selects = selector(fakes, o.service, o.route);
      let left = o.times ?? Number.POSITIVE_INFINITY;
      return addFault(fakes, (p) => {
        if (left <= 0 || !selects(p)) return undefined;
        left -= 1;
        return { tag: 'networkError', networkError: 'socket hang up' };
      });
    },
  }),
  /** `failures` answers with `status` in the service's own error envelope, then normal answers. */
  flaky: defineScenario({
    name: 'flaky',
    service: 'all',
    description: 'The first `failures` matching requests answer `status` (default 500) in the service envelope; later ones are normal.',
    handles: '{ hits(), remove() }',
    options: z
      .object({
        service: ServiceSchema.optional(),
        route: RouteSchema.optional(),
        failures: z.number().int().positive(),
        status: z.number().int().min(400).max(599).default(500),
      })
      .strict(),
    apply: (fakes, o) => {
      const selects = selector(fakes, o.service, o.route);
      let left = o.failures;
      return addFault(fakes, (p) => {
        if (left <= 0 || !selects(p)) return undefined;
        left -= 1;
        return { tag: 'flaky', error: serviceErrorFor(p.service, o.status) };
      });
    },
  }),
  /** Every request of one service answers its real 503 envelope until removed. */
  serviceUnavailable: defineScenario({
    name: 'serviceUnavailable',
    service: 'all',
    description: "Every request to one service answers 503 in that service's envelope (GitHub basic-error, Graph code 2, Google UNAVAILABLE).",
    handles: '{ hits(), remove() }',
    options: z.object({ service: ServiceSchema }).strict(),
    apply: (fakes, o) => addFault(fakes, (p) => (p.service === o.service ? { tag: 'serviceUnavailable', error: serviceErrorFor(p.service, 503) } : undefined)),
  }),
};
