// The "Define your own" scenario of docs/api.md, kept as a test.
import { Octokit } from '@octokit/rest';
import { createFakes, defineScenario } from 'stuntdouble';
import { expect, it } from 'vitest';
import { z } from 'zod';

const octoWithRepos = defineScenario({
  name: 'octoWithRepos',
  service: 'codeHosting',
  description: 'An account with n public repositories.',
  handles: '{ owner }',
  options: z.object({ n: z.number().int().min(1).default(3) }).strict(),
  apply: (fakes, { n }) => {
    for (let i = 0; i < n; i++) fakes.codeHosting.seed.repo({ owner: 'octo', repo: `r${i}` });
    return { owner: 'octo' };
  },
});

it('a user-defined scenario validates its options, applies, and is listed in fakes.applied', async () => {
  const fakes = createFakes().install();
  try {
    expect(() => octoWithRepos({ n: 0 })).toThrow(/scenario octoWithRepos: invalid options: n/);
    const { owner } = fakes.apply(octoWithRepos({ n: 2 }));
    const octokit = new Octokit({ auth: 'ghp_x', request: { retries: 0 } });
    const repos = await octokit.paginate('GET /users/{username}/repos', { username: owner });
    expect(repos.map((r) => r.name).sort()).toEqual(['r0', 'r1']);
    expect(fakes.applied).toMatchObject([{ name: 'octoWithRepos', options: { n: 2 } }]);
  } finally {
    fakes.uninstall();
  }
});
