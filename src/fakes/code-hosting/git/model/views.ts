import { htmlUrl } from '../../core/catalog/engine.js';
import type { Resource } from '../../core/catalog/state.js';
import { lineDiff } from './diff.js';
import { type CommitObject, getObject, treeEntries } from '../model.js';
import type { GitObject } from '../state.js';
import type { GitIdent, TreeEntry } from '../state.js';
import type { View } from '../../core/family.js';

/**
 * GitHub's JSON for git objects, commits and file diffs, built from the graph. Every URL is a path the
 * fake answers (API) or GitHub's web page for it (`html_url`, `blob_url`).
 */

/** The API URL of the repository (`https://api.github.com/repos/o/r`). */
export const apiOf = (v: View) => `${v.baseUrl}${v.repo.path}`;
/** The web URL of the repository (`https://github.com/o/r`). */
export const webOf = (v: View) => htmlUrl(v.baseUrl, v.repo.path);
/** A path with each segment percent-encoded and its slashes kept. */
export const encPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** A node id for an object of the repository. */
export function nodeId(kind: string, v: View, sha: string): string {
  return Buffer.from(`${kind}:${v.repo.record.id}:${sha}`).toString('base64').replace(/=+$/, '');
}

const UNSIGNED = { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null };
const ident = (i: GitIdent) => ({ name: i.name, email: i.email, date: i.date });

/** `GET /git/blobs/{sha}`: content base64-encoded, wrapped at 60 characters as GitHub sends it. */
export function blobView(v: View, sha: string, o: Extract<GitObject, { type: 'blob' }>): Resource {
  return {
    sha,
    node_id: nodeId('Blob', v, sha),
    size: o.size,
    url: `${apiOf(v)}/git/blobs/${sha}`,
    content: wrap64(o.content),
    encoding: 'base64',
  };
}

/** Base64 wrapped at 60 characters a line, with a final newline (GitHub's form). */
export function wrap64(b64: string): string {
  return b64 === '' ? '' : `${b64.replace(/(.{60})/g, '$1\n').replace(/\n$/, '')}\n`;
}

/** `GET /git/trees/{sha}` (with `recursive`: every entry below it, paths joined by `/`). */
export function treeView(v: View, sha: string, recursive: boolean): Resource {
  const tree: Resource[] = [];
  const visit = (treeSha: string, prefix: string) => {
    const entries = treeEntries(v.state, v.repo, treeSha);
    for (const name of Object.keys(entries).sort()) {
      const e = entries[name] as TreeEntry;
      const path = `${prefix}${name}`;
      tree.push(entryView(v, path, e));
      if (recursive && e.type === 'tree') visit(e.sha, `${path}/`);
    }
  };
  visit(sha, '');
  return { sha, url: `${apiOf(v)}/git/trees/${sha}`, tree, truncated: false };
}

function entryView(v: View, path: string, e: TreeEntry): Resource {
  const o = e.type === 'blob' ? getObject(v.state, v.repo, e.sha) : undefined;
  const kind = e.type === 'tree' ? 'trees' : e.type === 'blob' ? 'blobs' : undefined;
  return {
    path,
    mode: e.mode,
    type: e.type,
    sha: e.sha,
    ...(o?.type === 'blob' ? { size: o.size } : {}),
    ...(kind ? { url: `${apiOf(v)}/git/${kind}/${e.sha}` } : {}),
  };
}

/** `GET /git/commits/{sha}`. */
export function gitCommitView(v: View, sha: string, c: CommitObject): Resource {
  return {
    sha,
    node_id: nodeId('Commit', v, sha),
    url: `${apiOf(v)}/git/commits/${sha}`,
    html_url: `${webOf(v)}/commit/${sha}`,
    author: ident(c.author),
    committer: ident(c.committer),
    tree: { sha: c.tree, url: `${apiOf(v)}/git/trees/${c.tree}` },
    message: c.message,
    parents: c.parents.map((p) => ({ sha: p, url: `${apiOf(v)}/git/commits/${p}`, html_url: `${webOf(v)}/commit/${p}` })),
    verification: UNSIGNED,
  };
}

/** The account GitHub links a git identity to: its noreply address (`login@users.noreply.github.com`, `id+login@...`). */
const NOREPLY = /^(?:\d+\+)?([A-Za-z0-9-]+)@users\.noreply\.github\.com$/i;
const accountOf = (email: string): string | null => NOREPLY.exec(email)?.[1] ?? null;

