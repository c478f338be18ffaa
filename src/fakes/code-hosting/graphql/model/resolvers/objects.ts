import { arraySource, connection } from '../connections.js';
import { UnservedFieldError } from '../errors.js';
import { type RepoRecord, type Resource, restCall } from '../rest-models.js';
import type { Args, Env, TypeResolvers } from '../types.js';
import { associationOf, authorOf, enumOf, html, reactionGroups, restList, viewerDidAuthor } from './common.js';
import { commitSrc } from './git.js';
import { issueAt, issueList, pullList } from './issue-lists.js';
import { type IssueSrc, type RestSrc, accountSrc, arr, num, obj, repoParams, repoSrc, restSrc, str, webRepo } from './sources.js';

/** Objects of a repository read from one REST answer each: labels, milestones, comments, reviews, releases, timeline events. */

/** `Label`. */
export const LABEL_FIELDS: TypeResolvers<RestSrc> = {
  id: (l) => String(l.json.node_id),
  name: (l) => str(l.json, 'name') ?? '',
  color: (l) => str(l.json, 'color') ?? 'ededed',
  description: (l) => str(l.json, 'description'),
  isDefault: (l) => l.json.default === true,
  url: (l, _a, env) => `${env.web}${webRepo(l.repo)}/labels/${encodeURIComponent(str(l.json, 'name') ?? '')}`,
  resourcePath: (l) => `${webRepo(l.repo)}/labels/${encodeURIComponent(str(l.json, 'name') ?? '')}`,
  createdAt: (l) => str(l.json, 'created_at'),
  updatedAt: (l) => str(l.json, 'updated_at'),
  repository: (l) => repoSrc(l.repo),
  issues: (l, args, env) =>
    connection('IssueConnection', 'issues', args, issueList(env, l.repo, { ...args, labels: [str(l.json, 'name') ?? ''] }), (n) => issueAt(env, l.repo, n)),
  pullRequests: (l, args, env) =>
    connection('PullRequestConnection', 'pullRequests', args, pullList(env, l.repo, { ...args, labels: [str(l.json, 'name') ?? ''] }), (n) =>
      issueAt(env, l.repo, n),
    ),
};

/** `Milestone`. */
export const MILESTONE_FIELDS: TypeResolvers<RestSrc> = {
  id: (m) => String(m.json.node_id),
  number: (m) => num(m.json, 'number'),
  title: (m) => str(m.json, 'title') ?? '',
  description: (m) => str(m.json, 'description'),
  state: (m) => (m.json.state === 'closed' ? 'CLOSED' : 'OPEN'),
  closed: (m) => m.json.state === 'closed',
  dueOn: (m) => str(m.json, 'due_on'),
  closedAt: (m) => str(m.json, 'closed_at'),
  createdAt: (m) => str(m.json, 'created_at'),
  updatedAt: (m) => str(m.json, 'updated_at'),
  url: (m) => str(m.json, 'html_url'),
  resourcePath: (m) => `${webRepo(m.repo)}/milestone/${num(m.json, 'number')}`,
  creator: (m, _a, env) => authorOf(env, { user: m.json.creator }),
  progressPercentage: (m) => {
    const open = num(m.json, 'open_issues') ?? 0;
    const closed = num(m.json, 'closed_issues') ?? 0;
    return open + closed === 0 ? 0 : (closed / (open + closed)) * 100;
  },
  repository: (m) => repoSrc(m.repo),
  issues: (m, args, env) =>
    connection(
      'IssueConnection',
      'issues',
      args,
      issueList(env, m.repo, { ...args, filterBy: { ...((args.filterBy as object) ?? {}), milestoneNumber: String(num(m.json, 'number')) } }),
      (n) => issueAt(env, m.repo, n),
    ),
};

