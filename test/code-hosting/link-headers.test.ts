import { type Fakes, createFakes } from 'stuntdouble';
import { CATALOG, type CatalogRow, realSpelling } from 'stuntdouble/code-hosting';
import { beforeAll, describe, expect, it } from 'vitest';

// Every paged list sends GitHub's `Link` header: three items seeded under a list row's collection,
// requested with `per_page=1`, answer one item and a Link with `next` and `last` (page 2 adds `prev`
// and `first`), pointing at the list's own URL on the request's host.

const VALUES: Record<string, string> = { owner: 'octo', repo: 'hello', org: 'acme', username: 'mona', enterprise: 'acme-ent' };
const value = (n: string, row: CatalogRow) => (row.intParams.includes(n) ? '7' : (VALUES[n] ?? `${n.replace(/_/g, '-')}-1`));
const concrete = (row: CatalogRow) => row.path.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(value(n, row)));
const itemsOf = (body: unknown, row: CatalogRow): unknown[] | undefined =>
  Array.isArray(body) ? body : row.listKey ? ((body as Record<string, unknown> | undefined)?.[row.listKey] as unknown[] | undefined) : undefined;

/** Lists served by hand-written operations outside this test's reach, each with its reason (none today). */
const KNOWN_GAPS: Record<string, string> = {};

/**
 * Lists whose Link has `next` but no `last` while there is a next page, with the reason: the commits
 * list is a history walk that stops one commit past the page (relations/git/commits.ts), so it does not
 * know the last page.
 */
const NO_LAST: Record<string, string> = {
  'GET /repos/{owner}/{repo}/commits': 'a history walk stops one commit past the page: no count of the history, so no last page',
};

/** Lists whose items are not catalog records: three items made the way their family makes them. */
const SEED_THREE: Record<string, (fakes: Fakes) => void> = {
  // Commits are the git graph's: three commits on the default branch (above its root commit).
  'GET /repos/{owner}/{repo}/commits': (fakes) => {
    for (const i of [1, 2, 3]) fakes.codeHosting.seed.commit({ owner: 'octo', repo: 'hello', files: { [`f${i}.txt`]: `${i}\n` }, message: `c${i}` });
  },
};

describe('Link headers on every paged list', () => {
  let fakes: Fakes;
  let snapshot: ReturnType<Fakes['snapshot']>;
  /** A list's path as GitHub links it: by the repository's or the organization's id. */
  let linkForm: (path: string) => string;
  beforeAll(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' });
    const repo = fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const org = fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
    linkForm = (path) => path.replace(/^\/repos\/octo\/hello(?=\/)/, `/repositories/${repo.id}`).replace(/^\/orgs\/acme(?=\/)/, `/organizations/${org.id}`);
    snapshot = fakes.snapshot();
  });

  it('a list with more items than per_page answers a Link with next and last; page 2 also prev and first', async () => {
    // Lists whose items have an item route under them (so three can be seeded by path).
    const itemRoute = new Map(CATALOG.filter((r) => r.method === 'GET').map((r) => [r.path, r]));
    const rows = CATALOG.filter(
      (r) => r.kind === 'list' && [...itemRoute.keys()].some((p) => p.startsWith(`${r.path}/{`) && p.split('/').length === r.path.split('/').length + 1),
    );
    expect(rows.length).toBeGreaterThan(70);
    let checked = 0;
    const missing: string[] = [];
    for (const row of rows) {
      fakes.restore(snapshot);
      const base = concrete(row);
      const own = SEED_THREE[`GET ${realSpelling(row.path)}`];
      try {
        if (own) own(fakes);
        else fakes.codeHosting.seed.resources([1, 2, 3].map((i) => [`${base}/${i}`, { name: `item-${i}`, number: i }] as const));
      } catch {
        continue;
      }
      const url = `https://api.github.com${base}`;
      const res = await fakes.handle({ method: 'GET', url: `${url}?per_page=1`, headers: { authorization: 'token t' } });
      const got = itemsOf(res.json, row);
      if (res.status !== 200 || !got || got.length !== 1) continue; // a hand-written list filtering these items out
      checked++;
      const link = res.headers.link ?? '';
      const where = `GET ${realSpelling(row.path)}`;
      if (KNOWN_GAPS[where]) {
        if (/rel="next"/.test(link)) missing.push(`${where}: sends a Link now, remove its known gap`);
        continue;
      }
      if (!/rel="next"/.test(link) || (!NO_LAST[where] && !/rel="last"/.test(link))) missing.push(`${where}: '${link}'`);
      else if (!link.includes(`<https://api.github.com${linkForm(realSpelling(base))}?`)) missing.push(`${where}: link elsewhere '${link}'`);
      else {
        const next = /<([^>]+)>; rel="next"/.exec(link)?.[1] as string;
        const two = await fakes.handle({ method: 'GET', url: next, headers: { authorization: 'token t' } });
        if (two.status !== 200 || itemsOf(two.json, row)?.length !== 1) missing.push(`${where} page 2 at ${next}: ${two.status}`);
        else if (!/rel="prev"/.test(two.headers.link ?? '') || !/rel="first"/.test(two.headers.link ?? ''))
          missing.push(`${where} page 2: '${two.headers.link}'`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });
});
