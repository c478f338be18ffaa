// Code hosting catalog: list a collection of 10,000 issues page by page through Octokit.
// The first page is the baseline; the last page (page 100 at per_page=100) must cost the same:
// records are keyed by concrete path and each collection keeps an ordered id array, so a page
// is a slice, whatever its number. The same holds for a filtered, sorted list: each filter has its
// own index list kept in every order GitHub sorts by (created, updated, comments), so
// `labels=bug&sort=updated` is a slice of one list too (deep page / first page ≤ 1.5).
import { Octokit } from '@octokit/rest';

const minute = 60_000;
const start = Date.UTC(2024, 0, 1);

export default async function register(h) {
  const octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
  let fakes;
  const seed = (withFilters) => () => {
    fakes = h.createFakes({ clock: '2024-01-10T00:00:00Z' });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const items = [];
    for (let i = 1; i <= 10_000; i++) {
      const body = { number: i, title: `issue ${i}`, state: 'open' };
      if (withFilters) {
        // Half carry `bug`; `updated_at` shuffled, so the updated order is not the created one.
        body.labels = i % 2 ? ['bug'] : ['ui'];
        body.created_at = new Date(start + i * minute).toISOString();
        body.updated_at = new Date(start + ((i * 7919) % 10_000) * minute).toISOString();
      }
      items.push([`/repos/octo/hello/issues/${i}`, body]);
    }
    fakes.codeHosting.seed.resources(items);
    fakes.install();
  };
  const teardown = () => fakes.uninstall();

  const group = 'code-hosting catalog: GET /repos/{owner}/{repo}/issues page of 100 in 10,000 via Octokit';
  const page = (n) => () => octokit.request('GET /repos/{owner}/{repo}/issues', { owner: 'octo', repo: 'hello', per_page: 100, page: n });
  h.add({ group, name: 'page 1 of 100', baseline: true, setup: seed(false), teardown, fn: page(1) });
  h.add({ group, name: 'page 50 of 100', setup: seed(false), teardown, fn: page(50) });
  h.add({ group, name: 'page 100 of 100 (last)', setup: seed(false), teardown, fn: page(100) });

  const filtered = 'code-hosting catalog: issues?labels=bug&sort=updated page of 100 (5,000 of 10,000 match) via Octokit';
  const fpage = (n) => () =>
    octokit.request('GET /repos/{owner}/{repo}/issues', {
      owner: 'octo',
      repo: 'hello',
      labels: 'bug',
      sort: 'updated',
      direction: 'desc',
      per_page: 100,
      page: n,
    });
  h.add({ group: filtered, name: 'page 1 of 50', baseline: true, setup: seed(true), teardown, fn: fpage(1) });
  h.add({ group: filtered, name: 'page 25 of 50', setup: seed(true), teardown, fn: fpage(25) });
  h.add({ group: filtered, name: 'page 50 of 50 (last)', setup: seed(true), teardown, fn: fpage(50) });
}
