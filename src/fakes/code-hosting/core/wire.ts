import type { FakeResponse } from '../../../http/response.js';
import { memoize } from '../../../util/memo.js';
import type { BareContext } from '../../service.js';
import { HEADER_ALIASES, readAliased } from './aliases.js';
import { authHeaders } from './auth.js';
import type { GitHubRouteContext } from './context.js';
import { DOCS, GitHubError } from './errors.js';
import type { CodeHostingOptions } from './options.js';
import type { CodeHostingState } from '../state.js';
import { mediaTypeHeader, mediaTypeOf } from './media.js';
import { githubLinkForm } from './links.js';

/** API versions the fake answers (FACTS: `2022-11-28` is the default when the header is absent). */
export const SUPPORTED_VERSIONS = ['2022-11-28', '2026-03-10'] as const;
/** The version selected when the request names none. */
export const DEFAULT_VERSION = '2022-11-28';
/** Versions that existed but are retired (answer 410 Gone). None yet. */
export const RETIRED_VERSIONS: readonly string[] = [];

/**
 * Reads `X-GitHub-Api-Version` (or its neutral spelling `X-Platform-Api-Version`), sets `ctx.meta.version`,
 * and throws GitHub's 400 for a version that does not exist (410 for a retired one).
 */
export function selectVersion(ctx: Pick<GitHubRouteContext, 'req' | 'meta'>): string {
  const asked = readAliased(ctx.req.headers, HEADER_ALIASES.apiVersion)?.trim();
  if (asked === undefined || asked === '') {
    ctx.meta.version = DEFAULT_VERSION;
    return DEFAULT_VERSION;
  }
  ctx.meta.version = asked;
  if ((SUPPORTED_VERSIONS as readonly string[]).includes(asked)) return asked;
  const supported = [...SUPPORTED_VERSIONS]
    .reverse()
    .map((v, i) => `"${v}"${i === 0 ? ' (most recent)' : ''}`)
    .join(', ');
  if (RETIRED_VERSIONS.includes(asked)) {
    throw new GitHubError(410, `The version you specified in the "X-GitHub-Api-Version" request header, "${asked}", has been retired.`, {
      documentationUrl: DOCS,
    });
  }
  throw new GitHubError(
    400,
    `The version you specified in the "X-GitHub-Api-Version" request header, "${asked}", is not a supported version. The following versions are currently supported: ${supported}.`,
    { documentationUrl: 'https://docs.github.com/rest/overview/api-versions' },
  );
}

const HEX = '0123456789ABCDEF';
/** The low `width` hex digits of `n`, upper case, zero-padded (`(n >>> 0).toString(16)` and three string copies, without them). */
function hex(n: number, width: number): string {
  let out = '';
  for (let shift = (width - 1) * 4; shift >= 0; shift -= 4) out += HEX[(n >>> shift) & 15];
  return out;
}

/** Mixes an integer (a small avalanche hash) so consecutive sequence numbers give unrelated-looking ids. */
function mix(x: number): number {
  let h = x | 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A deterministic `x-github-request-id` in the real `EB16:7C2F:4149BF:859187:65B177CE` form, from the request sequence number.
 * @example requestId(1) // stable across runs
 */
export function requestId(seq: number): string {
  const a = mix(seq);
  const b = mix(seq + 0x9e3779b9);
  const c = mix(seq * 31 + 7);
  return `${hex(a, 4)}:${hex(a >>> 16, 4)}:${hex(b, 6)}:${hex(c, 6)}:${hex(0x65b177ce + seq, 8)}`;
}

/** `X-GitHub-Media-Type` for an `Accept` header, worked out once per distinct header (a client sends the same one every time). */
const mediaTypeFor = memoize((accept: string | undefined) => mediaTypeHeader(mediaTypeOf(accept)), 256);

/** Adds GitHub's standard headers to every answer of the code hosting fake. */
export function finalizeResponse(res: FakeResponse, ctx: BareContext<CodeHostingState, CodeHostingOptions>): FakeResponse {
  const headers: Record<string, string> = { ...(res.headers ?? {}) };
  headers['x-github-request-id'] = requestId(ctx.seq);
  headers['x-github-api-version-selected'] =
    ctx.meta.version && (SUPPORTED_VERSIONS as readonly string[]).includes(ctx.meta.version) ? ctx.meta.version : DEFAULT_VERSION;
  // The representation the route answered names itself (a raw file, a diff); else the one the client asked for.
  headers['x-github-media-type'] ??= mediaTypeFor(ctx.req.headers.accept);
  if (headers.link && ctx.baseUrl) headers.link = githubLinkForm(headers.link, ctx.state, ctx.baseUrl);
  Object.assign(headers, authHeaders(ctx.req));
  return { ...res, headers };
}