/** Fields of comments (`Comment`, `Reactable`, `Deletable`, ...), from a REST comment or review. */
function commentFields(kind: 'IssueComment' | 'PullRequestReview'): TypeResolvers<RestSrc> {
  return {
    id: (c) => String(c.json.node_id),
    databaseId: (c) => num(c.json, 'id'),
    fullDatabaseId: (c) => String(num(c.json, 'id') ?? ''),
    body: (c) => str(c.json, 'body') ?? '',
    bodyText: (c) => str(c.json, 'body') ?? '',
    bodyHTML: (c) => html(str(c.json, 'body')),
    author: (c, _a, env) => authorOf(env, c.json),
    authorAssociation: (c) => associationOf(c.json),
    createdAt: (c) => str(c.json, 'created_at') ?? str(c.json, 'submitted_at'),
    updatedAt: (c) => str(c.json, 'updated_at') ?? str(c.json, 'submitted_at') ?? str(c.json, 'created_at'),
    publishedAt: (c) => str(c.json, 'created_at') ?? str(c.json, 'submitted_at'),
    lastEditedAt: (c) => {
      const created = str(c.json, 'created_at');
      const updated = str(c.json, 'updated_at');
      return created && updated && updated !== created ? updated : null;
    },
    includesCreatedEdit: (c) => {
      const created = str(c.json, 'created_at');
      const updated = str(c.json, 'updated_at');
      return Boolean(created && updated && updated !== created);
    },
    isMinimized: () => false,
    minimizedReason: () => null,
    url: (c) => str(c.json, 'html_url'),
    resourcePath: (c) => (str(c.json, 'html_url') ?? '').replace(/^https?:\/\/[^/]+/, ''),
    reactionGroups: (c) => reactionGroups(c.json, c),
    viewerDidAuthor: (c, _a, env) => viewerDidAuthor(env, c.json),
    repository: (c) => repoSrc(c.repo),
    ...(kind === 'IssueComment'
      ? {
          issue: (c: RestSrc, _a: Args, env: Env) => (c.number !== undefined ? issueAt(env, c.repo, c.number) : null),
          pullRequest: (c: RestSrc, _a: Args, env: Env) => {
            if (c.number === undefined) return null;
            const s = issueAt(env, c.repo, c.number);
            return s.__typename === 'PullRequest' ? s : null;
          },
        }
      : {}),
  };
}

/** `IssueComment`. */
export const ISSUE_COMMENT_FIELDS: TypeResolvers<RestSrc> = commentFields('IssueComment');

/** `PullRequestReview`. */
export const REVIEW_FIELDS: TypeResolvers<RestSrc> = {
  ...commentFields('PullRequestReview'),
  state: (r) => str(r.json, 'state') ?? 'PENDING',
  submittedAt: (r) => (r.json.state === 'PENDING' ? null : str(r.json, 'submitted_at')),
  createdAt: (r) => str(r.json, 'submitted_at') ?? str(r.json, 'created_at'),
  commit: (r) => (typeof r.json.commit_id === 'string' ? commitSrc(r.repo, r.json.commit_id) : null),
  pullRequest: (r, _a, env) => (r.number !== undefined ? issueAt(env, r.repo, r.number) : null),
};

/** `Release`. */
export const RELEASE_FIELDS: TypeResolvers<RestSrc> = {
  id: (r) => String(r.json.node_id),
  databaseId: (r) => num(r.json, 'id'),
  name: (r) => str(r.json, 'name'),
  tagName: (r) => str(r.json, 'tag_name') ?? '',
  description: (r) => str(r.json, 'body'),
  descriptionHTML: (r) => html(str(r.json, 'body')),
  isDraft: (r) => r.json.draft === true,
  isPrerelease: (r) => r.json.prerelease === true,
  isLatest: (r, _a, env) => {
    try {
      return latestId(env, r.repo) === num(r.json, 'id');
    } catch {
      return false;
    }
  },
  createdAt: (r) => str(r.json, 'created_at'),
  publishedAt: (r) => str(r.json, 'published_at'),
  updatedAt: (r) => str(r.json, 'updated_at') ?? str(r.json, 'created_at'),
  url: (r) => str(r.json, 'html_url'),
  resourcePath: (r) => (str(r.json, 'html_url') ?? '').replace(/^https?:\/\/[^/]+/, ''),
  author: (r, _a, env) => authorOf(env, { user: r.json.author }),
  tagCommit: (r) =>
    typeof r.json.target_commitish === 'string' && /^[0-9a-f]{40}$/.test(r.json.target_commitish) ? commitSrc(r.repo, r.json.target_commitish) : null,
  repository: (r) => repoSrc(r.repo),
  releaseAssets: (r, args) =>
    connection('ReleaseAssetConnection', 'releaseAssets', args, arraySource(arr(r.json, 'assets')), (j) => restSrc('ReleaseAsset', r.repo, j)),
};

