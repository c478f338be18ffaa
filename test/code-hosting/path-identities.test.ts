import { type Fakes, createFakes } from 'stuntdouble';
import { CATALOG, type CatalogRow, realSpelling } from 'stuntdouble/code-hosting';
import { beforeEach, describe, expect, it } from 'vitest';
import { exampleBody, oracle } from './conformance/oracle.js';
import { concretePath, paramValue } from './conformance/params.js';

// Generated: every PUT/POST of the catalog whose template ends in a name parameter (`{secret_name}`,
// `{environment_name}`, `{custom_property_name}`, ...) is sent with a name of its own and read back
// under the same path: the resource keeps the name the path gave it, never the description's example
// (`SECRET_TOKEN`, `staging`). Which field holds the name comes from GitHub's OpenAPI description (the
// GET answer's property named like the parameter, else `name`), the body from its request example.

const o = oracle('api.github.com');
const API = 'https://api.github.com';
const HEADERS = { authorization: 'token ghp_lenient', 'content-type': 'application/json', accept: 'application/vnd.github+json' };

const lastParam = (row: CatalogRow) => /\{([a-z_]+)\}$/.exec(row.path)?.[1];
const isName = (p: string | undefined): p is string => p !== undefined && (p === 'name' || p.endsWith('_name'));

/** A name of the row's own, unlike any example of the description. */
const NAME: Record<string, string> = { secret_name: 'DEPLOY_KEY', environment_name: 'staging-eu', custom_property_name: 'team-size' };

/** The field of the GET answer that holds the name (from the description's response schema). */
function identityField(row: CatalogRow, param: string): string | undefined {
  const found = o.find(realSpelling(row.path), 'GET');
  const res = o.deref(found?.op.responses?.['200']);
  const schema = o.deref(res?.content?.['application/json']?.schema);
  const props = { ...(schema?.properties ?? {}), ...Object.assign({}, ...(schema?.allOf ?? []).map((s: unknown) => o.deref(s)?.properties ?? {})) };
  // The property the parameter is named after: itself, else the longest property it ends with
  // (`custom_property_name` → `property_name`, `secret_name` → `name`).
  const fits = Object.keys(props).filter((k) => param === k || param.endsWith(`_${k}`));
  return fits.sort((a, b) => b.length - a.length)[0];
}

const ROWS = CATALOG.filter((r) => (r.method === 'PUT' || r.method === 'POST') && isName(lastParam(r)) && !r.intParams.includes(lastParam(r) as string)).filter(
  (r) => identityField(r, lastParam(r) as string) !== undefined,
);

describe('path identities: a name in the path is the resource’s name', () => {
  let fakes: Fakes;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
  });

  it('walks the rows GitHub names resources by (secrets, environments, custom properties)', () => {
    const names = ROWS.map((r) => `${r.method} ${r.path}`);
    expect(names).toContain('PUT /repos/{owner}/{repo}/actions/secrets/{secret_name}');
    expect(names).toContain('PUT /orgs/{org}/actions/secrets/{secret_name}');
    expect(names).toContain('PUT /repos/{owner}/{repo}/environments/{environment_name}');
    expect(names).toContain('PUT /orgs/{org}/properties/schema/{custom_property_name}');
    expect(names.length).toBeGreaterThanOrEqual(6);
  });

  for (const row of ROWS) {
    const param = lastParam(row) as string;
    it(`${row.method} ${row.path} keeps the path's ${param}`, async () => {
      const value = NAME[param] ?? `${param.replace(/_/g, '-')}-kept`;
      // Parents first: an environment secret needs its environment.
      if (row.path.includes('/environments/{environment_name}/')) {
        const env = await fakes.fetch(`${API}/repos/octo/hello/environments/${paramValue('environment_name', row)}`, {
          method: 'PUT',
          headers: HEADERS,
          body: '{}',
        });
        expect(env.status).toBeLessThan(300);
      }
      const base = concretePath(row);
      const url = `${API}${base.slice(0, base.lastIndexOf('/') + 1)}${encodeURIComponent(value)}`;
      const found = o.find(realSpelling(row.path), row.method);
      const field = identityField(row, param) as string;
      // A body naming another resource does not rename it: the path is the identity.
      const body = { ...((found && exampleBody(o, found.op)) ?? {}), [field]: 'FROM_THE_BODY' };
      const put = await fakes.fetch(url, { method: row.method, headers: HEADERS, body: JSON.stringify(body) });
      expect(put.status, await put.clone().text()).toBeLessThan(300);
      const got = await fakes.fetch(url, { headers: HEADERS });
      expect(got.status).toBe(200);
      expect((await got.json())[field]).toBe(value);
      // And the list GitHub serves at the parent path names it (not the description's example).
      const parent = row.path.slice(0, row.path.lastIndexOf('/'));
      if (o.find(realSpelling(parent), 'GET')) {
        const list = await fakes.fetch(url.slice(0, url.lastIndexOf('/')), { headers: HEADERS });
        expect(list.status).toBe(200);
        const items = JSON.stringify(await list.json());
        expect(items).toContain(JSON.stringify(value));
      }
    });
  }
});
