import { Octokit } from 'octokit';
import { createFakes, scenarios } from 'stuntdouble';
import { afterEach, describe, expect, it } from 'vitest';

describe('fault scenarios', () => {
  const fakes = createFakes({ clock: '2024-01-01T00:00:00Z' });
  afterEach(() => {
    fakes.uninstall();
    fakes.reset();
  });

  it('flaky: Octokit (with retries enabled) retries the failures and gets the normal answer', async () => {
    fakes.install();
    const handle = fakes.apply(scenarios.flaky({ route: 'GET /rate_limit', failures: 2, status: 500 }));
    const octokit = new Octokit({ auth: 'ghp_x', retry: { retryAfterBaseValue: 1 }, throttle: { enabled: false } });
    const res = await octokit.request('GET /rate_limit');
    expect(res.status).toBe(200);
    expect(handle.hits()).toBe(2);
    expect(fakes.calls.map((c) => [c.status, c.tags])).toEqual([
      [500, ['flaky']],
      [500, ['flaky']],
      [200, []],
    ]);
    expect(fakes.calls[0]?.response.body).toMatchObject({ message: 'Server Error' });
  });

  it('networkError: the client sees a connection error, journaled, then normal answers after `times`', async () => {
    fakes.install();
    fakes.apply(scenarios.networkError({ route: 'GET /rate_limit', times: 1 }));
    await expect(fetch('https://api.github.com/rate_limit')).rejects.toThrow();
    await expect(fakes.fetch('https://api.github.com/rate_limit')).resolves.toMatchObject({ status: 200 });
    expect(fakes.calls.map((c) => c.tags)).toEqual([['networkError'], []]);
  });

  it('serviceUnavailable answers each service its own 503 envelope until removed', async () => {
    const gh = fakes.apply(scenarios.serviceUnavailable({ service: 'codeHosting' }));
    fakes.apply(scenarios.serviceUnavailable({ service: 'socialGraph' }));
    fakes.apply(scenarios.serviceUnavailable({ service: 'modelCache' }));
    const a = await fakes.fetch('https://api.github.com/rate_limit');
    expect(a.status).toBe(503);
    expect(await a.json()).toMatchObject({ message: 'Service Unavailable', documentation_url: 'https://docs.github.com/rest' });
    gh.remove();
    expect((await fakes.fetch('https://api.github.com/rate_limit')).status).toBe(200);
    expect(fakes.applied.map((s) => s.name)).toEqual(['serviceUnavailable', 'serviceUnavailable', 'serviceUnavailable']);
  });

  it('latency advances a frozen fake clock instead of waiting', async () => {
    fakes.apply(scenarios.latency({ service: 'codeHosting', ms: 90_000 }));
    const before = fakes.clock.nowMs();
    await fakes.fetch('https://api.github.com/rate_limit');
    expect(fakes.clock.nowMs() - before).toBe(90_000);
    expect(fakes.calls.last()?.tags).toEqual(['latency']);
  });

  it('rejects wrong options with a clear error instead of a different state', () => {
    expect(() => scenarios.flaky({ route: 'GET /rate_limit', failures: 0 } as never)).toThrow(/scenario flaky: invalid options: failures/);
    expect(() => scenarios.latency({ ms: 10, extra: true } as never)).toThrow(/invalid options/);
    expect(() => scenarios.serviceUnavailable({ service: 'nope' } as never)).toThrow(/service/);
  });
});
