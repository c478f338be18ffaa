import { checkRequired } from '../../core/catalog/engine.js';
import { githubError } from '../../core/errors.js';
import type { RelationOp } from '../../core/family.js';
import { fail, loginOf, param, query, repoOf, str, viewOf } from '../../core/ops.js';
import { type TreeChange, deleteRef, fullRef, getObject, identFrom, identOf, listRefs, putBlob, putObject, refSha, setRef, writeTree } from '../model.js';
import { isSha } from '../../core/hash.js';
import type { TreeEntry } from '../state.js';
import { isAncestor } from './history.js';
import { blobView, gitCommitView, refView, tagView, treeView } from './views.js';

/**
 * The Git database operations (`/git/blobs`, `/git/trees`, `/git/commits`, `/git/refs`, `/git/tags`):
 * objects are content-addressed (their sha is git's), refs under `refs/heads/` are the branches.
 */

const created = (body: Record<string, unknown>) => ({ status: 201, body, headers: { location: body.url as string } });

const createBlob: RelationOp = (rc) => {
  const { op } = rc;
  checkRequired(op.row, op.body);
  const content = op.body.content;
  const encoding = op.body.encoding ?? 'utf-8';
  if (typeof content !== 'string') throw githubError.validation([{ resource: 'Blob', field: 'content', code: 'invalid' }]);
  if (encoding !== 'utf-8' && encoding !== 'utf8' && encoding !== 'base64')
    throw githubError.validation([{ resource: 'Blob', field: 'encoding', code: 'invalid' }]);
  const bytes = encoding === 'base64' ? Buffer.from(content, 'base64') : Buffer.from(content, 'utf8');
  const sha = putBlob(rc.state, repoOf(rc), bytes);
  const v = viewOf(rc);
  return created({ url: `${v.baseUrl}${v.repo.path}/git/blobs/${sha}`, sha });
};

const getBlob: RelationOp = (rc) => {
  const sha = param(rc.op, 'file_sha');
  const o = getObject(rc.state, repoOf(rc), sha);
  if (o?.type !== 'blob') throw githubError.notFound();
  return { status: 200, body: blobView(viewOf(rc), sha, o) };
};

const MODES: Record<string, TreeEntry['type']> = { '100644': 'blob', '100755': 'blob', '120000': 'blob', '040000': 'tree', '160000': 'commit' };

const createTree: RelationOp = (rc) => {
  const { op } = rc;
  const repo = repoOf(rc);
  checkRequired(op.row, op.body);
  const items = op.body.tree;
  if (!Array.isArray(items)) throw githubError.validation([{ resource: 'Tree', field: 'tree', code: 'invalid' }]);
  const base = str(op.body, 'base_tree');
  if (base !== undefined && getObject(rc.state, repo, base)?.type !== 'tree') throw fail('base_tree is not a valid tree oid');
  const changes: TreeChange[] = [];
  for (const raw of items) {
    const it = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const path = str(it, 'path');
    const mode = str(it, 'mode');
    const type = str(it, 'type') ?? (mode ? MODES[mode] : undefined);
    if (!path || !mode || !MODES[mode] || MODES[mode] !== type) throw fail('Invalid tree info');
    if (typeof it.content === 'string') {
      if (type !== 'blob') throw fail('Invalid tree info');
      changes.push({ path, entry: { mode, type, sha: putBlob(rc.state, repo, Buffer.from(it.content, 'utf8')) } });
      continue;
    }
    if (it.sha === null) {
      changes.push({ path, entry: null });
      continue;
    }
    const sha = str(it, 'sha');
    if (!isSha(sha)) throw fail('Invalid tree info');
    // A submodule names a commit of another repository; anything else must be here, of its type.
    if (type !== 'commit' && getObject(rc.state, repo, sha)?.type !== type) throw fail(`tree.sha ${sha} is not a valid ${type}`);
    changes.push({ path, entry: { mode, type, sha } });
  }
  const sha = writeTree(rc.state, repo, base ?? null, changes);
  return created(treeView(viewOf(rc), sha, false));
};

