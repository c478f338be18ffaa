import type { CodeHostingState } from '../state.js';
import type { RelationRepo } from '../core/family.js';
import { branchHead, branchNames, deleteBranch, setBranchHead } from './model/heads.js';
import { EMPTY_TREE, commitBody, hashObject, rootCommit, tagBody, treeBody } from '../core/hash.js';
import type { CommitObject, GitIdent, TreeEntry } from './state.js';
import type { GitObject, GitRepo } from './state.js';
import { fail } from '../core/ops.js';

/**
 * The git graph of each repository: content-addressed objects (blobs, trees, commits, annotated tags)
 * stored once by sha, and its refs. `refs/heads/*` are the repository's branches, kept by the branches
 * model (the catalog record `<repo>/branches/<name>`, field `commit.sha`, is a branch's head and the
 * only place it lives); every other ref (`refs/tags/*`, ...) lives here. Keyed by repository id, so a
 * rename or transfer keeps the graph. The default branch starts at a deterministic root commit that is
 * never stored: it exists for every repository without seeding.
 */

export type { CommitObject } from './state.js';

const EMPTY_TREE_OBJECT: GitObject = { type: 'tree', entries: {} };

/** What the branches model needs of a repository. */
export const branchRepo = (repo: RelationRepo) => ({ path: repo.path, defaultBranch: repo.defaultBranch, createdAt: repo.record.createdAt });

/** An object of the repository by sha (the empty tree and the root commit included). */
export function getObject(state: CodeHostingState, repo: RelationRepo, sha: string): GitObject | undefined {
  const stored = state.git.repos[repo.record.id]?.objects[sha];
  if (stored) return stored;
  if (sha === EMPTY_TREE) return EMPTY_TREE_OBJECT;
  const root = rootCommit(repo.record.createdAt);
  return sha === root.sha ? root.commit : undefined;
}

/** A commit by sha, or undefined. */
export function getCommit(state: CodeHostingState, repo: RelationRepo, sha: string): CommitObject | undefined {
  const o = getObject(state, repo, sha);
  return o?.type === 'commit' ? o : undefined;
}

/** The sha an object has. */
export function shaOf(o: GitObject): string {
  switch (o.type) {
    case 'blob':
      return hashObject('blob', Buffer.from(o.content, 'base64'));
    case 'tree':
      return hashObject('tree', treeBody(o.entries));
    case 'commit':
      return hashObject('commit', commitBody(o));
    default:
      return hashObject('tag', tagBody({ object: o.object.sha, type: o.object.type, tag: o.tag, tagger: o.tagger, message: o.message }));
  }
}

function gitFor(draft: CodeHostingState, repo: RelationRepo): GitRepo {
  const id = repo.record.id;
  let g = draft.git.repos[id];
  if (!g) {
    g = { objects: {}, refs: {}, refNames: [] };
    draft.git.repos[id] = g;
  }
  return g;
}

/** Stores an object (once: same content, same sha) and answers its sha. */
export function putObject(draft: CodeHostingState, repo: RelationRepo, o: GitObject): string {
  const sha = shaOf(o);
  const g = gitFor(draft, repo);
  if (!g.objects[sha]) g.objects[sha] = o;
  return sha;
}

/** Stores a blob of these bytes. */
export function putBlob(draft: CodeHostingState, repo: RelationRepo, bytes: Buffer): string {
  return putObject(draft, repo, { type: 'blob', content: bytes.toString('base64'), size: bytes.length });
}

/** The entries of a tree (empty when the sha is no tree). */
export function treeEntries(state: CodeHostingState, repo: RelationRepo, sha: string): Record<string, TreeEntry> {
  const o = getObject(state, repo, sha);
  return o?.type === 'tree' ? o.entries : {};
}

/** The entry at a slash-separated path under a tree; the root (`''`) is the tree itself. */
export function entryAt(state: CodeHostingState, repo: RelationRepo, tree: string, path: string): TreeEntry | undefined {
  const parts = path.split('/').filter(Boolean);
  let cur: TreeEntry = { mode: '040000', type: 'tree', sha: tree };
  for (const name of parts) {
    if (cur.type !== 'tree') return undefined;
    const next = treeEntries(state, repo, cur.sha)[name];
    if (!next) return undefined;
    cur = next;
  }
  return cur;
}

/** A change to a tree: an entry at a path, or `null` to remove what is there. */
export interface TreeChange {
  path: string;
  entry: TreeEntry | null;
}

/**
 * Writes the tree that is `base` (null: empty) with the changes applied; only the subtrees on the
 * changed paths are rewritten. Directories left empty disappear, as in git.
 */
export function writeTree(draft: CodeHostingState, repo: RelationRepo, base: string | null, changes: readonly TreeChange[]): string {
  const entries: Record<string, TreeEntry> = { ...(base ? treeEntries(draft, repo, base) : {}) };
  const sub = new Map<string, TreeChange[]>();
  for (const c of changes) {
    const parts = c.path.split('/').filter(Boolean);
    const head = parts[0];
    if (head === undefined) continue;
    if (parts.length === 1) {
      if (c.entry) entries[head] = c.entry;
      else delete entries[head];
      sub.delete(head);
      continue;
    }
    const list = sub.get(head) ?? [];
    list.push({ path: parts.slice(1).join('/'), entry: c.entry });
    sub.set(head, list);
  }
  for (const [head, list] of sub) {
    const cur = entries[head];
    const sha = writeTree(draft, repo, cur?.type === 'tree' ? cur.sha : null, list);
    if (sha === EMPTY_TREE) delete entries[head];
    else entries[head] = { mode: '040000', type: 'tree', sha };
  }
  return putObject(draft, repo, { type: 'tree', entries });
}

