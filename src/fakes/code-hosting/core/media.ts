/**
 * GitHub's media types (`Accept: application/vnd.github[.<version>][.<param>][+<format>]`): which
 * representation a request asks for, and the `X-GitHub-Media-Type` header that names it
 * (`github.v3; format=json`, `github.v3; param=raw`, `github.v3; param=html; format=json`).
 *
 * Params: `raw` (a file's bytes; a body field as sent), `html` (rendered markdown: a file, `body_html`),
 * `text` (`body_text`), `full` (all three body fields), `diff`, `patch` (a commit, comparison or pull
 * request as git shows it), `sha` (a commit's sha alone), `base64`, and previews (`…-preview`).
 */

/** What an `Accept` header asks for. */
export interface MediaType {
  /** `v3` (the only version GitHub serves). */
  version: string;
  /** `raw`, `html`, `text`, `full`, `diff`, `patch`, `sha`, `base64`, a preview name; absent for plain JSON. */
  param?: string;
  /** `json` when the type ends in `+json` (or is plain JSON); absent for a bare param (`application/vnd.github.raw`). */
  format?: string;
  /** The media type as the client sent it (`application/vnd.github.v3.raw`), for the answer's content type. */
  type: string;
}

const VND = /^application\/vnd\.github(?:\.(v3))?(?:\.([a-z0-9-]+))?(?:\+([a-z]+))?$/i;

/** The GitHub media type a request's `Accept` names (its first `vnd.github` type), else plain JSON. */
export function mediaTypeOf(accept: string | undefined): MediaType {
  for (const part of (accept ?? '').split(',')) {
    const type = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const m = VND.exec(type);
    if (!m) continue;
    const [, version, param, format] = m;
    return { version: version ?? 'v3', ...(param ? { param } : {}), ...(format ? { format } : param ? {} : { format: 'json' }), type };
  }
  return { version: 'v3', format: 'json', type: 'application/json' };
}

/** The `X-GitHub-Media-Type` header of an answer to that media type. */
export function mediaTypeHeader(m: MediaType): string {
  return `github.${m.version}${m.param ? `; param=${m.param}` : ''}${m.format ? `; format=${m.format}` : ''}`;
}

/** The body fields a media type asks for on issues, comments, pulls and releases (`body`, `body_html`, `body_text`). */
export function bodyFields(m: MediaType): { body: boolean; html: boolean; text: boolean } {
  switch (m.param) {
    case 'html':
      return { body: false, html: true, text: false };
    case 'text':
      return { body: false, html: false, text: true };
    case 'full':
      return { body: true, html: true, text: true };
    default:
      return { body: true, html: false, text: false };
  }
}
