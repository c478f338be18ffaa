// Code hosting response shapes: what rendering every answer through GitHub's documented shape costs.
// - per request: GET one issue via Octokit, against a plain nock `.reply()` of the same body (target ≤ 0.15),
//   the same read rendered anew each time (two URLs in turn: a repeated read of an unchanged state
//   answers the previous rendering), and the same body answered by an override (the request path, transport and client without the
//   issue model and the renderer: what the row costs apart from rendering);
// - the first catalog request of a process, which parses the shapes module (child process, wall time),
//   next to the same process doing a request that needs no shapes (GET /rate_limit).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Octokit } from '@octokit/rest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function child(script) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`child failed: ${r.stderr}`);
  return Number(r.stdout.trim().split('\n').pop());
}
const firstRequest = (route) => `
import { createFakes } from 'stuntdouble';
const fakes = createFakes({ clock: '2024-01-10T00:00:00Z' });
fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
fakes.codeHosting.seed.resource('/repos/octo/hello/issues/1', { title: 'Bug' });
const t0 = performance.now();
const res = await fakes.fetch('https://api.github.com${route}', { headers: { authorization: 'token ghp_x' } });
await res.text();
console.log(performance.now() - t0);
`;

export default async function register(h) {
  const group = 'code-hosting shapes: GET one issue via Octokit (rendered through its documented shape)';
  const octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
  let fakes;
  let body;
  const get = () => octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { owner: 'octo', repo: 'hello', issue_number: 1 });
  /** Fakes holding the repository and its labelled, assigned issue 1. */
  const seeded = () => {
    const f = h.createFakes({ clock: '2024-01-10T00:00:00Z' });
    f.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    f.codeHosting.seed.resource('/repos/octo/hello/issues/1', { title: 'Bug', labels: ['bug'], assignees: ['mona'] });
    return f;
  };
  {
    // The body GitHub's shape gives, answered by plain nock.
    const f = seeded().install();
    body = (await get()).data;
    f.uninstall();
  }
  h.add({
    group,
    name: 'plain nock .reply() with the same issue',
    baseline: true,
    setup: () => {
      h.nock('https://api.github.com').persist().get('/repos/octo/hello/issues/1').reply(200, body, { 'content-type': 'application/json; charset=utf-8' });
    },
    teardown: () => h.nock.cleanAll(),
    fn: get,
  });
  h.add({
    group,
    name: 'stuntdouble: stored issue rendered through its shape',
    setup: () => {
      fakes = seeded().install();
    },
    teardown: () => fakes.uninstall(),
    fn: get,
  });

  // The row above reads one unchanged issue again and again, which answers the rendering of the
  // previous read (the same state, URL and caller). Here two URLs take turns (a query parameter the
  // route ignores): every read renders.
  let turn = 0;
  h.add({
    group,
    name: 'stuntdouble: rendered anew on every read (two URLs in turn)',
    setup: () => {
      fakes = seeded().install();
    },
    teardown: () => fakes.uninstall(),
    fn: () => {
      turn ^= 1;
      return octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { owner: 'octo', repo: 'hello', issue_number: 1, turn });
    },
  });

  h.add({
    group,
    name: 'stuntdouble: the same body from an override (no model, no rendering)',
    setup: () => {
      fakes = h.createFakes({ clock: '2024-01-10T00:00:00Z' });
      fakes.override('codeHosting', 'GET /repos/{owner}/{repo}/issues/{issue_number}', () => ({ status: 200, body }));
      fakes.install();
    },
    teardown: () => fakes.uninstall(),
    fn: get,
  });

  const g2 = 'code-hosting shapes: first request of a process (ms, child process, median of 9)';
  h.add({
    group: g2,
    name: 'first request needing no shapes (GET /rate_limit)',
    baseline: true,
    repeat: 9,
    measure: () => child(firstRequest('/rate_limit')),
  });
  h.add({ group: g2, name: 'first catalog request (parses the shapes)', repeat: 9, measure: () => child(firstRequest('/repos/octo/hello/issues/1')) });
}
