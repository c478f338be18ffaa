// The GraphQL endpoint as a whole: authentication and permissions like REST, pagination with GitHub's
// rules and messages, the `graphql` rate-limit resource and its point cost, the journal (operation
// names, unserved fields as unmatched calls), search, GitHub Enterprise Server's URL, lazy loading.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { graphql as octokitGraphql } from '@octokit/graphql';
import { createFakes } from 'stuntdouble';
import 'stuntdouble/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { type Json, R, type World, gqlErrors, world } from './helpers.js';

const REPO = 'repository(owner: "octo", name: "hello")';
let w: World;
afterEach(() => {
  w?.fakes.uninstall();
});

describe('authentication and permissions', () => {
  it('no token: 401 with GitHub’s GraphQL body, in lenient mode too; an unseeded token in strict mode: Bad credentials', async () => {
    w = world();
    const anon = await w.raw('{ viewer { login } }', {}, null);
    expect(anon.status).toBe(401);
    expect(anon.body).toMatchObject({
      message: 'This endpoint requires you to be authenticated.',
      documentation_url: 'https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql',
    });
    w.fakes.uninstall();
    w = world({ auth: 'strict' });
    const bad = await w.raw('{ viewer { login } }', {}, 'ghp_nobody');
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ message: 'Bad credentials', documentation_url: 'https://docs.github.com/graphql' });
    const token = w.fakes.codeHosting.seed.token({ type: 'classic', scopes: ['repo'], login: 'octo' });
    const ok = await w.raw('{ viewer { login } }', {}, token);
    expect(ok.body).toEqual({ data: { viewer: { login: 'octo' } } });
  });

  it('a read-only fine-grained token reads issues and gets FORBIDDEN on createIssue, as REST refuses it', async () => {
    w = world();
    w.fakes.codeHosting.seed.issue({ ...R, title: 'Seeded' });
    const token = w.fakes.codeHosting.seed.token({ type: 'fine-grained', permissions: { issues: 'read', metadata: 'read' } });
    const gql = octokitGraphql.defaults({ headers: { authorization: `token ${token}` } });
    const read: Json = await gql(`{ ${REPO} { id issues(first: 5) { nodes { title } } } }`);
    expect(read.repository.issues.nodes).toEqual([{ title: 'Seeded' }]);
    const errors = await gqlErrors(
      gql('mutation ($r: ID!) { createIssue(input: { repositoryId: $r, title: "x" }) { issue { id } } }', { r: read.repository.id }),
    );
    expect(errors).toEqual([
      expect.objectContaining({ type: 'FORBIDDEN', path: ['createIssue'], message: 'Resource not accessible by personal access token' }),
    ]);
    const rest = await w.fakes.fetch('https://api.github.com/repos/octo/hello/issues', {
      method: 'POST',
      headers: { authorization: `token ${token}` },
      body: '{"title":"x"}',
    });
    expect(rest.status).toBe(403);
    expect(w.fakes.state.codeHosting.issueIndex.repos['/repos/octo/hello']).toBeDefined();
  });

  it('a private repository the token may not see is NOT_FOUND, as REST answers 404', async () => {
    w = world();
    w.fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'secret', private: true });
    const token = w.fakes.codeHosting.seed.token({ type: 'fine-grained', permissions: { issues: 'write' }, repositories: ['octo/hello'] });
    const res = await w.raw('{ repository(owner: "octo", name: "secret") { id } }', {}, token);
    expect(res.body).toEqual({
      data: { repository: null },
      errors: [
        {
          type: 'NOT_FOUND',
          path: ['repository'],
          locations: [{ line: 1, column: 3 }],
          message: "Could not resolve to a Repository with the name 'octo/secret'.",
        },
      ],
    });
  });

  it('a classic token without the scope: INSUFFICIENT_SCOPES naming the field and the scopes it has', async () => {
    w = world();
    const token = w.fakes.codeHosting.seed.token({ type: 'classic', scopes: ['read:org'] });
    const repo = await w.raw(`{ ${REPO} { id } }`, {}, token);
    const res = await w.raw(
      'mutation ($r: ID!) { createIssue(input: { repositoryId: $r, title: "x" }) { issue { id } } }',
      { r: repo.body.data.repository.id },
      token,
    );
    expect(res.body.errors[0]).toMatchObject({
      type: 'INSUFFICIENT_SCOPES',
      message: expect.stringContaining("The 'createIssue' field requires one of the following scopes"),
    });
    expect(res.body.errors[0].message).toContain("['read:org']");
  });
});