function latestId(env: Env, repo: RepoRecord): number | null {
  const list = restList(env, 'release', 'GET /repos/{owner}/{repo}/releases', repoParams(repo));
  const all = list.slice(0, list.total());
  const latest = all.find((x) => x.draft !== true && x.prerelease !== true);
  return latest ? num(latest, 'id') : null;
}

/** `ReleaseAsset`. */
export const RELEASE_ASSET_FIELDS: TypeResolvers<RestSrc> = {
  id: (a) => String(a.json.node_id),
  name: (a) => str(a.json, 'name') ?? '',
  contentType: (a) => str(a.json, 'content_type') ?? 'application/octet-stream',
  size: (a) => num(a.json, 'size') ?? 0,
  downloadCount: (a) => num(a.json, 'download_count') ?? 0,
  downloadUrl: (a) => str(a.json, 'browser_download_url'),
  url: (a) => str(a.json, 'browser_download_url'),
  createdAt: (a) => str(a.json, 'created_at'),
  updatedAt: (a) => str(a.json, 'updated_at'),
};

/** `PullRequestCommit`: a commit of a pull request (`GET /repos/{owner}/{repo}/pulls/{pull_number}/commits`). */
export const PULL_COMMIT_FIELDS: TypeResolvers<RestSrc> = {
  id: (c) =>
    Buffer.from(`PullRequestCommit:${c.repo.id}:${c.number}:${String(c.json.sha)}`)
      .toString('base64')
      .replace(/=+$/, ''),
  commit: (c) => commitSrc(c.repo, String(c.json.sha)),
  url: (c, _a, env) => `${env.web}${webRepo(c.repo)}/commit/${String(c.json.sha)}`,
  resourcePath: (c) => `${webRepo(c.repo)}/commit/${String(c.json.sha)}`,
  pullRequest: (c, _a, env) => (c.number !== undefined ? issueAt(env, c.repo, c.number) : null),
};

/** `ReviewRequest`: a requested reviewer (a user or a team) of a pull request. */
export const REVIEW_REQUEST_FIELDS: TypeResolvers<{ pull: IssueSrc; reviewer: Resource; team: boolean }> = {
  id: (r) =>
    Buffer.from(`ReviewRequest:${r.pull.repo.id}:${r.pull.number}:${String(r.reviewer.login ?? r.reviewer.slug)}`)
      .toString('base64')
      .replace(/=+$/, ''),
  asCodeOwner: () => false,
  pullRequest: (r) => r.pull,
  requestedReviewer: (r, _a, env) => (r.team ? { __typename: 'Team', repo: r.pull.repo, json: r.reviewer } : accountSrc(env, String(r.reviewer.login))),
};

/** `Team` (as a requested reviewer names it). */
export const TEAM_FIELDS: TypeResolvers<RestSrc> = {
  name: (t) => str(t.json, 'name') ?? str(t.json, 'slug') ?? '',
  slug: (t) => str(t.json, 'slug') ?? '',
  organization: (t, _a, env) => accountSrc(env, t.repo.ownerLogin),
};

