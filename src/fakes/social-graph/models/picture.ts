import { graphErrors } from '../errors.js';
import type { PageRecord } from '../state.js';

/**
 * Profile pictures: the `picture` edge and field of a Page, and the image host they point at.
 *
 * Graph answers `/{page-id}/picture` with a 302 to an image on its CDN (`scontent.xx.fbcdn.net`). A
 * client that follows redirects (fetch does by default) then downloads the image, so the fake answers
 * on that host too (as a companion host, intercepted like the API): every image URL it hands out
 * serves a small JPEG. For a base URL other than `https://graph.facebook.com` (a server mount, a
 * custom base URL) the image host is the base URL's `/_cdn` path.
 */

/** Graph's image host. */
export const CDN_ORIGIN = 'https://scontent.xx.fbcdn.net';
/** The path of the image host under any other base URL. */
export const CDN_PATH = '/_cdn';
/** Where requests on the image host route (their own namespace: Graph's paths are not answered there). */
export const CDN_ROUTE_PREFIX = '/__cdn';
const GRAPH_ORIGIN = 'https://graph.facebook.com';

const trimBase = (b: string) => b.replace(/\/+$/, '');

/** The image host for a Graph base URL. */
export function cdnBase(baseUrl: string): string {
  return trimBase(baseUrl) === GRAPH_ORIGIN ? CDN_ORIGIN : `${trimBase(baseUrl)}${CDN_PATH}`;
}

/** The image hosts the social graph fake also answers on for its base URLs (those no base URL covers). */
export function cdnCompanions(baseUrls: readonly string[]): string[] {
  const out = new Set<string>();
  for (const b of baseUrls) {
    const h = cdnBase(b);
    if (!h.startsWith(`${trimBase(b)}/`)) out.add(h);
  }
  return [...out];
}

/** The routing path of a request: requests on the image host route under {@link CDN_ROUTE_PREFIX}. */
export function cdnPath(url: URL, path: string): string | undefined {
  if (url.origin === CDN_ORIGIN) return `${CDN_ROUTE_PREFIX}${path}`;
  if (path === CDN_PATH || path.startsWith(`${CDN_PATH}/`)) return `${CDN_ROUTE_PREFIX}${path.slice(CDN_PATH.length)}`;
  return undefined;
}

/** Graph's `type` sizes of a profile picture (square side in pixels). */
export const PICTURE_SIZES: Readonly<Record<string, number>> = { square: 50, small: 50, normal: 100, album: 200, large: 200 };

/** What a picture request asks: `type`, `width`, `height` (query parameters or field modifiers). */
export interface PictureQuery {
  type?: unknown;
  width?: unknown;
  height?: unknown;
}

/** Graph's ProfilePictureSource of a Page for a request (error 100 for a bad type or size). */
export function pictureSource(page: PageRecord, q: PictureQuery, baseUrl: string): { height: number; is_silhouette: boolean; url: string; width: number } {
  const type = q.type === undefined ? 'square' : String(q.type);
  const size = Object.hasOwn(PICTURE_SIZES, type) ? PICTURE_SIZES[type] : undefined;
  if (size === undefined) throw graphErrors.param(`Param type must be one of {${Object.keys(PICTURE_SIZES).join(', ')}}`);
  const dim = (v: unknown) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0 || n > 10_000) throw graphErrors.param('Param height and width must be positive integers');
    return n;
  };
  const height = dim(q.height) ?? dim(q.width) ?? size;
  const width = dim(q.width) ?? height;
  const stored = (page.fields.picture as { url?: string } | undefined)?.url;
  const url = stored ?? `${cdnBase(baseUrl)}/v/t39.30808-1/${page.id}_p${width}x${height}.jpg`;
  return { height, is_silhouette: false, url, width };
}

/**
 * A 1×1 grey baseline JPEG (SOI, JFIF, one quantisation table, one component, one-code Huffman tables,
 * one block, EOI): what the image host serves for every image URL the fake hands out.
 */
export const PLACEHOLDER_JPEG: Uint8Array = Uint8Array.from(
  Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAABAAEBAREA/8QAJgABAAAAAAAAAAAAAAAAAAAAABABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQAAAD8AP//Z',
    'base64',
  ),
);
