import { CONNECTION_FIELDS, EDGE_FIELDS, PAGE_INFO_FIELDS } from '../connections.js';
import type { ResolverMap, TypeResolvers } from '../types.js';
import { WORKFLOW_FIELDS, WORKFLOW_RUN_FIELDS } from './actions.js';
import { BOT_FIELDS, ORGANIZATION_FIELDS, USER_FIELDS } from './actors.js';
import { COUNT_FIELDS, REACTION_GROUP_FIELDS } from './common.js';
import {
  BLOB_FIELDS,
  CHECK_RUN_FIELDS,
  CHECK_SUITE_FIELDS,
  COMMIT_FIELDS,
  GIT_ACTOR_FIELDS,
  REF_FIELDS,
  ROLLUP_FIELDS,
  STATUS_CONTEXT_FIELDS,
  TAG_FIELDS,
  TREE_ENTRY_FIELDS,
  TREE_FIELDS,
} from './git.js';
import { CHANGED_FILE_FIELDS, ISSUE_FIELDS, PULL_REQUEST_FIELDS } from './issue.js';
import { MUTATION_FIELDS, PAYLOAD_FIELDS } from './mutations.js';
import {
  ISSUE_COMMENT_FIELDS,
  LABEL_FIELDS,
  MILESTONE_FIELDS,
  PULL_COMMIT_FIELDS,
  RELEASE_ASSET_FIELDS,
  RELEASE_FIELDS,
  REVIEW_FIELDS,
  REVIEW_REQUEST_FIELDS,
  TEAM_FIELDS,
  TIMELINE_CONNECTION_EXTRA,
  TIMELINE_FIELDS,
} from './objects.js';
import { QUERY_FIELDS, RATE_LIMIT_FIELDS, SEARCH_COUNT_FIELDS } from './query.js';
import { REPOSITORY_FIELDS } from './repository.js';

/**
 * Every field the fake resolves, by type: the one list the executor consults (a field missing here is
 * answered as not served), the docs print, and the schema test walks.
 */

/** Connections with their edge types: each pages a list of the REST side. */
const CONNECTIONS: ReadonlyArray<[connection: string, edge: string]> = [
  ['RepositoryConnection', 'RepositoryEdge'],
  ['IssueConnection', 'IssueEdge'],
  ['PullRequestConnection', 'PullRequestEdge'],
  ['LabelConnection', 'LabelEdge'],
  ['MilestoneConnection', 'MilestoneEdge'],
  ['ReleaseConnection', 'ReleaseEdge'],
  ['ReleaseAssetConnection', 'ReleaseAssetEdge'],
  ['RepositoryCollaboratorConnection', 'RepositoryCollaboratorEdge'],
  ['UserConnection', 'UserEdge'],
  ['IssueCommentConnection', 'IssueCommentEdge'],
  ['PullRequestReviewConnection', 'PullRequestReviewEdge'],
  ['PullRequestCommitConnection', 'PullRequestCommitEdge'],
  ['PullRequestChangedFileConnection', 'PullRequestChangedFileEdge'],
  ['ReviewRequestConnection', 'ReviewRequestEdge'],
  ['CommitConnection', 'CommitEdge'],
  ['CommitHistoryConnection', 'CommitEdge'],
  ['RefConnection', 'RefEdge'],
  ['StatusCheckRollupContextConnection', 'StatusCheckRollupContextEdge'],
  ['SearchResultItemConnection', 'SearchResultItemEdge'],
  ['IssueTimelineItemsConnection', 'IssueTimelineItemsEdge'],
  ['PullRequestTimelineItemsConnection', 'PullRequestTimelineItemsEdge'],
  ['RepositoryTopicConnection', 'RepositoryTopicEdge'],
  ['ProjectCardConnection', 'ProjectCardEdge'],
  ['ProjectV2ItemConnection', 'ProjectV2ItemEdge'],
  ['ProjectV2Connection', 'ProjectV2Edge'],
  ['StargazerConnection', 'StargazerEdge'],
  ['FollowerConnection', 'UserEdge'],
  ['FollowingConnection', 'UserEdge'],
];

