import { emptyTable, tableGet, tableHas, tableSet, tableSetMany, tableValues } from '../../../../store/table.js';
import type { RelationOp, RelationRepo } from '../../core/family.js';
import { query, repoOf } from '../../core/ops.js';
import { linkHeader, parsePaging } from '../../core/catalog/paging.js';
import type { CodeHostingState } from '../../state.js';
import type { CommitObject, Contribution, ContributorIndex } from '../state.js';
import { refSha } from '../model.js';
import { walk } from './history.js';

/**
 * The contributors of a repository (`GET /repos/{owner}/{repo}/contributors`): the authors of the
 * commits of its default branch, with how many each made, most first. Every write that moves the
 * default branch refreshes the index in its own update (`refreshContributors`): a fast-forward walks
 * only the commits it adds (the walk stops at commits already counted); a head that moved elsewhere
 * (a force push, another default branch) is counted again from the start. Commits are linked to the
 * account that made them (the API caller, a seed's `login`); the others are GitHub's anonymous
 * contributors, listed with `anon=1`. The repository's initial commit, which the fake makes for every
 * repository, counts for nobody: a repository without other commits answers GitHub's 204.
 */

const low = (s: string) => s.toLowerCase();
const authorKey = (c: CommitObject) => (c.login ? `login:${low(c.login)}` : `email:${low(c.author.email)}`);
const keyOf = (c: Contribution) => (c.login ? `login:${low(c.login)}` : `email:${low(c.email)}`);

/** The commits a head adds to an index: new ones only on a fast-forward, else all of them (`fresh`). */
function newCommits(state: CodeHostingState, repo: RelationRepo, index: ContributorIndex | undefined, head: string) {
  const found: Array<[string, CommitObject]> = [];
  let reached = false;
  const counted = index
    ? ({
        has: (sha: string) => {
          const known = tableHas(index.counted, sha);
          if (known && sha === index.head) reached = true;
          return known;
        },
      } as ReadonlySet<string>)
    : undefined;
  const collect = (sha: string, c: CommitObject) => {
    found.push([sha, c]);
    return true;
  };
  walk(state, repo, [head], collect, counted);
  if (index && !reached) {
    found.length = 0;
    walk(state, repo, [head], collect);
    return { fresh: true, found };
  }
  return { fresh: !index, found };
}

/** Whether a commit is one somebody made (not the initial commit every repository starts at). */
const made = (state: CodeHostingState, repo: RelationRepo, sha: string) => state.git.repos[repo.record.id]?.objects[sha] !== undefined;

function add(into: (key: string) => Contribution | undefined, put: (key: string, c: Contribution) => void, c: CommitObject): void {
  const key = authorKey(c);
  const had = into(key);
  put(key, had ? { ...had, commits: had.commits + 1 } : { ...(c.login ? { login: c.login } : {}), name: c.author.name, email: c.author.email, commits: 1 });
}

/** Brings a repository's contributors index to its default branch's head (inside a write's update). */
export function refreshContributors(state: CodeHostingState, repo: RelationRepo): void {
  const head = refSha(state, repo, `refs/heads/${repo.record.defaultBranch}`);
  const index = state.git.contributors?.[repo.record.id];
  if (!head || index?.head === head) return;
  const { fresh, found } = newCommits(state, repo, index, head);
  const next: ContributorIndex = fresh || !index ? { head, counted: emptyTable(), authors: emptyTable() } : index;
  next.head = head;
  tableSetMany(
    next.counted,
    found.map(([sha]) => [sha, 1 as const] as const),
  );
  for (const [sha, c] of found) {
    if (made(state, repo, sha))
      add(
        (k) => tableGet(next.authors, k),
        (k, v) => tableSet(next.authors, k, v),
        c,
      );
  }
  state.git.contributors ??= {};
  state.git.contributors[repo.record.id] = next;
}

/** The contributors at the default branch's head, most commits first (an index behind the head is caught up here, without storing). */
export function contributorsOf(state: CodeHostingState, repo: RelationRepo): Contribution[] {
  const head = refSha(state, repo, `refs/heads/${repo.record.defaultBranch}`);
  if (!head) return [];
  const index = state.git.contributors?.[repo.record.id];
  const out = new Map<string, Contribution>();
  if (index?.head !== head) {
    const { fresh, found } = newCommits(state, repo, index, head);
    if (!fresh && index) for (const c of tableValues(index.authors)) out.set(keyOf(c), c);
    for (const [sha, c] of found)
      if (made(state, repo, sha))
        add(
          (k) => out.get(k),
          (k, v) => out.set(k, v),
          c,
        );
  } else for (const c of tableValues(index.authors)) out.set(keyOf(c), c);
  return [...out.values()].sort((a, b) => b.commits - a.commits || low(a.login ?? a.email).localeCompare(low(b.login ?? b.email)));
}

/** `GET /repos/{owner}/{repo}/contributors`: users by contributions (`anon=1`: unlinked authors too); 204 for a repository without commits. */
export const listContributors: RelationOp = (rc) => {
  const repo = repoOf(rc);
  const anon = ['1', 'true'].includes(query(rc.op, 'anon') ?? '');
  const every = contributorsOf(rc.state, repo);
  if (every.length === 0) return { status: 204 };
  const all = every.filter((c) => anon || c.login);
  const paging = parsePaging(rc.op.query);
  const start = (paging.page - 1) * paging.perPage;
  const body = all
    .slice(start, start + paging.perPage)
    .map((c) =>
      c.login ? { login: c.login, type: 'User', contributions: c.commits } : { email: c.email, name: c.name, type: 'Anonymous', contributions: c.commits },
    );
  const link = linkHeader(rc.op.url, paging, all.length);
  return { status: 200, body, ...(link ? { headers: { link } } : {}) };
};
