import { type Fakes, createFakes } from 'stuntdouble';
import { CATALOG, type CatalogRow } from 'stuntdouble/code-hosting';
import { beforeAll, describe, expect, it } from 'vitest';

// The seed's neutral spellings (`dependency-bot`, `assistant`, `platform`) are accepted in request
// paths, but no answer carries them: every catalog row is requested by its seed-spelling path, after
// seeding its resource (also by the seed spelling), and its body and its Location / Link headers are
// searched for a seed-spelled path segment.

const SEED_SEGMENT = /\/(dependency-bot|assistant|platform)(\/|\?|"|$|\{)/;
const VALUES: Record<string, string> = { owner: 'octo', repo: 'hello', org: 'acme', username: 'mona', enterprise: 'acme-ent', path: 'README.md' };
const value = (n: string, row: CatalogRow) => (row.intParams.includes(n) ? '7' : (VALUES[n] ?? `${n.replace(/_/g, '-')}-1`));
const concrete = (row: CatalogRow) => row.path.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(value(n, row)));

describe('answers use GitHub’s spellings only', () => {
  let fakes: Fakes;
  let snapshot: ReturnType<Fakes['snapshot']>;
  beforeAll(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
    snapshot = fakes.snapshot();
  });

  it('no body, Location or Link of any row contains a seed spelling, whatever spelling the request used', async () => {
    const rows = CATALOG.filter((r) => SEED_SEGMENT.test(r.path));
    expect(rows.length).toBeGreaterThan(30);
    const leaks: string[] = [];
    for (const row of rows) {
      fakes.restore(snapshot);
      const path = concrete(row);
      try {
        fakes.codeHosting.seed.resource(path, { name: 'seeded', number: 7, url: `https://api.github.com${path}` });
      } catch {}
      const res = await fakes.handle({
        method: row.method,
        url: `https://api.github.com${path}`,
        headers: { authorization: 'token t', 'content-type': 'application/json' },
        body: row.method === 'GET' ? null : JSON.stringify(Object.fromEntries(row.required.map((f) => [f, 'x']))),
      });
      const where = `${row.method} ${row.path} → ${res.status}`;
      if (res.status >= 500) leaks.push(`${where}: ${res.text.slice(0, 120)}`);
      const m = SEED_SEGMENT.exec(res.text);
      if (m) leaks.push(`${where}: body has '${m[0]}' ${res.text.slice(Math.max(0, m.index - 60), m.index + 40)}`);
      for (const h of ['location', 'link']) {
        const v = res.headers[h];
        if (v && SEED_SEGMENT.test(v)) leaks.push(`${where}: ${h} ${v}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
