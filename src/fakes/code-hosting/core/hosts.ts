import type { FakeRequest } from '../../../http/request.js';
import type { FakeResponse } from '../../../http/response.js';
import type { Prepared, RouteContext, RouteSpec } from '../../service.js';
import { githubError, renderGitHubError } from './errors.js';
import { findRepo, fullName } from '../repos/model.js';
import type { CodeHostingOptions } from './options.js';
import { type ArchiveEntry, archivePath, codeloadToken, zip } from '../git/model/archive.js';
import type { RepoRecord } from './schemas/repo.js';
import { hashSha } from './shapes/render.js';
import type { CodeHostingState } from '../state.js';
import { tableGet } from '../../../store/table.js';
import { webBase } from './urls.js';

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
const LOG_PREFIX = '/__logs';
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

/**
 * The hosts the code hosting fake also answers on for its API base URLs (intercepted, not listed as
 * its base URLs): the archive host and the log host of each, unless a base URL already covers them.
 */
export function companionBaseUrls(baseUrls: readonly string[]): string[] {
  const out = new Set<string>();
  for (const b of baseUrls) {
    for (const h of [archiveBase(b), logBase(b)]) if (!h.startsWith(`${trimBase(b)}/`)) out.add(h);
  }
  return [...out];
}

/** Whether a request URL is on a log host (the Actions log host, or a `/_logs` path of a web origin). */
function onLogHost(url: URL): boolean {
  return url.origin === LOG_HOST || (!url.hostname.startsWith('api.') && url.pathname.startsWith('/_logs/'));
}

/**
 * The routing path of a request: requests on the archive host and on the log host route in their own
 * namespaces (the API's paths are not answered there, nor theirs on the API).
 */
export function prepareTargets(req: FakeRequest, path: string): Prepared {
  const url = req.url instanceof URL ? req.url : new URL(String(req.url));
  if (onLogHost(url)) return { path: `${LOG_PREFIX}${path}` };
  return { path: archivePath(url, path) };
}

/** The link token of a private repository's log or artifact (checked by the target). */
const linkToken = (path: string) => hashSha(`stuntdouble-link:${path}`).slice(0, 29).toUpperCase();

/**
 * The `Location` of a redirect answer for a concrete API key (`/repos/o/r/tarball/main`,
 * `/repos/o/r/actions/jobs/7/logs`, ...): the archive host for archives (the ref as given, `HEAD`
 * without one), the log host for logs and artifacts. A private repository's link carries a token.
 */
export function redirectLocation(key: string, baseUrl: string, repo?: { id: number; private: boolean }): string {
  const archive = /^\/repos\/([^/]+)\/([^/]+)\/(tarball|zipball)(?:\/(.*))?$/.exec(key);
  if (archive) {
    const [, owner, name, kind, ref] = archive as unknown as [string, string, string, string, string | undefined];
    const ext = kind === 'tarball' ? 'tar.gz' : 'zip';
    const token = repo?.private ? `?token=${codeloadToken(repo.id)}` : '';
    return `${archiveBase(baseUrl)}/${owner}/${name}/legacy.${ext}/${ref ? decodeURIComponent(ref) : 'HEAD'}${token}`;
  }
  const path = key.replace(/^\/repos\/([^/]+)\/([^/]+)\/actions\//, '/$1/$2/');
  return `${logBase(baseUrl)}${path}${repo?.private ? `?token=${linkToken(path)}` : ''}`;
}

type Ctx = RouteContext<CodeHostingState, CodeHostingOptions>;

const notFound = (): FakeResponse => renderGitHubError(githubError.notFound());

/** The repository of a log target, or null when it does not exist or its link token is wrong. */
function targetRepo(ctx: Ctx): RepoRecord | null {
  const repo = findRepo(ctx.state, ctx.params.owner ?? '', ctx.params.repo ?? '');
  if (!repo) return null;
  if (repo.private) {
    const path = ctx.path.slice(LOG_PREFIX.length);
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {}
    if (ctx.req.query.token !== linkToken(decoded)) return null;
  }
  return repo;
}

/** A workflow log in GitHub's line format (`<ISO time with 7 fraction digits>Z <text>`). */
function logText(ctx: Ctx, repo: RepoRecord, what: string, id: string): string {
  const t = `${ctx.clock
    .now()
    .toISOString()
    .replace(/\.(\d{3})Z$/, '.$10000Z')}`;
  const rec = tableGet(ctx.state.catalog.records, `/repos/${fullName(repo)}/actions/${what}/${id}`);
  const name = typeof rec?.name === 'string' ? rec.name : `${what === 'jobs' ? 'job' : 'run'} ${id}`;
  return [`${t} ##[group]Run ${name}`, `${t} ${name} of ${fullName(repo)}`, `${t} ##[endgroup]`, `${t} Cleaning up orphan processes`, ''].join('\n');
}

const file = (path: string, text: string): ArchiveEntry => ({ path, kind: 'file', mode: 0o664, bytes: Buffer.from(text, 'utf8') });

const logRoute = (path: string, kind: 'text' | 'zip', what: 'jobs' | 'runs' | 'artifacts'): RouteSpec<CodeHostingState, CodeHostingOptions> => ({
  method: 'GET',
  path: `${LOG_PREFIX}/{owner}/{repo}/${path}`,
  operation: `actions-results/${what}`,
  handler: (ctx) => {
    if (!onLogHost(ctx.req.url)) return notFound();
    const repo = targetRepo(ctx);
    if (!repo) return notFound();
    const id = ctx.params.job_id ?? ctx.params.run_id ?? ctx.params.artifact_id ?? '';
    if (kind === 'text') return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: logText(ctx, repo, what, id) };
    const entries =
      what === 'artifacts' ? [file(`artifact-${id}.txt`, `Artifact ${id} of ${fullName(repo)}.\n`)] : [file(`0_run ${id}.txt`, logText(ctx, repo, what, id))];
    return { status: 200, headers: { 'content-type': 'application/zip' }, body: new Uint8Array(zip(entries, Math.floor(ctx.clock.nowMs() / 1000))) };
  },
});

/** The fake's answers on the log host (the targets of the logs' and artifacts' redirects). */
export const LOG_ROUTES: RouteSpec<CodeHostingState, CodeHostingOptions>[] = [
  logRoute('jobs/{job_id}/logs', 'text', 'jobs'),
  logRoute('runs/{run_id}/logs', 'zip', 'runs'),
  logRoute('runs/{run_id}/attempts/{attempt_number}/logs', 'zip', 'runs'),
  logRoute('artifacts/{artifact_id}/{archive_format}', 'zip', 'artifacts'),
];