/** A full ref name: `heads/x` → `refs/heads/x`. */
export const fullRef = (ref: string) => (ref.startsWith('refs/') ? ref : `refs/${ref}`);

/** The sha a full ref points at, or undefined. */
export function refSha(state: CodeHostingState, repo: RelationRepo, full: string): string | undefined {
  if (full.startsWith('refs/heads/')) return branchHead(state.catalog, branchRepo(repo), full.slice(11));
  return state.git.repos[repo.record.id]?.refs[full];
}

/** Points a ref at a sha (creating it); branches go through the branches model. */
export function setRef(draft: CodeHostingState, repo: RelationRepo, full: string, sha: string, env: { baseUrl: string; now: string }): void {
  if (full.startsWith('refs/heads/')) {
    setBranchHead(draft.catalog, branchRepo(repo), full.slice(11), sha, env);
    return;
  }
  const g = gitFor(draft, repo);
  if (g.refs[full] === undefined) g.refNames.splice(lowerBound(g.refNames, full), 0, full);
  g.refs[full] = sha;
}

/** Removes a ref; false when there was none. */
export function deleteRef(draft: CodeHostingState, repo: RelationRepo, full: string): boolean {
  if (full.startsWith('refs/heads/')) return deleteBranch(draft.catalog, branchRepo(repo), full.slice(11));
  const g = draft.git.repos[repo.record.id];
  if (g?.refs[full] === undefined) return false;
  delete g.refs[full];
  const i = lowerBound(g.refNames, full);
  if (g.refNames[i] === full) g.refNames.splice(i, 1);
  return true;
}

function lowerBound(sorted: readonly string[], s: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < s) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Refs whose full name starts with `prefix`, sorted by name. */
export function listRefs(state: CodeHostingState, repo: RelationRepo, prefix: string): Array<{ ref: string; sha: string }> {
  const out: Array<{ ref: string; sha: string }> = [];
  if ('refs/heads/'.startsWith(prefix) || prefix.startsWith('refs/heads/')) {
    for (const name of branchNames(state.catalog, branchRepo(repo))) {
      const ref = `refs/heads/${name}`;
      if (!ref.startsWith(prefix)) continue;
      const sha = branchHead(state.catalog, branchRepo(repo), name);
      if (sha) out.push({ ref, sha });
    }
  }
  const g = state.git.repos[repo.record.id];
  if (g) {
    for (let i = lowerBound(g.refNames, prefix); i < g.refNames.length; i++) {
      const ref = g.refNames[i] as string;
      if (!ref.startsWith(prefix)) break;
      out.push({ ref, sha: g.refs[ref] as string });
    }
  }
  return out.sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
}

/** Follows annotated tags to the object they name. */
export function peel(state: CodeHostingState, repo: RelationRepo, sha: string): string {
  let cur = sha;
  for (let i = 0; i < 10; i++) {
    const o = getObject(state, repo, cur);
    if (o?.type !== 'tag') return cur;
    cur = o.object.sha;
  }
  return cur;
}

/**
 * The commit a commit-ish names: a full sha, `HEAD`, a branch, a tag, or a ref (`heads/x`,
 * `refs/tags/v1`). Undefined when it names nothing (or no commit).
 */
export function resolveCommitish(state: CodeHostingState, repo: RelationRepo, name: string): string | undefined {
  let sha: string | undefined;
  if (name === 'HEAD') sha = refSha(state, repo, `refs/heads/${repo.defaultBranch}`);
  else if (/^[0-9a-f]{40}$/.test(name) && getObject(state, repo, name)) sha = name;
  else if (name.startsWith('refs/')) sha = refSha(state, repo, name);
  else
    sha =
      refSha(state, repo, `refs/heads/${name}`) ??
      refSha(state, repo, `refs/tags/${name}`) ??
      (/^(heads|tags)\//.test(name) ? refSha(state, repo, `refs/${name}`) : undefined);
  if (sha === undefined) return undefined;
  const peeled = peel(state, repo, sha);
  const o = getObject(state, repo, peeled);
  // A branch may point at a commit nobody stored (seeded by sha alone): it still names that sha.
  return o === undefined || o.type === 'commit' ? peeled : undefined;
}

/** The identity of an account in commits it makes through the API. */
export function identOf(login: string, date: string): GitIdent {
  return { name: login, email: `${login}@users.noreply.github.com`, date };
}

/** An identity from a request body (`author`/`committer`/`tagger`), filled from a fallback. */
export function identFrom(v: unknown, fallback: GitIdent): GitIdent {
  if (typeof v !== 'object' || v === null) return fallback;
  const o = v as Record<string, unknown>;
  const date = typeof o.date === 'string' && Number.isFinite(Date.parse(o.date)) ? new Date(Date.parse(o.date)).toISOString() : fallback.date;
  return { name: typeof o.name === 'string' ? o.name : fallback.name, email: typeof o.email === 'string' ? o.email : fallback.email, date };
}

/** The commit a ref names (sha, branch, tag, `heads/x`, `refs/tags/v1`); 422 `No commit found for SHA` otherwise. */
export function commitOrFail(state: CodeHostingState, repo: RelationRepo, ref: string, documentationUrl: string): string {
  const sha = resolveCommitish(state, repo, ref);
  if (!sha) throw fail(`No commit found for SHA: ${ref}`, 422, documentationUrl);
  return sha;
}
