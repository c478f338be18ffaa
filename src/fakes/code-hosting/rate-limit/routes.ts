import { json } from '../../../http/response.js';
import type { ExtraRow, FamilyRoute } from '../core/family.js';
import { handled } from '../core/route.js';
import { rateLimitBody } from './model.js';

/** `GET /rate_limit`: GitHub serves it, the seed's table lacks it. */
export const RATE_LIMIT_ROWS: ExtraRow[] = [{ method: 'GET', path: '/rate_limit', operationId: 'rate-limit/get' }];

/** It reports the caller's windows and does not count against them (as on GitHub). */
export const RATE_LIMIT_ROUTES: FamilyRoute[] = [
  handled({ method: 'GET', path: '/rate_limit', access: { permissions: [] }, uncounted: true, handler: (ctx) => json(200, rateLimitBody(ctx)) }),
];
