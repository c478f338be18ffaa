import { createHash } from 'node:crypto';
import type { CommitObject, GitIdent, TreeEntry } from '../git/state.js';

/**
 * Git's object format and SHA-1 names, as git computes them: `<type> <byte length>\0<body>`, hashed.
 * The same content always has the same sha, in the fake and in a real clone.
 */

/** The sha of the empty tree (git knows it without storing it). */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** Kinds of git object. */
export type GitObjectType = 'blob' | 'tree' | 'commit' | 'tag';

/** The sha of an object of a type with this body. */
export function hashObject(type: GitObjectType, body: Buffer): string {
  return createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
}

/** Git's order of tree entries: by name, a subtree compared as if its name ended with `/`. */
export function treeOrder(entries: Readonly<Record<string, TreeEntry>>): string[] {
  const key = (n: string) => (entries[n]?.type === 'tree' ? `${n}/` : n);
  return Object.keys(entries).sort((a, b) => Buffer.compare(Buffer.from(key(a)), Buffer.from(key(b))));
}

/** The body of a tree object: `<mode> <name>\0<20-byte sha>` per entry, in git's order. */
export function treeBody(entries: Readonly<Record<string, TreeEntry>>): Buffer {
  const parts: Buffer[] = [];
  for (const name of treeOrder(entries)) {
    const e = entries[name] as TreeEntry;
    parts.push(Buffer.from(`${e.mode.replace(/^0+/, '')} ${name}\0`), Buffer.from(e.sha, 'hex'));
  }
  return Buffer.concat(parts);
}

/** `Name <email> <epoch seconds> +0000`. */
function identLine(i: GitIdent): string {
  return `${i.name} <${i.email}> ${Math.floor(Date.parse(i.date) / 1000)} +0000`;
}

/** The body of a commit object. */
export function commitBody(c: { tree: string; parents: readonly string[]; author: GitIdent; committer: GitIdent; message: string }): Buffer {
  const head = [`tree ${c.tree}`, ...c.parents.map((p) => `parent ${p}`), `author ${identLine(c.author)}`, `committer ${identLine(c.committer)}`];
  return Buffer.from(`${head.join('\n')}\n\n${c.message}`);
}

/** The body of an annotated tag object. */
export function tagBody(t: { object: string; type: GitObjectType; tag: string; tagger: GitIdent; message: string }): Buffer {
  return Buffer.from(`object ${t.object}\ntype ${t.type}\ntag ${t.tag}\ntagger ${identLine(t.tagger)}\n\n${t.message}`);
}

/** Whether a string is a full 40-hex sha. */
export const isSha = (s: unknown): s is string => typeof s === 'string' && /^[0-9a-f]{40}$/.test(s);

const roots = new Map<string, { sha: string; commit: CommitObject }>();

/**
 * The root commit every repository's default branch starts at: an empty tree, "Initial commit", made
 * by GitHub at the repository's creation instant (so it does not change when the repository moves).
 */
export function rootCommit(createdAt: string): { sha: string; commit: CommitObject } {
  let r = roots.get(createdAt);
  if (!r) {
    const ms = Date.parse(createdAt);
    const who: GitIdent = { name: 'GitHub', email: 'noreply@github.com', date: new Date(Number.isFinite(ms) ? ms : 0).toISOString() };
    const commit: CommitObject = { type: 'commit', tree: EMPTY_TREE, parents: [], author: who, committer: who, message: 'Initial commit' };
    r = { sha: hashObject('commit', commitBody(commit)), commit };
    if (roots.size > 1000) roots.clear();
    roots.set(createdAt, r);
  }
  return r;
}
