// Model cache: cachedContents get through @google/genai (fake vs a plain nock reply of the same
// JSON), and list pages over 10,000 cached contents (the first page vs a page 9,000 deep).
import { GoogleGenAI } from '@google/genai';
import { addTransportCases } from '../transports.mjs';

for (const k of [
  'GOOGLE_API_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_CLOUD_PROJECT',
  'GOOGLE_CLOUD_LOCATION',
  'GOOGLE_GENAI_USE_VERTEXAI',
  'GOOGLE_VERTEX_BASE_URL',
  'GOOGLE_GEMINI_BASE_URL',
  'GOOGLE_GENAI_API_VERSION',
])
  delete process.env[k];

const CLOCK = '2026-01-01T00:00:00Z';
const HOST = 'https://us-central1-aiplatform.googleapis.com';

/** @param {typeof fetch} [fetchFn] a fetch for the client to send with (`httpOptions.fetch`), else global fetch */
function client(fetchFn) {
  return new GoogleGenAI({
    vertexai: true,
    project: 'p',
    location: 'us-central1',
    googleAuthOptions: { authClient: { getRequestHeaders: async () => new Headers({ authorization: 'Bearer bench' }) } },
    ...(fetchFn ? { httpOptions: { fetch: fetchFn } } : {}),
  });
}

export default async function register(h) {
  const ai = client();

  // The JSON the fake answers for one cache, replayed by the nock baseline.
  const probe = h.createFakes({ clock: CLOCK });
  const seeded = probe.modelCache.seed.cachedContent({ ttl: '86400s', displayName: 'bench' });
  const res = await probe.fetch(`${HOST}/v1beta1/${seeded.name}`, { headers: { authorization: 'Bearer bench' } });
  const body = await res.json();
  const headers = { 'content-type': 'application/json; charset=utf-8' };

  let scope;
  const viaFetch = new WeakMap();
  const group = 'model-cache: cachedContents get via @google/genai';
  addTransportCases(h, {
    group,
    fn: () => ai.caches.get({ name: seeded.id }),
    makeFakes: (extra = {}, create = h.createFakes) => {
      const f = create({ clock: CLOCK, ...extra });
      f.modelCache.seed.cachedContent({ ttl: '86400s', displayName: 'bench' });
      return f;
    },
    url: `${HOST}/v1beta1/${seeded.name}`,
    body: () => body,
    // One client per fakes instance (a task's setup makes a new one), built on first use.
    viaFakesFetch: (fakesFetch) => {
      let c = viaFetch.get(fakesFetch);
      if (!c) {
        c = client(fakesFetch);
        viaFetch.set(fakesFetch, c);
      }
      return c.caches.get({ name: seeded.id });
    },
  });
  h.add({
    group,
    name: 'plain nock .reply(200, json)',
    baseline: true,
    setup: () => {
      scope = h.nock(HOST).persist().get(`/v1beta1/${seeded.name}`).reply(200, body, headers);
    },
    teardown: () => h.nock.removeInterceptor(scope.interceptors[0]),
    fn: () => ai.caches.get({ name: seeded.id }),
  });

  // 10,000 caches seeded in one update; a page token 9,000 items deep found once in setup.
  const list = 'model-cache: list over 10,000 cached contents (pageSize 100)';
  let big;
  let deepToken;
  const setupBig = async () => {
    big = h.createFakes({ clock: CLOCK }).install();
    big.modelCache.seed.cachedContents(10_000, { ttl: '86400s' });
    let token;
    for (let i = 0; i < 9; i++) {
      const r = await big.fetch(`${HOST}/v1beta1/projects/p/locations/us-central1/cachedContents?pageSize=1000${token ? `&pageToken=${token}` : ''}`, {
        headers: { authorization: 'Bearer bench' },
      });
      token = (await r.json()).nextPageToken;
    }
    deepToken = token;
  };
  h.add({
    group: list,
    name: 'first page',
    baseline: true,
    setup: setupBig,
    teardown: () => big.uninstall(),
    fn: async () => (await ai.caches.list({ config: { pageSize: 100 } })).page,
  });
  h.add({
    group: list,
    name: 'page 91 (9,000 deep)',
    setup: setupBig,
    teardown: () => big.uninstall(),
    fn: async () => (await ai.caches.list({ config: { pageSize: 100, pageToken: deepToken } })).page,
  });
}