describe('connections', () => {
  it('pages with first/after and last/before, opaque base64 cursors of GitHub’s form, exact totalCount and pageInfo', async () => {
    w = world();
    for (let i = 1; i <= 5; i++) w.fakes.codeHosting.seed.issue({ ...R, title: `issue ${i}` });
    const page = (vars: Record<string, unknown>) =>
      w.gql(
        `query ($first: Int, $last: Int, $after: String, $before: String) { ${REPO} { issues(first: $first, last: $last, after: $after, before: $before) {
        totalCount edges { cursor node { number } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`,
        vars,
      ) as Promise<Json>;
    const one = (await page({ first: 2 })).repository.issues;
    expect(one.totalCount).toBe(5);
    expect(one.edges.map((e: Json) => e.node.number)).toEqual([1, 2]);
    expect(one.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false, startCursor: one.edges[0].cursor, endCursor: one.edges[1].cursor });
    expect(Buffer.from(one.pageInfo.endCursor, 'base64').subarray(0, 10).toString()).toBe('cursor:v2:');
    const two = (await page({ first: 2, after: one.pageInfo.endCursor })).repository.issues;
    expect(two.edges.map((e: Json) => e.node.number)).toEqual([3, 4]);
    expect(two.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const three = (await page({ first: 2, after: two.pageInfo.endCursor })).repository.issues;
    expect(three.edges.map((e: Json) => e.node.number)).toEqual([5]);
    expect(three.pageInfo.hasNextPage).toBe(false);
    const last = (await page({ last: 2 })).repository.issues;
    expect(last.edges.map((e: Json) => e.node.number)).toEqual([4, 5]);
    const before = (await page({ last: 2, before: last.pageInfo.startCursor })).repository.issues;
    expect(before.edges.map((e: Json) => e.node.number)).toEqual([2, 3]);
    // The same state pages the same: cursors are deterministic.
    expect((await page({ first: 2 })).repository.issues.pageInfo.endCursor).toBe(one.pageInfo.endCursor);
  });

  it('GitHub’s pagination errors: first/last required for nodes, at most 100, cursors it handed out; totalCount alone needs none', async () => {
    w = world();
    w.fakes.codeHosting.seed.issue({ ...R, title: 'one' });
    expect(await w.gql(`{ ${REPO} { issues { totalCount } } }`)).toEqual({ repository: { issues: { totalCount: 1 } } });
    const missing = await w.raw(`{ ${REPO} { issues { nodes { id } } } }`);
    expect(missing.body).toEqual({
      errors: [
        {
          type: 'MISSING_PAGINATION_BOUNDARIES',
          path: ['repository', 'issues'],
          locations: [{ line: 1, column: 46 }],
          message: 'You must provide a `first` or `last` value to properly paginate the `issues` connection.',
        },
      ],
    });
    const many = await w.raw(`{ ${REPO} { labels(first: 101) { nodes { id } } } }`);
    expect(many.body.errors[0]).toMatchObject({
      type: 'EXCESSIVE_PAGINATION',
      message: 'Requesting 101 records on the `labels` connection exceeds the `first` limit of 100 records.',
    });
    const cursor = await w.raw(`{ ${REPO} { issues(first: 1, after: "nope") { nodes { id } } } }`);
    expect(cursor.body.errors[0]).toMatchObject({
      type: 'INVALID_CURSOR_ARGUMENTS',
      path: ['repository', 'issues'],
      message: '`nope` does not appear to be a valid cursor.',
    });
  });

  it('a query nested deeper than GitHub’s 25 levels is refused before it runs, however deep', async () => {
    w = world();
    const nest = (n: number) => `{ viewer {${' repositories(first: 1) { nodes { owner {'.repeat(n)} login${' } } }'.repeat(n)} } }`;
    expect((await w.raw(nest(7))).body.errors).toBeUndefined();
    expect((await w.raw(nest(8))).body).toEqual({ errors: [{ message: 'Query has depth of 26, which exceeds max depth of 25' }] });
    const deep = await w.raw(nest(5000));
    expect(deep.status).toBe(200);
    expect(deep.body.errors[0].message).toMatch(/^Query has depth of \d+, which exceeds max depth of 25$/);
    expect(w.fakes.errors).toEqual([]);
  });

  it('filters and orders: states, labels (any of them), filterBy, orderBy; pullRequests by head and state MERGED', async () => {
    w = world();
    w.fakes.codeHosting.seed.issue({ ...R, title: 'a', labels: ['bug'] });
    w.fakes.codeHosting.seed.issue({ ...R, title: 'b', labels: ['ui'], assignees: ['octo'] });
    w.fakes.codeHosting.seed.issue({ ...R, title: 'c', state: 'closed' });
    w.fakes.codeHosting.seed.pullRequest({ ...R, head: 'one', title: 'open pr' });
    w.fakes.codeHosting.seed.pullRequest({ ...R, head: 'two', title: 'merged pr', merged: true });
    const got: Json = await w.gql(`{ ${REPO} {
      open: issues(first: 10, states: OPEN, orderBy: { field: CREATED_AT, direction: DESC }) { totalCount nodes { title } }
      labelled: issues(first: 10, labels: ["bug", "ui"]) { nodes { title } }
      mine: issues(first: 10, filterBy: { assignee: "octo" }) { nodes { title } }
      closed: issues(first: 10, states: CLOSED) { nodes { title stateReason } }
      merged: pullRequests(first: 10, states: MERGED) { nodes { title state } }
      byHead: pullRequests(first: 10, headRefName: "one") { nodes { title } }
      allPulls: pullRequests(first: 10) { totalCount } } }`);
    expect(got.repository.open).toEqual({ totalCount: 2, nodes: [{ title: 'b' }, { title: 'a' }] });
    expect(got.repository.labelled.nodes).toEqual([{ title: 'a' }, { title: 'b' }]);
    expect(got.repository.mine.nodes).toEqual([{ title: 'b' }]);
    expect(got.repository.closed.nodes).toEqual([{ title: 'c', stateReason: 'COMPLETED' }]);
    expect(got.repository.merged.nodes).toEqual([{ title: 'merged pr', state: 'MERGED' }]);
    expect(got.repository.byHead.nodes).toEqual([{ title: 'open pr' }]);
    expect(got.repository.allPulls.totalCount).toBe(2);
  });
});

