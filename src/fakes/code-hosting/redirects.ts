import type { FakeRequest } from '../../http/request.js';
import type { FakeResponse } from '../../http/response.js';
import type { Prepared, RouteContext, RouteSpec } from '../service.js';
import { type ArchiveEntry, tarGz, zip } from './archives.js';
import type { Resource } from './catalog/state.js';
import { findRepo, fullName } from './models/repos.js';
import type { CodeHostingOptions } from './options.js';
import type { RepoRecord } from './schemas/repo.js';
import { branchSha, hashSha, webOrigin } from './shapes/render.js';
import type { CodeHostingState } from './state.js';

/**
 * Where GitHub's redirects go, and the fake's answers there. Tarball and zipball redirect to GitHub's
 * archive host (`codeload.github.com`); workflow logs and artifact archives to a log host. The fake
 * serves both, so a client following the redirect (Octokit does by default) receives a real archive or
 * the log text: a gzip'd tar or a zip holding a README that names the repository and the ref, and a
 * log naming the job, with times from the fake clock.
 *
 * Hosts: api.github.com → `https://codeload.github.com` and `https://pipelines.actions.githubusercontent.com`;
 * GHE.com `https://api.<sub>.ghe.com` → `https://<sub>.ghe.com/_codeload` and `/_logs`; GHES
 * `https://<host>/api/v3` → `https://<host>/_codeload` and `/_logs`; any other base URL (server mode,
 * a custom one) → `<base>/_codeload` and `<base>/_logs`. Private repositories get a `?token=` the
 * target checks, as codeload's links carry one (the client's `Authorization` header is not sent to
 * another host).
 */

const CODELOAD = 'https://codeload.github.com';
const LOG_HOST = 'https://pipelines.actions.githubusercontent.com';
const trimBase = (b: string) => b.replace(/\/+$/, '');
const isGheCom = (host: string) => /^api\.[^.]+\.ghe\.com$/.test(host);

function hostFor(baseUrl: string, real: string, dir: '_codeload' | '_logs'): string {
  const u = new URL(baseUrl);
  if (u.hostname === 'api.github.com') return real;
  if (isGheCom(u.hostname)) return `${webOrigin(baseUrl)}/${dir}`;
  return `${trimBase(baseUrl).replace(/\/api\/v3$/, '')}/${dir}`;
}

/** GitHub's archive host for an API base URL. */
export const archiveBase = (baseUrl: string) => hostFor(baseUrl, CODELOAD, '_codeload');
/** The log host for an API base URL. */
export const logBase = (baseUrl: string) => hostFor(baseUrl, LOG_HOST, '_logs');

/** The hosts the code hosting fake also answers on for its API base URLs (outside them): archive and log hosts. */
export function companionBaseUrls(baseUrls: readonly string[]): string[] {
  const out = new Set<string>();
  for (const b of baseUrls) {
    for (const h of [archiveBase(b), logBase(b)]) if (!h.startsWith(`${trimBase(b)}/`)) out.add(h);
  }
  return [...out];
}

/** The routing path of a request on an archive or log host: its own routes live under `/_codeload` and `/_logs`. */
export function prepareTargets(req: FakeRequest, path: string): Prepared {
  if (path.startsWith('/_codeload/') || path.startsWith('/_logs/')) return { path };
  const url = req.url instanceof URL ? req.url : new URL(String(req.url));
  if (url.origin === CODELOAD || url.pathname === `/_codeload${path}`) return { path: `/_codeload${path}` };
  if (url.origin === LOG_HOST || url.pathname === `/_logs${path}`) return { path: `/_logs${path}` };
  return { path };
}

/** The link token of a private repository's archive or log (checked by the target). */
const linkToken = (path: string) => hashSha(`stuntdouble-link:${path}`).slice(0, 29).toUpperCase();

