import { type OpResult, type Operation, checkRequired } from '../../core/catalog/engine.js';
import type { Resource } from '../../core/catalog/state.js';
import { GitHubError, githubError } from '../../core/errors.js';
import type { CodeHostingState } from '../../state.js';
import type { RelationOp, RelationRepo } from '../../core/family.js';
import { fail, loginOf, param, query, repoOf, str, viewOf } from '../../core/ops.js';
import {
  type TreeChange,
  entryAt,
  getCommit,
  getObject,
  identFrom,
  identOf,
  putBlob,
  putObject,
  refSha,
  resolveCommitish,
  setRef,
  writeTree,
} from '../model.js';
import type { GitIdent, TreeEntry } from '../state.js';
import { apiOf, encPath, gitCommitView, webOf, wrap64 } from './views.js';
import type { View } from '../../core/family.js';
import { webBase } from '../../core/urls.js';
import { mediaTypeHeader, mediaTypeOf } from '../../core/media.js';
import { renderMarkdown } from '../../markdown/model.js';

/**
 * The contents API over the git graph: reads walk the tree of a commit-ish (`ref`, default branch by
 * default); writes make a commit on a branch and move it, as a push would.
 */

const DOCS = 'https://docs.github.com/rest/repos/contents';

/** The raw-file URL GitHub hands out for a file at a ref. */
function rawUrl(v: View, ref: string, path: string): string {
  const web = webBase(v.baseUrl);
  const full = `${v.repo.record.ownerLogin}/${v.repo.record.name}`;
  return web === 'https://github.com' ? `https://raw.githubusercontent.com/${full}/${ref}/${encPath(path)}` : `${web}/${full}/raw/${ref}/${encPath(path)}`;
}

/** One item of the contents API (file, dir, symlink, submodule); files and symlinks with their content when `full`. */
export function contentItem(v: View, path: string, e: TreeEntry, ref: string, full: boolean, inListing = false): Resource {
  const name = path.split('/').pop() ?? '';
  const blob = e.type === 'blob' ? getObject(v.state, v.repo, e.sha) : undefined;
  const type = e.type === 'tree' ? 'dir' : e.type === 'commit' ? (inListing ? 'file' : 'submodule') : e.mode === '120000' ? 'symlink' : 'file';
  const url = `${apiOf(v)}/contents/${encPath(path)}?ref=${encodeURIComponent(ref)}`;
  const gitUrl = e.type === 'commit' ? null : `${apiOf(v)}/git/${e.type === 'tree' ? 'trees' : 'blobs'}/${e.sha}`;
  const htmlUrl = e.type === 'commit' ? null : `${webOf(v)}/${e.type === 'tree' ? 'tree' : 'blob'}/${ref}/${encPath(path)}`;
  const out: Resource = {
    type,
    size: blob?.type === 'blob' ? blob.size : 0,
    name,
    path,
    sha: e.sha,
    url,
    git_url: gitUrl,
    html_url: htmlUrl,
    download_url: type === 'file' && e.type === 'blob' ? rawUrl(v, ref, path) : null,
    _links: { self: url, git: gitUrl, html: htmlUrl },
  };
  if (type === 'symlink' && blob?.type === 'blob') out.target = Buffer.from(blob.content, 'base64').toString('utf8');
  // (null: the renderer leaves out an optional field GitHub does not send on this kind of item)
  out.submodule_git_url = type === 'submodule' ? '' : null;
  if (full && blob?.type === 'blob' && type === 'file') Object.assign(out, { encoding: 'base64', content: wrap64(blob.content) });
  return out;
}

/** The commit a read names: `ref` (branch, tag, sha), else the default branch. 404 when it names none. */
function readCommit(state: CodeHostingState, repo: RelationRepo, op: Operation): { ref: string; tree: string } {
  const ref = query(op, 'ref') || repo.defaultBranch;
  const sha = resolveCommitish(state, repo, ref);
  const c = sha ? getCommit(state, repo, sha) : undefined;
  if (!c) throw new GitHubError(404, `No commit found for the ref ${ref}`, { documentationUrl: DOCS });
  return { ref, tree: c.tree };
}

