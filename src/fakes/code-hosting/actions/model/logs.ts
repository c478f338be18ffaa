import type { FakeResponse } from '../../../../http/response.js';
import type { RouteContext, RouteHandler } from '../../../service.js';
import { githubError, renderGitHubError } from '../../core/errors.js';
import { LOG_PREFIX, linkToken, onLogHost } from '../../core/hosts.js';
import { findRepo, fullName } from '../../core/lookup.js';
import type { CodeHostingOptions } from '../../core/options.js';
import type { RepoRecord } from '../../core/schemas/repo.js';
import type { CodeHostingState } from '../../state.js';
import { tableGet } from '../../../../store/table.js';
import { type ArchiveEntry, zip } from '../../git/model/archive.js';

/**
 * The log host's answers (the targets of the redirects of job logs, run logs and artifact archives,
 * core/hosts.ts): a client following the redirect (Octokit does by default) receives the log text or a
 * zip, with times from the fake clock. A private repository's link carries a token checked here.
 */

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

/**
 * The log host's answer for one kind of target: the job's log text, or a zip of the run's log or of the
 * artifact. 404 off the log host, for an unknown repository or a wrong link token.
 */
export function serveLog(kind: 'text' | 'zip', what: 'jobs' | 'runs' | 'artifacts'): RouteHandler<CodeHostingState, CodeHostingOptions> {
  return (ctx) => {
    if (!onLogHost(ctx.req.url)) return notFound();
    const repo = targetRepo(ctx);
    if (!repo) return notFound();
    const id = ctx.params.job_id ?? ctx.params.run_id ?? ctx.params.artifact_id ?? '';
    if (kind === 'text') return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: logText(ctx, repo, what, id) };
    const entries =
      what === 'artifacts' ? [file(`artifact-${id}.txt`, `Artifact ${id} of ${fullName(repo)}.\n`)] : [file(`0_run ${id}.txt`, logText(ctx, repo, what, id))];
    return { status: 200, headers: { 'content-type': 'application/zip' }, body: new Uint8Array(zip(entries, Math.floor(ctx.clock.nowMs() / 1000))) };
  };
}
