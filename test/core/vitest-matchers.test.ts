import { useFakes } from 'stuntdouble/vitest';
import { describe, expect, it } from 'vitest';

describe('stuntdouble/vitest', () => {
  const fakes = useFakes();

  it('installs before each test and offers matchers', async () => {
    expect(fakes.installed).toBe(true);
    await fetch('https://api.github.com/rate_limit', { headers: { authorization: 'token x' } });
    expect(fakes).toHaveReceived('GET /rate_limit', { status: 200 });
    expect(fakes).toHaveReceivedTimes('GET /rate_limit', 1);
    expect(fakes).not.toHaveUnmatched();
    expect(() => expect(fakes).toHaveReceived('GET /rate_limit', { status: 201 })).toThrow(/closest recorded call is #1/);
    expect(() => expect(fakes).toHaveReceived('PUT /repos/{owner}/{repo}/import')).toThrow(/none was received/);
  });

  it('resets after each test: no state or calls of the previous test', () => {
    expect(fakes.calls.count()).toBe(0);
  });

  it('reports unmatched requests', async () => {
    await fetch('https://api.github.com/definitely/not/a/route');
    expect(fakes).toHaveUnmatched();
    expect(() => expect(fakes).not.toHaveUnmatched()).toThrow(/definitely\/not\/a\/route/);
  });
});
