import { Octokit } from '@octokit/rest';
import { createFakes } from 'stuntdouble';
import { describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';

// The eight source import endpoints (hand-written model, the catalog's renderer) answer statuses
// GitHub's description documents and bodies that validate against its schemas, in every state an
// import passes through. `use_lfs` is rendered in the description's schema type (boolean) here: the
// default string form is a documented departure (docs/code-hosting-imports.md, "use_lfs").

const P = { owner: 'octo', repo: 'hello' };

describe('source import answers conform to GitHub’s description', () => {
  it('start, status in every state, update, authors, map author, large files, LFS, cancel', async () => {
    const o = oracle('api.github.com');
    const fakes = createFakes({ clock: '2024-01-10T00:00:00Z', codeHosting: { useLfsFormat: 'boolean', importProgress: 'manual' } });
    fakes.codeHosting.seed.repo(P);
    fakes.codeHosting.seed.origin({
      url: 'https://svn.example.com/app',
      vcs: 'subversion',
      largeFiles: [{ path: 'big.bin', size: 200 * 1024 * 1024 }],
      authors: [{ remote_name: 'alice', email: 'alice@example.com', name: 'Alice' }],
    });
    const octokit = new Octokit({ auth: 'x', request: { retries: 0, fetch: fakes.fetch } });
    const failures: string[] = [];
    const check = (route: string, status: number, data: unknown) => {
      const [method, path] = route.split(' ') as [string, string];
      const documented = Object.keys(o.find(path, method)?.op.responses ?? {});
      if (!documented.includes(String(status))) failures.push(`${route} → ${status} not in ${documented.join('/')}`);
      const validate = o.validator(path, method, status);
      if (validate && !validate(data)) failures.push(`${route} → ${JSON.stringify(validate.errors?.[0])}`);
    };
    const call = async (route: string, params: Record<string, unknown> = {}) => {
      const res = await octokit.request(route, { ...P, ...params });
      check(route, res.status, res.data);
      return res.data as Record<string, unknown>;
    };
    await call('PUT /repos/{owner}/{repo}/import', { vcs_url: 'https://svn.example.com/app' });
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const imp = await call('GET /repos/{owner}/{repo}/import');
      seen.add(String(imp.status));
      if (imp.status === 'mapping') {
        const authors = (await call('GET /repos/{owner}/{repo}/import/authors')) as unknown as Array<{ id: number }>;
        await call('PATCH /repos/{owner}/{repo}/import/authors/{author_id}', { author_id: authors[0]?.id, name: 'Alice A.' });
        await call('GET /repos/{owner}/{repo}/import/large_files');
        await call('PATCH /repos/{owner}/{repo}/import/lfs', { use_lfs: 'opt_in' });
      }
      if (imp.status === 'complete') break;
      fakes.codeHosting.imports.advance(P.owner, P.repo, 1);
    }
    expect([...seen]).toEqual(['detecting', 'importing', 'mapping', 'pushing', 'complete']);
    await call('PATCH /repos/{owner}/{repo}/import');
    const del = await octokit.request('DELETE /repos/{owner}/{repo}/import', P);
    check('DELETE /repos/{owner}/{repo}/import', del.status, undefined);
    expect(failures).toEqual([]);
  });
});
