import type { FakeResponse } from '../../../http/response.js';
import type { RouteSpec } from '../../service.js';
import { CDN_ROUTE_PREFIX, PLACEHOLDER_JPEG } from '../models/picture.js';
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
    handler: (ctx): FakeResponse => {
      if (!IMAGE.test(ctx.params.path ?? '')) return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not Found' };
      return {
        status: 200,
        headers: { 'content-type': 'image/jpeg', 'content-length': String(PLACEHOLDER_JPEG.length), 'cache-control': 'max-age=1209600' },
        body: PLACEHOLDER_JPEG,
      };
    },
  },
];
