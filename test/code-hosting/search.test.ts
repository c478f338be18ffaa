import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';

// Search over the fake's state through the real Octokit (`search.issuesAndPullRequests`, `search.repos`,
// `search.users`). Expected values come from GitHub: the qualifiers of its search documentation
// ("Searching issues and pull requests", "Searching for repositories", "Searching users"), the
// `{ total_count, incomplete_results, items }` answer and every item validated against GitHub's OpenAPI
// description (ajv), the 1,000-result cap and its 422 (GitHub's documentation and its answers in public
// reports: `Only the first 1000 search results are available`), the 422 of a missing `q` and of a
// `repo:` naming nothing the caller can see (`The listed users and repositories cannot be searched ...`).

const R = { owner: 'octo', repo: 'hello' } as const;
const o = oracle('api.github.com');

interface Failure {
  status: number;
  data: { message: string; errors?: Array<Record<string, unknown>>; documentation_url?: string };
}

async function failure(p: Promise<unknown>): Promise<Failure> {
  try {
    await p;
  } catch (e) {
    const err = e as { status: number; response: { data: Failure['data'] } };
    return { status: err.status, data: err.response.data };
  }
  throw new Error('expected the request to fail');
}

/** The answer validates as GitHub documents the operation's 200. */
function documented(path: string, data: unknown): void {
  const validate = o.validator(path, 'GET', 200);
  expect(validate, `GET ${path} documents a 200 body`).toBeDefined();
  expect(validate?.(data), JSON.stringify(validate?.errors?.slice(0, 3))).toBe(true);
}

/** A 422 that validates as GitHub's documented body of the operation. */
async function unprocessable(p: Promise<unknown>, path: string): Promise<Failure['data']> {
  const f = await failure(p);
  expect(f.status).toBe(422);
  const validate = o.validator(path, 'GET', 422);
  expect(validate?.(f.data), JSON.stringify(validate?.errors)).toBe(true);
  return f.data;
}

