import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// Conditional requests as GitHub answers them: ETag / Last-Modified on GET answers, If-None-Match or
// If-Modified-Since → 304 Not Modified, which does not count against the rate limit.

const R = { owner: 'octo', repo: 'hello' };
type HttpError = { status: number; response: { headers: Record<string, string>; data: unknown } };
const failure = async (p: Promise<unknown>): Promise<HttpError> => {
  try {
    await p;
  } catch (e) {
    return e as HttpError;
  }
  throw new Error('expected the call to fail');
};

describe('conditional requests', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo(R);
    octokit = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', label: 'ci' }), request: { retries: 0 } });
  });
  afterEach(() => fakes.uninstall());

  it('If-None-Match with the ETag answers 304 and is not counted; a change gives a new ETag', async () => {
    const first = await octokit.rest.repos.get(R);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[0-9a-f]+"$/);
    const used = Number(first.headers['x-ratelimit-used']);
    const notModified = await failure(octokit.rest.repos.get({ ...R, headers: { 'if-none-match': etag } }));
    expect(notModified.status).toBe(304);
    expect(notModified.response.headers['x-ratelimit-used']).toBe(String(used));
    expect(notModified.response.headers.etag).toBe(etag);
    expect(Number((await octokit.rest.issues.listForRepo(R)).headers['x-ratelimit-used'])).toBe(used + 1);

    await octokit.rest.repos.update({ ...R, description: 'changed' });
    const changed = await octokit.rest.repos.get({ ...R, headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('catalog lists carry an ETag too; If-Modified-Since works where the resource has updated_at', async () => {
    const list = await octokit.rest.issues.listForRepo(R);
    expect((await failure(octokit.rest.issues.listForRepo({ ...R, headers: { 'if-none-match': list.headers.etag as string } }))).status).toBe(304);
    const repo = await octokit.rest.repos.get(R);
    const lastModified = repo.headers['last-modified'] as string;
    expect(new Date(lastModified).toISOString()).toBe(new Date(repo.data.updated_at).toISOString().replace(/\.\d+Z$/, '.000Z'));
    expect((await failure(octokit.rest.repos.get({ ...R, headers: { 'if-modified-since': lastModified } }))).status).toBe(304);
  });
});
