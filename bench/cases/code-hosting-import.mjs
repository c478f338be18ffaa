// Code hosting: GET /repos/{owner}/{repo}/import through Octokit, served by the stateful fake
// (auth, version, permission headers, journal) vs the same JSON from a plain nock `.reply(200, json)`.
import { Octokit } from '@octokit/rest';

export default async function register(h) {
  const group = 'code-hosting: GET /repos/{owner}/{repo}/import via Octokit';
  const probe = h.createFakes({ clock: '2024-01-10T00:00:00Z' });
  const handles = probe.apply(h.scenarios.importComplete({ owner: 'octo', repo: 'hello' }));
  const res = await probe.handle({
    method: 'GET',
    url: 'https://api.github.com/repos/octo/hello/import',
    headers: { authorization: `token ${handles.token}` },
  });
  const body = res.json;
  const headers = { 'content-type': 'application/json; charset=utf-8' };
  const octokit = new Octokit({ auth: handles.token, request: { retries: 0 } });
  const params = { owner: 'octo', repo: 'hello' };

  let fakes;
  h.add({
    group,
    name: 'stuntdouble fake (import complete)',
    setup: () => {
      fakes = h.createFakes({ clock: '2024-01-10T00:00:00Z' });
      fakes.apply(h.scenarios.importComplete({ owner: 'octo', repo: 'hello' }));
      fakes.install();
    },
    teardown: () => fakes.uninstall(),
    fn: () => octokit.request('GET /repos/{owner}/{repo}/import', params),
  });
  let scope;
  h.add({
    group,
    name: 'plain nock .reply(200, sameJson)',
    baseline: true,
    setup: () => {
      scope = h.nock('https://api.github.com').persist().get('/repos/octo/hello/import').reply(200, body, headers);
    },
    teardown: () => h.nock.removeInterceptor(scope.interceptors[0]),
    fn: () => octokit.request('GET /repos/{owner}/{repo}/import', params),
  });
}
