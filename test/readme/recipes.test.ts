// docs/recipes.md, recipe by recipe: each block there is the body of one test here.
import { GoogleGenAI } from '@google/genai';
import { Octokit } from '@octokit/rest';
import bizSdk from 'facebook-nodejs-business-sdk';
import { scenarios } from 'stuntdouble';
import { useFakes } from 'stuntdouble/vitest';
import { expect, it } from 'vitest';

const fakes = useFakes({ clock: '2025-01-01T00:00:00Z' });
const vertex = () =>
  new GoogleGenAI({
    vertexai: true,
    project: 'p',
    location: 'us-central1',
    googleAuthOptions: { authClient: { getRequestHeaders: async () => new Headers({ authorization: 'Bearer t' }) } } as never,
  });

it('seed a repository with a file and a pull request', async () => {
  fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
  fakes.codeHosting.seed.resources([
    ['/repos/octo/hello/contents/README.md', { content: '# hello\n' }],
    ['/repos/octo/hello/pulls/1', { number: 1, title: 'Add a README', state: 'open' }],
  ]);
  const octokit = new Octokit({ auth: 'any-token' });
  const pr = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', { owner: 'octo', repo: 'hello', pull_number: 1 });
  expect(pr.data.title).toBe('Add a README');
  const file = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', { owner: 'octo', repo: 'hello', path: 'README.md' });
  expect(Buffer.from((file.data as { content: string }).content, 'base64').toString()).toBe('# hello\n');
});

it('seed issues and a pull request, then read them as GitHub serves them', async () => {
  fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
  fakes.codeHosting.seed.issue({ owner: 'octo', repo: 'hello', title: 'Crash on start', labels: ['bug'], milestone: 'v1' });
  fakes.codeHosting.seed.pullRequest({ owner: 'octo', repo: 'hello', head: 'fix-crash', title: 'Fix the crash', comments: ['Closes #1'] });
  const octokit = new Octokit({ auth: 'any-token' });
  const bugs = await octokit.rest.issues.listForRepo({ owner: 'octo', repo: 'hello', labels: 'bug' });
  expect(bugs.data.map((i) => i.title)).toEqual(['Crash on start']);
  const asIssue = await octokit.rest.issues.get({ owner: 'octo', repo: 'hello', issue_number: 2 });
  expect(asIssue.data.pull_request?.url).toBe('https://api.github.com/repos/octo/hello/pulls/2');
  expect(asIssue.data.comments).toBe(1);
});

it('simulate an exhausted rate limit', async () => {
  const { owner, repo } = fakes.apply(scenarios.rateLimitExhausted({ owner: 'octo', repo: 'hello' }));
  const octokit = new Octokit({ auth: 'any-token' });
  await expect(octokit.request('GET /repos/{owner}/{repo}', { owner, repo })).rejects.toMatchObject({
    status: 403,
    response: { headers: { 'x-ratelimit-remaining': '0' } },
  });
  fakes.clock.advance('1h'); // the window resets
  expect((await octokit.request('GET /repos/{owner}/{repo}', { owner, repo })).status).toBe(200);
});

it('simulate a flaky network', async () => {
  fakes.apply(scenarios.flaky({ service: 'codeHosting', failures: 2, status: 502 }));
  const octokit = new Octokit({ auth: 'any-token' });
  await expect(octokit.request('GET /rate_limit')).rejects.toMatchObject({ status: 502 });
  await expect(octokit.request('GET /rate_limit')).rejects.toMatchObject({ status: 502 });
  expect((await octokit.request('GET /rate_limit')).status).toBe(200);

  fakes.apply(scenarios.networkError({ service: 'codeHosting', times: 1 }));
  await expect(octokit.request('GET /rate_limit')).rejects.toThrow();
  expect((await octokit.request('GET /rate_limit')).status).toBe(200);
});

it('a scheduled post goes live', async () => {
  const { postId } = fakes.apply(scenarios.scheduledPost({ in: '1h' }));
  bizSdk.FacebookAdsApi.init('any-token', 'en_US', false);
  const before = await new bizSdk.PagePost(postId).get(['is_published']);
  expect(before._data.is_published).toBe(false);
  fakes.clock.advance('2h');
  const after = await new bizSdk.PagePost(postId).get(['is_published']);
  expect(after._data.is_published).toBe(true);
});

it('an expired cache', async () => {
  const cache = fakes.apply(scenarios.cacheExpiringSoon({ expiresIn: '90s' }));
  const ai = vertex();
  expect((await ai.caches.get({ name: cache.name })).name).toBe(cache.name);
  fakes.clock.advance('2m');
  await expect(ai.caches.get({ name: cache.name })).rejects.toMatchObject({ status: 404 });
});