const getTree: RelationOp = (rc) => {
  const sha = param(rc.op, 'tree_sha');
  const repo = repoOf(rc);
  // A commit-ish (branch, tag, commit sha) names its commit's tree, as on GitHub.
  let o = getObject(rc.state, repo, sha);
  let treeSha = sha;
  if (!o) {
    const commit = refSha(rc.state, repo, `refs/heads/${sha}`) ?? refSha(rc.state, repo, `refs/tags/${sha}`);
    const c = commit ? getObject(rc.state, repo, commit) : undefined;
    if (c?.type === 'commit') {
      treeSha = c.tree;
      o = getObject(rc.state, repo, treeSha);
    }
  } else if (o.type === 'commit') {
    treeSha = o.tree;
    o = getObject(rc.state, repo, treeSha);
  }
  if (o?.type !== 'tree') throw githubError.notFound();
  const recursive = query(rc.op, 'recursive');
  return { status: 200, body: treeView(viewOf(rc), treeSha, recursive !== undefined && recursive !== '' && recursive !== '0' && recursive !== 'false') };
};

const createCommit: RelationOp = (rc) => {
  const { op } = rc;
  const repo = repoOf(rc);
  checkRequired(op.row, op.body);
  const tree = str(op.body, 'tree');
  const message = str(op.body, 'message');
  if (message === undefined) throw githubError.validation([{ resource: 'Commit', field: 'message', code: 'invalid' }]);
  if (!tree || getObject(rc.state, repo, tree)?.type !== 'tree') throw fail('Tree SHA does not exist');
  const parentsIn = op.body.parents ?? [];
  if (!Array.isArray(parentsIn)) throw githubError.validation([{ resource: 'Commit', field: 'parents', code: 'invalid' }]);
  const parents = parentsIn.map((p) => {
    if (typeof p !== 'string' || getObject(rc.state, repo, p)?.type !== 'commit') throw fail('Parent SHA does not exist or is not a commit object');
    return p;
  });
  const login = loginOf(op);
  const author = identFrom(op.body.author, identOf(login, op.now));
  const committer = identFrom(op.body.committer, { ...author, date: op.body.author ? author.date : op.now });
  const commit = { type: 'commit' as const, tree, parents, author, committer, message, ...(op.body.author ? {} : { login }) };
  const sha = putObject(rc.state, repo, commit);
  return created(gitCommitView(viewOf(rc), sha, commit));
};

const getGitCommit: RelationOp = (rc) => {
  const sha = param(rc.op, 'commit_sha');
  const o = getObject(rc.state, repoOf(rc), sha);
  if (o?.type !== 'commit') throw githubError.notFound();
  return { status: 200, body: gitCommitView(viewOf(rc), sha, o) };
};

