import { memoize } from '../../../util/memo.js';

/**
 * URL helpers: every URL in a body points at the base URL the request came in on
 * (api.github.com, GHE.com `https://api.<sub>.ghe.com`, GHES `https://<host>/api/v3`).
 */

/** The web (HTML) origin of an API base URL (parsed once per base URL: every account's `html_url` asks for it). */
export const webBase: (apiBase: string) => string = memoize((apiBase: string) => {
  const u = new URL(apiBase);
  if (u.hostname === 'api.github.com') return 'https://github.com';
  if (u.hostname.startsWith('api.')) return `${u.protocol}//${u.host.slice(4)}`;
  return `${u.protocol}//${u.host}`;
}, 256);

/**
 * A gist's Git remote (`git_pull_url`, `git_push_url`): `https://gist.github.com/<id>.git` on github.com,
 * `https://gist.<host>/<id>.git` on GHE.com, `<web>/gist/<id>.git` on GHES (its gists live under `/gist`).
 */
export function gistGitUrl(apiBase: string, id: string): string {
  const web = webBase(apiBase);
  const u = new URL(web);
  if (new URL(apiBase).pathname.startsWith('/api/v3')) return `${web}/gist/${id}.git`;
  return `${u.protocol}//gist.${u.host}/${id}.git`;
}

/** The import's web page: `https://import.github.com/o/r/import` on github.com, `<web>/o/r/import` elsewhere. */
export function importHtmlUrl(apiBase: string, fullName: string): string {
  const web = webBase(apiBase);
  return web === 'https://github.com' ? `https://import.github.com/${fullName}/import` : `${web}/${fullName}/import`;
}

/** Strips a trailing slash. */
export function trimBase(apiBase: string): string {
  return apiBase.replace(/\/+$/, '');
}

/**
 * GitHub's upload host for an API base URL (release assets are uploaded there, at the `upload_url` of
 * a release): `https://uploads.github.com`, `https://uploads.<sub>.ghe.com`, GHES `<web>/api/uploads`.
 */
export function uploadsBase(apiBase: string): string {
  const u = new URL(apiBase);
  if (u.hostname.startsWith('api.')) return `${u.protocol}//uploads.${u.host.slice(4)}`;
  return `${webBase(apiBase)}/api/uploads`;
}

/** The API base URL of an upload host (`https://uploads.github.com` → `https://api.github.com`, GHES `<web>/api/uploads` → `<web>/api/v3`). */
export function apiBaseOfUploads(uploads: string): string {
  const u = new URL(uploads);
  if (u.hostname.startsWith('uploads.')) return `${u.protocol}//api.${u.host.slice(8)}`;
  return `${u.protocol}//${u.host}/api/v3`;
}

/**
 * Where the `/repos/{owner}/{repo}` prefix of a key ends (both segments non-empty: what
 * `/^\/repos\/[^/]+\/[^/]+/` matches), or -1: found with indexOf and no allocation, since every
 * request's key and many links of an answer pass here. The owner ends at `key.indexOf('/', 7)`.
 * @example repoPrefixEnd('/repos/o/r/issues') // 10
 */
export function repoPrefixEnd(key: string): number {
  if (!key.startsWith('/repos/')) return -1;
  const slash = key.indexOf('/', 7);
  if (slash <= 7) return -1;
  const next = key.indexOf('/', slash + 1);
  const end = next === -1 ? key.length : next;
  return end === slash + 1 ? -1 : end;
}
