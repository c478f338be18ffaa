import { arraySource, connection, emptyConnection } from '../connections.js';
import { type Resource, findRepo } from '../rest-models.js';
import type { Args, Env, TypeResolvers } from '../types.js';
import { associationOf, authorOf, enumOf, html, reactionGroups, restList, viewerDidAuthor } from './common.js';
import { commitSrc } from './git.js';
import { timelineItems } from './objects.js';
import { pullDiff } from './pull-diff.js';
import { type IssueSrc, accountSrc, arr, canRead, num, obj, pullJson, repoParams, repoSrc, restSrc, str, webRepo } from './sources.js';

/**
 * `Issue` and `PullRequest`. Both read the issue answer REST gives (`GET /repos/{owner}/{repo}/issues/{n}`);
 * a pull request adds its pull answer (`GET .../pulls/{n}`): its id, branches, merge state, commits and
 * reviews.
 */

/** `comments(...)`: `GET /repos/{owner}/{repo}/issues/{issue_number}/comments`, its size the issue's `comments` count. */
function comments(env: Env, src: IssueSrc, args: Args) {
  const list = restList(
    env,
    'comments',
    'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
    { ...repoParams(src.repo), issue_number: String(src.number) },
    {},
    num(src.issue, 'comments') ?? undefined,
  );
  return connection('IssueCommentConnection', 'comments', args, list, (j) => restSrc('IssueComment', src.repo, j, src.number));
}

/** Fields an issue and a pull request share (from the issue answer). */
const SHARED: TypeResolvers<IssueSrc> = {
  number: (s) => s.number,
  title: (s) => str(s.issue, 'title') ?? '',
  titleHTML: (s) => html(str(s.issue, 'title')).replace(/^<p dir="auto">|<\/p>$/g, ''),
  body: (s) => str(s.issue, 'body') ?? '',
  bodyText: (s) => str(s.issue, 'body') ?? '',
  bodyHTML: (s) => html(str(s.issue, 'body')),
  createdAt: (s) => str(s.issue, 'created_at'),
  updatedAt: (s) => str(s.issue, 'updated_at'),
  publishedAt: (s) => str(s.issue, 'created_at'),
  closedAt: (s) => str(s.issue, 'closed_at'),
  closed: (s) => s.issue.state === 'closed',
  locked: (s) => s.issue.locked === true,
  activeLockReason: (s) => enumOf(s.issue.active_lock_reason),
  author: (s, _a, env) => authorOf(env, s.issue),
  authorAssociation: (s) => associationOf(s.issue),
  url: (s) => str(s.issue, 'html_url'),
  resourcePath: (s, _a, env) => (str(s.issue, 'html_url') ?? '').slice(env.web.length),
  repository: (s) => repoSrc(s.repo),
  labels: (s, args) => connection('LabelConnection', 'labels', args, arraySource(arr(s.issue, 'labels')), (j) => restSrc('Label', s.repo, j)),
  assignees: (s, args, env) => connection('UserConnection', 'assignees', args, arraySource(arr(s.issue, 'assignees')), (j) => accountSrc(env, String(j.login))),
  milestone: (s) => {
    const m = obj(s.issue, 'milestone');
    return m ? restSrc('Milestone', s.repo, m) : null;
  },
  comments: (s, args, env) => comments(env, s, args),
  reactionGroups: (s) => reactionGroups(s.issue, s),
  reactions: (s) => ({ __typename: 'ReactionConnection', total: num(obj(s.issue, 'reactions'), 'total_count') ?? 0 }),
  participants: (s, args, env) => {
    const logins = new Set<string>();
    const author = str(obj(s.issue, 'user'), 'login');
    if (author) logins.add(author);
    for (const a of arr(s.issue, 'assignees')) if (typeof a.login === 'string') logins.add(a.login);
    return connection('UserConnection', 'participants', args, arraySource([...logins]), (l) => accountSrc(env, l));
  },
  timelineItems: (s, args, env) => timelineItems(env, s, args),
  projectCards: (_s, args) => emptyConnection('ProjectCardConnection', 'projectCards', args),
  projectItems: (_s, args) => emptyConnection('ProjectV2ItemConnection', 'projectItems', args),
  projectsV2: (_s, args) => emptyConnection('ProjectV2Connection', 'projectsV2', args),
  viewerDidAuthor: (s, _a, env) => viewerDidAuthor(env, s.issue),
};

