import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { editDistance } from '../util/suggest.js';
import { closestRoutes } from './closest-routes.js';
import { splitTemplate } from './router.js';

/** The scoring without the index, pruning or caps: every route, every segment (the previous implementation). */
function bruteForce(routes: ReadonlyArray<{ method: string; template: string }>, method: string, path: string, n = 3): string[] {
  const seg = (t: string, s: string): number => {
    if (t === s) return 3;
    const param = /^([^{}]*)\{[^}]+\}([^{}]*)$/.exec(t);
    if (param) return s.startsWith(param[1] as string) && s.endsWith(param[2] as string) && s.length > 0 ? 2 : 0.5;
    if (t.includes('{')) return 1;
    return editDistance(t, s) <= Math.max(1, Math.floor(t.length / 4)) ? 1.5 : 0;
  };
  const score = (template: string, segs: string[]): number => {
    const t = splitTemplate(template);
    let sum = 0;
    for (let k = 0; k < Math.min(t.length, segs.length); k++) sum += seg(t[k] as string, segs[k] as string);
    return sum - 1.5 * Math.abs(t.length - segs.length);
  };
  const segs = splitTemplate(path);
  const pool = path.startsWith('/_') ? routes : routes.filter((r) => !r.template.startsWith('/_'));
  const scored = pool.map((r) => {
    let best = score(r.template, segs);
    for (const cut of [1, 2]) if (cut <= segs.length - 1) best = Math.max(best, score(r.template, segs.slice(cut)) - cut);
    return { key: `${r.method} ${r.template}`, score: best + (r.method === method.toUpperCase() ? 1 : 0) };
  });
  scored.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  return scored.slice(0, n).map((s) => s.key);
}

// GitHub's own route list (its OpenAPI description, 1,200+ operations) and routes of the shapes Graph
// and Google use: affixed parameters, multi-segment resource patterns, a greedy rest, generic edges.
const openapi = createRequire(import.meta.url)('@octokit/openapi/generated/api.github.com.json') as { paths: Record<string, Record<string, unknown>> };
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const github = Object.entries(openapi.paths).flatMap(([template, ops]) =>
  Object.keys(ops)
    .filter((m) => METHODS.includes(m))
    .map((m) => ({ method: m.toUpperCase(), template })),
);
const shaped = [
  ['GET', '/{page-id}/feed'],
  ['POST', '/{page-id}/feed'],
  ['GET', '/{id}'],
  ['GET', '/{id}/{edge}'],
  ['POST', '/act_{ad_account_id}/customaudiences'],
  ['GET', '/{custom_audience_id}/users'],
  ['GET', '/me/accounts'],
  ['GET', '/v1beta1/{name=projects/*/locations/*/cachedContents/*}'],
  ['GET', '/v1beta1/projects/{project}/locations/{location}/cachedContents'],
  ['POST', '/v1beta/models/{model}:generateContent'],
  ['GET', '/v1beta/cachedContents'],
  ['GET', '/repos/{owner}/{repo}/contents/{+path}'],
  ['GET', '/_archive/{owner}/{repo}/{ref}'],
].map(([method, template]) => ({ method: method as string, template: template as string }));
const catalogs = [{ routes: github }, { routes: shaped }];

describe('closestRoutes', () => {
  it('names the look-alike route of a typo, a prefix the base URL lacks, a wrong method', () => {
    expect(closestRoutes(github, 'GET', '/repos/o/r/isues')[0]).toBe('GET /repos/{owner}/{repo}/issues');
    expect(closestRoutes(github, 'GET', '/repos/o/r/imports')[0]).toBe('GET /repos/{owner}/{repo}/import');
    expect(closestRoutes(github, 'GET', '/api/v3/repos/o/r/import')[0]).toBe('GET /repos/{owner}/{repo}/import');
    expect(closestRoutes(github, 'POST', '/rate_limitt')[0]).toBe('GET /rate_limit');
  });

  it('gives the same answers as scoring every route (the index and its pruning change no result)', () => {
    const words = ['repos', 'repoz', 'o', 'r', 'issues', 'isues', 'import', 'api', 'v3', 'me', 'feed', 'x', 'act_1', 'v1beta1', 'v1', 'cachedContents'];
    const more = ['projects', 'p', 'locations', '', 'user', 'users', 'orgs', 'a'.repeat(70), 'pulls', '123', '_', 'generate', 'rate_limit'];
    const vocabulary = [...words, ...more];
    let seed = 20_261_122;
    const next = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    for (const { routes } of catalogs) {
      for (let i = 0; i < 150; i++) {
        const length = Math.floor(next() * 9);
        const path = `/${Array.from({ length }, () => vocabulary[Math.floor(next() * vocabulary.length)]).join('/')}${next() < 0.1 ? '/' : ''}`;
        const method = ['GET', 'POST', 'DELETE', 'PATCH'][Math.floor(next() * 4)] as string;
        expect(closestRoutes(routes, method, path), `${method} ${path}`).toEqual(bruteForce(routes, method, path));
      }
    }
  });

  it('answers for a 60 KB segment, 50,000 segments and 50,000 slashes as for their short equivalents', () => {
    const cases: Array<[long: string, short: string]> = [
      // A segment this long is no literal's near spelling and fits any parameter: as a 200-character one.
      [`/repos/${'q'.repeat(60_000)}/issues`, `/repos/${'q'.repeat(200)}/issues`],
      // Past the deepest template, more segments shift every route's score alike.
      [`/repos${'/x'.repeat(50_000)}`, `/repos${'/x'.repeat(20)}`],
      // Leading slashes are no segments.
      [`/${'/'.repeat(50_000)}x`, '/x'],
    ];
    for (const [long, short] of cases) {
      const got = closestRoutes(github, 'GET', long);
      expect(got).toHaveLength(3);
      expect(got).toEqual(bruteForce(github, 'GET', short));
    }
  });

  it('suggests routes under /_ (non-API hosts) only for paths there', () => {
    const routes = [
      { method: 'GET', template: '/_archive/{id}' },
      { method: 'GET', template: '/repos/{owner}/{repo}' },
    ];
    expect(closestRoutes(routes, 'GET', '/archive/1', 2)).toEqual(['GET /repos/{owner}/{repo}']);
    expect(closestRoutes(routes, 'GET', '/_archive/1', 1)).toEqual(['GET /_archive/{id}']);
  });
});
