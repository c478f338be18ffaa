// Core: one route answered by the fake vs the same JSON from a plain nock reply and from a
// loopback node:http server, through Octokit and through plain fetch.
import http from 'node:http';
import { Octokit } from '@octokit/rest';
import { addTransportCases } from '../transports.mjs';

export default async function register(h) {
  const probe = h.createFakes({ clock: '2024-01-01T00:00:00Z' });
  const res = await probe.handle({ method: 'GET', url: 'https://api.github.com/rate_limit' });
  const body = res.json;
  const headers = { 'content-type': 'application/json; charset=utf-8' };

  let server;
  let port = 0;
  const startServer = async () => {
    const payload = JSON.stringify(body);
    server = http.createServer((_req, out) => {
      out.writeHead(200, headers);
      out.end(payload);
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    port = server.address().port;
  };
  const stopServer = () => new Promise((r) => server.close(r));

  let scope;
  const group = 'core: GET /rate_limit via Octokit';
  const octokit = new Octokit({ auth: 'ghp_bench', request: { retries: 0 } });
  const makeFakes = (extra = {}, create = h.createFakes) => create({ clock: '2024-01-01T00:00:00Z', ...extra });
  addTransportCases(h, {
    group,
    fn: () => octokit.request('GET /rate_limit'),
    makeFakes,
    url: 'https://api.github.com/rate_limit',
    body: () => body,
    directWithoutNock: true,
    viaFakesFetch: (f) => new Octokit({ auth: 'ghp_bench', request: { retries: 0, fetch: f } }).request('GET /rate_limit'),
  });
  h.add({
    group,
    name: 'plain nock .reply(200, json)',
    baseline: true,
    setup: () => {
      scope = h.nock('https://api.github.com').persist().get('/rate_limit').reply(200, body, headers);
    },
    teardown: () => h.nock.removeInterceptor(scope.interceptors[0]),
    fn: () => octokit.request('GET /rate_limit'),
  });
  let loopback;
  h.add({
    group,
    name: 'loopback node:http server',
    setup: async () => {
      h.nock.enableNetConnect();
      await startServer();
      loopback = new Octokit({ auth: 'ghp_bench', baseUrl: `http://127.0.0.1:${port}`, request: { retries: 0 } });
    },
    teardown: stopServer,
    fn: () => loopback.request('GET /rate_limit'),
  });

  const g2 = 'core: GET /rate_limit via fetch';
  addTransportCases(h, {
    group: g2,
    fn: async () => (await fetch('https://api.github.com/rate_limit')).json(),
    makeFakes,
    url: 'https://api.github.com/rate_limit',
    body: () => body,
    directWithoutNock: true,
    viaFakesFetch: async (f) => (await f('https://api.github.com/rate_limit')).json(),
  });
  h.add({
    group: g2,
    name: 'plain nock .reply(200, json)',
    baseline: true,
    setup: () => {
      scope = h.nock('https://api.github.com').persist().get('/rate_limit').reply(200, body, headers);
    },
    teardown: () => h.nock.removeInterceptor(scope.interceptors[0]),
    fn: async () => (await fetch('https://api.github.com/rate_limit')).json(),
  });
  h.add({
    group: g2,
    name: 'loopback node:http server',
    setup: async () => {
      h.nock.enableNetConnect();
      await startServer();
    },
    teardown: stopServer,
    fn: async () => (await fetch(`http://127.0.0.1:${port}/rate_limit`)).json(),
  });
}
