import type { Octokit } from '@octokit/rest';
import type { Fakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';
import { R, repoWorld } from './repo-world.js';

// A Pages site created from a branch takes its custom domain from the `CNAME` file of its publishing
// source (GitHub's Pages docs: a branch-published site's custom domain is the one its CNAME file names),
// and HTTPS for that domain starts with a certificate of its own. Answers validate (ajv) against the
// description's `page` schema; the description's request example is the body.

const o = oracle('api.github.com');
const PAGES = '/repos/{owner}/{repo}/pages';
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is untyped JSON.
type Json = any;
const body: Json = o.deref(o.find(PAGES, 'post')?.op.requestBody).content['application/json'].examples.default.value;

describe('a new Pages site’s custom domain', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    ({ fakes, octokit } = repoWorld());
  });
  afterEach(() => fakes.uninstall());

  it('comes from the CNAME file of the publishing source, with a certificate for it', async () => {
    expect(body.source).toEqual({ branch: 'main', path: '/docs' });
    fakes.codeHosting.seed.commit({ ...R, branch: 'main', files: { 'docs/CNAME': 'Docs.Example.com\n', 'docs/index.md': '# Hi\n' }, message: 'site' });
    const res = await octokit.request(`POST ${PAGES}`, { ...R, ...body });
    expect(res.status).toBe(201);
    expect(o.validator(PAGES, 'post', 201)?.(res.data)).toBe(true);
    expect(res.data).toMatchObject({ cname: 'docs.example.com', https_certificate: { state: 'new', domains: ['docs.example.com'] } });
    expect((await octokit.rest.repos.getPages(R)).data).toMatchObject({ cname: 'docs.example.com', https_certificate: { state: 'new' } });
  });

  it('is none without a CNAME file in the source folder (one elsewhere does not count)', async () => {
    fakes.codeHosting.seed.commit({ ...R, branch: 'main', files: { CNAME: 'www.example.com\n', 'docs/index.md': '# Hi\n' }, message: 'site' });
    const res = await octokit.request(`POST ${PAGES}`, { ...R, ...body });
    expect(o.validator(PAGES, 'post', 201)?.(res.data)).toBe(true);
    expect(res.data.cname).toBeNull();
    expect(res.data).not.toHaveProperty('https_certificate');
  });
});
