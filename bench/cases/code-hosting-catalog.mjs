// Code hosting catalog: list a collection of 10,000 issues page by page through Octokit.
// The first page is the baseline; the last page (page 100 at per_page=100) must cost the same:
// records are keyed by concrete path and each collection keeps an ordered id array, so a page
// is a slice, whatever its number.
import { Octokit } from '@octokit/rest';

export default async function register(h) {
  const group = 'code-hosting catalog: GET /repos/{owner}/{repo}/issues page of 100 in 10,000 via Octokit';
  const octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
  let fakes;
  const setup = () => {
    fakes = h.createFakes({ clock: '2024-01-10T00:00:00Z' });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const items = [];
    for (let i = 1; i <= 10_000; i++) items.push([`/repos/octo/hello/issues/${i}`, { number: i, title: `issue ${i}`, state: 'open' }]);
    fakes.codeHosting.seed.resources(items);
    fakes.install();
  };
  const teardown = () => fakes.uninstall();
  const page = (n) => () => octokit.request('GET /repos/{owner}/{repo}/issues', { owner: 'octo', repo: 'hello', per_page: 100, page: n });
  h.add({ group, name: 'page 1 of 100', baseline: true, setup, teardown, fn: page(1) });
  h.add({ group, name: 'page 50 of 100', setup, teardown, fn: page(50) });
  h.add({ group, name: 'page 100 of 100 (last)', setup, teardown, fn: page(100) });
}
