import type { FakeResponse } from '../../../http/response.js';
import type { RouteSpec } from '../../service.js';
import { unsupportedRequest } from '../errors.js';
import { graphContext } from './context.js';
import { CDN_ROUTE_PREFIX, PLACEHOLDER_JPEG, cdnPath } from '../models/picture.js';
import type { SocialGraphOptions } from '../options.js';
import type { SocialGraphState } from '../state.js';

const IMAGE = /\.(jpe?g|png|gif|webp)$/i;

/**
 * The image host's one route (reached through `cdnPath` in `prepare`): every image URL the fake hands
 * out (a Page's `picture` redirect and field, covers, uploaded thumbnails) answers a small JPEG, so a
 * client following `/{page-id}/picture`'s 302 (fetch's default) gets an image; any other path a 404.
 * Not an API call: no token is needed, as on the real CDN.
 */
export const CDN_ROUTES: RouteSpec<SocialGraphState, SocialGraphOptions>[] = [
  {
    method: 'GET',
    path: `${CDN_ROUTE_PREFIX}/{+path}`,
    operation: 'cdn.image',
    // Not a Graph API route: `fakes.routes()` does not list it (calls are journaled as `cdn.image`).
    listed: false,
    handler: (ctx): FakeResponse => {
      // Only on the image host: `https://graph.facebook.com/__cdn/...` is a path like any unknown node
      // (the token checked first, as there).
      if (cdnPath(ctx.req.url, ctx.path) === undefined) {
        graphContext(ctx, null, 'unmatched');
        ctx.meta.operation = 'unmatched';
        throw unsupportedRequest('GET', ctx.path.split('/').filter(Boolean)[0] ?? '');
      }
      if (!IMAGE.test(ctx.params.path ?? '')) return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not Found' };
      return {
        status: 200,
        headers: { 'content-type': 'image/jpeg', 'content-length': String(PLACEHOLDER_JPEG.length), 'cache-control': 'max-age=1209600' },
        body: PLACEHOLDER_JPEG,
      };
    },
  },
];
