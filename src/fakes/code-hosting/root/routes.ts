import { json } from '../../../http/response.js';
import type { ExtraRow, FamilyRoute } from '../core/family.js';
import { handled } from '../core/route.js';
import { rootBody } from './model.js';

/** `GET /`: GitHub serves it, the seed's table lacks it. */
export const ROOT_ROWS: ExtraRow[] = [{ method: 'GET', path: '/', operationId: 'meta/root' }];

/** Anyone may read the API root (counted against the caller's rate limit). */
export const ROOT_ROUTES: FamilyRoute[] = [
  handled({ method: 'GET', path: '/', access: { permissions: [] }, handler: (ctx) => json(200, rootBody(ctx.baseUrl)) }),
];