/** `GET /contents/{path}`: a file (content base64), a directory listing, a symlink or a submodule. */
const getContent: RelationOp = (rc) => {
  const v = viewOf(rc);
  const path = param(rc.op, 'path').replace(/^\/+|\/+$/g, '');
  const { ref, tree } = readCommit(rc.state, v.repo, rc.op);
  const e = entryAt(rc.state, v.repo, tree, path);
  if (!e) throw githubError.notFound(DOCS);
  if (e.type !== 'tree') return rawOr(rc.op, v, e, path) ?? { status: 200, body: contentItem(v, path, e, ref, true) };
  const obj = getObject(rc.state, v.repo, e.sha);
  const entries = obj?.type === 'tree' ? obj.entries : {};
  const body = Object.keys(entries)
    .sort()
    .map((name) => contentItem(v, path ? `${path}/${name}` : name, entries[name] as TreeEntry, ref, false, true));
  return { status: 200, body };
};

/**
 * A file in another representation than JSON: `Accept: application/vnd.github.raw` (or `.v3.raw`,
 * Octokit's `mediaType: { format: 'raw' }`) answers the file's own bytes, `…github.html` the file
 * rendered (markdown as GitHub renders it), with the asked type as `content-type` and
 * `x-github-media-type: github.v3; param=raw` (or `html`).
 */