/** A git ref as codeload spells it in the link: `refs/heads/<branch>`, `refs/tags/<tag>`, or a sha as given. */
function refPath(ref: string, records: Readonly<Record<string, Resource>>, repoPath: string, defaultBranch: string): string {
  if (ref.startsWith('refs/')) return ref;
  if (/^(heads|tags)\//.test(ref)) return `refs/${ref}`;
  if (/^[0-9a-f]{7,40}$/i.test(ref)) return ref;
  if (records[`${repoPath}/tags/${encodeURIComponent(ref)}`] || records[`${repoPath}/git/refs/tags/${encodeURIComponent(ref)}`]) return `refs/tags/${ref}`;
  return ref === defaultBranch || records[`${repoPath}/branches/${encodeURIComponent(ref)}`] ? `refs/heads/${ref}` : ref;
}

/**
 * The `Location` of a redirect answer for a concrete API key (`/repos/o/r/tarball/main`,
 * `/repos/o/r/actions/jobs/7/logs`, ...).
 */
export function redirectLocation(
  key: string,
  baseUrl: string,
  repo?: { private: boolean; defaultBranch: string },
  records: Readonly<Record<string, Resource>> = {},
): string {
  const archive = /^\/repos\/([^/]+)\/([^/]+)\/(tarball|zipball)(?:\/(.*))?$/.exec(key);
  let path: string;
  let base: string;
  if (archive) {
    const [, owner, name, kind, ref0] = archive as unknown as [string, string, string, string, string | undefined];
    const ref = ref0 ? decodeURIComponent(ref0) : (repo?.defaultBranch ?? 'main');
    const ext = kind === 'tarball' ? 'tar.gz' : 'zip';
    path = `/${owner}/${name}/legacy.${ext}/${refPath(ref, records, `/repos/${owner}/${name}`, repo?.defaultBranch ?? 'main')}`;
    base = archiveBase(baseUrl);
  } else {
    path = key.replace(/^\/repos\/([^/]+)\/([^/]+)\/actions\//, '/$1/$2/');
    base = logBase(baseUrl);
  }
  return `${base}${path}${repo?.private ? `?token=${linkToken(path)}` : ''}`;
}

type Ctx = RouteContext<CodeHostingState, CodeHostingOptions>;

const notFound = (): FakeResponse => ({ status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: '404: Not Found' });

/** The repository of a target, or null when it does not exist or its link token is wrong. */
function targetRepo(ctx: Ctx): RepoRecord | null {
  const repo = findRepo(ctx.state, ctx.params.owner ?? '', ctx.params.repo ?? '');
  if (!repo) return null;
  if (repo.private) {
    const path = ctx.path.replace(/^\/_(codeload|logs)(?=\/)/, '');
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {}
    if (ctx.req.query.token !== linkToken(decoded)) return null;
  }
  return repo;
}

/** The commit an archive of a ref holds: the branch's commit when the fake knows it, else the branch's stable fake sha. */
function commitOf(ctx: Ctx, repo: RepoRecord, ref: string): string {
  const name = ref.replace(/^refs\/(heads|tags)\//, '');
  if (/^[0-9a-f]{40}$/i.test(name)) return name.toLowerCase();
  const rec = ctx.state.catalog.records[`/repos/${fullName(repo)}/branches/${encodeURIComponent(name)}`];
  return (rec?.commit as { sha?: string } | undefined)?.sha ?? branchSha(name);
}

/**
 * The files of an archive of a repository at a ref. Today a README naming the repository, the ref and
 * the commit; a git model of the repository's tree can answer its files here instead.
 */
export function archiveFiles(repo: RepoRecord, ref: string, sha: string): ArchiveEntry[] {
  const dir = `${repo.ownerLogin}-${repo.name}-${sha.slice(0, 7)}/`;
  return [{ path: dir }, { path: `${dir}README.md`, content: `# ${repo.name}\n\nArchive of ${fullName(repo)} at ${ref} (commit ${sha}).\n` }];
}

/** A workflow log in GitHub's line format (`<ISO time with 7 fraction digits>Z <text>`). */
function logText(ctx: Ctx, repo: RepoRecord, what: string, id: string): string {
  const t = `${ctx.clock
    .now()
    .toISOString()
    .replace(/\.(\d{3})Z$/, '.$10000Z')}`;
  const rec = ctx.state.catalog.records[`/repos/${fullName(repo)}/actions/${what}/${id}`];
  const name = typeof rec?.name === 'string' ? rec.name : `${what === 'jobs' ? 'job' : 'run'} ${id}`;
  return [`${t} ##[group]Run ${name}`, `${t} ${name} of ${fullName(repo)}`, `${t} ##[endgroup]`, `${t} Cleaning up orphan processes`, ''].join('\n');
}

const epoch = (ctx: Ctx) => Math.floor(ctx.clock.nowMs() / 1000);

const archiveRoute = (ext: 'tar.gz' | 'zip'): RouteSpec<CodeHostingState, CodeHostingOptions> => ({
  method: 'GET',
  path: `/_codeload/{owner}/{repo}/legacy.${ext}/{+ref}`,
  operation: `codeload/legacy-${ext === 'zip' ? 'zip' : 'tar-gz'}`,
  handler: (ctx) => {
    const repo = targetRepo(ctx);
    if (!repo) return notFound();
    const ref = (ctx.params.ref ?? repo.defaultBranch).replace(/^refs\/(heads|tags)\//, '');
    const sha = commitOf(ctx, repo, ref);
    const files = archiveFiles(repo, ref, sha);
    const file = `${repo.ownerLogin}-${repo.name}-${sha.slice(0, 7)}.${ext}`;
    const body = ext === 'zip' ? zip(files, { mtime: epoch(ctx), comment: sha }) : tarGz(files, { mtime: epoch(ctx), comment: sha });
    return {
      status: 200,
      headers: {
        'content-type': ext === 'zip' ? 'application/zip' : 'application/x-gzip',
        'content-disposition': `attachment; filename=${file}`,
      },
      body,
    };
  },
});

const logRoute = (path: string, kind: 'text' | 'zip', what: 'jobs' | 'runs' | 'artifacts'): RouteSpec<CodeHostingState, CodeHostingOptions> => ({
  method: 'GET',
  path: `/_logs/{owner}/{repo}/${path}`,
  operation: `actions-results/${what}`,
  handler: (ctx) => {
    const repo = targetRepo(ctx);
    if (!repo) return notFound();
    const id = ctx.params.job_id ?? ctx.params.run_id ?? ctx.params.artifact_id ?? '';
    if (kind === 'text') return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: logText(ctx, repo, what, id) };
    const entries: ArchiveEntry[] =
      what === 'artifacts'
        ? [{ path: `artifact-${id}.txt`, content: `Artifact ${id} of ${fullName(repo)}.\n` }]
        : [{ path: `0_run ${id}.txt`, content: logText(ctx, repo, what, id) }];
    return { status: 200, headers: { 'content-type': 'application/zip' }, body: zip(entries, { mtime: epoch(ctx) }) };
  },
});

/** The fake's answers on the archive and log hosts (the targets of GitHub's redirects). */
export const targetRoutes: RouteSpec<CodeHostingState, CodeHostingOptions>[] = [
  archiveRoute('tar.gz'),
  archiveRoute('zip'),
  logRoute('jobs/{job_id}/logs', 'text', 'jobs'),
  logRoute('runs/{run_id}/logs', 'zip', 'runs'),
  logRoute('runs/{run_id}/attempts/{attempt_number}/logs', 'zip', 'runs'),
  logRoute('artifacts/{artifact_id}/{archive_format}', 'zip', 'artifacts'),
];
