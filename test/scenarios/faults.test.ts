import { ApiError } from '@google/genai';
import bizSdk from 'facebook-nodejs-business-sdk';
import { Octokit } from 'octokit';
import { createFakes, scenarios } from 'stuntdouble';
import { afterEach, describe, expect, it } from 'vitest';
import { vertexClient } from '../model-cache/helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: the SDK ships no typings.
const { FacebookAdsApi, Page } = bizSdk as any;

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
    // An unavailable service is unavailable on every path, known or not (regression: unmatched paths answered 404).
    const unknownPath = await fakes.fetch('https://api.github.com/definitely/not/a/route');
    expect(unknownPath.status).toBe(503);
    expect(await unknownPath.json()).toMatchObject({ message: 'Service Unavailable' });
    expect(fakes.unmatched.last()?.status).toBe(503);
    expect(fakes.calls.last()?.tags).toEqual(['serviceUnavailable']);
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
    expect(() => scenarios.latency({ ms: 10, extra: true } as never)).toThrow(/unknown key 'extra' in scenarios.latency\(\) options/);
    expect(() => scenarios.serviceUnavailable({ service: 'nope' } as never)).toThrow(/service/);
  });

  // On the nock transport, nock 14's interception layer emits the socket error a second time after
  // axios stopped listening: an uncaught 'socket hang up' (docs/transports.md, known limitation).
  const nockTransport = process.env.STUNTDOUBLE_TRANSPORT === 'nock';
  it.skipIf(nockTransport)('networkError: the Facebook SDK surfaces the connection failure', async () => {
    fakes.install();
    const { pageId } = fakes.apply(scenarios.pageWithFeed({ posts: 1 }));
    fakes.apply(scenarios.networkError({ service: 'socialGraph', times: 1 }));
    FacebookAdsApi.init('EAAtoken', 'en_US', false);
    const err = await new Page(pageId).get(['name']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toMatch(/no response was received|socket hang up|ECONNRESET/i);
    expect(fakes.calls.last()?.tags).toEqual(['networkError']);
    const page = await new Page(pageId).get(['name']);
    expect(page._data.id).toBe(pageId);
  });

  it('serviceUnavailable: @google/genai surfaces the 503 UNAVAILABLE', async () => {
    fakes.install();
    const { name } = fakes.modelCache.seed.cachedContent({ project: 'p', location: 'us-central1', model: 'gemini-2.5-flash' });
    fakes.apply(scenarios.serviceUnavailable({ service: 'modelCache' }));
    const err = await vertexClient()
      .caches.get({ name })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(503);
    expect(JSON.parse((err as ApiError).message)).toEqual({ error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } });
  });
});