describe('rate limit', () => {
  it('counts points on the graphql resource with GitHub’s cost rule and reports them in rateLimit and GET /rate_limit', async () => {
    w = world();
    const first = await w.raw('{ rateLimit { cost limit remaining used nodeCount resetAt } }');
    expect(first.headers).toMatchObject({
      'x-ratelimit-resource': 'graphql',
      'x-ratelimit-limit': '5000',
      'x-ratelimit-used': '1',
      'x-ratelimit-remaining': '4999',
    });
    expect(first.body.data.rateLimit).toEqual({ cost: 1, limit: 5000, remaining: 4999, used: 1, nodeCount: 0, resetAt: '2024-05-01T01:00:00Z' });
    // GitHub's documented example: 1 + 100 + 5,000 requests → 51 points; 100 + 5,000 + 50,000 nodes.
    const big = await w.raw(
      `{ rateLimit { cost nodeCount } viewer { repositories(first: 100) { nodes { pullRequests(first: 50) { nodes { comments(first: 10) { nodes { id } } } } } } } }`,
    );
    expect(big.body.data.rateLimit).toEqual({ cost: 51, nodeCount: 55100 });
    expect(big.headers['x-ratelimit-used']).toBe('52');
    const rest = await w.fakes.fetch('https://api.github.com/rate_limit', { headers: { authorization: 'token ghp_test' } });
    expect((await rest.json()).resources.graphql).toMatchObject({ limit: 5000, used: 52, remaining: 4948, resource: 'graphql' });
    const tooMany = await w.raw('{ viewer { repositories(first: 100) { nodes { issues(first: 100) { nodes { labels(first: 100) { nodes { id } } } } } } } }');
    expect(tooMany.body).toEqual({
      errors: [{ type: 'MAX_NODE_LIMIT_EXCEEDED', message: 'This query requests up to 1,010,100 possible nodes which exceeds the maximum limit of 500,000.' }],
    });
  });

  it('a query that needs more points than remain is refused with RATE_LIMITED and counts nothing; the window resets on the fake clock', async () => {
    w = world();
    // 1 + 100 + 10,000 requests: 101 points a call.
    const q = '{ viewer { repositories(first: 100) { nodes { issues(first: 100) { nodes { labels(first: 48) { nodes { id } } } } } } } }';
    let last = await w.raw(q);
    while (!last.body.errors) last = await w.raw(q);
    expect(last.body).toEqual({ errors: [{ type: 'RATE_LIMITED', message: expect.stringMatching(/^API rate limit exceeded for user ID \d+\.$/) }] });
    expect(last.status).toBe(200);
    expect(last.headers['x-ratelimit-used']).toBe(String(49 * 101));
    w.fakes.clock.advance('61m');
    expect((await w.raw(q)).headers['x-ratelimit-used']).toBe('101');
  });
});