/** `Issue`. */
export const ISSUE_FIELDS: TypeResolvers<IssueSrc> = {
  ...SHARED,
  id: (s) => String(s.issue.node_id),
  databaseId: (s) => num(s.issue, 'id'),
  fullDatabaseId: (s) => String(num(s.issue, 'id') ?? ''),
  state: (s) => (s.issue.state === 'closed' ? 'CLOSED' : 'OPEN'),
  stateReason: (s) => enumOf(s.issue.state_reason),
  isPinned: () => false,
};

/** The mergeability GitHub computes for an open pull request (REST's `mergeable` and `mergeable_state`). */
function mergeable(p: Resource): string {
  if (p.state !== 'open' || p.merged === true) return 'UNKNOWN';
  return p.mergeable === true ? 'MERGEABLE' : p.mergeable === false ? 'CONFLICTING' : 'UNKNOWN';
}

/** The head repository of a pull (null when it was deleted). */
function headRepo(env: Env, p: Resource) {
  const r = obj(obj(p, 'head'), 'repo');
  const full = str(r, 'full_name');
  const rec = full ? findRepo(env.state, full.split('/')[0] ?? '', full.split('/')[1] ?? '') : undefined;
  return rec && canRead(env, rec) ? rec : undefined;
}

/** The decision of a pull's latest reviews (per reviewer): changes requested wins over approvals; none without reviews. */
function reviewDecision(env: Env, s: IssueSrc): string | null {
  const list = restList(env, 'reviews', 'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews', { ...repoParams(s.repo), pull_number: String(s.number) });
  const latest = new Map<string, string>();
  for (const r of list.slice(0, list.total())) {
    const who = str(obj(r, 'user'), 'login');
    const state = str(r, 'state');
    if (who && (state === 'APPROVED' || state === 'CHANGES_REQUESTED' || state === 'DISMISSED')) latest.set(who, state);
  }
  const states = [...latest.values()];
  if (states.includes('CHANGES_REQUESTED')) return 'CHANGES_REQUESTED';
  if (states.includes('APPROVED')) return 'APPROVED';
  return null;
}