const connectionTypes: Record<string, TypeResolvers<never>> = {};
for (const [conn, edge] of CONNECTIONS) {
  connectionTypes[conn] = CONNECTION_FIELDS as TypeResolvers<never>;
  connectionTypes[edge] = EDGE_FIELDS as TypeResolvers<never>;
}

// A search counts its hits per type (`issueCount`, ...): GitHub's search connection has no `totalCount`.
const { totalCount: _total, ...withoutTotal } = CONNECTION_FIELDS;

/** The resolver map of the GraphQL fake. */
export const RESOLVERS: ResolverMap = {
  Query: QUERY_FIELDS,
  Mutation: MUTATION_FIELDS,
  Repository: REPOSITORY_FIELDS,
  User: USER_FIELDS,
  Organization: ORGANIZATION_FIELDS,
  Bot: BOT_FIELDS,
  Issue: ISSUE_FIELDS,
  PullRequest: PULL_REQUEST_FIELDS,
  PullRequestChangedFile: CHANGED_FILE_FIELDS,
  Label: LABEL_FIELDS,
  Milestone: MILESTONE_FIELDS,
  IssueComment: ISSUE_COMMENT_FIELDS,
  PullRequestReview: REVIEW_FIELDS,
  PullRequestCommit: PULL_COMMIT_FIELDS,
  ReviewRequest: REVIEW_REQUEST_FIELDS,
  Team: TEAM_FIELDS,
  Release: RELEASE_FIELDS,
  ReleaseAsset: RELEASE_ASSET_FIELDS,
  Commit: COMMIT_FIELDS,
  GitActor: GIT_ACTOR_FIELDS,
  Tree: TREE_FIELDS,
  TreeEntry: TREE_ENTRY_FIELDS,
  Blob: BLOB_FIELDS,
  Tag: TAG_FIELDS,
  Ref: REF_FIELDS,
  StatusCheckRollup: ROLLUP_FIELDS,
  StatusContext: STATUS_CONTEXT_FIELDS,
  CheckRun: CHECK_RUN_FIELDS,
  CheckSuite: CHECK_SUITE_FIELDS,
  WorkflowRun: WORKFLOW_RUN_FIELDS,
  Workflow: WORKFLOW_FIELDS,
  ReactionGroup: REACTION_GROUP_FIELDS,
  ReactingUserConnection: COUNT_FIELDS,
  ReactorConnection: COUNT_FIELDS,
  ReactionConnection: COUNT_FIELDS,
  PageInfo: PAGE_INFO_FIELDS,
  RateLimit: RATE_LIMIT_FIELDS,
  ...connectionTypes,
  RepositoryCollaboratorEdge: { ...EDGE_FIELDS, permission: (e: { permission?: unknown }) => e.permission ?? 'READ' } as TypeResolvers<never>,
  SearchResultItemConnection: { ...withoutTotal, ...SEARCH_COUNT_FIELDS } as TypeResolvers<never>,
  IssueTimelineItemsConnection: { ...CONNECTION_FIELDS, ...TIMELINE_CONNECTION_EXTRA } as TypeResolvers<never>,
  PullRequestTimelineItemsConnection: { ...CONNECTION_FIELDS, ...TIMELINE_CONNECTION_EXTRA } as TypeResolvers<never>,
  IssueTimelineItemEdge: EDGE_FIELDS,
  ...TIMELINE_FIELDS,
  ...PAYLOAD_FIELDS,
};

/**
 * Connections the fake answers always empty (it holds no classic project cards, Projects or topics):
 * what a query selects inside their items is never resolved, so it is not reported as unserved.
 */
export const ALWAYS_EMPTY: ReadonlySet<string> = new Set([
  'ProjectCardConnection',
  'ProjectV2ItemConnection',
  'ProjectV2Connection',
  'RepositoryTopicConnection',
]);

/** `Type.field` of every resolved field, sorted (the docs list and the schema test read it). */
export function resolvedFields(): string[] {
  return Object.entries(RESOLVERS)
    .flatMap(([type, fields]) => Object.keys(fields).map((f) => `${type}.${f}`))
    .sort();
}