describe('journal', () => {
  it('journals each call under graphql:<OperationName> (anonymous: graphql:query / graphql:mutation); where() and the matchers take it', async () => {
    w = world();
    await w.gql(`query IssueList { ${REPO} { issues(first: 1) { totalCount } } }`);
    await w.gql('{ viewer { login } }');
    const repo: Json = await w.gql(`{ ${REPO} { id } }`);
    await w.gql('mutation ($r: ID!) { createIssue(input: { repositoryId: $r, title: "t" }) { issue { number } } }', { r: repo.repository.id });
    expect(w.fakes.calls.map((c) => c.operation)).toEqual(['graphql:IssueList', 'graphql:query', 'graphql:query', 'graphql:mutation']);
    expect(w.fakes.calls.where({ operation: 'graphql:IssueList' }).count()).toBe(1);
    expect(w.fakes.calls.where({ operation: 'graphql:NotSentYet' }).count()).toBe(0);
    expect(w.fakes).toHaveReceived('graphql:IssueList');
    expect(w.fakes).toHaveReceivedTimes('graphql:mutation', 1);
    expect(w.fakes).toHaveReceived('POST /graphql', { body: expect.objectContaining({ query: expect.stringContaining('createIssue') }) });
    expect(w.fakes).not.toHaveReceived('graphql:IssueView');
    expect(w.fakes).not.toHaveUnmatched();
  });

  it('a field of GitHub’s schema the fake does not serve answers an error naming it, never a null as data, and is listed as unmatched', async () => {
    w = world();
    const res = await w.raw(`query Conduct { ${REPO} { name codeOfConduct { name } } }`);
    expect(res.body.data).toEqual({ repository: { name: 'hello', codeOfConduct: null } });
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        type: 'UNSERVED_FIELD',
        path: ['repository', 'codeOfConduct'],
        message: expect.stringContaining('`Repository.codeOfConduct`'),
      }),
    ]);
    expect(w.fakes.unmatched).toHaveLength(1);
    expect(w.fakes.unmatched[0]).toMatchObject({ operation: 'graphql:Conduct', note: expect.stringContaining('`Repository.codeOfConduct`') });
    expect(() => expect(w.fakes).not.toHaveUnmatched()).toThrow(/codeOfConduct/);
  });
});