/** `PullRequest`. */
export const PULL_REQUEST_FIELDS: TypeResolvers<IssueSrc> = {
  ...SHARED,
  id: (s, _a, env) => String(pullJson(env, s).node_id),
  databaseId: (s, _a, env) => num(pullJson(env, s), 'id'),
  fullDatabaseId: (s, _a, env) => String(num(pullJson(env, s), 'id') ?? ''),
  url: (s, _a, env) => str(pullJson(env, s), 'html_url'),
  permalink: (s, _a, env) => str(pullJson(env, s), 'html_url'),
  state: (s, _a, env) => (pullJson(env, s).merged === true ? 'MERGED' : s.issue.state === 'closed' ? 'CLOSED' : 'OPEN'),
  isDraft: (s, _a, env) => pullJson(env, s).draft === true,
  merged: (s, _a, env) => pullJson(env, s).merged === true,
  mergedAt: (s, _a, env) => str(pullJson(env, s), 'merged_at'),
  mergedBy: (s, _a, env) => authorOf(env, { user: pullJson(env, s).merged_by }),
  mergeCommit: (s, _a, env) => {
    const sha = str(pullJson(env, s), 'merge_commit_sha');
    return sha && pullJson(env, s).merged === true ? commitSrc(s.repo, sha) : null;
  },
  mergeable: (s, _a, env) => mergeable(pullJson(env, s)),
  mergeStateStatus: (s, _a, env) => enumOf(pullJson(env, s).mergeable_state) ?? 'UNKNOWN',
  maintainerCanModify: (s, _a, env) => pullJson(env, s).maintainer_can_modify === true,
  headRefName: (s, _a, env) => str(obj(pullJson(env, s), 'head'), 'ref') ?? '',
  headRefOid: (s, _a, env) => str(obj(pullJson(env, s), 'head'), 'sha') ?? '',
  baseRefName: (s, _a, env) => str(obj(pullJson(env, s), 'base'), 'ref') ?? '',
  baseRefOid: (s, _a, env) => str(obj(pullJson(env, s), 'base'), 'sha') ?? '',
  headRepository: (s, _a, env) => {
    const r = headRepo(env, pullJson(env, s));
    return r ? repoSrc(r) : null;
  },
  headRepositoryOwner: (s, _a, env) => {
    const login = str(obj(obj(pullJson(env, s), 'head'), 'user'), 'login');
    return login ? accountSrc(env, login) : null;
  },
  baseRepository: (s) => repoSrc(s.repo),
  isCrossRepository: (s, _a, env) => {
    const full = str(obj(obj(pullJson(env, s), 'head'), 'repo'), 'full_name');
    return full !== null && full.toLowerCase() !== `${s.repo.ownerLogin}/${s.repo.name}`.toLowerCase();
  },
  additions: (s, _a, env) => pullDiff(env, s).files.reduce((n, f) => n + (num(f, 'additions') ?? 0), 0),
  deletions: (s, _a, env) => pullDiff(env, s).files.reduce((n, f) => n + (num(f, 'deletions') ?? 0), 0),
  changedFiles: (s, _a, env) => pullDiff(env, s).files.length,
  commits: (s, args, env) => {
    const d = pullDiff(env, s);
    return connection('PullRequestCommitConnection', 'commits', args, arraySource(d.commits), (sha) => restSrc('PullRequestCommit', d.repo, { sha }, s.number));
  },
  files: (s, args, env) =>
    connection('PullRequestChangedFileConnection', 'files', args, arraySource(pullDiff(env, s).files), (j) => ({
      __typename: 'PullRequestChangedFile',
      json: j,
    })),
  reviews: (s, args, env) => {
    const list = restList(env, 'reviews', 'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews', { ...repoParams(s.repo), pull_number: String(s.number) });
    const states = Array.isArray(args.states) ? new Set(args.states as string[]) : undefined;
    const author = typeof args.author === 'string' ? args.author.toLowerCase() : undefined;
    const source =
      states || author
        ? arraySource(
            list
              .slice(0, list.total())
              .filter((r) => !states || states.has(String(r.state)))
              .filter((r) => !author || str(obj(r, 'user'), 'login')?.toLowerCase() === author),
          )
        : list;
    return connection('PullRequestReviewConnection', 'reviews', args, source, (j) => restSrc('PullRequestReview', s.repo, j, s.number));
  },
  latestReviews: (s, args, env) => {
    const list = restList(env, 'reviews', 'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews', { ...repoParams(s.repo), pull_number: String(s.number) });
    const latest = new Map<string, Resource>();
    for (const r of list.slice(0, list.total())) {
      const who = str(obj(r, 'user'), 'login');
      if (who && r.state !== 'PENDING') latest.set(who.toLowerCase(), r);
    }
    return connection('PullRequestReviewConnection', 'latestReviews', args, arraySource([...latest.values()]), (j) =>
      restSrc('PullRequestReview', s.repo, j, s.number),
    );
  },
  reviewDecision: (s, _a, env) => reviewDecision(env, s),
  reviewRequests: (s, args, env) => {
    const p = pullJson(env, s);
    const items = [
      ...arr(p, 'requested_reviewers').map((reviewer) => ({ __typename: 'ReviewRequest', pull: s, reviewer, team: false })),
      ...arr(p, 'requested_teams').map((reviewer) => ({ __typename: 'ReviewRequest', pull: s, reviewer, team: true })),
    ];
    return connection('ReviewRequestConnection', 'reviewRequests', args, arraySource(items), (x) => x);
  },
  autoMergeRequest: () => null,
  closingIssuesReferences: (_s, args) => emptyConnection('IssueConnection', 'closingIssuesReferences', args),
  potentialMergeCommit: () => null,
  // The fake models no merge queue (no rulesets or branch protection require one).
  isInMergeQueue: () => false,
  isMergeQueueEnabled: () => false,
  viewerCanMergeAsAdmin: () => false,
  resourcePath: (s) => `${webRepo(s.repo)}/pull/${s.number}`,
};

/** `PullRequestChangedFile`. */
export const CHANGED_FILE_FIELDS: TypeResolvers<{ json: Resource }> = {
  path: (f) => str(f.json, 'filename') ?? '',
  additions: (f) => num(f.json, 'additions') ?? 0,
  deletions: (f) => num(f.json, 'deletions') ?? 0,
  changeType: (f) => {
    const s = str(f.json, 'status');
    return s === 'added' ? 'ADDED' : s === 'removed' ? 'DELETED' : s === 'renamed' ? 'RENAMED' : s === 'copied' ? 'COPIED' : 'MODIFIED';
  },
  viewerViewedState: () => 'UNVIEWED',
};
