// Every field the fake resolves answers what GitHub's schema promises. Generated from the resolver map:
// for each type, one query selects every resolved field of it (reaching the type from the root through
// state built with REST and the seed helpers), and the fake's answer is then checked by graphql-js's
// own execution against GitHub's schema (non-null, lists, enums, Int, Boolean, abstract types), with
// GitHub's custom scalars checked for their formats (DateTime, URI, GitObjectID, ...). The fake's own
// tables play no part in the check.
import { schema as githubSchemaJson } from '@octokit/graphql-schema';
import { Octokit } from '@octokit/rest';
import {
  type DocumentNode,
  type GraphQLField,
  type GraphQLSchema,
  GraphQLScalarType,
  Kind,
  type SelectionSetNode,
  buildClientSchema,
  execute,
  getNamedType,
  isCompositeType,
  isNonNullType,
  isObjectType,
  parse,
  print,
  visit,
} from 'graphql';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOLVERS, resolvedFields } from '../../../src/fakes/code-hosting/graphql/model/resolvers/index.js';
import type { Json } from './helpers.js';

const schema: GraphQLSchema = buildClientSchema(githubSchemaJson.json as never);

/** GitHub's custom scalars and what a value of each looks like. */
const FORMATS: Readonly<Record<string, (v: unknown) => boolean>> = {
  DateTime: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v),
  GitTimestamp: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v),
  Date: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
  // GitHub's `resourcePath` fields are URIs relative to its web origin (`/octo/hello`).
  URI: (v) => typeof v === 'string' && ((URL.canParse(v) && /^https?:\/\//.test(v)) || /^\/[^/]/.test(v)),
  GitObjectID: (v) => typeof v === 'string' && /^[0-9a-f]{40}$/.test(v),
  GitSSHRemote: (v) => typeof v === 'string' && /^git@[^:]+:.+\.git$/.test(v),
  HTML: (v) => typeof v === 'string',
  Base64String: (v) => typeof v === 'string' && /^[A-Za-z0-9+/]*=*$/.test(v),
  BigInt: (v) => typeof v === 'string' && /^-?\d+$/.test(v),
};
for (const [name, ok] of Object.entries(FORMATS)) {
  const t = schema.getType(name);
  if (t instanceof GraphQLScalarType)
    t.serialize = (v: unknown) => {
      if (!ok(v)) throw new TypeError(`${name} cannot represent ${JSON.stringify(v)}`);
      return v;
    };
}

const R = 'repository(owner: "octo", name: "hello")';
const ORG_PR = 'repository(owner: "acme", name: "tools") { pullRequest(number: 1) { %';
const PR = 2;
const MERGED_PR = 3;
const BOT_ISSUE = 4;
const ISSUE = `${R} { issue(number: 1) { %`;
const PULL = `${R} { pullRequest(number: ${PR}) { %`;
const COMMIT = `${R} { object(expression: "feature") { ... on Commit { %`;
const ROLLUP = `${COMMIT.replace('%', 'statusCheckRollup { contexts(first: 10) { nodes { %')}`;

/** Where each type is reached from the root: `%` stands for the selection (closing braces are added). */
const ENTRY: Readonly<Record<string, string>> = {
  Query: '%',
  Repository: `${R} { %`,
  User: 'user(login: "octo") { %',
  Organization: 'organization(login: "acme") { %',
  Bot: `${R} { issue(number: ${BOT_ISSUE}) { author { ... on Bot { %`,
  Issue: ISSUE,
  PullRequest: PULL,
  PullRequestChangedFile: PULL.replace('%', 'files(first: 5) { nodes { %'),
  Label: `${R} { label(name: "bug") { %`,
  Milestone: `${R} { milestone(number: 1) { %`,
  IssueComment: ISSUE.replace('%', 'comments(first: 5) { nodes { %'),
  PullRequestReview: PULL.replace('%', 'reviews(first: 5) { nodes { %'),
  PullRequestCommit: PULL.replace('%', 'commits(first: 5) { nodes { %'),
  ReviewRequest: ORG_PR.replace('%', 'reviewRequests(first: 5) { nodes { %'),
  Team: ORG_PR.replace('%', 'reviewRequests(first: 5) { nodes { requestedReviewer { ... on Team { %'),
  Release: `${R} { latestRelease { %`,
  ReleaseAsset: `${R} { latestRelease { releaseAssets(first: 5) { nodes { %`,
  Commit: COMMIT,
  GitActor: COMMIT.replace('%', 'author { %'),
  Tree: `${R} { object(expression: "main:") { ... on Tree { %`,
  TreeEntry: `${R} { object(expression: "main:") { ... on Tree { entries { %`,
  Blob: `${R} { object(expression: "main:README.md") { ... on Blob { %`,
  Tag: `${R} { ref(qualifiedName: "refs/tags/v2") { target { ... on Tag { %`,
  Ref: `${R} { defaultBranchRef { %`,
  StatusCheckRollup: COMMIT.replace('%', 'statusCheckRollup { %'),
  StatusContext: ROLLUP.replace('%', '... on StatusContext { %'),
  CheckRun: ROLLUP.replace('%', '... on CheckRun { %'),
  CheckSuite: ROLLUP.replace('%', '... on CheckRun { checkSuite { %'),
  WorkflowRun: ROLLUP.replace('%', '... on CheckRun { checkSuite { workflowRun { %'),
  Workflow: ROLLUP.replace('%', '... on CheckRun { checkSuite { workflowRun { workflow { %'),
  ReactionGroup: ISSUE.replace('%', 'reactionGroups { %'),
  ReactingUserConnection: ISSUE.replace('%', 'reactionGroups { users { %'),
  ReactorConnection: ISSUE.replace('%', 'reactionGroups { reactors { %'),
  ReactionConnection: ISSUE.replace('%', 'reactions { %'),
  PageInfo: `${R} { issues(first: 1) { pageInfo { %`,
  RateLimit: 'rateLimit { %',
  RepositoryConnection: 'user(login: "octo") { repositories(first: 5) { %',
  IssueConnection: `${R} { issues(first: 5) { %`,
  PullRequestConnection: `${R} { pullRequests(first: 5) { %`,
  LabelConnection: `${R} { labels(first: 5) { %`,
  MilestoneConnection: `${R} { milestones(first: 5) { %`,
  ReleaseConnection: `${R} { releases(first: 5) { %`,
  ReleaseAssetConnection: `${R} { latestRelease { releaseAssets(first: 5) { %`,
  RepositoryCollaboratorConnection: `${R} { collaborators(first: 5) { %`,
  UserConnection: ISSUE.replace('%', 'assignees(first: 5) { %'),
  IssueCommentConnection: ISSUE.replace('%', 'comments(first: 5) { %'),
  PullRequestReviewConnection: PULL.replace('%', 'reviews(first: 5) { %'),
  PullRequestCommitConnection: PULL.replace('%', 'commits(first: 5) { %'),
  PullRequestChangedFileConnection: PULL.replace('%', 'files(first: 5) { %'),
  ReviewRequestConnection: ORG_PR.replace('%', 'reviewRequests(first: 5) { %'),
  CommitConnection: COMMIT.replace('%', 'parents(first: 5) { %'),
  CommitHistoryConnection: COMMIT.replace('%', 'history(first: 5) { %'),
  RefConnection: `${R} { refs(refPrefix: "refs/heads/", first: 5) { %`,
  StatusCheckRollupContextConnection: COMMIT.replace('%', 'statusCheckRollup { contexts(first: 10) { %'),
  SearchResultItemConnection: 'search(type: ISSUE, query: "repo:octo/hello", first: 5) { %',
  IssueTimelineItemsConnection: ISSUE.replace('%', 'timelineItems(first: 50) { %'),
  PullRequestTimelineItemsConnection: PULL.replace('%', 'timelineItems(first: 50) { %'),
  RepositoryTopicConnection: `${R} { repositoryTopics(first: 5) { %`,
  ProjectCardConnection: ISSUE.replace('%', 'projectCards(first: 5) { %'),
  ProjectV2ItemConnection: ISSUE.replace('%', 'projectItems(first: 5) { %'),
  ProjectV2Connection: `${R} { projectsV2(first: 5) { %`,
  StargazerConnection: `${R} { stargazers(first: 5) { %`,
  FollowerConnection: 'user(login: "octo") { followers(first: 5) { %',
  FollowingConnection: 'user(login: "octocat") { following(first: 5) { %',
};

/** Edge types: their connection's entry with `edges`. */
const EDGES: Readonly<Record<string, string>> = {
  RepositoryEdge: 'RepositoryConnection',
  IssueEdge: 'IssueConnection',
  PullRequestEdge: 'PullRequestConnection',
  LabelEdge: 'LabelConnection',
  MilestoneEdge: 'MilestoneConnection',
  ReleaseEdge: 'ReleaseConnection',
  ReleaseAssetEdge: 'ReleaseAssetConnection',
  RepositoryCollaboratorEdge: 'RepositoryCollaboratorConnection',
  UserEdge: 'UserConnection',
  IssueCommentEdge: 'IssueCommentConnection',
  PullRequestReviewEdge: 'PullRequestReviewConnection',
  PullRequestCommitEdge: 'PullRequestCommitConnection',
  PullRequestChangedFileEdge: 'PullRequestChangedFileConnection',
  ReviewRequestEdge: 'ReviewRequestConnection',
  CommitEdge: 'CommitHistoryConnection',
  RefEdge: 'RefConnection',
  StatusCheckRollupContextEdge: 'StatusCheckRollupContextConnection',
  SearchResultItemEdge: 'SearchResultItemConnection',
  IssueTimelineItemsEdge: 'IssueTimelineItemsConnection',
  PullRequestTimelineItemsEdge: 'PullRequestTimelineItemsConnection',
  RepositoryTopicEdge: 'RepositoryTopicConnection',
  ProjectCardEdge: 'ProjectCardConnection',
  ProjectV2ItemEdge: 'ProjectV2ItemConnection',
  ProjectV2Edge: 'ProjectV2Connection',
  StargazerEdge: 'StargazerConnection',
};

/** Timeline item types: reached through the issue's or the pull request's timeline. */
const TIMELINE_OF: Readonly<Record<string, 'issue' | 'pull'>> = {
  LabeledEvent: 'issue',
  UnlabeledEvent: 'issue',
  ClosedEvent: 'issue',
  ReopenedEvent: 'issue',
  AssignedEvent: 'issue',
  UnassignedEvent: 'issue',
  MilestonedEvent: 'issue',
  DemilestonedEvent: 'issue',
  RenamedTitleEvent: 'issue',
  LockedEvent: 'issue',
  UnlockedEvent: 'issue',
  MergedEvent: 'pull',
  ReviewRequestedEvent: 'pull',
  ReviewRequestRemovedEvent: 'pull',
  ReviewDismissedEvent: 'pull',
  BaseRefChangedEvent: 'pull',
};

/** Mutations and their payloads are walked by the mutations test. */
const isPayload = (type: string) => type.endsWith('Payload') || type === 'Mutation' || type === 'IssueTimelineItemEdge';

function entryOf(type: string): string | undefined {
  if (ENTRY[type]) return ENTRY[type];
  const conn = EDGES[type];
  if (conn && ENTRY[conn]) return (ENTRY[conn] as string).replace('%', 'edges { %');
  const where = TIMELINE_OF[type];
  if (where === 'issue') return ISSUE.replace('%', `timelineItems(first: 50) { nodes { ... on ${type} { %`);
  if (where === 'pull') return `${R} { pullRequest(number: ${type === 'MergedEvent' ? MERGED_PR : PR}) { timelineItems(first: 50) { nodes { ... on ${type} { %`;
  return undefined;
}

/** Values of required (and some optional) arguments. */
function argsOf(type: string, field: GraphQLField<unknown, unknown>, ids: Record<string, string>): string {
  const out: string[] = [];
  const sample: Record<string, string> = {
    owner: '"octo"',
    name: type === 'Query' ? '"hello"' : '"bug"',
    login: field.name === 'organization' ? '"acme"' : '"octo"',
    number: field.name === 'pullRequest' ? String(PR) : '1',
    tagName: '"v1"',
    qualifiedName: '"main"',
    expression: '"main"',
    refPrefix: '"refs/heads/"',
    query: '"repo:octo/hello"',
    type: 'ISSUE',
    id: `"${ids.issue}"`,
    ids: `["${ids.issue}", "${ids.repo}"]`,
  };
  for (const a of field.args) {
    if (a.name === 'first') out.push('first: 5');
    else if (isNonNullType(a.type) && a.defaultValue === undefined) {
      const v = sample[a.name];
      if (v === undefined) throw new Error(`no sample value for ${type}.${field.name}(${a.name})`);
      out.push(`${a.name}: ${v}`);
    }
  }
  return out.length ? `(${out.join(', ')})` : '';
}

/** Every resolved field of a type, each once (objects selected by `__typename`). */
function selectionOf(type: string, ids: Record<string, string>): string {
  const t = schema.getType(type);
  if (!t || !isObjectType(t)) throw new Error(`${type} is no object type of GitHub's schema`);
  return Object.keys(RESOLVERS[type] ?? {})
    .map((name) => {
      const f = t.getFields()[name];
      if (!f) throw new Error(`${type}.${name} is no field of GitHub's schema`);
      return `${name}${argsOf(type, f, ids)}${isCompositeType(getNamedType(f.type)) ? ' { __typename }' : ''}`;
    })
    .join(' ');
}

/** Adds `__typename` to every selection set (abstract types need it to be checked). */
function withTypenames(doc: DocumentNode): DocumentNode {
  return visit(doc, {
    SelectionSet(node: SelectionSetNode) {
      if (node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename')) return undefined;
      return { ...node, selections: [{ kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } }, ...node.selections] };
    },
  });
}

/**
 * The oracle: runs the document with graphql-js against GitHub's schema, every field answering what the
 * fake answered under its response key. Any value the schema does not allow is an execution error.
 * Answers the errors and the `Type.field`s that held a value.
 */
function check(doc: DocumentNode, data: Json, variables: Record<string, unknown>): { errors: string[]; seen: Set<string> } {
  const seen = new Set<string>();
  const result = execute({
    schema,
    document: doc,
    rootValue: data,
    variableValues: variables,
    fieldResolver: (source, _args, _ctx, info) => {
      seen.add(`${info.parentType.name}.${info.fieldName}`);
      return (source as Json)[info.path.key];
    },
    typeResolver: (v) => (v as Json).__typename,
  });
  if (result instanceof Promise) throw new Error('synchronous execution expected');
  return { errors: (result.errors ?? []).map((e) => `${e.path?.join('.')}: ${e.message}`), seen };
}

describe('every resolved field answers what GitHub’s schema promises', () => {
  let fakes: Fakes;
  let token: string;
  const ids: Record<string, string> = {};
  const covered = new Set<string>();

  const post = async (query: string, variables: Record<string, unknown> = {}): Promise<Json> => {
    const res = await fakes.fetch('https://api.github.com/graphql', {
      method: 'POST',
      headers: { authorization: `token ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    return res.json();
  };

  /** Runs a document, requires a clean answer, checks it with the oracle; answers the data. */
  const walk = async (text: string, variables: Record<string, unknown> = {}): Promise<Json> => {
    const doc = withTypenames(parse(text));
    const body = await post(print(doc), variables);
    expect(JSON.stringify(body.errors), text).toBeUndefined();
    const checked = check(doc, body.data, variables);
    expect(checked.errors.join('\n'), text).toBe('');
    for (const f of checked.seen) covered.add(f);
    return body.data;
  };

  beforeAll(async () => {
    fakes = createFakes({ clock: '2024-05-01T00:00:00Z' }).install();
    token = fakes.codeHosting.seed.token({ type: 'classic', scopes: ['repo', 'admin:org', 'user', 'workflow'] });
    const bot = fakes.codeHosting.seed.token({ type: 'installation', permissions: { issues: 'write', metadata: 'read' } });
    const rest = new Octokit({ auth: token, request: { retries: 0 } });
    const o = { owner: 'octo', repo: 'hello' };
    fakes.codeHosting.seed.repo(o);
    fakes.codeHosting.seed.repo({ owner: 'acme', repo: 'tools', ownerType: 'Organization' });
    fakes.codeHosting.seed.file({ ...o, path: 'README.md', content: '# hello\n' });
    fakes.codeHosting.seed.commit({ ...o, branch: 'feature', files: { 'a.txt': 'a\n' }, message: 'Add a\n\nWith a body.' });
    fakes.codeHosting.seed.commit({ ...o, branch: 'two', files: { 'b.txt': 'b\n' }, message: 'Add b' });
    const main = (await rest.git.getRef({ ...o, ref: 'heads/main' })).data.object.sha;
    await rest.git.createRef({ ...o, ref: 'refs/heads/dev', sha: main });
    // Issue 1: every kind of issue event.
    const m = (await rest.issues.createMilestone({ ...o, title: 'v1', due_on: '2024-06-01T00:00:00Z' })).data;
    await rest.issues.createLabel({ ...o, name: 'bug', color: 'd73a4a', description: 'Something is broken' });
    const issue = (await rest.issues.create({ ...o, title: 'Broken', body: 'It **fails**', labels: ['bug'], assignees: ['octo'], milestone: m.number })).data;
    ids.issue = issue.node_id;
    await rest.issues.addLabels({ ...o, issue_number: 1, labels: ['ui'] });
    await rest.issues.removeLabel({ ...o, issue_number: 1, name: 'ui' });
    await rest.issues.addAssignees({ ...o, issue_number: 1, assignees: ['mona'] });
    await rest.issues.removeAssignees({ ...o, issue_number: 1, assignees: ['mona'] });
    await rest.issues.update({ ...o, issue_number: 1, title: 'Broken start', milestone: null });
    await rest.issues.update({ ...o, issue_number: 1, milestone: m.number });
    await rest.issues.lock({ ...o, issue_number: 1, lock_reason: 'resolved' });
    await rest.issues.unlock({ ...o, issue_number: 1 });
    await rest.issues.update({ ...o, issue_number: 1, state: 'closed' });
    await rest.issues.update({ ...o, issue_number: 1, state: 'open' });
    await rest.issues.createComment({ ...o, issue_number: 1, body: 'Seen it too' });
    await rest.reactions.createForIssue({ ...o, issue_number: 1, content: 'heart' });
    // Pull 2: open, with a commit, reviews (one dismissed), review requests, a status and a check run.
    fakes.codeHosting.seed.pullRequest({ ...o, head: 'feature', title: 'Add a', body: 'Adds a' });
    await rest.pulls.createReview({ ...o, pull_number: PR, event: 'COMMENT', body: 'Looks fine' });
    const changes = (await rest.pulls.createReview({ ...o, pull_number: PR, event: 'REQUEST_CHANGES', body: 'Fix it' })).data;
    await rest.pulls.dismissReview({ ...o, pull_number: PR, review_id: changes.id, message: 'Stale' });
    await rest.repos.addCollaborator({ ...o, username: 'mona', permission: 'push' });
    await rest.pulls.requestReviewers({ ...o, pull_number: PR, reviewers: ['mona'] });
    await rest.pulls.removeRequestedReviewers({ ...o, pull_number: PR, reviewers: ['mona'] });
    await rest.pulls.update({ ...o, pull_number: PR, base: 'dev' });
    await rest.pulls.update({ ...o, pull_number: PR, base: 'main' });
    fakes.codeHosting.seed.workflowRun({
      ...o,
      workflow: 'ci.yml',
      workflowName: 'CI',
      branch: 'feature',
      conclusion: 'success',
      jobs: [{ name: 'test', conclusion: 'success' }],
    });
    const head = (await rest.pulls.get({ ...o, pull_number: PR })).data.head.sha;
    await rest.repos.createCommitStatus({ ...o, sha: head, state: 'success', context: 'ci/test', target_url: 'https://ci.example.com/1', description: 'ok' });
    await rest.checks.create({ ...o, name: 'build', head_sha: head, status: 'completed', conclusion: 'success', details_url: 'https://ci.example.com/2' });
    // Pull 3: merged. Issue 4: opened by an app (a Bot).
    fakes.codeHosting.seed.pullRequest({ ...o, head: 'two', title: 'Add b', merged: true });
    const byBot = await fakes.fetch('https://api.github.com/repos/octo/hello/issues', {
      method: 'POST',
      headers: { authorization: `token ${bot}` },
      body: '{"title":"From an app"}',
    });
    expect(byBot.status).toBe(201);
    // Releases, an annotated tag, stars, follows, a fork, an organization's team reviewing.
    fakes.codeHosting.seed.release({ ...o, tag: 'v1', name: 'One', body: 'First', assets: [{ name: 'app.zip', content: 'zip' }] });
    const tag = (
      await rest.git.createTag({
        ...o,
        tag: 'v2',
        message: 'Two',
        object: main,
        type: 'commit',
        tagger: { name: 'Octo', email: 'o@example.com', date: '2024-05-01T00:00:00Z' },
      })
    ).data;
    await rest.git.createRef({ ...o, ref: 'refs/tags/v2', sha: tag.sha });
    await rest.activity.starRepoForAuthenticatedUser(o);
    await rest.users.follow({ username: 'octo' });
    await rest.repos.createFork(o);
    await rest.teams.create({ org: 'acme', name: 'core' });
    fakes.codeHosting.seed.pullRequest({ owner: 'acme', repo: 'tools', head: 'topic', title: 'Team review' });
    await rest.pulls.requestReviewers({ owner: 'acme', repo: 'tools', pull_number: 1, team_reviewers: ['core'] });
    ids.repo = (await rest.repos.get(o)).data.node_id;
  });
  afterAll(() => fakes.uninstall());

  it('the resolver map names only types and fields of GitHub’s schema', () => {
    for (const f of resolvedFields()) {
      const [type, field] = f.split('.') as [string, string];
      const t = schema.getType(type);
      expect(t && isObjectType(t) ? Object.keys(t.getFields()) : [], f).toContain(field);
    }
  });

  const types = Object.keys(RESOLVERS).filter((t) => !isPayload(t));
  it.each(types)('%s', async (type) => {
    const entry = entryOf(type);
    expect(entry, `no way to reach ${type} in this test: add it to ENTRY`).toBeDefined();
    const text = (entry as string).replace('%', selectionOf(type, ids));
    const depth = (text.match(/\{/g) ?? []).length - (text.match(/\}/g) ?? []).length;
    await walk(`{ ${text}${' }'.repeat(depth)} }`);
  });

  it('mutations and their payloads', async () => {
    const repo: Json = await walk(`{ ${R} { id label(name: "bug") { id } milestone(number: 1) { id } defaultBranchRef { target { oid } } } viewer { id } }`);
    const r = repo.repository;
    const payload = (type: string) => selectionOf(type, ids);
    const run = (field: string, input: Record<string, unknown>, type: string) =>
      walk(`mutation ($input: ${field[0]?.toUpperCase()}${field.slice(1)}Input!) { ${field}(input: $input) { ${payload(type)} } }`, {
        input: { clientMutationId: 'walk', ...input },
      });
    const created: Json = await run(
      'createIssue',
      { repositoryId: r.id, title: 'Walk', labelIds: [r.label.id], milestoneId: r.milestone.id },
      'CreateIssuePayload',
    );
    const num = (await post(`{ ${R} { issues(last: 1) { nodes { id number } } } }`)).data.repository.issues.nodes[0];
    expect(created.createIssue.issue).toEqual({ __typename: 'Issue' });
    await run('updateIssue', { id: num.id, title: 'Walked' }, 'UpdateIssuePayload');
    await run('addComment', { subjectId: num.id, body: 'hi' }, 'AddCommentPayload');
    await walk(
      `mutation ($id: ID!) { addComment(input: { subjectId: $id, body: "again" }) { timelineEdge { ${selectionOf('IssueTimelineItemEdge', ids)} } } }`,
      { id: num.id },
    );
    await run('addLabelsToLabelable', { labelableId: num.id, labelIds: [r.label.id] }, 'AddLabelsToLabelablePayload');
    await run('removeLabelsFromLabelable', { labelableId: num.id, labelIds: [r.label.id] }, 'RemoveLabelsFromLabelablePayload');
    await run('closeIssue', { issueId: num.id }, 'CloseIssuePayload');
    await run('reopenIssue', { issueId: num.id }, 'ReopenIssuePayload');
    fakes.codeHosting.seed.commit({ owner: 'octo', repo: 'hello', branch: 'walk', files: { 'w.txt': 'w\n' }, message: 'Walk' });
    await run('createPullRequest', { repositoryId: r.id, baseRefName: 'main', headRefName: 'walk', title: 'Walk PR' }, 'CreatePullRequestPayload');
    const pull = (await post(`{ ${R} { pullRequests(last: 1) { nodes { id } } } }`)).data.repository.pullRequests.nodes[0];
    await run('addPullRequestReview', { pullRequestId: pull.id, event: 'COMMENT', body: 'ok' }, 'AddPullRequestReviewPayload');
    await run('mergePullRequest', { pullRequestId: pull.id }, 'MergePullRequestPayload');
    await run('createRef', { repositoryId: r.id, name: 'refs/heads/walked', oid: r.defaultBranchRef.target.oid }, 'CreateRefPayload');
    const ref = (await post(`{ ${R} { ref(qualifiedName: "refs/heads/walked") { id } } }`)).data.repository.ref;
    await run('deleteRef', { refId: ref.id }, 'DeleteRefPayload');
  });

  it('every resolved field was answered and checked', () => {
    // Edges of lists the fake holds nothing in (classic project cards, Projects, topics): answered, always empty.
    const alwaysEmpty = /^(ProjectCardEdge|ProjectV2Edge|ProjectV2ItemEdge|RepositoryTopicEdge)\./;
    expect(resolvedFields().filter((f) => !covered.has(f) && !alwaysEmpty.test(f))).toEqual([]);
  });
});
