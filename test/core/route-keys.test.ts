// The route strings of the assertions and the journal are typed: the union of every route a fake serves
// (so editors complete them), and bodies typed per route where the fake validates them with a schema.
// The type checks run in `npm run typecheck`; the runtime checks keep the generated union current.
import { readFileSync } from 'node:fs';
import { Octokit } from '@octokit/rest';
import { type CodeHostingRoute, type KnownRoute, type ModelCacheRoute, type SocialGraphRoute, createFakes } from 'stuntdouble';
import { describe, expect, expectTypeOf, it } from 'vitest';

const GENERATED = readFileSync(new URL('../../src/fakes/route-keys.ts', import.meta.url), 'utf8');

function union(name: string): string[] {
  const m = new RegExp(`export type ${name} =\\n((?:  \\| '.*'(?:;)?\\n)+)`).exec(GENERATED);
  if (!m) throw new Error(`no ${name} in src/fakes/route-keys.ts`);
  return [...(m[1] as string).matchAll(/\| '((?:[^'\\]|\\.)*)'/g)].map((x) => (x[1] as string).replace(/\\(.)/g, '$1'));
}

describe('route keys', () => {
  it("the generated unions list exactly the routes each fake serves (regenerate with 'node scripts/generate-route-keys.mjs')", () => {
    const fakes = createFakes();
    expect(union('CodeHostingRoute')).toEqual([...new Set(fakes.routes('codeHosting'))].sort());
    expect(union('SocialGraphRoute')).toEqual([...new Set(fakes.routes('socialGraph'))].sort());
    expect(union('ModelCacheRoute')).toEqual([...new Set(fakes.routes('modelCache'))].sort());
  });

  it('route parameters are typed from the unions and bodies from the route', async () => {
    expectTypeOf<'PUT /repos/{owner}/{repo}/import'>().toExtend<CodeHostingRoute>();
    expectTypeOf<'GET /{page-id}/feed'>().toExtend<SocialGraphRoute>();
    expectTypeOf<'POST /v1beta/cachedContents'>().toExtend<ModelCacheRoute>();
    expectTypeOf<'POST /{version}/cachedContents'>().not.toExtend<ModelCacheRoute>();
    expectTypeOf<'PUT /repos/{owner}/{repo}/nope'>().not.toExtend<KnownRoute>();

    const fakes = createFakes({ clock: '2024-01-01T00:00:00Z' }).install();
    try {
      fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
      await new Octokit({ auth: 't' }).request('PUT /repos/{owner}/{repo}/import', {
        owner: 'octo',
        repo: 'hello',
        vcs_url: 'https://svn.example.com/app',
        vcs: 'subversion',
      });
      const call = fakes.calls.where({ route: 'PUT /repos/{owner}/{repo}/import' }).last();
      expectTypeOf(call?.body.vcs_url).toEqualTypeOf<string | undefined>();
      expect(call?.body.vcs_url).toBe('https://svn.example.com/app');
      // A route without a known body schema keeps `unknown`.
      expectTypeOf(fakes.calls.where({ route: 'GET /rate_limit' }).last()?.body).toEqualTypeOf<unknown>();
      expectTypeOf(fakes.calls.where({ method: 'PUT' }).last()?.body).toEqualTypeOf<unknown>();
    } finally {
      fakes.uninstall();
    }
  });
});
