// One state, two APIs: what REST writes GraphQL reads, and the other way round, with the same ids
// (GraphQL `id` = REST `node_id`). Driven with GitHub's own clients: @octokit/graphql and @octokit/rest.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Json, R, type World, gqlErrors, world } from './helpers.js';

const REPO = 'repository(owner: "octo", name: "hello")';

describe('GraphQL over the REST state', () => {
  let w: World;
  beforeEach(() => {
    w = world();
  });
  afterEach(() => {
    w.fakes.uninstall();
  });

  it('issues: REST writes, GraphQL reads (ids, labels, assignees, milestone, comments, state)', async () => {
    const milestone = (await w.rest.issues.createMilestone({ ...R, title: 'v1' })).data;
    const created = (await w.rest.issues.create({ ...R, title: 'Broken', body: 'It fails', labels: ['bug'], assignees: ['octo'], milestone: milestone.number }))
      .data;
    const comment = (await w.rest.issues.createComment({ ...R, issue_number: created.number, body: 'me too' })).data;
    const labels = (await w.rest.issues.listLabelsForRepo(R)).data;
    const got: Json = await w.gql(
      `query ($n: Int!) { ${REPO} { issue(number: $n) { id databaseId number title body state url author { login }
        labels(first: 10) { totalCount nodes { id name color } } assignees(first: 5) { nodes { login } }
        milestone { id number title } comments(first: 10) { totalCount nodes { id databaseId body author { login } } } } } }`,
      { n: created.number },
    );
    const issue = got.repository.issue;
    expect(issue).toMatchObject({
      id: created.node_id,
      databaseId: created.id,
      number: created.number,
      title: 'Broken',
      body: 'It fails',
      state: 'OPEN',
      url: created.html_url,
    });
    expect(issue.labels).toEqual({ totalCount: 1, nodes: [{ id: labels[0]?.node_id, name: 'bug', color: labels[0]?.color }] });
    expect(issue.assignees.nodes).toEqual([{ login: 'octo' }]);
    expect(issue.milestone).toEqual({ id: milestone.node_id, number: milestone.number, title: 'v1' });
    expect(issue.comments).toEqual({
      totalCount: 1,
      nodes: [{ id: comment.node_id, databaseId: comment.id, body: 'me too', author: { login: comment.user?.login } }],
    });

    await w.rest.issues.update({ ...R, issue_number: created.number, state: 'closed', state_reason: 'not_planned' });
    const closed: Json = await w.gql(`{ ${REPO} { issue(number: ${created.number}) { state stateReason closed closedAt } } }`);
    expect(closed.repository.issue).toEqual({ state: 'CLOSED', stateReason: 'NOT_PLANNED', closed: true, closedAt: '2024-05-01T00:00:00.000Z' });
  });

  it('issues: GraphQL writes (create, update, close, reopen, comment, labels), REST reads the same objects', async () => {
    await w.rest.issues.createLabel({ ...R, name: 'bug', color: 'ff0000' });
    await w.rest.issues.createLabel({ ...R, name: 'ui', color: '00ff00' });
    const ids: Json = await w.gql(`{ ${REPO} { id labels(first: 10) { nodes { id name } } } }`);
    const byName = Object.fromEntries(ids.repository.labels.nodes.map((l: Json) => [l.name, l.id]));
    const made: Json = await w.gql(
      `mutation ($input: CreateIssueInput!) { createIssue(input: $input) { clientMutationId issue { id number title labels(first: 5) { nodes { name } } } } }`,
      { input: { repositoryId: ids.repository.id, title: 'From GraphQL', body: 'body', labelIds: [byName.bug], clientMutationId: 'abc' } },
    );
    const issue = made.createIssue.issue;
    expect(made.createIssue.clientMutationId).toBe('abc');
    const viaRest = (await w.rest.issues.get({ ...R, issue_number: issue.number })).data;
    expect(viaRest).toMatchObject({ node_id: issue.id, title: 'From GraphQL', body: 'body', state: 'open', labels: [{ name: 'bug' }] });

    await w.gql(`mutation ($id: ID!) { updateIssue(input: { id: $id, title: "Renamed" }) { issue { title } } }`, { id: issue.id });
    await w.gql(`mutation ($id: ID!, $l: [ID!]!) { addLabelsToLabelable(input: { labelableId: $id, labelIds: $l }) { labelable { ... on Issue { id } } } }`, {
      id: issue.id,
      l: [byName.ui],
    });
    await w.gql(`mutation ($id: ID!, $l: [ID!]!) { removeLabelsFromLabelable(input: { labelableId: $id, labelIds: $l }) { clientMutationId } }`, {
      id: issue.id,
      l: [byName.bug],
    });
    const comment: Json = await w.gql(`mutation ($id: ID!) { addComment(input: { subjectId: $id, body: "noted" }) { commentEdge { node { id body url } } } }`, {
      id: issue.id,
    });
    const closed: Json = await w.gql(`mutation ($id: ID!) { closeIssue(input: { issueId: $id, stateReason: NOT_PLANNED }) { issue { state stateReason } } }`, {
      id: issue.id,
    });
    expect(closed.closeIssue.issue).toEqual({ state: 'CLOSED', stateReason: 'NOT_PLANNED' });

    const after = (await w.rest.issues.get({ ...R, issue_number: issue.number })).data;
    expect(after).toMatchObject({ title: 'Renamed', state: 'closed', state_reason: 'not_planned', comments: 1 });
    expect(after.labels.map((l) => (typeof l === 'string' ? l : l.name))).toEqual(['ui']);
    const comments = (await w.rest.issues.listComments({ ...R, issue_number: issue.number })).data;
    expect(comments.map((c) => [c.node_id, c.body, c.html_url])).toEqual([
      [comment.addComment.commentEdge.node.id, 'noted', comment.addComment.commentEdge.node.url],
    ]);
    const events = (await w.rest.issues.listEvents({ ...R, issue_number: issue.number })).data.map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['labeled', 'renamed', 'unlabeled', 'closed']));

    await w.gql(`mutation ($id: ID!) { reopenIssue(input: { issueId: $id }) { issue { state } } }`, { id: issue.id });
    expect((await w.rest.issues.get({ ...R, issue_number: issue.number })).data.state).toBe('open');
  });

  it('pull requests: REST and GraphQL see one pull (create, read, review, merge) with equal ids', async () => {
    w.fakes.codeHosting.seed.commit({ ...R, branch: 'feature', files: { 'a.txt': 'a\n' }, message: 'Add a' });
    // Opened by the repository's owner: the caller (octocat) may approve it.
    w.fakes.codeHosting.seed.pullRequest({ ...R, title: 'Add a', head: 'feature' });
    const pr = (await w.rest.pulls.get({ ...R, pull_number: 1 })).data;
    const read: Json = await w.gql(
      `{ ${REPO} { pullRequest(number: ${pr.number}) { id databaseId state headRefName baseRefName headRefOid isDraft merged mergeable
        commits(first: 5) { totalCount nodes { commit { oid messageHeadline } } } } } }`,
    );
    expect(read.repository.pullRequest).toMatchObject({
      id: pr.node_id,
      databaseId: pr.id,
      state: 'OPEN',
      headRefName: 'feature',
      baseRefName: 'main',
      headRefOid: pr.head.sha,
      isDraft: false,
      merged: false,
      mergeable: 'MERGEABLE',
      commits: { totalCount: 1, nodes: [{ commit: { oid: pr.head.sha, messageHeadline: 'Add a' } }] },
    });
    const review: Json = await w.gql(
      `mutation ($id: ID!) { addPullRequestReview(input: { pullRequestId: $id, event: APPROVE, body: "LGTM" }) { pullRequestReview { id state body } } }`,
      {
        id: pr.node_id,
      },
    );
    const reviews = (await w.rest.pulls.listReviews({ ...R, pull_number: pr.number })).data;
    expect(reviews.map((r) => [r.node_id, r.state, r.body])).toEqual([[review.addPullRequestReview.pullRequestReview.id, 'APPROVED', 'LGTM']]);

    const merged: Json = await w.gql(
      `mutation ($id: ID!) { mergePullRequest(input: { pullRequestId: $id, mergeMethod: SQUASH }) { pullRequest { state merged mergeCommit { oid } } } }`,
      {
        id: pr.node_id,
      },
    );
    const rest = (await w.rest.pulls.get({ ...R, pull_number: pr.number })).data;
    expect(rest).toMatchObject({ merged: true, state: 'closed' });
    expect(merged.mergePullRequest.pullRequest).toEqual({ state: 'MERGED', merged: true, mergeCommit: { oid: rest.merge_commit_sha } });
    expect((await w.rest.repos.getBranch({ ...R, branch: 'main' })).data.commit.sha).toBe(rest.merge_commit_sha);
  });

  it('pull requests: GraphQL creates, REST reads; a second pull for the same head is refused as REST refuses it', async () => {
    w.fakes.codeHosting.seed.commit({ ...R, branch: 'topic', files: { 't.txt': 't\n' }, message: 'Topic' });
    const repo: Json = await w.gql(`{ ${REPO} { id } }`);
    const made: Json = await w.gql(
      `mutation ($input: CreatePullRequestInput!) { createPullRequest(input: $input) { pullRequest { id number headRefName baseRefName isDraft } } }`,
      { input: { repositoryId: repo.repository.id, baseRefName: 'main', headRefName: 'topic', title: 'Topic', draft: true } },
    );
    const pull = made.createPullRequest.pullRequest;
    const rest = (await w.rest.pulls.get({ ...R, pull_number: pull.number })).data;
    expect(rest).toMatchObject({ node_id: pull.id, head: { ref: 'topic' }, base: { ref: 'main' }, draft: true, title: 'Topic' });
    const errors = await gqlErrors(
      w.gql(`mutation ($input: CreatePullRequestInput!) { createPullRequest(input: $input) { pullRequest { id } } }`, {
        input: { repositoryId: repo.repository.id, baseRefName: 'main', headRefName: 'topic', title: 'Again' },
      }),
    );
    expect(errors).toEqual([
      expect.objectContaining({ type: 'UNPROCESSABLE', path: ['createPullRequest'], message: expect.stringContaining('A pull request already exists') }),
    ]);
  });

  it('refs: REST creates, GraphQL lists; GraphQL creates and deletes, REST sees it', async () => {
    const main = (await w.rest.git.getRef({ ...R, ref: 'heads/main' })).data;
    await w.rest.git.createRef({ ...R, ref: 'refs/tags/v1', sha: main.object.sha });
    const refs: Json = await w.gql(
      `{ ${REPO} { id refs(refPrefix: "refs/tags/", first: 10) { totalCount nodes { id name prefix target { oid } } } defaultBranchRef { name target { oid } } } }`,
    );
    expect(refs.repository.refs).toEqual({
      totalCount: 1,
      nodes: [{ id: expect.any(String), name: 'v1', prefix: 'refs/tags/', target: { oid: main.object.sha } }],
    });
    expect(refs.repository.defaultBranchRef).toEqual({ name: 'main', target: { oid: main.object.sha } });
    const tag = (await w.rest.git.getRef({ ...R, ref: 'tags/v1' })).data;
    expect(refs.repository.refs.nodes[0].id).toBe(tag.node_id);

    const made: Json = await w.gql(
      `mutation ($r: ID!, $oid: GitObjectID!) { createRef(input: { repositoryId: $r, name: "refs/heads/fix", oid: $oid }) { ref { id name } } }`,
      {
        r: refs.repository.id,
        oid: main.object.sha,
      },
    );
    const fix = (await w.rest.git.getRef({ ...R, ref: 'heads/fix' })).data;
    expect(made.createRef.ref).toEqual({ id: fix.node_id, name: 'fix' });
    await w.gql(`mutation ($id: ID!) { deleteRef(input: { refId: $id }) { clientMutationId } }`, { id: fix.node_id });
    await expect(w.rest.git.getRef({ ...R, ref: 'heads/fix' })).rejects.toMatchObject({ status: 404 });
  });

  it('node(id) finds whatever REST hands out; nodes(ids) answers null and NOT_FOUND for an unknown one', async () => {
    w.fakes.codeHosting.seed.commit({ ...R, branch: 'feature', files: { 'a.txt': 'a\n' }, message: 'Add a' });
    const repo = (await w.rest.repos.get(R)).data;
    const issue = (await w.rest.issues.create({ ...R, title: 'one', labels: ['bug'] })).data;
    const pr = (await w.rest.pulls.create({ ...R, title: 'two', head: 'feature', base: 'main' })).data;
    const comment = (await w.rest.issues.createComment({ ...R, issue_number: 1, body: 'c' })).data;
    const label = (await w.rest.issues.getLabel({ ...R, name: 'bug' })).data;
    const milestone = (await w.rest.issues.createMilestone({ ...R, title: 'm' })).data;
    const review = (await w.rest.pulls.createReview({ ...R, pull_number: pr.number, event: 'COMMENT', body: 'r' })).data;
    const release = (await w.rest.repos.createRelease({ ...R, tag_name: 'v1' })).data;
    const commit = (await w.rest.repos.getCommit({ ...R, ref: 'feature' })).data;
    const user = (await w.rest.users.getByUsername({ username: 'octo' })).data;
    const expected: Array<[string, string]> = [
      [repo.node_id, 'Repository'],
      [issue.node_id, 'Issue'],
      [pr.node_id, 'PullRequest'],
      [comment.node_id, 'IssueComment'],
      [label.node_id, 'Label'],
      [milestone.node_id, 'Milestone'],
      [review.node_id, 'PullRequestReview'],
      [release.node_id, 'Release'],
      [commit.node_id, 'Commit'],
      [user.node_id, 'User'],
    ];
    const got: Json = await w.gql(`query ($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`, { ids: expected.map(([id]) => id) });
    expect(got.nodes).toEqual(expected.map(([id, __typename]) => ({ __typename, id })));

    const missing = await w.raw(`{ node(id: "I_kwDOnope") { id } }`);
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({
      data: { node: null },
      errors: [
        { type: 'NOT_FOUND', path: ['node'], locations: [{ line: 1, column: 3 }], message: "Could not resolve to a node with the global id of 'I_kwDOnope'." },
      ],
    });
  });

  it('a field GitHub lacks is a validation error in GitHub’s shape (HTTP 200, no data)', async () => {
    const q = `query Q { ${REPO} { name noSuchField } }`;
    const res = await w.raw(q);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      errors: [
        {
          path: ['query Q', 'repository', 'noSuchField'],
          extensions: { code: 'undefinedField', typeName: 'Repository', fieldName: 'noSuchField' },
          locations: [{ line: 1, column: q.indexOf('noSuchField') + 1 }],
          message: "Field 'noSuchField' doesn't exist on type 'Repository'",
        },
      ],
    });
    const errors = await gqlErrors(w.gql(`{ ${REPO} { issues(first: 1) { nodes { titel } } } }`));
    expect(errors[0]).toMatchObject({ extensions: { code: 'undefinedField' }, message: "Field 'titel' doesn't exist on type 'Issue'" });
    const args = await gqlErrors(w.gql(`{ ${REPO} { issue(numbr: 1) { id } } }`));
    expect(args.map((e: Json) => e.extensions.code)).toEqual(['argumentNotAccepted', 'missingRequiredArguments']);
    const syntax = await w.raw('{ repository(owner: "octo" name: "hello") { id }');
    expect(syntax.status).toBe(200);
    expect(syntax.body).toEqual({ errors: [expect.objectContaining({ message: 'Unexpected end of document' })] });
    expect((await w.raw('{ }')).body.errors[0].message).toBe('Parse error on "}" (RCURLY) at [1, 3]');
    expect((await w.raw('')).body).toEqual({ errors: [{ message: 'A query attribute must be specified and must be a string.' }] });
  });

  it('a repository or issue that does not exist is NOT_FOUND with GitHub’s message, the rest of the answer kept', async () => {
    const q = `{ a: repository(owner: "octo", name: "nope") { id } b: ${REPO} { name issue(number: 9) { id } } }`;
    const res = await w.raw(q);
    expect(res.body).toEqual({
      data: { a: null, b: { name: 'hello', issue: null } },
      errors: [
        { type: 'NOT_FOUND', path: ['a'], locations: [{ line: 1, column: 3 }], message: "Could not resolve to a Repository with the name 'octo/nope'." },
        {
          type: 'NOT_FOUND',
          path: ['b', 'issue'],
          locations: [{ line: 1, column: q.indexOf('issue(') + 1 }],
          message: 'Could not resolve to an Issue with the number of 9.',
        },
      ],
    });
  });

  it('scenarios and seeds that set up REST state are visible through GraphQL', async () => {
    w.fakes.codeHosting.seed.issue({ ...R, title: 'Seeded', labels: ['bug'], comments: ['first', 'second'] });
    w.fakes.codeHosting.seed.pullRequest({ ...R, head: 'feature', title: 'Seeded PR' });
    const got: Json = await w.gql(
      `{ ${REPO} { issues(first: 5) { nodes { title comments(last: 1) { totalCount nodes { body } } } } pullRequests(first: 5, states: OPEN) { nodes { title headRefName } } } }`,
    );
    expect(got.repository.issues.nodes).toEqual([{ title: 'Seeded', comments: { totalCount: 2, nodes: [{ body: 'second' }] } }]);
    expect(got.repository.pullRequests.nodes).toEqual([{ title: 'Seeded PR', headRefName: 'feature' }]);
  });
});
