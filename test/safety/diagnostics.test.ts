import { Octokit } from '@octokit/rest';
import { createFakes } from 'stuntdouble';
import 'stuntdouble/vitest';
import { describe, expect, it } from 'vitest';
import { messages } from './helpers.js';

describe('diagnostics name the closest route and the likely cause, in the journal and in what the client sees', () => {
  it('a GitHub Enterprise Server path sent to the api.github.com base: closest route ignores the prefix, cause says so', async () => {
    const fakes = createFakes({ guard: false });
    const res = await fakes.fetch('https://api.github.com/api/v3/repos/octo/hello/import');
    expect(res.status).toBe(404);
    const note = fakes.unmatched.last()?.note ?? '';
    expect(note).toMatch(/Closest: GET \/repos\/\{owner\}\/\{repo\}\/import;/);
    expect(note).toMatch(
      /Likely cause: the path starts with '\/api\/v3' \(a GitHub Enterprise Server prefix\), which the base URL https:\/\/api\.github\.com does not have/,
    );
    expect(res.headers.get('x-stuntdouble-note')).toBe(note);
  });

  it('a typo in a path: the closest route is the look-alike, not the last call', async () => {
    const fakes = createFakes({ guard: false });
    await fakes.fetch('https://api.github.com/rate_limit');
    await fakes.fetch('https://api.github.com/repos/octo/hello/imprt');
    expect(fakes.unmatched.last()?.note).toMatch(/Closest: (GET|PUT|PATCH|DELETE) \/repos\/\{owner\}\/\{repo\}\/import/);
  });

  it('a GHES host missing from baseUrls: the refusal says which base URL to add', async () => {
    const fakes = createFakes().install();
    try {
      const err = await new Octokit({ baseUrl: 'https://ghe.example.com/api/v3', request: { retries: 0 } }).request('GET /rate_limit').catch((e: unknown) => e);
      expect(messages(err)).toMatch(
        /GET https:\/\/ghe\.example\.com\/api\/v3\/rate_limit matched no fake and was refused.*It looks like a GitHub REST request on a host no fake serves: to fake it, add 'https:\/\/ghe\.example\.com\/api\/v3' to createFakes\(\{ codeHosting: \{ baseUrls/,
      );
    } finally {
      fakes.uninstall();
    }
  });

  it('a 401 under strict auth says the token was never seeded', async () => {
    const fakes = createFakes({ auth: 'strict', guard: false });
    const res = await fakes.fetch('https://api.github.com/user', { headers: { authorization: 'token ghp_never_seeded' } });
    expect(res.status).toBe(401);
    const note = fakes.calls.last()?.note ?? '';
    expect(note).toMatch(/401 because this token was never seeded.*fakes\.codeHosting\.seed\.token\(\)/);
    expect(res.headers.get('x-stuntdouble-note')).toBe(note);
  });

  it('toHaveReceived shows the call that agrees most with the expectation, not the last one', async () => {
    const fakes = createFakes({ guard: false });
    const post = (n: number) =>
      fakes.fetch('https://api.github.com/user/repos', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `r${n}`, private: n === 1 }),
      });
    await post(1);
    await post(2);
    let message = '';
    try {
      expect(fakes).toHaveReceived('POST /user/repos', { body: { name: 'r1', private: true }, status: 201 });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/closest recorded call is #1 /);
  });
});
