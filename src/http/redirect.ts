/**
 * fetch's redirect rules (the fetch standard's "HTTP-redirect fetch", as undici applies them), for the
 * places that answer fetch themselves: `fakes.fetch` and the direct transport's global `fetch`.
 */

const REDIRECT = new Set([301, 302, 303, 307, 308]);
/** fetch gives up after this many redirects. */
export const MAX_REDIRECTS = 20;
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];

/** One request of a redirect chain. */
export interface Hop {
  url: URL;
  method: string;
  headers: Headers;
  body: Uint8Array | undefined;
}

/**
 * What fetch does with an answer to `hop`: undefined when the answer is final (not a redirect, no
 * `Location`, or `redirect: 'manual'`), otherwise the next request (303, and a POST's 301/302, become a
 * GET without body; `Authorization`, `Cookie` and `Proxy-Authorization` are not sent to another
 * origin). Throws fetch's `TypeError('fetch failed')` for `redirect: 'error'` and past 20 redirects.
 * @param count redirects followed so far
 */
export function nextHop(status: number, location: string | null | undefined, hop: Hop, mode: RequestRedirect, count: number): Hop | undefined {
  if (!REDIRECT.has(status) || location === null || location === undefined || mode === 'manual') return undefined;
  if (mode === 'error') throw new TypeError('fetch failed', { cause: new Error(`unexpected redirect to ${location}`) });
  if (count >= MAX_REDIRECTS) throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') });
  const url = new URL(location, hop.url);
  const headers = new Headers();
  for (const [k, v] of hop.headers) headers.append(k, v);
  let { method, body } = hop;
  if (status === 303 ? method !== 'GET' && method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST') {
    method = 'GET';
    body = undefined;
    for (const h of BODY_HEADERS) headers.delete(h);
  }
  if (url.origin !== hop.url.origin) for (const h of ['authorization', 'cookie', 'proxy-authorization']) headers.delete(h);
  return { url, method, headers, body };
}
