/**
 * A journaled call's `params` are exactly the parameters of its own route. The router shares one trie
 * edge between `/repos/{owner}/...` and `/repos/{template_owner}/...` (POST .../generate); the names of
 * one route must not leak into the calls of the other (every `/repos/{owner}/{repo}/...` call used to
 * carry `template_owner` and `template_repo`). The expected names come from the route strings
 * `fakes.routes()` lists (GitHub's catalog spelling), not from the router.
 */
import { createFakes } from 'stuntdouble';
import { describe, expect, it } from 'vitest';

/** The parameter names a route string spells: `{owner}`, `{+path}`, `{name=projects/*}`. */
function namesOf(template: string): string[] {
  return [...template.matchAll(/\{\+?([^}=]+)(?:=[^}]*)?\}/g)].map((m) => m[1] as string).sort();
}

/** A concrete path for a template: every parameter filled with a plain value. */
function pathOf(template: string): string {
  return template.replace(/\{[+]?([^}=]+)(?:=([^}]*))?\}/g, (_m, _name: string, pattern: string | undefined) =>
    pattern ? pattern.replace(/\*\*?/g, 'x1') : 'x1',
  );
}

describe('journal params', () => {
  it('every GitHub route records exactly its own parameters', async () => {
    const fakes = createFakes({ journal: true });
    const wrong: string[] = [];
    const routes = fakes.routes('codeHosting');
    expect(routes.length).toBeGreaterThan(800);
    for (const route of routes) {
      const [method = 'GET', template = '/'] = route.split(' ');
      const res = await fakes.handle({ method, url: `https://api.github.com${pathOf(template)}`, headers: { authorization: 'token t' } });
      const call = res.call;
      if (call.route === null) {
        wrong.push(`${route}: unmatched`);
        continue;
      }
      const got = Object.keys(call.params).sort();
      if (JSON.stringify(got) !== JSON.stringify(namesOf(call.route))) wrong.push(`${route}: params ${got.join(',')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a repository route and the template-repository route each keep their own names', async () => {
    const fakes = createFakes({ journal: true });
    const issues = await fakes.handle({ method: 'GET', url: 'https://api.github.com/repos/octo/hello/issues', headers: { authorization: 'token t' } });
    expect(issues.call.params).toEqual({ owner: 'octo', repo: 'hello' });
    const generate = await fakes.handle({
      method: 'POST',
      url: 'https://api.github.com/repos/tpl/base/generate',
      headers: { authorization: 'token t', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'new' }),
    });
    expect(generate.call.params).toEqual({ template_owner: 'tpl', template_repo: 'base' });
  });
});