describe('search over the state (GET /search/issues, /search/repositories, /search/users)', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
    octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it('finds a repository’s issues and pull requests with repo:, is:, state:, label:, author:, assignee: and in:', async () => {
    const seed = fakes.codeHosting.seed;
    seed.repo({ ...R });
    seed.repo({ owner: 'octo', repo: 'other' });
    seed.issue({ ...R, title: 'Crash on start', body: 'It crashes', labels: ['bug'], user: 'mona', assignees: ['octo'] });
    seed.issue({ ...R, title: 'Docs are thin', labels: ['docs'], user: 'hubot', state: 'closed' });
    seed.pullRequest({ ...R, head: 'fix', title: 'Fix the crash', user: 'mona' });
    seed.issue({ owner: 'octo', repo: 'other', title: 'Crash elsewhere', labels: ['bug'] });
    const q = async (query: string, extra: Record<string, string> = {}) => {
      const { data } = await octokit.rest.search.issuesAndPullRequests({ q: query, ...extra });
      documented('/search/issues', data);
      return data;
    };
    const all = await q('repo:octo/hello');
    expect(all.total_count).toBe(3);
    expect(all.incomplete_results).toBe(false);
    expect(all.items.map((i) => i.title).sort()).toEqual(['Crash on start', 'Docs are thin', 'Fix the crash']);
    expect(all.items.every((i) => i.score === 1 && i.repository_url === 'https://api.github.com/repos/octo/hello')).toBe(true);
    expect((await q('repo:octo/hello is:issue')).items.map((i) => i.title).sort()).toEqual(['Crash on start', 'Docs are thin']);
    const pulls = await q('repo:octo/hello is:pr');
    expect(pulls.items.map((i) => [i.title, Boolean(i.pull_request)])).toEqual([['Fix the crash', true]]);
    expect((await q('repo:octo/hello state:closed')).items.map((i) => i.title)).toEqual(['Docs are thin']);
    expect((await q('repo:octo/hello is:open')).total_count).toBe(2);
    const bugs = await q('repo:octo/hello label:bug');
    expect(bugs.items.map((i) => [i.title, i.labels.map((l) => l.name)])).toEqual([['Crash on start', ['bug']]]);
    expect((await q('label:bug')).total_count).toBe(2);
    expect((await q('repo:octo/hello -label:bug is:issue')).items.map((i) => i.title)).toEqual(['Docs are thin']);
    expect((await q('repo:octo/hello author:mona')).items.map((i) => i.title).sort()).toEqual(['Crash on start', 'Fix the crash']);
    expect((await q('repo:octo/hello assignee:octo')).items.map((i) => i.title)).toEqual(['Crash on start']);
    expect((await q('repo:octo/hello no:assignee')).total_count).toBe(2);
    // Words: in the title or the body unless `in:` says which.
    expect((await q('crash repo:octo/hello')).total_count).toBe(2);
    expect((await q('crashes repo:octo/hello')).items.map((i) => i.title)).toEqual(['Crash on start']);
    expect((await q('crashes in:title repo:octo/hello')).total_count).toBe(0);
    expect((await q('crashes in:body repo:octo/hello')).total_count).toBe(1);
    // Without in:, the comments are searched too.
    await octokit.rest.issues.createComment({ ...R, issue_number: 2, body: 'Reproduced on Windows' });
    expect((await q('windows repo:octo/hello')).items.map((i) => i.title)).toEqual(['Docs are thin']);
    expect((await q('windows in:title,body repo:octo/hello')).total_count).toBe(0);
    expect((await q('windows in:comments repo:octo/hello')).total_count).toBe(1);
    expect((await q('user:octo crash')).total_count).toBe(3);
  });

  it('sorts by created, updated or comments with order; paging is exact, with GitHub’s Link header', async () => {
    fakes.codeHosting.seed.repo({ ...R });
    for (let i = 1; i <= 5; i++) {
      fakes.clock.advance(60_000);
      fakes.codeHosting.seed.issue({ ...R, title: `issue ${i}` });
    }
    const asc = await octokit.rest.search.issuesAndPullRequests({ q: 'repo:octo/hello', sort: 'created', order: 'asc', per_page: 2, page: 2 });
    expect(asc.data.total_count).toBe(5);
    expect(asc.data.items.map((i) => i.title)).toEqual(['issue 3', 'issue 4']);
    expect(asc.headers.link).toContain('page=3>; rel="next"');
    expect(asc.headers.link).toContain('page=3>; rel="last"');
    expect(asc.headers.link).toContain('page=1>; rel="prev"');
    const desc = await octokit.rest.search.issuesAndPullRequests({ q: 'repo:octo/hello', sort: 'created', per_page: 2 });
    expect(desc.data.items.map((i) => i.title)).toEqual(['issue 5', 'issue 4']);
    const every = await octokit.paginate(octokit.rest.search.issuesAndPullRequests, { q: 'repo:octo/hello', per_page: 2 });
    expect(every.map((i) => i.title).sort()).toEqual(['issue 1', 'issue 2', 'issue 3', 'issue 4', 'issue 5']);
  });

  it('finds repositories with user:, org:, in:name, language:, topic: and fork:', async () => {
    const seed = fakes.codeHosting.seed;
    seed.repo({ ...R, description: 'Says hello' });
    seed.repo({ owner: 'octo', repo: 'tools', description: 'hello tooling' });
    seed.repo({ owner: 'acme', repo: 'hello-web', ownerType: 'Organization' });
    seed.resource('/repos/octo/hello/languages', { TypeScript: 2000, Shell: 10 });
    seed.resource('/repos/acme/hello-web/languages', { Go: 100 });
    await octokit.rest.repos.replaceAllTopics({ ...R, names: ['greeting', 'demo'] });
    await octokit.rest.repos.createFork({ ...R, organization: 'acme', name: 'hello-fork' });
    const q = async (query: string) => {
      const { data } = await octokit.rest.search.repos({ q: query });
      documented('/search/repositories', data);
      return data.items.map((r) => r.full_name).sort();
    };
    expect(await q('hello')).toEqual(['acme/hello-web', 'octo/hello', 'octo/tools']);
    expect(await q('hello in:name')).toEqual(['acme/hello-web', 'octo/hello']);
    expect(await q('user:octo')).toEqual(['octo/hello', 'octo/tools']);
    expect(await q('org:acme')).toEqual(['acme/hello-web']);
    expect(await q('org:acme fork:true')).toEqual(['acme/hello-fork', 'acme/hello-web']);
    expect(await q('fork:only')).toEqual(['acme/hello-fork']);
    expect(await q('language:typescript')).toEqual(['octo/hello']);
    expect(await q('topic:greeting')).toEqual(['octo/hello']);
    const { data } = await octokit.rest.search.repos({ q: 'topic:greeting' });
    expect(data.items[0]).toMatchObject({ language: 'TypeScript', topics: ['greeting', 'demo'], score: 1 });
  });

  it('finds users and organizations with type: and in:login', async () => {
    const seed = fakes.codeHosting.seed;
    seed.account({ login: 'mona' });
    seed.account({ login: 'monalisa' });
    seed.account({ login: 'mona-org', type: 'Organization' });
    const q = async (query: string) => {
      const { data } = await octokit.rest.search.users({ q: query });
      documented('/search/users', data);
      return data;
    };
    const all = await q('mona');
    expect(all.total_count).toBe(3);
    // Best match: the exact login first.
    expect(all.items[0]?.login).toBe('mona');
    expect((await q('mona type:org')).items.map((u) => [u.login, u.type])).toEqual([['mona-org', 'Organization']]);
    expect((await q('mona type:user')).items.map((u) => u.login).sort()).toEqual(['mona', 'monalisa']);
    expect((await q('lisa in:login')).items.map((u) => u.login)).toEqual(['monalisa']);
  });

  it('answers GitHub’s 422 for a missing q, a repo: naming nothing, and a page past the first 1,000 results', async () => {
    fakes.codeHosting.seed.repo({ ...R });
    const missing = await unprocessable(octokit.request('GET /search/issues'), '/search/issues');
    expect(missing).toMatchObject({ message: 'Validation Failed', errors: [{ resource: 'Search', field: 'q', code: 'missing' }] });
    const nothing = await unprocessable(octokit.rest.search.issuesAndPullRequests({ q: 'repo:octo/nope' }), '/search/issues');
    expect(nothing.errors).toEqual([
      {
        message: 'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.',
        resource: 'Search',
        field: 'q',
        code: 'invalid',
      },
    ]);
    const long = await unprocessable(octokit.rest.search.issuesAndPullRequests({ q: `repo:octo/hello ${'x'.repeat(241)}` }), '/search/issues');
    expect(long.errors).toEqual([{ message: 'The search is longer than 256 characters.', resource: 'Search', field: 'q', code: 'invalid' }]);
    const past = await failure(octokit.rest.search.repos({ q: 'hello', per_page: 100, page: 11 }));
    expect(past).toEqual({
      status: 422,
      data: { message: 'Only the first 1000 search results are available', documentation_url: 'https://docs.github.com/v3/search/', status: '422' },
    });
    // Page 10 at 100 a page is the last page GitHub serves.
    expect((await octokit.rest.search.repos({ q: 'hello', per_page: 100, page: 10 })).status).toBe(200);
    // A key GitHub does not know is searched as text.
    expect((await octokit.rest.search.repos({ q: 'frobnicate:yes' })).data.total_count).toBe(0);
  });

  it('never finds a private repository, or its issues, for a caller who may not see it', async () => {
    const seed = fakes.codeHosting.seed;
    seed.repo({ owner: 'octo', repo: 'secret', private: true, description: 'hello' });
    seed.repo({ ...R, description: 'hello' });
    seed.issue({ owner: 'octo', repo: 'secret', title: 'hidden crash' });
    seed.issue({ ...R, title: 'public crash' });
    const stranger = new Octokit({ auth: seed.token({ type: 'classic', login: 'bob', scopes: ['repo'] }), request: { retries: 0 } });
    const anonymous = new Octokit({ request: { retries: 0 } });
    const owner = new Octokit({ auth: seed.token({ type: 'classic', login: 'octo', scopes: ['repo'] }), request: { retries: 0 } });
    for (const kit of [stranger, anonymous]) {
      expect((await kit.rest.search.repos({ q: 'user:octo' })).data.items.map((r) => r.full_name)).toEqual(['octo/hello']);
      expect((await kit.rest.search.issuesAndPullRequests({ q: 'crash' })).data.items.map((i) => i.title)).toEqual(['public crash']);
      await unprocessable(kit.rest.search.issuesAndPullRequests({ q: 'repo:octo/secret' }), '/search/issues');
    }
    expect((await owner.rest.search.repos({ q: 'user:octo' })).data.items.map((r) => r.full_name).sort()).toEqual(['octo/hello', 'octo/secret']);
    // A fine-grained token sees the private repository it selects, and its issues only with issues read.
    const fine = (permissions: Record<string, 'read'>) =>
      new Octokit({ auth: seed.token({ type: 'fine-grained', repositories: ['octo/secret'], permissions }), request: { retries: 0 } });
    const metadataOnly = fine({ metadata: 'read' });
    expect((await metadataOnly.rest.search.repos({ q: 'user:octo' })).data.total_count).toBe(2);
    expect((await metadataOnly.rest.search.issuesAndPullRequests({ q: 'crash is:issue' })).data.items.map((i) => i.title)).toEqual(['public crash']);
    const hidden = await failure(metadataOnly.rest.search.issuesAndPullRequests({ q: 'repo:octo/secret is:issue' }));
    expect(hidden.status).toBe(422);
    const issuesRead = fine({ metadata: 'read', issues: 'read' });
    expect((await issuesRead.rest.search.issuesAndPullRequests({ q: 'crash is:issue' })).data.total_count).toBe(2);
    expect((await owner.rest.search.issuesAndPullRequests({ q: 'repo:octo/secret' })).data.items.map((i) => i.title)).toEqual(['hidden crash']);
  });

  it('GraphQL’s search finds what REST’s finds (one search model), and @me is the caller', async () => {
    const seed = fakes.codeHosting.seed;
    seed.repo({ ...R });
    seed.issue({ ...R, title: 'Mine', user: 'mona', labels: ['bug'] });
    seed.issue({ ...R, title: 'Theirs', user: 'hubot', labels: ['bug'] });
    seed.pullRequest({ ...R, head: 'fix', title: 'My fix', user: 'mona', labels: ['bug'] });
    const mona = new Octokit({ auth: seed.token({ type: 'classic', login: 'mona', scopes: ['repo'] }), request: { retries: 0 } });
    const query = 'repo:octo/hello label:bug author:@me sort:created-asc';
    const rest = await mona.rest.search.issuesAndPullRequests({ q: query });
    expect(rest.data.items.map((i) => i.title)).toEqual(['Mine', 'My fix']);
    const gql: { search: { issueCount: number; nodes: Array<{ title: string }> } } = await mona.graphql(
      'query($q: String!) { search(type: ISSUE, query: $q, first: 10) { issueCount nodes { ... on Issue { title } ... on PullRequest { title } } } }',
      { q: query },
    );
    expect(gql.search).toEqual({ issueCount: rest.data.total_count, nodes: rest.data.items.map((i) => ({ title: i.title })) });
  });

  it('narrows with head:, base:, milestone:, involves:, created: and comments: (issues), stars: (repositories), followers: (users)', async () => {
    const seed = fakes.codeHosting.seed;
    seed.repo({ ...R });
    seed.issue({ ...R, title: 'Old', user: 'mona', milestone: 'v1', comments: ['me too', 'same'] });
    fakes.clock.advance(3 * 86_400_000);
    seed.issue({ ...R, title: 'New', assignees: ['mona'] });
    seed.pullRequest({ ...R, head: 'changeset-release/main', base: 'main', title: 'Version packages' });
    const titles = async (query: string) => (await octokit.rest.search.issuesAndPullRequests({ q: query })).data.items.map((i) => i.title).sort();
    expect(await titles('repo:octo/hello is:pr head:changeset-release/main base:main')).toEqual(['Version packages']);
    expect(await titles('repo:octo/hello head:other')).toEqual([]);
    expect(await titles('repo:octo/hello milestone:v1')).toEqual(['Old']);
    expect(await titles('repo:octo/hello involves:mona')).toEqual(['New', 'Old']);
    expect(await titles('repo:octo/hello created:>2024-01-10')).toEqual(['New', 'Version packages']);
    expect(await titles('repo:octo/hello created:2024-01-10')).toEqual(['Old']);
    expect(await titles('repo:octo/hello comments:>=2')).toEqual(['Old']);
    await octokit.rest.activity.starRepoForAuthenticatedUser({ ...R });
    seed.repo({ owner: 'octo', repo: 'quiet' });
    const repos = await octokit.rest.search.repos({ q: 'user:octo stars:>=1' });
    expect(repos.data.items.map((r) => [r.full_name, r.stargazers_count])).toEqual([['octo/hello', 1]]);
    await octokit.rest.users.follow({ username: 'octo' });
    expect((await octokit.rest.search.users({ q: 'octo followers:>0' })).data.items.map((u) => u.login)).toEqual(['octo']);
  });

  it('counts every match past the first 1,000 while paging stops there (Link last, then 422)', async () => {
    fakes.codeHosting.seed.repo({ ...R });
    const n = 1_050;
    fakes.codeHosting.seed.resources(Array.from({ length: n }, (_, i) => [`/repos/octo/hello/issues/${i + 1}`, { title: `issue ${i + 1}` }] as const));
    const first = await octokit.rest.search.issuesAndPullRequests({ q: 'repo:octo/hello is:issue' });
    expect(first.data.total_count).toBe(n);
    expect(first.data.items).toHaveLength(30);
    // GitHub's last page at 30 a page is 34 (results 991 to 1,020), whatever the total.
    expect(first.headers.link).toContain('page=34>; rel="last"');
    const last = await octokit.rest.search.issuesAndPullRequests({ q: 'repo:octo/hello is:issue', page: 34 });
    expect(last.data.items).toHaveLength(30);
    expect(last.headers.link).not.toContain('rel="next"');
    const past = await failure(octokit.rest.search.issuesAndPullRequests({ q: 'repo:octo/hello is:issue', page: 35 }));
    expect(past.status).toBe(422);
    expect(past.data.message).toBe('Only the first 1000 search results are available');
  });

  it('a GitHub App user access token or a fine-grained token searches issues or pull requests, not both (422 otherwise)', async () => {
    const seed = fakes.codeHosting.seed;
    seed.repo({ ...R });
    seed.issue({ ...R, title: 'Crash' });
    for (const type of ['user', 'fine-grained'] as const) {
      const kit = new Octokit({ auth: seed.token({ type, permissions: { issues: 'read' } }), request: { retries: 0 } });
      const mixed = await failure(kit.rest.search.issuesAndPullRequests({ q: 'repo:octo/hello crash' }));
      expect(mixed).toEqual({
        status: 422,
        data: {
          message: "Query must include 'is:issue' or 'is:pull-request'",
          documentation_url: 'https://docs.github.com/rest/search/search#search-issues-and-pull-requests',
          status: '422',
        },
      });
      for (const q of ['repo:octo/hello crash is:issue', 'repo:octo/hello crash type:issue'])
        expect((await kit.rest.search.issuesAndPullRequests({ q })).data.total_count).toBe(1);
      expect((await kit.rest.search.issuesAndPullRequests({ q: 'repo:octo/hello is:pull-request' })).data.total_count).toBe(0);
    }
    // A classic token (and an anonymous caller) may search both at once.
    const classic = new Octokit({ auth: seed.token({ type: 'classic', scopes: ['repo'] }), request: { retries: 0 } });
    expect((await classic.rest.search.issuesAndPullRequests({ q: 'repo:octo/hello crash' })).data.total_count).toBe(1);
  });

  it('answers the description’s own example query (language: of the repository), and sorts by reactions and interactions', async () => {
    const seed = fakes.codeHosting.seed;
    seed.repo({ owner: 'octo', repo: 'py' });
    seed.repo({ ...R });
    seed.resource('/repos/octo/py/languages', { Python: 5000 });
    seed.issue({ owner: 'octo', repo: 'py', title: 'Crash on Windows', labels: ['bug'] });
    fakes.clock.advance(60_000);
    seed.issue({ owner: 'octo', repo: 'py', title: 'Windows path bug', labels: ['bug'], comments: ['same here'] });
    seed.issue({ owner: 'octo', repo: 'py', title: 'Windows docs', state: 'closed', labels: ['bug'] });
    seed.issue({ ...R, title: 'Windows too', labels: ['bug'] });
    // "q=windows+label:bug+language:python+state:open&sort=created&order=asc" (GitHub's example).
    const { data } = await octokit.rest.search.issuesAndPullRequests({ q: 'windows label:bug language:python state:open', sort: 'created', order: 'asc' });
    expect(data.items.map((i) => i.title)).toEqual(['Crash on Windows', 'Windows path bug']);
    for (const content of ['+1', 'heart', '+1'] as const) await octokit.rest.reactions.createForIssue({ owner: 'octo', repo: 'py', issue_number: 1, content });
    const titles = async (sort: 'reactions' | 'reactions-heart' | 'interactions' | 'comments') =>
      (await octokit.rest.search.issuesAndPullRequests({ q: 'repo:octo/py is:open', sort })).data.items.map((i) => i.title);
    expect(await titles('reactions')).toEqual(['Crash on Windows', 'Windows path bug']);
    expect(await titles('reactions-heart')).toEqual(['Crash on Windows', 'Windows path bug']);
    expect(await titles('comments')).toEqual(['Windows path bug', 'Crash on Windows']);
    expect(await titles('interactions')).toEqual(['Crash on Windows', 'Windows path bug']);
  });
});
