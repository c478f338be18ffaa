import { createHmac } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { createFakes } from 'stuntdouble';
import { afterEach, beforeEach, expect, it } from 'vitest';

// The example of docs/code-hosting-imports.md, verbatim: it must keep passing.

let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
});
afterEach(() => {
  fakes.uninstall();
  nock.cleanAll();
});

it('imports an svn repository, maps an author, opts into LFS and reports success to a webhook', async () => {
  // The target repository, the origin at the vcs_url, a classic token, a hook.
  fakes.codeHosting.seed.repo({ owner: 'octocat', repo: 'socm', private: true });
  fakes.codeHosting.seed.origin({
    url: 'http://svn.example.com/svn/myproject',
    vcs: 'subversion',
    commitCount: 1042,
    authors: [{ remote_name: 'nobody' }, { remote_name: 'svner' }],
    largeFiles: [{ path: 'media/intro.mov', size: 157_286_400 }],
  });
  const token = fakes.codeHosting.seed.token({ type: 'classic', scopes: ['repo'] });
  fakes.codeHosting.seed.hook({ owner: 'octocat', repo: 'socm', url: 'https://hooks.example.com/in', secret: 's3cret' });
  // A plain nock scope stands for the receiving server.
  const receiver = nock('https://hooks.example.com').post('/in').reply(200, 'ok');

  const octokit = new Octokit({ auth: token, request: { retries: 0 } });
  const repo = { owner: 'octocat', repo: 'socm' };

  // 1. Start the import.
  const started = await octokit.request('PUT /repos/{owner}/{repo}/import', {
    ...repo,
    vcs: 'subversion',
    vcs_url: 'http://svn.example.com/svn/myproject',
  });
  expect(started.status).toBe(201);
  expect(started.data).toMatchObject({ status: 'importing', commit_count: 1042, has_large_files: true });

  // 2. Map a commit author.
  const authors = await octokit.request('GET /repos/{owner}/{repo}/import/authors', repo);
  await octokit.request('PATCH /repos/{owner}/{repo}/import/authors/{author_id}', {
    ...repo,
    author_id: authors.data[0]!.id,
    name: 'Hubot',
    email: 'hubot@example.com',
  });

  // 3. Opt into Git LFS for the large files.
  await octokit.request('PATCH /repos/{owner}/{repo}/import/lfs', { ...repo, use_lfs: 'opt_in' });

  // 4. Poll until the import is complete (each GET moves the import one step in 'poll' mode).
  let status = '';
  while (status !== 'complete') {
    status = (await octokit.request('GET /repos/{owner}/{repo}/import', repo)).data.status;
  }

  // 5. The hook received a signed repository_import event.
  await fakes.flush();
  const delivery = fakes.codeHosting.deliveries[0]!;
  expect(delivery.payload).toMatchObject({ status: 'success', repository: { full_name: 'octocat/socm' } });
  expect(delivery.headers['x-hub-signature-256']).toBe(`sha256=${createHmac('sha256', 's3cret').update(delivery.body).digest('hex')}`);
  expect(delivery.statusCode).toBe(200);
  expect(receiver.isDone()).toBe(true);
});
