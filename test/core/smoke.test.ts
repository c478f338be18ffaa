import { Octokit } from '@octokit/rest';
import { createFakes } from 'stuntdouble';
import { describe, expect, it } from 'vitest';

describe('smoke', () => {
  it('octokit reaches the fake', async () => {
    const fakes = createFakes().install();
    try {
      const octokit = new Octokit({ auth: 'ghp_x' });
      const res = await octokit.request('GET /rate_limit');
      expect(res.status).toBe(200);
      expect(res.data.rate.limit).toBe(5000);
      await expect(octokit.request('GET /nope')).rejects.toMatchObject({ status: 404 });
      expect(fakes.unmatched.length).toBe(1);
      expect(fakes.calls[0]?.headers.authorization).toBe('token [redacted]');
    } finally {
      fakes.uninstall();
    }
  });
});
