import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { createFakes } from 'stuntdouble';
import { afterEach, describe, expect, it, vi } from 'vitest';

const octokit = (auth = 'ghp_test') => new Octokit({ auth, request: { retries: 0 } });

describe('createFakes lifecycle', () => {
  afterEach(() => {
    vi.useRealTimers();
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it("install() serves the real SDK; uninstall() leaves no interceptor of ours and keeps the user's", async () => {
    const user = nock('https://example.test').persist().get('/mine').reply(200, { mine: true });
    const fakes = createFakes().install();
    expect((await octokit().request('GET /rate_limit')).status).toBe(200);
    const ours = nock.activeMocks().filter((m) => m.includes('api.github.com'));
    // The nock transport serves through nock interceptors; the direct one adds none.
    if (fakes.options.transport === 'nock') expect(ours.length).toBeGreaterThan(0);
    else expect(ours).toEqual([]);
    expect(fakes.calls.count()).toBe(1);
    fakes.install(); // idempotent
    fakes.uninstall();
    expect(nock.activeMocks().filter((m) => m.includes('api.github.com'))).toEqual([]);
    expect(nock.activeMocks().some((m) => m.includes('example.test'))).toBe(true);
    const res = await fetch('https://example.test/mine');
    expect(await res.json()).toEqual({ mine: true });
    user.persist(false);
  });

  it('a request to a host no fake serves fails clearly (net connect is off)', async () => {
    const fakes = createFakes().install();
    try {
      await expect(fetch('https://unfaked.example.org/x')).rejects.toThrow();
      const err = await fetch('https://unfaked.example.org/x').catch((e: Error) => e);
      expect(String((err as Error & { cause?: Error }).cause?.message ?? err)).toMatch(/Disallowed net connect|unfaked\.example\.org/);
    } finally {
      fakes.uninstall();
    }
    await expect(createFakes().fetch('https://unfaked.example.org/x')).rejects.toThrow(/fetch failed/);
  });

  it('an unmatched route on a faked host answers the service envelope and is recorded with the closest routes', async () => {
    const fakes = createFakes().install();
    try {
      const err = await octokit()
        .request('GET /rate_limits')
        .catch((e) => e);
      expect(err.status).toBe(404);
      // GitHub's envelope; its message also says which route was missed (issue 15: the SDK's error shows it).
      expect(err.response.data).toEqual({
        message: expect.stringMatching(/^Not Found \(stuntdouble: no route GET \/rate_limits; closest: GET \/rate_limit[,)]/),
        documentation_url: 'https://docs.github.com/rest',
        status: '404',
      });
      expect(fakes.unmatched.count()).toBe(1);
      expect(fakes.unmatched[0]?.note).toContain('GET /rate_limit');
      const fb = await fakes.fetch('https://graph.facebook.com/v24.0/does_not_exist_9?access_token=abc');
      expect(fb.status).toBe(400);
      expect(await fb.json()).toMatchObject({ error: { code: 100, error_subcode: 33, type: 'GraphMethodException' } });
      expect(fakes.unmatched.count()).toBe(2);
      expect(fakes.unmatched[1]?.url).not.toContain('abc');
    } finally {
      fakes.uninstall();
    }
  });

  it('override replaces one operation and the call is journaled', async () => {
    const fakes = createFakes().install();
    try {
      const off = fakes.override('codeHosting', 'GET /rate_limit', (ctx) => ({
        status: 503,
        headers: { 'content-type': 'application/json' },
        body: { message: `down for ${ctx.req.method}` },
      }));
      const err = await octokit()
        .request('GET /rate_limit')
        .catch((e) => e);
      expect(err.status).toBe(503);
      expect(err.response.data).toEqual({ message: 'down for GET' });
      const call = fakes.calls.where({ route: 'GET /rate_limit' }).last();
      expect(call).toMatchObject({ status: 503, operation: 'rate-limit/get', tags: ['override'] });
      off();
      expect((await octokit().request('GET /rate_limit')).status).toBe(200);
      expect(() => fakes.override('codeHosting', 'GET /no/such/{route}', () => ({ status: 200 }))).toThrow(/has no route/);
    } finally {
      fakes.uninstall();
    }
  });

  it('installing a second instance on a host another instance holds throws', () => {
    const a = createFakes().install();
    try {
      expect(() => createFakes().install()).toThrow(/already faked by another installed/);
      const b = createFakes({
        codeHosting: { baseUrls: ['https://ghe.example.com/api/v3'] },
        socialGraph: { baseUrls: ['https://graph.example.com'] },
        modelCache: { baseUrls: ['https://gen.example.com'] },
      });
      expect(() => b.install().uninstall()).not.toThrow();
    } finally {
      a.uninstall();
    }
  });

  it('two instances keep separate state, journals and clocks', async () => {
    const a = createFakes({ clock: '2024-01-01T00:00:00Z' });
    const b = createFakes({ clock: '2025-01-01T00:00:00Z' });
    a.restore({ ...a.state, codeHosting: { ...a.state.codeHosting, counters: { marker: 1 } } });
    await a.fetch('https://api.github.com/rate_limit');
    a.clock.advance('2h');
    expect(b.state.codeHosting.counters).toEqual({});
    expect(b.calls.count()).toBe(0);
    expect(a.calls.count()).toBe(1);
    expect(b.clock.now().toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(a.clock.now().toISOString()).toBe('2024-01-01T02:00:00.000Z');
  });

  it('snapshot is the state object itself and restore brings it back exactly', () => {
    const fakes = createFakes();
    const snap = fakes.snapshot();
    expect(snap).toBe(fakes.state);
    fakes.restore({ ...snap, codeHosting: { ...snap.codeHosting, counters: { n: 1 } } });
    expect(fakes.state).not.toBe(snap);
    fakes.restore(snap);
    expect(fakes.state).toBe(snap);
  });

  it('reset empties the journal and restarts the clock', async () => {
    const fakes = createFakes({ clock: '2024-01-01T00:00:00Z' });
    await fakes.fetch('https://api.github.com/rate_limit');
    fakes.clock.advance('3d');
    fakes.reset();
    expect(fakes.calls.count()).toBe(0);
    expect(fakes.clock.now().toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });

  it('vitest fake timers do not hang a request through nock or fakes.fetch', async () => {
    vi.useFakeTimers();
    const fakes = createFakes({ clock: '2024-01-01T00:00:00Z' }).install();
    try {
      const viaNock = await fetch('https://api.github.com/rate_limit');
      expect(viaNock.status).toBe(200);
      const viaOctokit = await octokit().request('GET /rate_limit');
      expect(viaOctokit.status).toBe(200);
      expect((await fakes.fetch('https://api.github.com/rate_limit')).status).toBe(200);
    } finally {
      fakes.uninstall();
    }
  });

  it('the journal redacts secrets but records the call', async () => {
    const fakes = createFakes();
    await fakes.fetch('https://graph.facebook.com/v24.0/me?access_token=EAAsecret', { headers: { authorization: 'OAuth EAAsecret' } });
    await fakes.fetch('https://generativelanguage.googleapis.com/v1beta/cachedContents?key=AIzaSecret', { headers: { 'x-goog-api-key': 'AIzaSecret' } });
    const text = JSON.stringify(fakes.calls) + fakes.describe();
    expect(text).not.toContain('EAAsecret');
    expect(text).not.toContain('AIzaSecret');
    expect(fakes.calls[0]?.query.access_token).toBe('[redacted]');
  });

  it('rejects unknown options with a clear error', () => {
    expect(() => createFakes({ auth: 'loose' as never })).toThrow(
      /unknown value 'loose' in createFakes\(\) \(at auth\)\. Did you mean 'lenient' or 'strict'\?/,
    );
    expect(() => createFakes({ codeHosting: { importProgress: 'fast' } as never })).toThrow(/codeHosting\.importProgress/);
  });

  it('describe() summarises each service on one line under its name', () => {
    const fakes = createFakes();
    fakes.socialGraph.seed.page({ name: 'Cafe' });
    const text = fakes.describe();
    for (const name of ['codeHosting', 'socialGraph', 'modelCache']) expect(text.match(new RegExp(`^${name}: `, 'gm'))).toHaveLength(1);
    expect(text).toMatch(/^socialGraph: 1 pages, /m);
    expect(text).not.toMatch(/(\w+): \1:/);
  });
});