/** `GET /commits/{ref}` and list items: the commit with its git data, users and parents (`files` and `stats` when asked). */
export function commitView(v: View, sha: string, c: CommitObject, withFiles = false): Resource {
  // The login alone: the renderer embeds the full account (simple-user), as GitHub links a commit to its author.
  const user = c.login ?? null;
  const out: Resource = {
    sha,
    node_id: nodeId('Commit', v, sha),
    url: `${apiOf(v)}/commits/${sha}`,
    html_url: `${webOf(v)}/commit/${sha}`,
    comments_url: `${apiOf(v)}/commits/${sha}/comments`,
    commit: {
      url: `${apiOf(v)}/git/commits/${sha}`,
      author: ident(c.author),
      committer: ident(c.committer),
      message: c.message,
      tree: { sha: c.tree, url: `${apiOf(v)}/git/trees/${c.tree}` },
      comment_count: 0,
      verification: UNSIGNED,
    },
    author: user ?? accountOf(c.author.email),
    committer: user ?? accountOf(c.committer.email),
    parents: c.parents.map((p) => ({ sha: p, url: `${apiOf(v)}/commits/${p}`, html_url: `${webOf(v)}/commit/${p}` })),
  };
  if (withFiles) {
    const parent = c.parents[0] ? getObject(v.state, v.repo, c.parents[0]) : undefined;
    const files = diffTrees(v, parent?.type === 'commit' ? parent.tree : null, c.tree, sha);
    const additions = files.reduce((n, f) => n + (f.additions as number), 0);
    const deletions = files.reduce((n, f) => n + (f.deletions as number), 0);
    out.stats = { total: additions + deletions, additions, deletions };
    out.files = files;
  }
  return out;
}

/** `git/ref` answers: the ref and the object it names. */
export function refView(v: View, ref: string, sha: string): Resource {
  const o = getObject(v.state, v.repo, sha);
  const type = o?.type ?? 'commit';
  return {
    ref,
    node_id: nodeId('Ref', v, ref),
    url: `${apiOf(v)}/git/${encPath(ref)}`,
    object: { type, sha, url: `${apiOf(v)}/git/${type}s/${sha}` },
  };
}

/** `GET /git/tags/{sha}`. */
export function tagView(v: View, sha: string, t: Extract<GitObject, { type: 'tag' }>): Resource {
  return {
    sha,
    node_id: nodeId('Tag', v, sha),
    url: `${apiOf(v)}/git/tags/${sha}`,
    tag: t.tag,
    message: t.message,
    tagger: ident(t.tagger),
    object: { type: t.object.type, sha: t.object.sha, url: `${apiOf(v)}/git/${t.object.type}s/${t.object.sha}` },
    verification: UNSIGNED,
  };
}

const blobBytes = (v: View, sha: string | undefined): Buffer | null => {
  if (!sha) return null;
  const o = getObject(v.state, v.repo, sha);
  return o?.type === 'blob' ? Buffer.from(o.content, 'base64') : Buffer.alloc(0);
};

/**
 * The changed files from tree `from` (null: nothing) to tree `to`, in path order: only subtrees whose
 * sha differs are visited. `at` is the commit the file links point at.
 */
export function diffTrees(v: View, from: string | null, to: string, at: string): Resource[] {
  const out: Resource[] = [];
  const visit = (a: string | null, b: string | null, prefix: string) => {
    if (a === b) return;
    const ea = a ? treeEntries(v.state, v.repo, a) : {};
    const eb = b ? treeEntries(v.state, v.repo, b) : {};
    for (const name of [...new Set([...Object.keys(ea), ...Object.keys(eb)])].sort()) {
      const x = ea[name];
      const y = eb[name];
      if (x?.sha === y?.sha && x?.mode === y?.mode) continue;
      const path = `${prefix}${name}`;
      const xt = x?.type === 'tree' ? x.sha : null;
      const yt = y?.type === 'tree' ? y.sha : null;
      if (xt || yt) visit(xt, yt, `${path}/`);
      const xf = x && x.type !== 'tree' ? x : undefined;
      const yf = y && y.type !== 'tree' ? y : undefined;
      if (!xf && !yf) continue;
      const status = !xf ? 'added' : !yf ? 'removed' : 'modified';
      const d = lineDiff(blobBytes(v, xf?.sha), blobBytes(v, yf?.sha));
      out.push({
        sha: (yf ?? xf)?.sha ?? null,
        filename: path,
        status,
        additions: d.additions,
        deletions: d.deletions,
        changes: d.additions + d.deletions,
        blob_url: `${webOf(v)}/blob/${at}/${encPath(path)}`,
        raw_url: `${webOf(v)}/raw/${at}/${encPath(path)}`,
        contents_url: `${apiOf(v)}/contents/${encPath(path)}?ref=${at}`,
        ...(d.patch !== undefined ? { patch: d.patch } : {}),
      });
    }
  };
  visit(from, to, '');
  return out.sort((p, q) => ((p.filename as string) < (q.filename as string) ? -1 : 1));
}
