// Seeding once (the seed option, or beforeAll) survives useFakes()'s per-test reset.
import { Octokit } from '@octokit/rest';
import { scenarios } from 'stuntdouble';
import { useFakes } from 'stuntdouble/vitest';
import { beforeAll, describe, expect, it } from 'vitest';

describe('useFakes({ seed })', () => {
  const fakes = useFakes({
    clock: '2024-04-01T00:00:00Z',
    seed: (f) => {
      f.apply(scenarios.importNeedsAuth({ owner: 'octo', repo: 'seeded' }));
    },
  });
  const octokit = () => new Octokit({ auth: 't' });

  it('the first test sees the seed and may change it', async () => {
    await octokit().request('PATCH /repos/{owner}/{repo}/import', { owner: 'octo', repo: 'seeded', vcs_username: 'u', vcs_password: 'p' });
    const { data } = await octokit().request('GET /repos/{owner}/{repo}/import', { owner: 'octo', repo: 'seeded' });
    expect(data.status).not.toBe('detection_needs_auth');
    await octokit().request('POST /user/repos', { name: 'made-in-test-1' });
  });

  it('the next test starts from the seeded baseline, not from empty fakes and not from test 1', async () => {
    expect(fakes.calls.count()).toBe(0);
    expect(fakes.applied.map((a) => a.name)).toEqual(['importNeedsAuth']);
    const { data } = await octokit().request('GET /repos/{owner}/{repo}/import', { owner: 'octo', repo: 'seeded' });
    expect(data.status).toBe('detection_needs_auth');
    await expect(octokit().request('GET /repos/{owner}/{repo}', { owner: 'octo', repo: 'made-in-test-1' })).rejects.toMatchObject({ status: 404 });
  });
});

describe('seeding in beforeAll', () => {
  const fakes = useFakes({ clock: '2024-04-01T00:00:00Z' });
  let pageId = '';
  beforeAll(() => {
    ({ pageId } = fakes.apply(scenarios.pageWithFeed({ posts: 3 })));
  });

  for (const n of [1, 2]) {
    it(`test ${n} sees the page seeded once in beforeAll`, async () => {
      const res = await fetch(`https://graph.facebook.com/v24.0/${pageId}/feed?access_token=t`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(3);
    });
  }
});

describe('fakes.reset() without a baseline', () => {
  const fakes = useFakes();
  it('markBaseline() then reset() returns to the marked state; without it, to empty', async () => {
    fakes.uninstall();
    fakes.reset();
    // useFakes marked an empty baseline before this test: reset goes back to empty.
    fakes.apply(scenarios.importNeedsAuth({ owner: 'octo', repo: 'x' }));
    fakes.reset();
    expect(fakes.applied).toEqual([]);
    fakes.apply(scenarios.importNeedsAuth({ owner: 'octo', repo: 'x' }));
    fakes.markBaseline();
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'later' });
    fakes.reset();
    expect(fakes.applied.map((a) => a.name)).toEqual(['importNeedsAuth']);
    const miss = await fakes.handle({ method: 'GET', url: 'https://api.github.com/repos/octo/later', headers: { authorization: 'token t' } });
    expect(miss.status).toBe(404);
    const hit = await fakes.handle({ method: 'GET', url: 'https://api.github.com/repos/octo/x/import', headers: { authorization: 'token t' } });
    expect(hit.status).toBe(200);
  });
});