describe('search', () => {
  it('search(type: ISSUE | REPOSITORY | USER) over the state with repo:, is:, state:, label:, user: and words', async () => {
    w = world();
    w.fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'other', description: 'Other things' });
    w.fakes.codeHosting.seed.issue({ ...R, title: 'Crash on start', labels: ['bug'] });
    w.fakes.codeHosting.seed.issue({ ...R, title: 'Docs', state: 'closed' });
    w.fakes.codeHosting.seed.pullRequest({ ...R, head: 'fix', title: 'Fix crash' });
    w.fakes.codeHosting.seed.issue({ owner: 'octo', repo: 'other', title: 'Crash elsewhere' });
    const got: Json = await w.gql(`{
      bugs: search(type: ISSUE, query: "repo:octo/hello is:issue is:open label:bug", first: 10) { issueCount nodes { ... on Issue { title } } }
      crash: search(type: ISSUE, query: "crash user:octo", first: 10) { issueCount nodes { __typename ... on Issue { title } ... on PullRequest { title } } }
      closed: search(type: ISSUE, query: "repo:octo/hello state:closed", first: 10) { issueCount }
      repos: search(type: REPOSITORY, query: "user:octo other", first: 10) { repositoryCount nodes { ... on Repository { nameWithOwner } } }
      users: search(type: USER, query: "octo", first: 10) { userCount nodes { ... on User { login } } } }`);
    expect(got.bugs).toEqual({ issueCount: 1, nodes: [{ title: 'Crash on start' }] });
    expect(got.crash.issueCount).toBe(3);
    expect(got.crash.nodes.map((n: Json) => n.title).sort()).toEqual(['Crash elsewhere', 'Crash on start', 'Fix crash']);
    expect(got.closed.issueCount).toBe(1);
    expect(got.repos).toEqual({ repositoryCount: 1, nodes: [{ nameWithOwner: 'octo/other' }] });
    expect(got.users.nodes).toEqual([{ login: 'octo' }]);
  });
});

describe('where GraphQL answers', () => {
  it('GitHub Enterprise Server: https://<host>/api/graphql next to /api/v3, URLs of that host', async () => {
    const fakes = createFakes({ clock: '2024-05-01T00:00:00Z', codeHosting: { baseUrls: ['https://ghe.example.com/api/v3'] } }).install();
    try {
      fakes.codeHosting.seed.repo({ ...R });
      const gql = octokitGraphql.defaults({ baseUrl: 'https://ghe.example.com/api/v3', headers: { authorization: 'token t' } });
      const got: Json = await gql(`{ ${REPO} { url nameWithOwner } }`);
      expect(got.repository).toEqual({ url: 'https://ghe.example.com/octo/hello', nameWithOwner: 'octo/hello' });
      expect(fakes.calls.last()).toMatchObject({ operation: 'graphql:query', url: 'https://ghe.example.com/api/graphql' });
    } finally {
      fakes.uninstall();
    }
  });

  it('the graphql package and GitHub’s schema load on the first GraphQL request, not when the library is imported', () => {
    const dist = fileURLToPath(new URL('../../../dist/index.cjs', import.meta.url));
    const script = `
      const loaded = () => Object.keys(require.cache).some((k) => /node_modules[\\\\/]graphql[\\\\/]/.test(k));
      const { createFakes } = require(${JSON.stringify(dist)});
      const fakes = createFakes();
      const before = loaded();
      fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
      fakes.fetch('https://api.github.com/graphql', { method: 'POST', headers: { authorization: 'token t' }, body: '{"query":"{ viewer { login } }"}' })
        .then((r) => r.json())
        .then((b) => console.log(JSON.stringify({ before, after: loaded(), body: b })));`;
    const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
    expect(out).toEqual({ before: false, after: true, body: { data: { viewer: { login: 'octocat' } } } });
  });
});