/** REST timeline events → GraphQL timeline item types. */
const EVENT_TYPES: Readonly<Record<string, string>> = {
  commented: 'IssueComment',
  reviewed: 'PullRequestReview',
  labeled: 'LabeledEvent',
  unlabeled: 'UnlabeledEvent',
  closed: 'ClosedEvent',
  reopened: 'ReopenedEvent',
  assigned: 'AssignedEvent',
  unassigned: 'UnassignedEvent',
  milestoned: 'MilestonedEvent',
  demilestoned: 'DemilestonedEvent',
  renamed: 'RenamedTitleEvent',
  locked: 'LockedEvent',
  unlocked: 'UnlockedEvent',
  merged: 'MergedEvent',
  review_requested: 'ReviewRequestedEvent',
  review_request_removed: 'ReviewRequestRemovedEvent',
  review_dismissed: 'ReviewDismissedEvent',
  base_ref_changed: 'BaseRefChangedEvent',
};

/** `IssueTimelineItemsItemType` names of the types (`LABELED_EVENT` for `LabeledEvent`). */
const itemTypeOf = (typename: string) => typename.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();

/** `timelineItems(itemTypes:, since:, ...)`: `GET /repos/{owner}/{repo}/issues/{issue_number}/timeline`, in GitHub's GraphQL types. */
export function timelineItems(env: Env, src: IssueSrc, args: Args) {
  const list = restList(env, 'timeline', 'GET /repos/{owner}/{repo}/issues/{issue_number}/timeline', {
    ...repoParams(src.repo),
    issue_number: String(src.number),
  });
  const toNode = (j: Resource) => {
    const typename = EVENT_TYPES[String(j.event)];
    if (!typename) throw new UnservedFieldError(`${src.__typename}.timelineItems (a '${String(j.event)}' event)`);
    return restSrc(typename, src.repo, j, src.number);
  };
  const connType = src.__typename === 'PullRequest' ? 'PullRequestTimelineItemsConnection' : 'IssueTimelineItemsConnection';
  const types = Array.isArray(args.itemTypes) ? new Set(args.itemTypes as string[]) : undefined;
  const since = typeof args.since === 'string' ? Date.parse(args.since) : Number.NaN;
  if (!types && Number.isNaN(since)) return { ...connection(connType, 'timelineItems', args, list, toNode), updatedAt: str(src.issue, 'updated_at') };
  const all = list
    .slice(0, list.total())
    .filter((j) => !types || types.has(itemTypeOf(EVENT_TYPES[String(j.event)] ?? '')))
    .filter((j) => Number.isNaN(since) || Date.parse(String(j.created_at ?? j.submitted_at ?? '')) >= since);
  return { ...connection(connType, 'timelineItems', args, arraySource(all), toNode), updatedAt: str(src.issue, 'updated_at') };
}

/** Fields of timeline items besides comments and reviews. */
const EVENT: TypeResolvers<RestSrc> = {
  id: (e) => String(e.json.node_id),
  createdAt: (e) => str(e.json, 'created_at'),
  actor: (e, _a, env) => authorOf(env, { user: e.json.actor }),
};

const labelOf = (e: RestSrc) => restSrc('Label', e.repo, obj(e.json, 'label') ?? {});
const subject = (e: RestSrc, env: Env) => (e.number !== undefined ? issueAt(env, e.repo, e.number) : null);

