import type { CodeHostingState } from '../../state.js';
import type { RelationRepo } from '../../core/family.js';
import { type CommitObject, getCommit } from '../model.js';

/**
 * Walks over commit history: newest first by committer date (git log's default order), parents
 * reached through a priority queue, each commit once.
 */

interface Item {
  sha: string;
  commit: CommitObject;
  at: number;
  seq: number;
}

/** A max-heap of commits by committer date (then discovery order). */
class Queue {
  readonly #h: Item[] = [];
  get size() {
    return this.#h.length;
  }
  #before(a: Item, b: Item): boolean {
    return a.at !== b.at ? a.at > b.at : a.seq < b.seq;
  }
  push(x: Item): void {
    const h = this.#h;
    h.push(x);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.#before(h[i] as Item, h[p] as Item)) break;
      [h[i], h[p]] = [h[p] as Item, h[i] as Item];
      i = p;
    }
  }
  pop(): Item | undefined {
    const h = this.#h;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.#before(h[l] as Item, h[m] as Item)) m = l;
        if (r < h.length && this.#before(h[r] as Item, h[m] as Item)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m] as Item, h[i] as Item];
        i = m;
      }
    }
    return top;
  }
}

/**
 * Visits the commits reachable from `starts`, newest first; `visit` answers false to stop. Commits
 * in `stop` (and what only they reach) are not visited. Shas of commits nobody stored end the walk there.
 */
export function walk(
  state: CodeHostingState,
  repo: RelationRepo,
  starts: readonly string[],
  visit: (sha: string, c: CommitObject) => boolean,
  stop?: ReadonlySet<string>,
): void {
  const q = new Queue();
  const seen = new Set<string>();
  let seq = 0;
  const add = (sha: string) => {
    if (seen.has(sha) || stop?.has(sha)) return;
    seen.add(sha);
    const commit = getCommit(state, repo, sha);
    if (commit) q.push({ sha, commit, at: Date.parse(commit.committer.date), seq: seq++ });
  };
  for (const s of starts) add(s);
  while (q.size > 0) {
    const it = q.pop() as Item;
    if (!visit(it.sha, it.commit)) return;
    for (const p of it.commit.parents) add(p);
  }
}

/** Every commit reachable from `sha` (itself included). */
export function ancestors(state: CodeHostingState, repo: RelationRepo, sha: string): Set<string> {
  const out = new Set<string>();
  walk(state, repo, [sha], (s) => {
    out.add(s);
    return true;
  });
  return out;
}

/** Whether `a` is `b` or one of its ancestors. */
export function isAncestor(state: CodeHostingState, repo: RelationRepo, a: string, b: string): boolean {
  if (a === b) return true;
  let found = false;
  walk(state, repo, [b], (s) => {
    found = s === a;
    return !found;
  });
  return found;
}

/** The newest common ancestor of two commits (their merge base), or undefined when they share none. */
export function mergeBase(state: CodeHostingState, repo: RelationRepo, a: string, b: string): string | undefined {
  const fromA = ancestors(state, repo, a);
  let base: string | undefined;
  walk(state, repo, [b], (s) => {
    if (fromA.has(s)) base = s;
    return base === undefined;
  });
  return base;
}

/** Commits reachable from `head` and not from `base`, oldest first (what `base...head` compares). */
export function commitsBetween(state: CodeHostingState, repo: RelationRepo, base: string, head: string): string[] {
  const out: string[] = [];
  walk(
    state,
    repo,
    [head],
    (s) => {
      out.push(s);
      return true;
    },
    ancestors(state, repo, base),
  );
  return out.reverse();
}
