import { graphErrors } from '../errors.js';
import { mergeParams } from '../models/params.js';
import type { GraphContext, GraphRouteContext } from '../models/registry.js';
import { authenticate, getToken, tokenOf } from '../models/tokens.js';

/** Operations whose errors the document lists 104 "Incorrect signature" for: a wrong appsecret_proof answers it there. */
const SIGNED = /\/(subscribed_apps|page_whatsapp_number_verification)\./;

/**
 * Builds the handler context of a request: version, token label, caller and merged parameters.
 * Exported for the shared-URL node and any route outside the node table.
 */
export function graphContext(ctx: GraphRouteContext, nodeId: string | null, operation: string): GraphContext {
  ctx.meta.version = ctx.extras.version ?? null;
  ctx.meta.operation = operation;
  if (ctx.req.bodyError) throw graphErrors.param('Invalid JSON in the request body');
  const raw = tokenOf(ctx.req);
  ctx.meta.token = raw === null ? null : (getToken(ctx.state, raw)?.label ?? 'unseeded');
  const now = ctx.clock.nowMs();
  const principal = authenticate(ctx.state, ctx.auth, ctx.req, now, { signature: SIGNED.test(operation) });
  return {
    ctx,
    params: mergeParams(ctx.req.query, ctx.req.body, nodeId),
    principal,
    now,
    version: ctx.meta.version,
    read: {
      now,
      principal,
      version: ctx.meta.version,
      baseUrl: ctx.baseUrl,
      token: principal.token,
      get state() {
        return ctx.state;
      },
    },
    operation,
  };
}