/** Timeline item types by name. */
export const TIMELINE_FIELDS: Readonly<Record<string, TypeResolvers<RestSrc>>> = {
  LabeledEvent: { ...EVENT, label: labelOf, labelable: (e, _a, env) => subject(e, env) },
  UnlabeledEvent: { ...EVENT, label: labelOf, labelable: (e, _a, env) => subject(e, env) },
  ClosedEvent: {
    ...EVENT,
    stateReason: (e) => enumOf(e.json.state_reason),
    closable: (e, _a, env) => subject(e, env),
    closer: () => null,
    url: (e, _a, env) => `${env.web}${webRepo(e.repo)}/issues/${e.number}#event-${num(e.json, 'id')}`,
    resourcePath: (e) => `${webRepo(e.repo)}/issues/${e.number}#event-${num(e.json, 'id')}`,
  },
  ReopenedEvent: { ...EVENT, closable: (e, _a, env) => subject(e, env), stateReason: (e) => enumOf(e.json.state_reason) },
  AssignedEvent: { ...EVENT, assignee: (e, _a, env) => authorOf(env, { user: e.json.assignee }), assignable: (e, _a, env) => subject(e, env) },
  UnassignedEvent: { ...EVENT, assignee: (e, _a, env) => authorOf(env, { user: e.json.assignee }), assignable: (e, _a, env) => subject(e, env) },
  MilestonedEvent: { ...EVENT, milestoneTitle: (e) => str(obj(e.json, 'milestone'), 'title') ?? '', subject: (e, _a, env) => subject(e, env) },
  DemilestonedEvent: { ...EVENT, milestoneTitle: (e) => str(obj(e.json, 'milestone'), 'title') ?? '', subject: (e, _a, env) => subject(e, env) },
  RenamedTitleEvent: {
    ...EVENT,
    previousTitle: (e) => str(obj(e.json, 'rename'), 'from') ?? '',
    currentTitle: (e) => str(obj(e.json, 'rename'), 'to') ?? '',
    subject: (e, _a, env) => subject(e, env),
  },
  LockedEvent: { ...EVENT, lockReason: (e) => enumOf(e.json.lock_reason), lockable: (e, _a, env) => subject(e, env) },
  UnlockedEvent: { ...EVENT, lockable: (e, _a, env) => subject(e, env) },
  MergedEvent: {
    ...EVENT,
    commit: (e) => (typeof e.json.commit_id === 'string' ? commitSrc(e.repo, e.json.commit_id) : null),
    pullRequest: (e, _a, env) => subject(e, env),
    url: (e, _a, env) => `${env.web}${webRepo(e.repo)}/pull/${e.number}#event-${num(e.json, 'id')}`,
    resourcePath: (e) => `${webRepo(e.repo)}/pull/${e.number}#event-${num(e.json, 'id')}`,
  },
  ReviewRequestedEvent: { ...EVENT, requestedReviewer: (e, _a, env) => reviewerOf(env, e), pullRequest: (e, _a, env) => subject(e, env) },
  ReviewRequestRemovedEvent: { ...EVENT, requestedReviewer: (e, _a, env) => reviewerOf(env, e), pullRequest: (e, _a, env) => subject(e, env) },
  ReviewDismissedEvent: {
    ...EVENT,
    dismissalMessage: (e) => str(obj(e.json, 'dismissed_review'), 'dismissal_message'),
    previousReviewState: (e) => enumOf(obj(e.json, 'dismissed_review')?.state) ?? 'COMMENTED',
    pullRequest: (e, _a, env) => subject(e, env),
    review: (e, _a, env) => {
      const id = num(obj(e.json, 'dismissed_review'), 'review_id');
      if (id === null || e.number === undefined) return null;
      const j = restCall(env, 'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}', {
        ...repoParams(e.repo),
        pull_number: String(e.number),
        review_id: String(id),
      }).body as Resource;
      return restSrc('PullRequestReview', e.repo, j, e.number);
    },
  },
  // REST records that the base branch changed, not from which to which: the ref names are not served.
  BaseRefChangedEvent: { ...EVENT, pullRequest: (e, _a, env) => subject(e, env) },
};

/** The requested reviewer of a review-request event: a user, or a team. */
function reviewerOf(env: Env, e: RestSrc) {
  const team = obj(e.json, 'requested_team');
  if (team) return { __typename: 'Team', repo: e.repo, json: team };
  return authorOf(env, { user: e.json.requested_reviewer });
}

/** `timelineItems` connections: the connection's fields plus `filteredCount`, `pageCount`, `updatedAt`. */
export const TIMELINE_CONNECTION_EXTRA: TypeResolvers<{ total: number; nodes: readonly unknown[]; updatedAt: string | null }> = {
  filteredCount: (c) => c.total,
  pageCount: (c) => c.nodes.length,
  updatedAt: (c) => c.updatedAt,
};
