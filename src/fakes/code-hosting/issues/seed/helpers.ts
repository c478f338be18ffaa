import type { Draft } from 'immer';
import { z } from 'zod';
import { parseInput } from '../../../../util/parse.js';
import type { Resource } from '../../core/catalog/state.js';
import { ROWS_BY_KEY } from '../../core/catalog/table.js';
import type { GitHubHost } from '../../core/context.js';
import { findRepo } from '../../core/lookup.js';
import { shapeAnswer } from '../../core/shapes/answer.js';
import { repoView } from '../../repos/model.js';
import type { CodeHostingState } from '../../state.js';
import { branchHead } from '../model/branches.js';
import { insertCommitComment, insertIssueComment } from '../model/comments.js';
import type { IssueCtx } from '../model/context.js';
import { insertIssue, setState } from '../model/issues.js';
import { commitCommentKey, issueCommentKey, issueKey, pullKey, reviewCommentKey } from '../model/keys.js';
import { changeIssue } from '../model.js';
import { insertMilestone } from '../model/milestones.js';
import { insertPull, mergePull, parseHead } from '../model/pulls.js';
import { standaloneReviewComment } from '../model/reviews.js';
import { ensureSeedBranch, seedCtx } from '../seed.js';
import { commitCommentView, issueCommentView, issueView, pullView, reviewCommentView } from '../model/views.js';
import { tableGet, tableSet } from '../../../../store/table.js';

const Login = z.string().min(1);
const Time = z.iso.datetime({ offset: true });
const InlineComment = z.union([z.string(), z.object({ body: z.string(), user: Login.optional(), createdAt: Time.optional() }).strict()]);

const Shared = {
  /** Repository owner login. */
  owner: z.string().min(1),
  /** Repository name. */
  repo: z.string().min(1),
  /** The issue number (the next free one by default). */
  number: z.number().int().positive().optional(),
  title: z.string().optional(),
  body: z.string().nullable().optional(),
  /** Author login (the repository owner by default). */
  user: Login.optional(),
  /** Label names (labels the repository lacks are created, as GitHub does). */
  labels: z.array(z.string().min(1)).optional(),
  assignees: z.array(Login).optional(),
  /** A milestone number, or a title (created when the repository has none of that title). */
  milestone: z
    .union([z.number().int().positive(), z.string().min(1)])
    .nullable()
    .optional(),
  state: z.enum(['open', 'closed']).optional(),
  /** Comments, oldest first: a body, or `{ body, user, createdAt }`. */
  comments: z.array(InlineComment).optional(),
  createdAt: Time.optional(),
};

/** What `fakes.codeHosting.seed.issue(...)` accepts. */
export const IssueSeedSchema = z
  .object({
    ...Shared,
    stateReason: z.enum(['completed', 'not_planned', 'duplicate']).optional(),
    locked: z.boolean().optional(),
  })
  .strict();
/** Input of an issue seed. */
export type IssueSeed = z.input<typeof IssueSeedSchema>;

/** What `fakes.codeHosting.seed.pullRequest(...)` accepts. */
export const PullRequestSeedSchema = z
  .object({
    ...Shared,
    /** Head branch (`branch` or `owner:branch` of a fork); created when missing. */
    head: z.string().min(1),
    /** Base branch (the default branch by default); created when missing. */
    base: z.string().min(1).optional(),
    draft: z.boolean().optional(),
    /** Merge it (the base branch moves to the merge commit, as `pulls.merge` does). */
    merged: z.boolean().optional(),
    requestedReviewers: z.array(Login).optional(),
  })
  .strict();
/** Input of a pull request seed. */
export type PullRequestSeed = z.input<typeof PullRequestSeedSchema>;

/** What `fakes.codeHosting.seed.comment(...)` accepts: exactly one of `issue`, `pull`, `commit`. */
export const CommentSeedSchema = z
  .object({
    owner: z.string().min(1),
    repo: z.string().min(1),
    /** An issue (or pull request) number: an issue comment. */
    issue: z.number().int().positive().optional(),
    /** A pull request number: a review comment on `path`. */
    pull: z.number().int().positive().optional(),
    /** A commit sha: a commit comment. */
    commit: z.string().min(1).optional(),
    body: z.string(),
    user: Login.optional(),
    /** File of a review or commit comment (review comments: `README.md` by default). */
    path: z.string().min(1).optional(),
    line: z.number().int().positive().optional(),
    createdAt: Time.optional(),
  })
  .strict()
  .refine((v) => [v.issue, v.pull, v.commit].filter((x) => x !== undefined).length === 1, { message: 'give exactly one of issue, pull, commit' });
/** Input of a comment seed. */
export type CommentSeed = z.input<typeof CommentSeedSchema>;

