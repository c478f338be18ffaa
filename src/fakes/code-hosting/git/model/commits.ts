import { linkHeader, parsePaging } from '../../core/catalog/paging.js';
import { githubError } from '../../core/errors.js';
import type { Resource } from '../../core/catalog/state.js';
import type { RelationOp } from '../../core/family.js';
import { fail, paged, param, query, repoOf, viewOf } from '../../core/ops.js';
import { type CommitObject, entryAt, getCommit, listRefs, peel, resolveCommitish } from '../model.js';
import { commitsBetween, mergeBase, walk } from './history.js';
import { apiOf, commitView, diffTrees, nodeId, webOf } from './views.js';
import { commitAsText } from './as-text.js';

/**
 * Commits as the repository API shows them (`/commits`, `/commits/{ref}`) and comparisons
 * (`/compare/{base}...{head}`), all read from the git graph.
 */

const DOCS = 'https://docs.github.com/rest/commits/commits';

/** `GET /commits`: history from `sha` (default branch by default), filtered by `path`, `author`, `since`, `until`. */
const listCommits: RelationOp = (rc) => {
  const { op } = rc;
  const repo = repoOf(rc);
  const v = viewOf(rc);
  const from = query(op, 'sha') ?? repo.defaultBranch;
  const start = resolveCommitish(rc.state, repo, from);
  if (!start) throw githubError.notFound(DOCS);
  const path = query(op, 'path')?.replace(/^\/+|\/+$/g, '');
  const author = query(op, 'author')?.toLowerCase();
  const committer = query(op, 'committer')?.toLowerCase();
  const since = query(op, 'since');
  const until = query(op, 'until');
  const sinceMs = since ? Date.parse(since) : Number.NEGATIVE_INFINITY;
  const untilMs = until ? Date.parse(until) : Number.POSITIVE_INFINITY;
  if (Number.isNaN(sinceMs) || Number.isNaN(untilMs))
    throw githubError.validation([{ resource: 'Commit', field: since && Number.isNaN(sinceMs) ? 'since' : 'until', code: 'invalid' }]);
  const paging = parsePaging(op.query);
  const skip = (paging.page - 1) * paging.perPage;
  const items: Resource[] = [];
  let matched = 0;
  const who = (c: CommitObject, field: 'author' | 'committer') => [c[field].email.toLowerCase(), c[field].name.toLowerCase(), c.login?.toLowerCase()];
  // The walk stops one commit past the page: enough to know whether a next page exists.
  walk(rc.state, repo, [start], (sha, c) => {
    const at = Date.parse(c.committer.date);
    if (at < sinceMs || at > untilMs) return true;
    if (author && !who(c, 'author').includes(author)) return true;
    if (committer && !who(c, 'committer').includes(committer)) return true;
    if (path && !touches(rc, c, path)) return true;
    matched++;
    if (matched > skip && items.length < paging.perPage) items.push(commitView(v, sha, c));
    return matched <= skip + paging.perPage;
  });
  const more = matched > skip + paging.perPage;
  const link = linkHeader(op.url, paging, more ? (paging.page + 1) * paging.perPage : skip + items.length);
  return { status: 200, body: items, ...(link ? { headers: { link: withoutLast(link, more) } } : {}) };
};

/** GitHub does not know the last page of a history walk: its Link has no `last` while there is a next page. */
function withoutLast(link: string, more: boolean): string {
  return more
    ? link
        .split(', ')
        .filter((p) => !p.endsWith('rel="last"'))
        .join(', ')
    : link;
}

/** Whether a commit changed what is at `path` compared with its first parent (or added it, for a root commit). */
function touches(rc: Parameters<RelationOp>[0], c: CommitObject, path: string): boolean {
  const repo = repoOf(rc);
  const mine = entryAt(rc.state, repo, c.tree, path);
  const parent = c.parents[0] ? getCommit(rc.state, repo, c.parents[0]) : undefined;
  const theirs = parent ? entryAt(rc.state, repo, parent.tree, path) : undefined;
  return mine?.sha !== theirs?.sha;
}

/** `GET /commits/{ref}`: one commit with its `files` and `stats`. */
const getCommitOp: RelationOp = (rc) => {
  const repo = repoOf(rc);
  const ref = param(rc.op, 'ref');
  const sha = resolveCommitish(rc.state, repo, ref);
  const c = sha ? getCommit(rc.state, repo, sha) : undefined;
  if (!sha || !c) throw fail(`No commit found for SHA: ${ref}`, 422, DOCS);
  const view = commitView(viewOf(rc), sha, c, true);
  return commitAsText(rc.op.accept, sha, c, view.files as Resource[]) ?? { status: 200, body: view };
};

