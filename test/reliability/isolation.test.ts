/**
 * Isolation: two instances on different hosts in one process do not see each other; sequential tests
 * with `useFakes` start from scratch; after `uninstall()` no interceptor of ours remains and the user's
 * own nock interceptors keep working.
 */
import { GoogleGenAI } from '@google/genai';
import nock from 'nock';
import { createFakes } from 'stuntdouble';
import { useFakes } from 'stuntdouble/vitest';
import { afterAll, describe, expect, it } from 'vitest';

const contents = [{ role: 'user', parts: [{ text: 'abcd'.repeat(1100) }] }];

function vertexAt(baseUrl: string): GoogleGenAI {
  return new GoogleGenAI({
    vertexai: true,
    project: 'p',
    location: 'us-central1',
    httpOptions: { baseUrl },
    googleAuthOptions: { authClient: { getRequestHeaders: async () => new Headers({ authorization: 'Bearer t' }) } } as never,
  });
}

// The guard (a faked host called while its instance is not installed) is tested in test/safety; here
// the request after a.uninstall() must show isolation alone.
const A = {
  guard: false,
  codeHosting: { baseUrls: ['https://ghe-a.example.com/api/v3'] },
  socialGraph: { baseUrls: ['https://graph-a.example.com'] },
  modelCache: { baseUrls: ['https://vertex-a.example.com'] },
};
const B = {
  codeHosting: { baseUrls: ['https://ghe-b.example.com/api/v3'] },
  socialGraph: { baseUrls: ['https://graph-b.example.com'] },
  modelCache: { baseUrls: ['https://vertex-b.example.com'] },
};

describe('two instances in one process', () => {
  afterAll(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it('on different hosts: each answers its own hosts, keeps its own state and journal, and uninstalls only its own interceptors', async () => {
    const a = createFakes(A).install();
    const b = createFakes(B).install();
    try {
      const created = await vertexAt('https://vertex-a.example.com').caches.create({ model: 'gemini-2.5-flash', config: { contents } });
      expect(created.name).toMatch(/^projects\/p\/locations\/us-central1\/cachedContents\//);
      const inB = await fetch(`https://vertex-b.example.com/v1/${created.name}`, { headers: { authorization: 'Bearer t' } });
      expect(inB.status).toBe(404);
      const listA = await vertexAt('https://vertex-a.example.com').caches.list();
      expect(listA.page.map((c) => c.name)).toEqual([created.name]);
      expect(a.calls.map((c) => c.operation)).toEqual(['cachedContents/create', 'cachedContents/list']);
      expect(b.calls.map((c) => c.operation)).toEqual(['cachedContents/get']);
      expect(a.state.modelCache).not.toBe(b.state.modelCache);
      expect((await fetch('https://ghe-b.example.com/api/v3/rate_limit')).status).toBe(200);
      expect(a.calls.where({ service: 'codeHosting' }).count()).toBe(0);

      a.uninstall();
      const left = nock.activeMocks().join('\n');
      expect(left).not.toContain('-a.example.com');
      // The nock transport keeps b's interceptors in nock; the direct one never adds any.
      if (b.options.transport === 'nock') expect(left).toContain('vertex-b.example.com');
      else expect(left).not.toContain('example.com');
      expect((await fetch(`https://vertex-b.example.com/v1/${created.name}`, { headers: { authorization: 'Bearer t' } })).status).toBe(404);
      expect((await fetch('https://graph-b.example.com/v24.0/me?access_token=x')).status).toBeLessThan(500);
      const before = a.calls.count();
      const outcome = await fetch('https://graph-a.example.com/v24.0/me').then(
        (r) => r.status,
        () => 'refused',
      );
      // nock 14 refuses the request (net connect is off); nock 15 answers its own 501 for a request no interceptor takes.
      expect(['refused', 501]).toContain(outcome);
      expect(a.calls.count()).toBe(before);
    } finally {
      a.uninstall();
      b.uninstall();
    }
  });

  it('a second instance on the same hosts is refused while the first is installed, and allowed after', () => {
    const a = createFakes().install();
    try {
      expect(() => createFakes().install()).toThrow(/already faked by another installed createFakes\(\) instance/);
    } finally {
      a.uninstall();
    }
    const b = createFakes().install();
    b.uninstall();
  });
});

describe('after uninstall()', () => {
  it("no interceptor of ours remains and the user's interceptors on other and on faked hosts still work", async () => {
    const user = nock('https://user.example.com').persist().get('/ping').reply(200, { pong: true });
    const fakes = createFakes().install();
    expect(nock.activeMocks().some((m) => m.includes('api.github.com'))).toBe(fakes.options.transport === 'nock');
    expect((await fetch('https://api.github.com/rate_limit')).status).toBe(200);
    expect(await (await fetch('https://user.example.com/ping')).json()).toEqual({ pong: true });
    fakes.uninstall();
    const ours = ['api.github.com', 'graph.facebook.com', 'aiplatform.googleapis.com', 'generativelanguage.googleapis.com'];
    expect(nock.activeMocks().filter((m) => ours.some((o) => m.includes(o)))).toEqual([]);
    expect(await (await fetch('https://user.example.com/ping')).json()).toEqual({ pong: true });
    // The user may now mock a host we used to fake.
    nock('https://api.github.com').get('/rate_limit').reply(418, { mine: true });
    const res = await fetch('https://api.github.com/rate_limit');
    expect(res.status).toBe(418);
    expect(fakes.calls.count()).toBe(1);
    user.persist(false);
    nock.cleanAll();
  });
});

describe('sequential tests with useFakes', () => {
  const fakes = useFakes({ clock: '2025-01-01T00:00:00Z' });
  const fresh = JSON.stringify(createFakes({ clock: '2025-01-01T00:00:00Z' }).state);

  it('test 1 changes everything it can', async () => {
    await vertexAt('https://us-central1-aiplatform.googleapis.com').caches.create({ model: 'gemini-2.5-flash', config: { contents } });
    fakes.modelCache.seed.cachedContent({});
    fakes.override('codeHosting', 'GET /rate_limit', () => ({ status: 503, body: { message: 'down' } }));
    fakes.faults.push(() => ({ tag: 'always', response: { status: 418 } }));
    fakes.clock.advance('3d');
    expect(fakes.calls.count()).toBe(1);
    expect(JSON.stringify(fakes.state)).not.toBe(fresh);
  });

  it('test 2 sees none of it', async () => {
    expect(JSON.stringify(fakes.state)).toBe(fresh);
    expect(fakes.calls.count()).toBe(0);
    expect(fakes.unmatched.count()).toBe(0);
    expect(fakes.applied).toEqual([]);
    expect(fakes.faults).toEqual([]);
    expect(fakes.clock.now().toISOString()).toBe('2025-01-01T00:00:00.000Z');
    const res = await fetch('https://api.github.com/rate_limit', { headers: { authorization: 'token t' } });
    expect(res.status).toBe(200);
    expect(fakes.calls.last()?.seq).toBe(1);
  });
});