/** The seed helpers of the issues and pull requests family (`fakes.codeHosting.seed.*`). */
export interface IssueSeedHelpers {
  /**
   * Seeds an issue with its labels, assignees, milestone, comments and state; returns the issue JSON
   * GitHub answers for it. Labels and milestones given by title are created when missing.
   * @example fakes.codeHosting.seed.issue({ owner: 'octo', repo: 'hello', title: 'Bug', labels: ['bug'], comments: ['me too'] })
   */
  issue(input: IssueSeed): Record<string, unknown>;
  /**
   * Seeds a pull request from `head` into `base` (the default branch), creating branches that do not
   * exist; `merged: true` merges it. Returns the pull request JSON.
   * @example fakes.codeHosting.seed.pullRequest({ owner: 'octo', repo: 'hello', head: 'feature', title: 'Add feature' })
   */
  pullRequest(input: PullRequestSeed): Record<string, unknown>;
  /**
   * Seeds a comment: on an issue or pull request (`issue`), a review comment (`pull`), or a commit comment (`commit`).
   * Returns the comment JSON.
   * @example fakes.codeHosting.seed.comment({ owner: 'octo', repo: 'hello', issue: 1, body: 'Thanks!' })
   */
  comment(input: CommentSeed): Record<string, unknown>;
}

type Seeded = { rp: string; key: string; get: 'issue' | 'pull' | 'issueComment' | 'reviewComment' | 'commitComment'; id: number };

const READ_ROUTES = {
  issue: 'GET /repos/{owner}/{repo}/issues/{issue_number}',
  pull: 'GET /repos/{owner}/{repo}/pulls/{pull_number}',
  issueComment: 'GET /repos/{owner}/{repo}/issues/comments/{comment_id}',
  reviewComment: 'GET /repos/{owner}/{repo}/pulls/comments/{comment_id}',
  commitComment: 'GET /repos/{owner}/{repo}/comments/{comment_id}',
} as const;

