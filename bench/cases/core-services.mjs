// One route per service through plain fetch: the fake (default, direct transport) vs a plain nock
// `.reply(200, json)` with the same body vs a loopback node:http server answering the same JSON.
// (The SDK groups of each service compare the fake with plain nock through the real SDK.)
import http from 'node:http';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** The three tasks of a group: fake, plain nock (baseline), loopback server. */
function addTrio(h, { group, origin, path, headers, makeFakes }) {
  let fakes;
  let scope;
  let server;
  let port = 0;
  let body;
  const url = `${origin}${path}`;
  const once = async () => {
    if (body !== undefined) return;
    const probe = makeFakes();
    const res = await probe.fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${group}: probe answered ${res.status}: ${await res.text()}`);
    body = await res.json();
  };
  const read = async (u) => {
    const res = await fetch(u, { headers });
    if (res.status !== 200) throw new Error(`${group}: ${res.status}`);
    return res.json();
  };
  h.add({
    group,
    name: 'stuntdouble fake (direct transport)',
    setup: async () => {
      await once();
      fakes = makeFakes().install();
    },
    teardown: () => fakes.uninstall(),
    fn: () => read(url),
  });
  h.add({
    group,
    name: 'plain nock .reply(200, sameJson)',
    baseline: true,
    setup: async () => {
      await once();
      const [pathname, query] = path.split('?');
      const ic = h.nock(origin).persist().get(pathname);
      scope = (query ? ic.query(true) : ic).reply(200, body, JSON_HEADERS);
    },
    teardown: () => h.nock.removeInterceptor(scope.interceptors[0]),
    fn: () => read(url),
  });
  h.add({
    group,
    name: 'loopback node:http server',
    setup: async () => {
      await once();
      h.nock.enableNetConnect();
      const payload = JSON.stringify(body);
      server = http.createServer((_req, out) => {
        out.writeHead(200, JSON_HEADERS);
        out.end(payload);
      });
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      port = server.address().port;
    },
    teardown: () => new Promise((r) => server.close(r)),
    fn: () => read(`http://127.0.0.1:${port}${path}`),
  });
}

export default async function register(h) {
  // Code hosting: import status of a completed import, with the scenario's token.
  {
    const probe = h.createFakes({ clock: '2024-01-10T00:00:00Z' });
    const { token } = probe.apply(h.scenarios.importComplete({ owner: 'octo', repo: 'hello' }));
    addTrio(h, {
      group: 'code-hosting: GET /repos/{owner}/{repo}/import via fetch',
      origin: 'https://api.github.com',
      path: '/repos/octo/hello/import',
      headers: { authorization: `token ${token}`, accept: 'application/vnd.github+json' },
      makeFakes: () => {
        const f = h.createFakes({ clock: '2024-01-10T00:00:00Z' });
        f.apply(h.scenarios.importComplete({ owner: 'octo', repo: 'hello' }));
        return f;
      },
    });
  }
  // Social graph: a feed page of 25 posts.
  {
    const probe = h.createFakes({ clock: '2024-04-01T00:00:00Z' });
    const { pageId } = probe.apply(h.scenarios.pageWithFeed({ posts: 50 }));
    addTrio(h, {
      group: 'social-graph: GET /{page-id}/feed via fetch',
      origin: 'https://graph.facebook.com',
      path: `/v24.0/${pageId}/feed?limit=25&fields=message&access_token=bench`,
      headers: {},
      makeFakes: () => {
        const f = h.createFakes({ clock: '2024-04-01T00:00:00Z' });
        f.apply(h.scenarios.pageWithFeed({ posts: 50 }));
        return f;
      },
    });
  }
  // Model cache: cachedContents get on the Vertex wire.
  {
    const seedOne = (f) => f.modelCache.seed.cachedContent({ ttl: '86400s', displayName: 'bench' });
    const probe = h.createFakes({ clock: '2026-01-01T00:00:00Z' });
    const { name } = seedOne(probe);
    addTrio(h, {
      group: 'model-cache: GET cachedContents/{id} via fetch',
      origin: 'https://us-central1-aiplatform.googleapis.com',
      path: `/v1beta1/${name}`,
      headers: { authorization: 'Bearer bench' },
      makeFakes: () => {
        const f = h.createFakes({ clock: '2026-01-01T00:00:00Z' });
        seedOne(f);
        return f;
      },
    });
  }
}
