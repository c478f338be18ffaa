import type { FakeRequest } from '../../../http/request.js';
import type { Prepared } from '../../service.js';
import { hashSha } from './shapes/render.js';
import { uploadsBase, webBase } from './urls.js';

/**
 * Where GitHub's redirects go, and the fake's answers there. Tarball and zipball redirect to GitHub's
 * archive host (`codeload.github.com`, answered from the git graph by relations/git/archive.ts);
 * workflow job logs, run logs and artifact archives to a log host, answered here: a client following
 * the redirect (Octokit does by default) receives the log text or a zip, with times from the fake clock.
 *
 * Hosts: api.github.com → `https://codeload.github.com` and `https://pipelines.actions.githubusercontent.com`;
 * any other base URL (GHES `https://<host>/api/v3`, GHE.com `https://api.<sub>.ghe.com`, a server) →
 * its web origin's `/_codeload` and `/_logs`. Private repositories' links carry a `?token=` the target
 * checks (the client's `Authorization` header is not sent to another host).
 */

const CODELOAD = 'https://codeload.github.com';
const LOG_HOST = 'https://pipelines.actions.githubusercontent.com';
export const LOG_PREFIX = '/__logs';
const trimBase = (b: string) => b.replace(/\/+$/, '');

/** GitHub's archive host for an API base URL. */
export function archiveBase(baseUrl: string): string {
  const web = webBase(baseUrl);
  return web === 'https://github.com' ? CODELOAD : `${web}/_codeload`;
}

/** The log host for an API base URL. */
export function logBase(baseUrl: string): string {
  const web = webBase(baseUrl);
  return web === 'https://github.com' ? LOG_HOST : `${web}/_logs`;
}

export const UPLOADS_PREFIX = '/__uploads';

/** Whether a request URL is on an upload host (`uploads.*`, or GHES's `/api/uploads` paths). */
export function onUploadsHost(url: URL): boolean {
  return url.hostname.startsWith('uploads.') || url.pathname.startsWith('/api/uploads/');
}

/**
 * The hosts the code hosting fake also answers on for its API base URLs (intercepted, not listed as
 * its base URLs): the archive host, the log host and the upload host of each, unless a base URL
 * already covers them.
 */
export function companionBaseUrls(baseUrls: readonly string[]): string[] {
  const out = new Set<string>();
  for (const b of baseUrls) {
    for (const h of [archiveBase(b), logBase(b), uploadsBase(b)]) if (!h.startsWith(`${trimBase(b)}/`)) out.add(h);
  }
  return [...out];
}

/** Whether a request URL is on a log host (the Actions log host, or a `/_logs` path of a web origin). */
export function onLogHost(url: URL): boolean {
  return url.origin === LOG_HOST || (!url.hostname.startsWith('api.') && url.pathname.startsWith('/_logs/'));
}

/**
 * The routing path of a request: requests on the archive host and on the log host route in their own
 * namespaces (the API's paths are not answered there, nor theirs on the API).
 */
export function prepareTargets(req: FakeRequest, path: string): Prepared {
  const url = req.url instanceof URL ? req.url : new URL(String(req.url));
  if (onLogHost(url)) return { path: `${LOG_PREFIX}${path}` };
  if (onUploadsHost(url)) return { path: `${UPLOADS_PREFIX}${path}` };
  return { path: archivePath(url, path) };
}

/** The link token of a private repository's log or artifact (checked by the target). */
export const linkToken = (path: string) => hashSha(`stuntdouble-link:${path}`).slice(0, 29).toUpperCase();

/**
 * The `Location` of a redirect answer for a concrete API key (`/repos/o/r/tarball/main`,
 * `/repos/o/r/actions/jobs/7/logs`, ...): the archive host for archives (the ref as `qualify` spells it:
 * GitHub's full ref name, `refs/heads/main`, for a branch), the log host for logs and artifacts. A private repository's link carries a token.
 */
export function redirectLocation(
  key: string,
  baseUrl: string,
  repo?: { id: number; private: boolean },
  qualify: (ref: string | undefined) => string = (ref) => ref ?? 'HEAD',
): string {
  const archive = /^\/repos\/([^/]+)\/([^/]+)\/(tarball|zipball)(?:\/(.*))?$/.exec(key);
  if (archive) {
    const [, owner, name, kind, ref] = archive as unknown as [string, string, string, string, string | undefined];
    const ext = kind === 'tarball' ? 'tar.gz' : 'zip';
    const token = repo?.private ? `?token=${codeloadToken(repo.id)}` : '';
    return `${archiveBase(baseUrl)}/${owner}/${name}/legacy.${ext}/${qualify(ref ? decodeURIComponent(ref) : undefined)}${token}`;
  }
  const path = key.replace(/^\/repos\/([^/]+)\/([^/]+)\/actions\//, '/$1/$2/');
  return `${logBase(baseUrl)}${path}${repo?.private ? `?token=${linkToken(path)}` : ''}`;
}

export const ARCHIVE_PREFIX = '/__codeload';

/** The token a private repository's archive redirect carries (and the archive host checks). */
export const codeloadToken = (repoId: number) => hashSha(`codeload:${repoId}`).slice(0, 29).toUpperCase();

/** Whether a request URL is on the archive host (`codeload.*`, or a `/_codeload` path on GHES). */
export function onArchiveHost(url: URL): boolean {
  return url.hostname.startsWith('codeload.') || url.pathname.startsWith('/_codeload/');
}

/** Requests on the archive host route in their own namespace: the API's paths are not answered there. */
export function archivePath(url: URL, path: string): string {
  return onArchiveHost(url) ? `${ARCHIVE_PREFIX}${path}` : path;
}
