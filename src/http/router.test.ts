import { describe, expect, it } from 'vitest';
import { Router, splitPath, trimSlashes } from './router.js';

describe('router', () => {
  const r = new Router<string>()
    .add('GET', '/repos/{owner}/{repo}/import', 'import-get')
    .add('PUT', '/repos/{owner}/{repo}/import', 'import-put')
    .add('GET', '/repos/{owner}/{repo}/import/authors', 'authors')
    .add('POST', '/repos/{template_owner}/{template_repo}/generate', 'generate')
    .add('GET', '/repos/{owner}/{repo}/contents/{+path}', 'contents')
    .add('POST', '/act_{ad_account_id}/customaudiences', 'ca-create')
    .add('GET', '/{id}', 'node')
    .add('GET', '/{version}/{name=projects/*/locations/*/cachedContents/*}', 'cc-get')
    .add('GET', '/{version}/projects/{project}/locations/{location}/cachedContents', 'cc-list');

  it('matches plain templates and decodes parameters', () => {
    const m = r.match('GET', '/repos/oct%20o/hello/import');
    expect(m).toMatchObject({ kind: 'match', match: { value: 'import-get', params: { owner: 'oct o', repo: 'hello' } } });
  });

  it('dispatches on method and reports method-not-allowed', () => {
    expect(r.match('PUT', '/repos/o/r/import')).toMatchObject({ kind: 'match', match: { value: 'import-put' } });
    expect(r.match('DELETE', '/repos/o/r/import')).toMatchObject({ kind: 'method-not-allowed', allowed: ['GET', 'PUT'] });
  });

  it('routes Graph act_ prefixes before plain ids', () => {
    expect(r.match('POST', '/act_123/customaudiences')).toMatchObject({ kind: 'match', match: { params: { ad_account_id: '123' } } });
    expect(r.match('GET', '/12345')).toMatchObject({ kind: 'match', match: { value: 'node', params: { id: '12345' } } });
  });

  it('captures Google multi-segment names', () => {
    const m = r.match('GET', '/v1/projects/p/locations/us-central1/cachedContents/123');
    expect(m).toMatchObject({
      kind: 'match',
      match: { value: 'cc-get', params: { version: 'v1', name: 'projects/p/locations/us-central1/cachedContents/123' } },
    });
    expect(r.match('GET', '/v1/projects/p/locations/l/cachedContents')).toMatchObject({ kind: 'match', match: { value: 'cc-list' } });
  });

  it('greedy parameters take the rest of the path', () => {
    expect(r.match('GET', '/repos/o/r/contents/src/lib/a.ts')).toMatchObject({ kind: 'match', match: { params: { path: 'src/lib/a.ts' } } });
  });

  it('shares a parameter position between routes with different names, each route seeing only its own names', () => {
    const generate = r.match('POST', '/repos/tpl/base/generate');
    expect(generate.kind === 'match' && generate.match.params).toEqual({ template_owner: 'tpl', template_repo: 'base' });
    // The edge `/repos/{owner}` is shared with `/repos/{template_owner}`: neither leaks its names into the other.
    const imp = r.match('GET', '/repos/o/r/import');
    expect(imp.kind === 'match' && imp.match.params).toEqual({ owner: 'o', repo: 'r' });
    const contents = r.match('GET', '/repos/o/r/contents/a/b');
    expect(contents.kind === 'match' && contents.match.params).toEqual({ owner: 'o', repo: 'r', path: 'a/b' });
    const notAllowed = r.match('DELETE', '/repos/o/r/import');
    expect(notAllowed.kind === 'method-not-allowed' && notAllowed.params).toEqual({ owner: 'o', repo: 'r' });
  });

  it('refuses bad percent-encoding and unknown paths, and suggests close routes', () => {
    expect(r.match('GET', '/repos/%E0%A4%A/r/import').kind).toBe('not-found');
    expect(r.match('GET', '/nope/x/y/z/w/v/u').kind).toBe('not-found');
    expect(r.closest('GET', '/repos/o/r/imports')[0]).toBe('GET /repos/{owner}/{repo}/import');
  });

  it('throws on a duplicate route', () => {
    expect(() => new Router().add('GET', '/a/{x}', 1).add('GET', '/a/{y}', 2)).toThrow(/twice/);
  });
});

describe('Router match cache', () => {
  it('hands out fresh params on every lookup, so a caller mutating them cannot poison the next match', () => {
    const r = new Router<string>().add('GET', '/repos/{owner}/{repo}', 'repo');
    const first = r.match('GET', '/repos/octo/hello');
    if (first.kind !== 'match') throw new Error('no match');
    first.match.params.owner = 'mutated';
    const second = r.match('GET', '/repos/octo/hello');
    expect(second.kind === 'match' && second.match.params).toEqual({ owner: 'octo', repo: 'hello' });
  });
  it('sees routes added after a lookup was cached', () => {
    const r = new Router<string>().add('GET', '/a/{x}', 'param');
    expect(r.match('GET', '/a/b').kind).toBe('match');
    expect(r.match('POST', '/a/b').kind).toBe('method-not-allowed');
    r.add('POST', '/a/{x}', 'post');
    expect(r.match('POST', '/a/b').kind).toBe('match');
  });

  it('splits paths with long runs of slashes in linear time (no backtracking regex)', () => {
    // /\/+$/ on 'a' + 50,000 slashes + 'b' tried every start position: ~4 s. A loop takes microseconds.
    const runs = '/'.repeat(50_000);
    expect(splitPath(`/a${runs}b${runs}`)).toEqual(['a', ...Array(49_999).fill(''), 'b']);
    expect(trimSlashes(`${runs}x${runs}`)).toBe('x');
    expect(trimSlashes(`${runs}x${runs}`, 'end')).toBe(`${runs}x`);
  });
});
