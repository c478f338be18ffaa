import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { beforeEach, describe, expect, it } from 'vitest';

// GitHub's wire as Octokit sees it: entity headers on writes, Location on creates, media types, Link on
// GitHub's id forms, the id-form routes, the archive redirect, the API root, markdown, and the rate
// limit a no-route 404 carries. Expected values are GitHub's (its recorded sessions in @octokit/fixtures
// and its reference docs), not the fake's tables.

const R = { owner: 'octo', repo: 'hello' };

describe('GitHub wire through Octokit', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  let repoId: number;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' });
    repoId = fakes.codeHosting.seed.repo(R).id;
    octokit = new Octokit({ auth: 'ghp_wire', request: { retries: 0, fetch: fakes.fetch } });
  });

  it('answers writes with ETag, Last-Modified and, on a create, Location', async () => {
    const issue = await octokit.rest.issues.create({ ...R, title: 'A' });
    expect(issue.status).toBe(201);
    expect(issue.headers.etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    expect(issue.headers['last-modified']).toBe('Wed, 10 Jan 2024 00:00:00 GMT');
    expect(issue.headers.location).toBe(issue.data.url);
    const updated = await octokit.rest.issues.update({ ...R, issue_number: issue.data.number, title: 'B' });
    expect(updated.headers.etag).toMatch(/^W\//);
    expect(updated.headers.etag).not.toBe(issue.headers.etag);
    // Adding a collaborator invites: Location names the invitation, as GitHub's does.
    fakes.codeHosting.seed.account({ login: 'mona' });
    const invite = await octokit.rest.repos.addCollaborator({ ...R, username: 'mona' });
    expect(invite.status).toBe(201);
    expect(invite.headers.location).toBe(`https://api.github.com/user/repository_invitations/${invite.data.id}`);
  });

  it('negotiates media types: raw and html contents, diff of a commit, with X-GitHub-Media-Type', async () => {
    fakes.codeHosting.seed.commit({ ...R, branch: 'main', files: { 'README.md': '# hello\n' }, message: 'readme' });
    const raw = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
      ...R,
      path: 'README.md',
      headers: { accept: 'application/vnd.github.v3.raw' },
    });
    expect(raw.data).toBe('# hello\n');
    expect(raw.headers['content-type']).toMatch(/^application\/vnd\.github\.v3\.raw/);
    expect(raw.headers['x-github-media-type']).toBe('github.v3; param=raw');
    const html = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
      ...R,
      path: 'README.md',
      headers: { accept: 'application/vnd.github.html' },
    });
    expect(String(html.data)).toMatch(/<h1[^>]*>.*hello/s);
    expect(html.headers['x-github-media-type']).toBe('github.v3; param=html');
    const json = await octokit.rest.repos.get(R);
    expect(json.headers['x-github-media-type']).toBe('github.v3; format=json');
    const head = (await octokit.rest.repos.getBranch({ ...R, branch: 'main' })).data.commit.sha;
    const diff = await octokit.rest.repos.getCommit({ ...R, ref: head, mediaType: { format: 'diff' } });
    expect(String(diff.data)).toMatch(/^diff --git a\/README\.md b\/README\.md/);
    expect(String(diff.data)).toContain('+++ b/README.md\n');
    expect(diff.headers['x-github-media-type']).toBe('github.v3; param=diff');
    const patch = await octokit.rest.repos.getCommit({ ...R, ref: head, mediaType: { format: 'patch' } });
    expect(String(patch.data)).toMatch(new RegExp(`^From ${head} Mon Sep 17 00:00:00 2001\nFrom: .+\nDate: .+\nSubject: \\[PATCH\\] readme\n`));
    const sha = await octokit.rest.repos.getCommit({ ...R, ref: 'main', mediaType: { format: 'sha' } });
    expect(sha.data).toBe(head);
    expect(sha.headers['x-github-media-type']).toBe('github.v3; param=sha');
  });

  it('links pages by the repository id and answers that form, PATCH and DELETE included', async () => {
    for (const title of ['a', 'b', 'c']) await octokit.rest.issues.create({ ...R, title });
    const page = await octokit.rest.issues.listForRepo({ ...R, per_page: 1 });
    const next = `https://api.github.com/repositories/${repoId}/issues?per_page=1&page=2`;
    expect(page.headers.link).toContain(`<${next}>; rel="next"`);
    const all = await octokit.paginate(octokit.rest.issues.listForRepo, { ...R, per_page: 1 });
    expect(all.map((i) => i.title)).toEqual(['c', 'b', 'a']);
    expect((await octokit.request('GET /repositories/{id}', { id: repoId })).data.full_name).toBe('octo/hello');
    const patched = await octokit.request('PATCH /repositories/{id}', { id: repoId, description: 'by id' });
    expect(patched.data.description).toBe('by id');
    expect((await octokit.rest.repos.get(R)).data.description).toBe('by id');
    expect((await octokit.request('DELETE /repositories/{id}', { id: repoId })).status).toBe(204);
    await expect(octokit.rest.repos.get(R)).rejects.toMatchObject({ status: 404 });
  });

  it('answers /organizations/{id}/... and /user/{id} as the named routes', async () => {
    const org = fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
    const mona = fakes.codeHosting.seed.account({ login: 'mona' });
    expect((await octokit.request('GET /organizations/{id}', { id: org.id })).data.login).toBe('acme');
    await octokit.request('POST /orgs/{org}/repos', { org: 'acme', name: 'r1' });
    await octokit.request('POST /orgs/{org}/repos', { org: 'acme', name: 'r2' });
    const page = await octokit.rest.repos.listForOrg({ org: 'acme', per_page: 1 });
    expect(page.headers.link).toContain(`<https://api.github.com/organizations/${org.id}/repos?per_page=1&page=2>; rel="next"`);
    const byId = await octokit.request('GET /organizations/{id}/repos', { id: org.id, per_page: 1, page: 2 });
    expect(byId.data.map((r: { name: string }) => r.name)).toEqual(['r2']);
    const user = await octokit.request('GET /user/{account_id}', { account_id: mona.id });
    expect(user.data).toMatchObject({ login: 'mona', id: mona.id, type: 'User' });
    await expect(octokit.request('GET /user/{account_id}', { account_id: 987654321 })).rejects.toMatchObject({ status: 404 });
  });

  it('redirects a tarball to the full ref on codeload', async () => {
    const res = await octokit.rest.repos.downloadTarballArchive({ ...R, ref: 'main', request: { redirect: 'manual' } });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://codeload.github.com/octo/hello/legacy.tar.gz/refs/heads/main');
  });

  it('serves GET /, POST /markdown and POST /markdown/raw', async () => {
    const root = await octokit.request('GET /');
    expect(root.data).toMatchObject({
      current_user_url: 'https://api.github.com/user',
      repository_url: 'https://api.github.com/repos/{owner}/{repo}',
      user_url: 'https://api.github.com/users/{user}',
    });
    const md = await octokit.rest.markdown.render({ text: 'Hello **world**' });
    expect(md.headers['content-type']).toMatch(/^text\/html/);
    expect(md.data).toBe('<p>Hello <strong>world</strong></p>\n');
    const raw = await octokit.rest.markdown.renderRaw({ data: '# Title', headers: { 'content-type': 'text/plain; charset=utf-8' } });
    expect(String(raw.data)).toMatch(/<h1[^>]*>.*Title.*<\/h1>/s);
    await expect(octokit.rest.markdown.render({ text: 'x', mode: 'nope' as 'gfm' })).rejects.toMatchObject({ status: 422 });
  });

  it('answers a route GitHub does not have with the caller’s rate limit', async () => {
    const res = await octokit.request('GET /no/such/route').catch((e) => e.response);
    expect(res.status).toBe(404);
    expect(res.headers['x-ratelimit-limit']).toBe('5000');
    const anonymous = new Octokit({ request: { retries: 0, fetch: fakes.fetch } });
    const anon = await anonymous.request('GET /no/such/route').catch((e) => e.response);
    expect(anon.headers['x-ratelimit-limit']).toBe('60');
  });

  it('links a commit to the account that made it', async () => {
    await octokit.rest.repos.createOrUpdateFileContents({ ...R, path: 'a.txt', message: 'a', content: Buffer.from('a').toString('base64') });
    const [latest] = (await octokit.rest.repos.listCommits(R)).data;
    expect(latest?.author).toMatchObject({ login: 'octocat', type: 'User' });
    expect(latest?.author?.avatar_url).toMatch(/^https:\/\/avatars\.githubusercontent\.com\/u\/\d+/);
  });
});