/** Splits `base...head` (or `base..head`); a side may be `owner:ref` of this repository. */
function splitBasehead(s: string, owner: string): [string, string] | undefined {
  const three = s.indexOf('...');
  const i = three >= 0 ? three : s.indexOf('..');
  if (i <= 0) return undefined;
  const side = (x: string) => {
    const m = /^([^:]+):(.+)$/.exec(x);
    if (!m) return x;
    return m[1]?.toLowerCase() === owner.toLowerCase() ? (m[2] as string) : undefined;
  };
  const base = side(s.slice(0, i));
  const head = side(s.slice(i + (three >= 0 ? 3 : 2)));
  return base && head ? [base, head] : undefined;
}

/** `GET /compare/{basehead}`: ahead/behind counts, the commits head adds and the files they change. */
const compare: RelationOp = (rc) => {
  const repo = repoOf(rc);
  const v = viewOf(rc);
  const basehead = param(rc.op, 'basehead');
  const sides = splitBasehead(basehead, repo.record.ownerLogin);
  const base = sides && resolveCommitish(rc.state, repo, sides[0]);
  const head = sides && resolveCommitish(rc.state, repo, sides[1]);
  const baseCommit = base ? getCommit(rc.state, repo, base) : undefined;
  const headCommit = head ? getCommit(rc.state, repo, head) : undefined;
  if (!base || !head || !baseCommit || !headCommit) throw githubError.notFound(DOCS);
  const mb = mergeBase(rc.state, repo, base, head);
  const mbCommit = mb ? getCommit(rc.state, repo, mb) : undefined;
  if (!mb || !mbCommit) throw githubError.notFound(DOCS);
  const ahead = commitsBetween(rc.state, repo, base, head);
  const behind = commitsBetween(rc.state, repo, head, base);
  const status = ahead.length === 0 && behind.length === 0 ? 'identical' : behind.length === 0 ? 'ahead' : ahead.length === 0 ? 'behind' : 'diverged';
  const paging = parsePaging(rc.op.query);
  const shown = ahead.slice((paging.page - 1) * paging.perPage, paging.page * paging.perPage);
  const spec = encodeURIComponent(basehead).replace(/%3A/g, ':');
  const body: Resource = {
    url: `${apiOf(v)}/compare/${spec}`,
    html_url: `${webOf(v)}/compare/${spec}`,
    permalink_url: `${webOf(v)}/compare/${repo.record.ownerLogin}:${base}...${repo.record.ownerLogin}:${head}`,
    diff_url: `${webOf(v)}/compare/${spec}.diff`,
    patch_url: `${webOf(v)}/compare/${spec}.patch`,
    base_commit: commitView(v, base, baseCommit),
    merge_base_commit: commitView(v, mb, mbCommit),
    status,
    ahead_by: ahead.length,
    behind_by: behind.length,
    total_commits: ahead.length,
    commits: shown.map((s) => commitView(v, s, getCommit(rc.state, repo, s) as CommitObject)),
    files: diffTrees(v, mbCommit.tree, headCommit.tree, head),
  };
  const link = linkHeader(rc.op.url, paging, ahead.length);
  return { status: 200, body, ...(link ? { headers: { link } } : {}) };
};

/** `GET /tags`: the repository's tags (refs under `refs/tags/`), newest name first, each with the commit it names. */
const listTags: RelationOp = (rc) => {
  const v = viewOf(rc);
  const tags = listRefs(rc.state, v.repo, 'refs/tags/').reverse();
  return paged(
    rc.op,
    tags.map(({ ref, sha }) => {
      const name = ref.slice('refs/tags/'.length);
      const commit = peel(rc.state, v.repo, sha);
      return {
        name,
        commit: { sha: commit, url: `${apiOf(v)}/commits/${commit}` },
        zipball_url: `${apiOf(v)}/zipball/${encodeURIComponent(name)}`,
        tarball_url: `${apiOf(v)}/tarball/${encodeURIComponent(name)}`,
        node_id: nodeId('Ref', v, ref),
      };
    }),
  );
};

const R = '/repos/{owner}/{repo}';

/** Commit and comparison operations by `METHOD template`. */
export const COMMIT_OPS: Readonly<Record<string, RelationOp>> = {
  [`GET ${R}/commits`]: listCommits,
  [`GET ${R}/commits/{ref}`]: getCommitOp,
  [`GET ${R}/compare/{basehead}`]: compare,
  [`GET ${R}/tags`]: listTags,
};