function rawOr(op: Operation, v: View, e: TreeEntry, path: string): OpResult | undefined {
  const m = mediaTypeOf(op.accept);
  if ((m.param !== 'raw' && m.param !== 'html') || e.type !== 'blob') return undefined;
  const o = getObject(v.state, v.repo, e.sha);
  const text = o?.type === 'blob' ? Buffer.from(o.content, 'base64').toString('utf8') : '';
  const body = m.param === 'raw' ? text : fileHtml(path, text);
  return { status: 200, body, headers: { 'content-type': `${m.type}; charset=utf-8`, 'x-github-media-type': mediaTypeHeader(m) } };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A file as GitHub's `html` media type renders it: markdown as a rendered document, other text in a `<pre>`. */
function fileHtml(path: string, text: string): string {
  const attr = path.replace(/"/g, '&quot;');
  if (/\.(md|markdown|mdown|mkd)$/i.test(path))
    return `<div id="file" class="md" data-path="${attr}"><article class="markdown-body entry-content container-lg" itemprop="text">${renderMarkdown(text, 'markdown')}</article></div>`;
  return `<div id="file" class="plain" data-path="${attr}"><pre>${escapeHtml(text)}</pre></div>`;
}

const README = ['README.md', 'README', 'readme.md', 'Readme.md', 'README.markdown', 'README.rst', 'README.txt', 'readme', 'README.adoc', 'README.org'];

/** `GET /readme` and `/readme/{dir}`: the directory's README (the first of the usual names). */
const getReadme: RelationOp = (rc) => {
  const v = viewOf(rc);
  const dir = param(rc.op, 'dir').replace(/^\/+|\/+$/g, '');
  const { ref, tree } = readCommit(rc.state, v.repo, rc.op);
  const d = entryAt(rc.state, v.repo, tree, dir);
  if (d?.type === 'tree') {
    for (const name of README) {
      const path = dir ? `${dir}/${name}` : name;
      const e = entryAt(rc.state, v.repo, tree, path);
      if (e?.type === 'blob') return rawOr(rc.op, v, e, path) ?? { status: 200, body: contentItem(v, path, e, ref, true) };
    }
  }
  throw githubError.notFound('https://docs.github.com/rest/repos/contents#get-a-repository-readme');
};

/** What a file write needs besides the change itself. */
export interface WriteInput {
  branch: string;
  message: string;
  login: string;
  author?: GitIdent;
  committer?: GitIdent;
  now: string;
  baseUrl: string;
}

/**
 * Commits tree changes on a branch and moves it (the branch is created from the default branch when
 * it does not exist and `create` is set). Answers the new commit's sha.
 */
export function commitChanges(state: CodeHostingState, repo: RelationRepo, changes: readonly TreeChange[], w: WriteInput, create = false): string {
  let head = refSha(state, repo, `refs/heads/${w.branch}`);
  if (head === undefined && create) head = refSha(state, repo, `refs/heads/${repo.defaultBranch}`);
  if (head === undefined) throw new GitHubError(404, `Branch ${w.branch} not found`, { documentationUrl: DOCS });
  const parent = getCommit(state, repo, head);
  const tree = writeTree(state, repo, parent ? parent.tree : null, changes);
  const author = w.author ?? w.committer ?? identOf(w.login, w.now);
  const committer = w.committer ?? author;
  // The commit's account is the caller's only when the author is the caller (GitHub maps authors by email).
  const sha = putObject(state, repo, { type: 'commit', tree, parents: [head], author, committer, message: w.message, ...(w.author ? {} : { login: w.login }) });
  setRef(state, repo, `refs/heads/${w.branch}`, sha, w);
  return sha;
}

function writeInput(rc: Parameters<RelationOp>[0]): WriteInput {
  const { op } = rc;
  const login = loginOf(op);
  const fallback = identOf(login, op.now);
  return {
    branch: str(op.body, 'branch') ?? repoOf(rc).defaultBranch,
    message: str(op.body, 'message') ?? '',
    login,
    ...(op.body.author ? { author: identFrom(op.body.author, fallback) } : {}),
    ...(op.body.committer ? { committer: identFrom(op.body.committer, fallback) } : {}),
    now: op.now,
    baseUrl: op.baseUrl,
  };
}

/** The file at a path of a branch's head, with its current blob sha. */
function fileOnBranch(state: CodeHostingState, repo: RelationRepo, branch: string, path: string): TreeEntry | undefined {
  const head = refSha(state, repo, `refs/heads/${branch}`);
  const c = head ? getCommit(state, repo, head) : undefined;
  if (head === undefined) throw new GitHubError(404, `Branch ${branch} not found`, { documentationUrl: DOCS });
  return c ? entryAt(state, repo, c.tree, path) : undefined;
}

/** `PUT /contents/{path}`: creates (201) or, with the current blob `sha`, updates (200) a file. */
const putContent: RelationOp = (rc) => {
  const { op } = rc;
  const repo = repoOf(rc);
  checkRequired(op.row, op.body);
  const path = param(op, 'path').replace(/^\/+|\/+$/g, '');
  const content = str(op.body, 'content');
  if (!path) throw githubError.notFound(DOCS);
  if (content === undefined || !/^[A-Za-z0-9+/=\s]*$/.test(content)) throw fail('content is not valid Base64', 422, DOCS);
  const w = writeInput(rc);
  const existing = fileOnBranch(rc.state, repo, w.branch, path);
  const sha = str(op.body, 'sha');
  if (existing?.type === 'tree') throw fail(`${path} is a directory`, 422, DOCS);
  if (existing && sha === undefined) throw fail('Invalid request.\n\n"sha" wasn\'t supplied.', 422, DOCS);
  if (existing && sha !== existing.sha) throw fail(`${path} does not match ${sha}`, 409, DOCS);
  const blob = putBlob(rc.state, repo, Buffer.from(content, 'base64'));
  const mode = existing?.type === 'blob' ? existing.mode : '100644';
  const commit = commitChanges(rc.state, repo, [{ path, entry: { mode, type: 'blob', sha: blob } }], w);
  return { status: existing ? 200 : 201, body: fileCommit(rc, path, commit, w.branch) };
};

/** `DELETE /contents/{path}`: removes a file (its current blob `sha` required) in a new commit. */
const deleteContent: RelationOp = (rc) => {
  const { op } = rc;
  const repo = repoOf(rc);
  checkRequired(op.row, op.body);
  const path = param(op, 'path').replace(/^\/+|\/+$/g, '');
  const w = writeInput(rc);
  const existing = fileOnBranch(rc.state, repo, w.branch, path);
  if (!existing || existing.type === 'tree') throw githubError.notFound(DOCS);
  const sha = str(op.body, 'sha');
  if (sha !== existing.sha) throw fail(`${path} does not match ${sha}`, 409, DOCS);
  const commit = commitChanges(rc.state, repo, [{ path, entry: null }], w);
  return { status: 200, body: fileCommit(rc, null, commit, w.branch) };
};

/** The `file-commit` answer of a write: the file as it now is (null when deleted) and the commit. */
function fileCommit(rc: Parameters<RelationOp>[0], path: string | null, commit: string, branch: string): Resource {
  const v = viewOf(rc);
  const c = getCommit(rc.state, v.repo, commit);
  if (!c) throw githubError.internal();
  const e = path ? entryAt(rc.state, v.repo, c.tree, path) : undefined;
  return { content: e && path ? contentItem(v, path, e, branch, false) : null, commit: gitCommitView(v, commit, c) };
}

const R = '/repos/{owner}/{repo}';

/** Contents operations by `METHOD template`. */
export const CONTENTS_OPS: Readonly<Record<string, RelationOp>> = {
  [`GET ${R}/contents/{path}`]: getContent,
  [`PUT ${R}/contents/{path}`]: putContent,
  [`DELETE ${R}/contents/{path}`]: deleteContent,
  [`GET ${R}/readme`]: getReadme,
  [`GET ${R}/readme/{dir}`]: getReadme,
};