/** A ref name GitHub accepts: `refs/` and at least two more levels, no `..`, no trailing `/` or `.lock`. */
const validRef = (ref: string) => /^refs\/[^/]+\/.+/.test(ref) && !/\.\.|\/\/|\/$|\.lock$|[\s~^:?*[\\]/.test(ref);

const createRef: RelationOp = (rc) => {
  const { op } = rc;
  const repo = repoOf(rc);
  checkRequired(op.row, op.body);
  const ref = str(op.body, 'ref') ?? '';
  const sha = str(op.body, 'sha') ?? '';
  if (!validRef(ref)) throw fail('Reference name is invalid');
  if (!getObject(rc.state, repo, sha)) throw fail('Object does not exist');
  if (refSha(rc.state, repo, ref) !== undefined) throw fail('Reference already exists');
  setRef(rc.state, repo, ref, sha, op);
  return created(refView(viewOf(rc), ref, sha));
};

const getRef: RelationOp = (rc) => {
  const ref = fullRef(param(rc.op, 'ref'));
  const sha = refSha(rc.state, repoOf(rc), ref);
  if (sha === undefined) throw githubError.notFound();
  return { status: 200, body: refView(viewOf(rc), ref, sha) };
};

const matchingRefs: RelationOp = (rc) => {
  const name = param(rc.op, 'ref');
  const prefix = name ? fullRef(name) : 'refs/';
  const v = viewOf(rc);
  return { status: 200, body: listRefs(rc.state, v.repo, prefix).map((r) => refView(v, r.ref, r.sha)) };
};

const updateRef: RelationOp = (rc) => {
  const { op } = rc;
  const repo = repoOf(rc);
  checkRequired(op.row, op.body);
  const ref = fullRef(param(op, 'ref'));
  const sha = str(op.body, 'sha') ?? '';
  const old = refSha(rc.state, repo, ref);
  if (old === undefined) throw fail('Reference does not exist');
  if (!getObject(rc.state, repo, sha)) throw fail('Object does not exist');
  if (op.body.force !== true && !isAncestor(rc.state, repo, old, sha)) throw fail('Update is not a fast forward');
  setRef(rc.state, repo, ref, sha, op);
  return { status: 200, body: refView(viewOf(rc), ref, sha) };
};

const deleteRefOp: RelationOp = (rc) => {
  const repo = repoOf(rc);
  const ref = fullRef(param(rc.op, 'ref'));
  if (ref === `refs/heads/${repo.defaultBranch}`) throw fail('Cannot delete the default branch');
  if (refSha(rc.state, repo, ref) === undefined || !deleteRef(rc.state, repo, ref)) throw fail('Reference does not exist');
  return { status: 204 };
};

const createTag: RelationOp = (rc) => {
  const { op } = rc;
  const repo = repoOf(rc);
  checkRequired(op.row, op.body);
  const object = str(op.body, 'object') ?? '';
  const type = str(op.body, 'type');
  const tag = str(op.body, 'tag') ?? '';
  const target = getObject(rc.state, repo, object);
  if (type !== 'commit' && type !== 'tree' && type !== 'blob' && type !== 'tag')
    throw githubError.validation([{ resource: 'Tag', field: 'type', code: 'invalid' }]);
  if (!target || target.type !== type) throw fail('Object does not exist');
  const tagger = identFrom(op.body.tagger, identOf(loginOf(op), op.now));
  const obj = { type: 'tag' as const, tag, object: { sha: object, type: target.type }, tagger, message: str(op.body, 'message') ?? '' };
  const sha = putObject(rc.state, repo, obj);
  return created(tagView(viewOf(rc), sha, obj));
};

const getTag: RelationOp = (rc) => {
  const sha = param(rc.op, 'tag_sha');
  const o = getObject(rc.state, repoOf(rc), sha);
  if (o?.type !== 'tag') throw githubError.notFound();
  return { status: 200, body: tagView(viewOf(rc), sha, o) };
};

const G = '/repos/{owner}/{repo}/git';

/** Git database operations by `METHOD template`. */
export const GIT_DATA_OPS: Readonly<Record<string, RelationOp>> = {
  [`POST ${G}/blobs`]: createBlob,
  [`GET ${G}/blobs/{file_sha}`]: getBlob,
  [`POST ${G}/trees`]: createTree,
  [`GET ${G}/trees/{tree_sha}`]: getTree,
  [`POST ${G}/commits`]: createCommit,
  [`GET ${G}/commits/{commit_sha}`]: getGitCommit,
  [`POST ${G}/refs`]: createRef,
  [`GET ${G}/ref/{ref}`]: getRef,
  [`GET ${G}/matching-refs/{ref}`]: matchingRefs,
  [`PATCH ${G}/refs/{ref}`]: updateRef,
  [`DELETE ${G}/refs/{ref}`]: deleteRefOp,
  [`POST ${G}/tags`]: createTag,
  [`GET ${G}/tags/{tag_sha}`]: getTag,
};