/** Builds the helpers over the service host. */
export function issueSeedHelpers(host: GitHubHost): IssueSeedHelpers {
  const env = () => ({ baseUrl: host.baseUrls[0] ?? 'https://api.github.com', now: host.clock.now().toISOString() });
  const repoPath = (owner: string, repo: string): string => {
    const r = findRepo(host.state, owner, repo);
    if (!r) throw new Error(`stuntdouble: no repository ${owner}/${repo}; seed it with fakes.codeHosting.seed.repo({ owner, repo })`);
    return `/repos/${encodeURIComponent(r.ownerLogin)}/${encodeURIComponent(r.name)}`;
  };
  const inRepo = (rp: string, user: string | undefined, fn: (c: IssueCtx) => Seeded): Seeded =>
    host.update((d: Draft<CodeHostingState>) => fn(seedCtx(d as CodeHostingState, rp, env(), user) as IssueCtx));
  /** Renders what was seeded as GitHub answers its GET, from the state after the seed. */
  const render = (s: Seeded): Record<string, unknown> => {
    const c = seedCtx(host.state, s.rp, env()) as IssueCtx;
    const view =
      s.get === 'issue'
        ? issueView(c, s.id)
        : s.get === 'pull'
          ? pullView(c, s.id)
          : s.get === 'issueComment'
            ? issueCommentView(c, s.id)
            : s.get === 'reviewComment'
              ? reviewCommentView(c, s.id)
              : commitCommentView(c, s.id);
    const row = ROWS_BY_KEY.get(READ_ROUTES[s.get]);
    if (!row) return view ?? {};
    const out = shapeAnswer(row, { status: 200, body: view }, s.key, {
      baseUrl: c.base,
      now: c.now,
      login: c.repo.ownerLogin,
      records: host.state.catalog.records,
      accounts: host.state.accounts,
      repo: repoView(c.repo, { state: host.state, apiBase: c.base }),
    });
    return (out.body ?? {}) as Record<string, unknown>;
  };
  const milestoneNumber = (c: IssueCtx, m: number | string | null | undefined): number | null | undefined => {
    if (typeof m !== 'string') return m;
    return c.ix.refs[`MT|${m.toLowerCase()}`] ?? insertMilestone(c, { title: m });
  };
  const addComments = (c: IssueCtx, n: number, comments: z.output<typeof InlineComment>[] | undefined) => {
    for (const m of comments ?? []) {
      if (typeof m === 'string') insertIssueComment(c, n, m);
      else insertIssueComment(c, n, m.body, m.user ?? c.actor, m.createdAt ?? c.now);
    }
  };
  const finish = (c: IssueCtx, n: number, s: { state?: 'open' | 'closed' | undefined; locked?: boolean | undefined; stateReason?: string | undefined }) => {
    if (s.state === 'closed') changeIssue(c, n, (i) => setState(c, i, n, 'closed', s.stateReason));
    if (s.locked) changeIssue(c, n, (i) => Object.assign(i, { locked: true, active_lock_reason: null }));
  };
  return {
    issue(input) {
      const s = parseInput(IssueSeedSchema, input, 'codeHosting.seed.issue()');
      const rp = repoPath(s.owner, s.repo);
      return render(
        inRepo(rp, s.user, (c) => {
          if (s.number !== undefined && (tableGet(c.s.catalog.records, issueKey(rp, s.number)) || tableGet(c.s.catalog.records, pullKey(rp, s.number)))) {
            throw new Error(`stuntdouble: ${s.owner}/${s.repo} already has an issue or pull request #${s.number}`);
          }
          const n = insertIssue(c, {
            ...(s.number !== undefined ? { number: s.number } : {}),
            title: s.title ?? 'Seeded issue',
            body: s.body ?? null,
            user: c.actor,
            labels: s.labels ?? [],
            assignees: s.assignees ?? [],
            milestone: milestoneNumber(c, s.milestone) ?? null,
            ...(s.createdAt ? { created_at: s.createdAt } : {}),
          });
          if (s.number !== undefined && (c.s.counters[`${rp}#number`] ?? 0) < s.number) c.s.counters[`${rp}#number`] = s.number;
          addComments(c, n, s.comments);
          finish(c, n, s);
          return { rp, key: issueKey(rp, n), get: 'issue', id: n };
        }),
      );
    },
    pullRequest(input) {
      const s = parseInput(PullRequestSeedSchema, input, 'codeHosting.seed.pullRequest()');
      const rp = repoPath(s.owner, s.repo);
      return render(
        inRepo(rp, s.user, (c) => {
          const head = parseHead(c, s.head);
          if (!head) throw new Error(`stuntdouble: no repository for head '${s.head}'; seed the fork with fakes.codeHosting.seed.repo(...)`);
          const base = s.base ?? c.defaultBranch;
          ensureSeedBranch(c, rp, base);
          ensureSeedBranch(c, head.repo, head.ref, branchHead(c.s, rp, base));
          const n = insertPull(c, {
            ...(s.number !== undefined ? { number: s.number } : {}),
            title: s.title ?? head.ref,
            body: s.body ?? null,
            head,
            base,
            draft: s.draft === true,
            user: c.actor,
            labels: s.labels ?? [],
            assignees: s.assignees ?? [],
            milestone: milestoneNumber(c, s.milestone) ?? null,
            ...(s.createdAt ? { created_at: s.createdAt } : {}),
          });
          if (s.requestedReviewers?.length) {
            const pk = pullKey(rp, n);
            tableSet(c.s.catalog.records, pk, { ...(tableGet(c.s.catalog.records, pk) as Resource), requested_reviewers: s.requestedReviewers });
          }
          addComments(c, n, s.comments);
          if (s.merged) mergePull(c, n, {});
          else finish(c, n, s);
          return { rp, key: pullKey(rp, n), get: 'pull', id: n };
        }),
      );
    },
    comment(input) {
      const s = parseInput(CommentSeedSchema, input, 'codeHosting.seed.comment()');
      const rp = repoPath(s.owner, s.repo);
      return render(
        inRepo(rp, s.user, (c) => {
          const at = s.createdAt ?? c.now;
          if (s.issue !== undefined) {
            if (!tableGet(c.s.catalog.records, issueKey(rp, s.issue))) throw new Error(`stuntdouble: ${s.owner}/${s.repo} has no issue #${s.issue}`);
            const id = insertIssueComment(c, s.issue, s.body, c.actor, at);
            return { rp, key: issueCommentKey(rp, id), get: 'issueComment', id };
          }
          if (s.pull !== undefined) {
            if (!tableGet(c.s.catalog.records, pullKey(rp, s.pull))) throw new Error(`stuntdouble: ${s.owner}/${s.repo} has no pull request #${s.pull}`);
            const id = standaloneReviewComment(c, s.pull, { body: s.body, path: s.path ?? 'README.md', line: s.line ?? 1 });
            return { rp, key: reviewCommentKey(rp, id), get: 'reviewComment', id };
          }
          const id = insertCommitComment(
            c,
            s.commit as string,
            { body: s.body, ...(s.path ? { path: s.path } : {}), ...(s.line ? { line: s.line } : {}) },
            c.actor,
            at,
          );
          return { rp, key: commitCommentKey(rp, id), get: 'commitComment', id };
        }),
      );
    },
  };
}
