import * as crypto from 'node:crypto';
import { type FakeResponse, jsonText } from '../../../http/response.js';
import { memoizeLast, memoizeRecent } from '../../../util/memo.js';
import type { BareContext } from '../../service.js';
import { peek, rateHeaders, rateTable } from './catalog/rate-limit.js';
import type { CodeHostingOptions } from './options.js';
import type { CodeHostingState } from '../state.js';

type Ctx = BareContext<CodeHostingState, CodeHostingOptions>;

/** GitHub's weak entity tag of a JSON answer: `W/"<hash of the body>"`, the same for the same body. */
export function etagOf(body: unknown): string {
  const text = typeof body === 'string' ? body : body instanceof Uint8Array ? Buffer.from(body).toString('base64') : jsonText(body);
  return tagOfText(text);
}
// Remembered for the last few texts: a client polling one object gets the same text again and again,
// and comparing it with a few remembered ones costs less than hashing it.
const tagOfText = memoizeRecent((text: string) => `W/"${sha256(text).slice(0, 40)}"`, 4);

/** The HTTP date of an instant (`Wed, 10 Jan 2024 00:00:00 GMT`), made once per instant: answers of one second share it. */
const httpDate = memoizeLast((ms: number) => new Date(ms).toUTCString());

/** `crypto.hash` (one call, no hash object: several times cheaper on a small body) where Node has it. */
const sha256: (text: string) => string =
  typeof (crypto as { hash?: unknown }).hash === 'function'
    ? (text) => (crypto as unknown as { hash(alg: string, data: string, enc: 'hex'): string }).hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text).digest('hex');

const bare = (tag: string) => tag.trim().replace(/^W\//, '');

/** The resource's own change time (`updated_at`; a list's newest item's), for `Last-Modified`. */
function modifiedAt(body: unknown): number | undefined {
  if (Array.isArray(body)) {
    let newest: number | undefined;
    for (const item of body) {
      const ms = modifiedAt(item);
      if (ms !== undefined && (newest === undefined || ms > newest)) newest = ms;
    }
    return newest;
  }
  if (!body || typeof body !== 'object') return undefined;
  const v = (body as { updated_at?: unknown }).updated_at;
  const ms = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000) * 1000;
}

const hasBody = (res: FakeResponse) => res.body !== undefined && res.body !== null && !(typeof res.body === 'string' && res.body === '' && res.status >= 300);

/**
 * Entity headers as on GitHub: every answer with a body (writes included) carries an `ETag` (a hash of
 * the body) and a `Last-Modified` (the resource's `updated_at`, else the fake clock's now). Conditional
 * GETs: a request whose `If-None-Match` names the current tag (or whose `If-Modified-Since` is not older
 * than the resource's `updated_at`) answers `304 Not Modified` without a body, and that request does not
 * count against the rate limit.
 */
export function conditional(res: FakeResponse, ctx: Ctx): FakeResponse {
  if (!hasBody(res) || res.status >= 400 || res.status === 204) return res;
  const etag = res.headers?.etag ?? etagOf(res.body);
  const modified = modifiedAt(res.body);
  const headers: Record<string, string> = { ...(res.headers ?? {}), etag };
  // A created object (201) is at its `url`, as GitHub's `Location` says.
  const url = (res.body as { url?: unknown }).url;
  if (res.status === 201 && !headers.location && typeof url === 'string' && /^https?:\/\//.test(url)) headers.location = url;
  headers['last-modified'] ??= httpDate(modified ?? Math.floor(ctx.clock.nowMs() / 1000) * 1000);
  if (ctx.req.method !== 'GET' || res.status !== 200) return { ...res, headers };
  const inm = ctx.req.headers['if-none-match'];
  const ims = ctx.req.headers['if-modified-since'];
  const fresh =
    inm !== undefined
      ? inm.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag))
      : ims !== undefined && modified !== undefined && !Number.isNaN(Date.parse(ims)) && Date.parse(ims) >= modified;
  if (!fresh) return { ...res, headers };
  // Not counted: give back the request the route counted.
  const resource = ctx.path.startsWith('/search/') ? 'search' : 'core';
  const who = ctx.meta.token === null ? 'anonymous' : ctx.meta.token;
  const window = rateTable(ctx)[`${resource}:${who}`];
  if (window && window.used > 0) window.used -= 1;
  const info = peek(rateTable(ctx), `${resource}:${who}`, resource, Math.floor(ctx.clock.nowMs() / 1000), who !== 'anonymous');
  const out: Record<string, string> = { ...headers, ...rateHeaders(info) };
  delete out['content-type'];
  return { status: 304, headers: out };
}
