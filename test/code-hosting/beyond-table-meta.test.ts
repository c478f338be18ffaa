import { Octokit } from '@octokit/rest';
import spdx from 'spdx-license-list/full.js';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';

// GitHub's fixed-data routes the seed's table lacks, through Octokit, anonymously (GitHub serves them
// to anyone), validated against GitHub's OpenAPI description; values from GitHub's own examples in that
// description (emoji URLs, the C template, the octocat's art) and the SPDX license list.

const o = oracle('api.github.com');
// biome-ignore lint/suspicious/noExplicitAny: the description is untyped JSON.
const example = (path: string): any => {
  const media = Object.values(o.doc.paths[path].get.responses['200'].content)[0] as { examples: Record<string, unknown> };
  return o.deref(Object.values(media.examples)[0]).value;
};

function expectDocumented(path: string, data: unknown): void {
  const v = o.validator(path, 'GET', 200);
  expect(v, path).toBeDefined();
  expect(v?.(data), `${path}: ${JSON.stringify(v?.errors)}`).toBe(true);
}

/** A license text of the SPDX list. */
function spdxText(id: string): string {
  const l = spdx[id];
  if (!l) throw new Error(`no SPDX license ${id}`);
  return l.licenseText;
}

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

describe('emojis, gitignore templates, licenses, meta, octocat, zen', () => {
  let fakes: Fakes;
  let anon: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    anon = new Octokit({ request: { retries: 0 } });
  });
  afterEach(() => fakes.uninstall());

  it('GET /emojis answers GitHub’s image URLs of its emoji names', async () => {
    const { data } = await anon.rest.emojis.get();
    expectDocumented('/emojis', data);
    const real = example('/emojis');
    expect(Object.keys(data).length).toBeGreaterThanOrEqual(20);
    for (const [name, url] of Object.entries(data)) expect(url, name).toBe(real[name]);
    expect(data['+1']).toBe('https://github.githubassets.com/images/icons/emoji/unicode/1f44d.png?v8');
  });

  it('gitignore templates: the list and one template by name; an unknown name is 404', async () => {
    const list = await anon.rest.gitignore.getAllTemplates();
    expectDocumented('/gitignore/templates', list.data);
    expect(list.data).toContain('C');
    const c = await anon.rest.gitignore.getTemplate({ name: 'C' });
    expectDocumented('/gitignore/templates/{name}', c.data);
    expect(c.data).toEqual(example('/gitignore/templates/{name}'));
    const raw = await anon.request('GET /gitignore/templates/{name}', { name: 'C', headers: { accept: 'application/vnd.github.raw' } });
    expect(raw.data).toBe(c.data.source);
    await expect(anon.rest.gitignore.getTemplate({ name: 'Nope' })).rejects.toMatchObject({ status: 404 });
  });

  it('licenses: GitHub’s commonly used ones, each with its text; featured filters; unknown is 404', async () => {
    const list = await anon.rest.licenses.getAllCommonlyUsed();
    expectDocumented('/licenses', list.data);
    expect(list.data.map((l) => l.key)).toEqual(expect.arrayContaining(['mit', 'apache-2.0', 'gpl-3.0', 'bsd-3-clause', 'unlicense', 'mpl-2.0']));
    const featured = await anon.rest.licenses.getAllCommonlyUsed({ featured: true });
    expect(featured.data.map((l) => l.key).sort()).toEqual(['apache-2.0', 'gpl-3.0', 'mit']);
    const mit = await anon.rest.licenses.get({ license: 'mit' });
    expectDocumented('/licenses/{license}', mit.data);
    const real = example('/licenses/{license}');
    expect(mit.data).toMatchObject({
      key: 'mit',
      name: real.name,
      spdx_id: 'MIT',
      url: 'https://api.github.com/licenses/mit',
      html_url: real.html_url,
      featured: true,
    });
    expect(words(mit.data.body)).toBe(words(real.body));
    const apache = await anon.rest.licenses.get({ license: 'apache-2.0' });
    expect(words(apache.data.body)).toBe(words(spdxText('Apache-2.0')));
    expect(apache.data.permissions).toContain('patent-use');
    await expect(anon.rest.licenses.get({ license: 'nope-1.0' })).rejects.toMatchObject({ status: 404 });
  });

  it('a repository’s license: its LICENSE file detected, `other` for a text GitHub does not know, 404 without one', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    await expect(anon.rest.licenses.getForRepo({ owner: 'octo', repo: 'hello' })).rejects.toMatchObject({ status: 404 });
    const body = spdxText('BSD-3-Clause').replace('<year>', '2024').replace('<owner>', 'Octo Cat');
    fakes.codeHosting.seed.file({ owner: 'octo', repo: 'hello', path: 'LICENSE.md', content: body });
    const got = await anon.rest.licenses.getForRepo({ owner: 'octo', repo: 'hello' });
    expectDocumented('/repos/{owner}/{repo}/license', got.data);
    expect(got.data).toMatchObject({
      name: 'LICENSE.md',
      path: 'LICENSE.md',
      type: 'file',
      encoding: 'base64',
      license: { key: 'bsd-3-clause', spdx_id: 'BSD-3-Clause' },
    });
    expect(Buffer.from(got.data.content, 'base64').toString('utf8')).toBe(body);

    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'custom' });
    fakes.codeHosting.seed.file({ owner: 'octo', repo: 'custom', path: 'LICENSE', content: 'You may look at this code but not touch it.\n' });
    const other = await anon.rest.licenses.getForRepo({ owner: 'octo', repo: 'custom' });
    expect(other.data.license).toMatchObject({ key: 'other', name: 'Other', spdx_id: 'NOASSERTION', url: null });

    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'private', private: true });
    await expect(anon.rest.licenses.getForRepo({ owner: 'octo', repo: 'private' })).rejects.toMatchObject({ status: 404 });
  });

  it('GET /meta, /zen and /octocat', async () => {
    const meta = await anon.rest.meta.get();
    expectDocumented('/meta', meta.data);
    // GitHub's published SSH key fingerprints ("GitHub's SSH key fingerprints").
    expect(meta.data.ssh_key_fingerprints).toMatchObject({ SHA256_ED25519: '+DiY3wvvV6TuJJhbpZisF/zLDA0zPMSvHdkr4UvCOqU' });
    expect(meta.data.verifiable_password_authentication).toBe(false);
    const zen = await anon.rest.meta.getZen();
    expect(zen.headers['content-type']).toMatch(/^text\/plain/);
    expect(zen.data).toMatch(/^[A-Z].*\.$/);
    const said = await anon.rest.meta.getOctocat({ s: 'Avoid administrative distraction.' });
    expect(said.headers['content-type']).toBe('application/octocat-stream');
    expect(Buffer.from(said.data as unknown as ArrayBuffer).toString('utf8')).toBe(example('/octocat'));
  });
});
