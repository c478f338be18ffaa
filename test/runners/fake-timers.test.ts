// The runner's fake timers and the fakes: requests complete under vi.useFakeTimers(), and
// clock: 'system' follows vi.setSystemTime().
import { GoogleGenAI } from '@google/genai';
import { Octokit } from '@octokit/rest';
import bizSdk from 'facebook-nodejs-business-sdk';
import { createFakes, scenarios } from 'stuntdouble';
import { useFakes } from 'stuntdouble/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';

const vertex = () =>
  new GoogleGenAI({
    vertexai: true,
    project: 'p',
    location: 'us-central1',
    googleAuthOptions: { authClient: { getRequestHeaders: async () => new Headers({ authorization: 'Bearer t' }) } } as never,
  });

describe('requests under vi.useFakeTimers() (every timer faked, the default toFake list)', () => {
  const fakes = useFakes({ clock: '2024-04-01T00:00:00Z' });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('Octokit, the Facebook SDK and @google/genai all get their answers without advancing timers', async () => {
    vi.useFakeTimers();
    const { owner, repo } = fakes.apply(scenarios.importNeedsAuth({ owner: 'octo', repo: 'hello' }));
    const { data } = await new Octokit({ auth: 't' }).request('GET /repos/{owner}/{repo}/import', { owner, repo });
    expect(data.status).toBe('detection_needs_auth');

    const { pageId } = fakes.apply(scenarios.pageWithFeed({ posts: 2 }));
    bizSdk.FacebookAdsApi.init('tok', 'en_US', false);
    const feed = await new bizSdk.Page(pageId).getFeed(['message'], { limit: 5 });
    expect(feed.map((p) => p._data.message)).toEqual(['Post 2', 'Post 1']);

    const cache = fakes.apply(scenarios.cacheReady());
    expect((await vertex().caches.get({ name: cache.id })).name).toBe(cache.name);

    expect(fakes).toHaveReceived('GET /repos/{owner}/{repo}/import', { status: 200 });
    expect(fakes.calls.count()).toBe(3);
  });

  it('webhook deliveries (queued side effects) are flushed under fake timers too', async () => {
    vi.useFakeTimers();
    const octokit = new Octokit({ auth: 't' });
    await octokit.request('POST /user/repos', { name: 'timers' });
    await fakes.flush();
    expect(fakes).toHaveReceivedTimes('POST /user/repos', 1);
  });
});

describe("clock: 'system' follows the runner's mocked system time", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('vi.setSystemTime moves the fake clock, and what the fakes stamp', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    const fakes = createFakes({ clock: 'system' }).install();
    try {
      expect(fakes.clock.mode).toBe('system');
      expect(fakes.clock.now().toISOString()).toBe('2025-01-01T00:00:00.000Z');
      const octokit = new Octokit({ auth: 't' });
      const a = await octokit.request('POST /user/repos', { name: 'first' });
      expect(Date.parse(a.data.created_at ?? '')).toBe(Date.parse('2025-01-01T00:00:00Z'));

      vi.setSystemTime(new Date('2025-06-30T12:00:00Z'));
      expect(fakes.clock.now().toISOString()).toBe('2025-06-30T12:00:00.000Z');
      const b = await octokit.request('POST /user/repos', { name: 'second' });
      expect(Date.parse(b.data.created_at ?? '')).toBe(Date.parse('2025-06-30T12:00:00Z'));

      vi.advanceTimersByTime(60_000);
      expect(fakes.clock.now().toISOString()).toBe('2025-06-30T12:01:00.000Z');
      // fakes.clock.advance() still works on top of the runner's time.
      fakes.clock.advance('1h');
      expect(fakes.clock.now().toISOString()).toBe('2025-06-30T13:01:00.000Z');
    } finally {
      fakes.uninstall();
    }
  });

  it("clock: 'real' is not moved by vi.setSystemTime (it captured the system clock)", () => {
    const fakes = createFakes({ clock: 'real' });
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2000-01-01T00:00:00Z'));
    expect(fakes.clock.mode).toBe('real');
    expect(fakes.clock.now().getUTCFullYear()).toBeGreaterThan(2020);
  });

  it('a scheduled post goes live when the runner moves system time past it', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    const fakes = createFakes({ clock: 'system' });
    const { postId } = fakes.apply(scenarios.scheduledPost({ in: '1h' }));
    const read = async () => (await fakes.handle({ method: 'GET', url: `https://graph.facebook.com/v24.0/${postId}?fields=is_published&access_token=t` })).json;
    expect(await read()).toMatchObject({ is_published: false });
    vi.setSystemTime(new Date('2025-01-01T02:00:00Z'));
    expect(await read()).toMatchObject({ is_published: true });
  });
});
