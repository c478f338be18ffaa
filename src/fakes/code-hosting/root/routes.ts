import { json } from '../../../http/response.js';
import type { ExtraRow, FamilyRoute } from '../core/family.js';
import { handled } from '../core/route.js';
import type { RelationOp } from '../core/family.js';
import { DEFAULT_LOGIN, hashSha } from '../core/shapes/render.js';
import { feedsBody, rootBody } from './model.js';

/** `GET /`: GitHub serves it, the seed's table lacks it. */
export const ROOT_ROWS: ExtraRow[] = [{ method: 'GET', path: '/', operationId: 'meta/root' }];

/** Anyone may read the API root (counted against the caller's rate limit). */
export const ROOT_ROUTES: FamilyRoute[] = [
  handled({ method: 'GET', path: '/', access: { permissions: [] }, handler: (ctx) => json(200, rootBody(ctx.baseUrl)) }),
];

/** `GET /feeds`: the feeds, the caller's own with a feed token of theirs (stable per login). */
const getFeeds: RelationOp = (rc) => {
  const login = rc.op.login ?? DEFAULT_LOGIN;
  return { status: 200, body: feedsBody(rc.op.baseUrl, login, hashSha(`feeds:${login}`)) };
};

/** The catalog rows the family answers itself. */
export const ROOT_OPS: Readonly<Record<string, RelationOp>> = { 'GET /feeds': getFeeds };
