import type { FakeRequest } from '../../http/request.js';
import type { ServiceParts } from '../lazy-service.js';
import { fbtraceId, renderGraphError, unsupportedRequest } from './errors.js';
import { type SocialGraphFacade, socialGraphFacade } from './facade.js';
import { audiencesTick } from './models/audiences/lifecycle.js';
import { audiencesDueAt } from './models/audiences/aging.js';
import { publishDue, scheduleDueAt } from './models/posts.js';
import { queueFeedWebhooks } from './models/webhooks.js';
import type { SocialGraphOptions } from './options.js';
import { cdnCompanions, cdnPath } from './models/picture.js';
import { CDN_ROUTES } from './routes/cdn.js';
import { graphJournalRoutes, graphOperations, graphRefineRoute, graphRoutes } from './routes/graph.js';
import { type SocialGraphState, initialSocialGraphState } from './state.js';

/** The earlier of two optional instants. */
function earliest(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

const VERSION = /^\/(v\d+\.\d+)(\/.*|$)/;

/** The strings of a request an error message may quote: path segments, query values, body values. */
function requestStrings(req: FakeRequest): string[] {
  const out: string[] = [];
  for (const seg of req.rawPath.split('/')) {
    out.push(seg);
    try {
      out.push(decodeURIComponent(seg));
    } catch {
      // not percent-encoding: the raw segment is enough
    }
  }
  const add = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') out.push(x);
  };
  for (const v of Object.values(req.query)) add(v);
  if (req.body && typeof req.body === 'object' && !Array.isArray(req.body)) for (const v of Object.values(req.body)) add(v);
  return out;
}

// The social graph fake's parts: everything but its name, hosts and options (index.ts). Evaluated on
// first use, not at import (see lazyService).
const PARTS: ServiceParts<SocialGraphState, SocialGraphOptions, SocialGraphFacade> = {
  initialState: initialSocialGraphState,
  // The image host that `/{page-id}/picture` redirects to (see models/picture.ts) routes in its own namespace.
  companionBaseUrls: cdnCompanions,
  prepare: (req, path) => {
    const cdn = cdnPath(req.url, path);
    if (cdn !== undefined) return { path: cdn };
    const m = VERSION.exec(path);
    return m ? { path: m[2] || '/', extras: { version: m[1] as string } } : { path };
  },
  // The router's generic node routes (`/{id}/feed`) are journaled and listed in the spelling of each
  // node type (`/{page-id}/feed`); their own spelling stays accepted wherever a route is named.
  routes: [...graphRoutes().map((r) => (r.path.startsWith('/{id}') ? { ...r, listed: false as const } : r)), ...CDN_ROUTES],
  journalRoutes: graphJournalRoutes,
  operations: graphOperations,
  refineRoute: (ctx) => graphRefineRoute(ctx),
  renderError: (err, ctx) => renderGraphError(err, fbtraceId(ctx.seq), requestStrings(ctx.req)),
  notFound: (ctx) => unsupportedRequest(ctx.req.method, ctx.path.split('/').filter(Boolean)[0] ?? ''),
  finalize: (res, ctx) => {
    const headers = { ...(res.headers ?? {}) };
    headers['x-fb-trace-id'] ??= fbtraceId(ctx.seq);
    headers['facebook-api-version'] ??= ctx.extras.version ?? 'v24.0';
    // Graph reports app usage (percent of the limit) on every answer; throttled answers set their own.
    headers['x-app-usage'] ??= '{"call_count":0,"total_cputime":0,"total_time":0}';
    return { ...res, headers };
  },
  dueAt: (state) => earliest(scheduleDueAt(state), audiencesDueAt(state)),
  tick: (draft, now, host) => {
    for (const post of publishDue(draft, now)) queueFeedWebhooks(draft, host, post, 'add', now);
    audiencesTick(draft, now);
  },
  facade: socialGraphFacade,
};

/** The social graph fake's routes, state, error rendering and facade. */
export function socialGraphParts(): ServiceParts<SocialGraphState, SocialGraphOptions, SocialGraphFacade> {
  return PARTS;
}
