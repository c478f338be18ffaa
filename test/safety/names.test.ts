import { RouteExistsError, UnknownNameError, createFakes, scenarios } from 'stuntdouble';
import 'stuntdouble/vitest';
import { describe, expect, it } from 'vitest';

/** Runs f and returns what it threw. */
function thrown(f: () => unknown): UnknownNameError {
  try {
    f();
  } catch (err) {
    return err as UnknownNameError;
  }
  throw new Error('expected a throw');
}

async function postToFeed(fakes: ReturnType<typeof createFakes>, pageId: string): Promise<Response> {
  return fakes.fetch(`https://graph.facebook.com/v24.0/${pageId}/feed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'hi', access_token: 'EAAtoken' }),
  });
}

describe('typos in stuntdouble’s own API throw a named error with the nearest spelling', () => {
  it('createFakes option keys, also inside a service’s options', () => {
    const top = thrown(() => createFakes({ clok: 'real' } as never));
    expect(top).toBeInstanceOf(UnknownNameError);
    expect(top.message).toBe("stuntdouble: unknown option 'clok' in createFakes(). Did you mean 'clock'?");
    expect(top.suggestions).toEqual(['clock']);
    const nested = thrown(() => createFakes({ codeHosting: { baseUrl: ['https://ghe.example.com/api/v3'] } } as never));
    expect(nested).toBeInstanceOf(UnknownNameError);
    expect(nested.message).toMatch(/unknown key 'baseUrl' in createFakes options \(at codeHosting\)\. Did you mean 'baseUrls'\?/);
  });

  it('seeds: an unknown key names the nearest one; a bad value is a named error, never a raw ZodError', () => {
    const fakes = createFakes({ guard: false });
    const repo = thrown(() => fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello', privat: true } as never));
    expect(repo).toBeInstanceOf(UnknownNameError);
    expect(repo.message).toMatch(/unknown key 'privat' in codeHosting\.seed\.repo\(\)\. Did you mean 'private'\?/);
    const token = thrown(() => fakes.codeHosting.seed.token({ type: 'fine-grained', permision: { contents: 'write' } } as never));
    expect(token.message).toMatch(/unknown key 'permision' in codeHosting\.seed\.token\(\)\. Did you mean 'permissions'\?/);
    const bad = thrown(() => fakes.codeHosting.seed.repo({ owner: '', repo: 'hello' }));
    expect(bad.name).toBe('InvalidInputError');
    expect(bad.message).toMatch(/^stuntdouble: invalid codeHosting\.seed\.repo\(\): owner: /);
  });

  it('override: an unknown service or route names the nearest ones', () => {
    const fakes = createFakes({ guard: false });
    expect(thrown(() => fakes.override('codeHostng' as never, 'GET /rate_limit', () => ({ status: 200 }))).message).toMatch(
      /unknown service 'codeHostng'.*Did you mean 'codeHosting'\?/,
    );
    const route = thrown(() => fakes.override('codeHosting', 'GET /rate_limits', () => ({ status: 200 })));
    expect(route).toBeInstanceOf(UnknownNameError);
    expect(route.suggestions).toContain('GET /rate_limit');
  });

  it('calls.where: unknown keys, operations and routes throw instead of answering 0', async () => {
    const fakes = createFakes({ guard: false });
    await fakes.fetch('https://api.github.com/rate_limit');
    expect(fakes.calls.where({ operation: 'rate-limit/get' }).count()).toBe(1);
    expect(thrown(() => fakes.calls.where({ operation: 'rate-limit/gett' })).message).toMatch(
      /unknown operation 'rate-limit\/gett'.*Did you mean 'rate-limit\/get'/,
    );
    expect(thrown(() => fakes.calls.where({ rout: 'GET /rate_limit' } as never)).message).toMatch(/unknown filter key 'rout'.*Did you mean 'route'/);
    expect(thrown(() => fakes.calls.where({ route: '/repos/{owner}/{repo}/imports' })).message).toMatch(/Did you mean '\/repos\/\{owner\}\/\{repo\}\/import'/);
    expect(thrown(() => fakes.calls.where({ service: 'socialgraph' as never })).message).toMatch(/Did you mean 'socialGraph'/);
    expect(fakes.calls.where({ operation: 'rate-limit/get' }).where({ status: 200 }).count()).toBe(1);
  });

  it('toHaveReceived with a misspelled route throws (a not.toHaveReceived would pass forever)', async () => {
    const fakes = createFakes({ guard: false });
    await fakes.fetch('https://api.github.com/rate_limit');
    expect(() => expect(fakes).not.toHaveReceived('PUT /repos/{owner}/{repo}/imprt')).toThrow(UnknownNameError);
  });

  it('a fault on a route that does not exist throws when applied', () => {
    const fakes = createFakes({ guard: false });
    expect(thrown(() => fakes.apply(scenarios.flaky({ service: 'socialGraph', route: 'POST /{page-id}/fed', failures: 1 }))).message).toMatch(
      /no route 'POST \/\{page-id\}\/fed'.*Did you mean 'POST \/\{page-id\}\/feed'/,
    );
  });
});

describe('one spelling of each Graph route everywhere, other spellings accepted', () => {
  it('the journal, fakes.routes() and where() use Facebook’s {page-id}; {page_id}, {pageId} and the router’s {id} select the same calls', async () => {
    const fakes = createFakes({ guard: false });
    const page = fakes.socialGraph.seed.page({ name: 'Cafe' });
    expect((await postToFeed(fakes, page.id)).status).toBe(200);
    expect(fakes.calls.last()?.route).toBe('/{page-id}/feed');
    expect(fakes.routes('socialGraph')).toContain('POST /{page-id}/feed');
    for (const spelling of ['POST /{page-id}/feed', 'POST /{page_id}/feed', 'POST /{pageId}/feed'])
      expect(fakes.calls.where({ route: spelling }).count(), spelling).toBe(1);
    expect(fakes).toHaveReceived('POST /{page_id}/feed');
  });

  it.each(['{page-id}', '{page_id}', '{id}'])('a flaky fault on POST /%s/feed applies (it used to be a no-op)', async (param) => {
    const fakes = createFakes({ guard: false });
    const page = fakes.socialGraph.seed.page({ name: 'Cafe' });
    const fault = fakes.apply(scenarios.flaky({ service: 'socialGraph', route: `POST /${param}/feed`, failures: 1, status: 503 }));
    expect((await postToFeed(fakes, page.id)).status).toBe(503);
    expect((await postToFeed(fakes, page.id)).status).toBe(200);
    expect(fault.hits()).toBe(1);
  });

  it('an override on POST /{page-id}/feed answers for a Page feed', async () => {
    const fakes = createFakes({ guard: false });
    const page = fakes.socialGraph.seed.page({ name: 'Cafe' });
    fakes.override('socialGraph', 'POST /{page_id}/feed', () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: { id: 'overridden' } }));
    expect(await (await postToFeed(fakes, page.id)).json()).toEqual({ id: 'overridden' });
    expect(fakes.calls.last()?.tags).toContain('override');
  });
});

const GEMINI = 'https://generativelanguage.googleapis.com';
const ok = (body: unknown) => () => ({ status: 200, headers: { 'content-type': 'application/json' }, body });

async function generate(fakes: ReturnType<typeof createFakes>, version = 'v1beta'): Promise<Response> {
  return fakes.fetch(`${GEMINI}/${version}/models/gemini-2.0-flash:generateContent?key=AIza-test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
  });
}

describe('fakes.route(): a user route wins over generic library routes; a duplicate in any spelling throws', () => {
  it('Graph: a custom edge and a custom top-level path answer instead of the catch-all /{id}/{edge}', async () => {
    const fakes = createFakes({ guard: false });
    const page = fakes.socialGraph.seed.page({ name: 'Cafe' });
    fakes.route('socialGraph', 'GET /{page-id}/videos_custom', ok({ data: ['custom'] }));
    fakes.route('socialGraph', 'GET /custom_thing/{id}', ok({ thing: true }));
    const edge = await fakes.fetch(`https://graph.facebook.com/v24.0/${page.id}/videos_custom?access_token=EAAtoken`);
    expect(edge.status).toBe(200);
    expect(await edge.json()).toEqual({ data: ['custom'] });
    expect(fakes.calls.last()?.tags).toContain('custom');
    const top = await fakes.fetch('https://graph.facebook.com/v24.0/custom_thing/42?access_token=EAAtoken');
    expect(await top.json()).toEqual({ thing: true });
    // The library's own, more specific routes still answer.
    expect((await postToFeed(fakes, page.id)).status).toBe(200);
    expect(fakes.calls.last()?.route).toBe('/{page-id}/feed');
  });

  it.each([
    ['socialGraph', 'POST /{page-id}/feed', 'POST /{page-id}/feed'],
    ['socialGraph', 'POST /{id}/feed', 'POST /{page-id}/feed'],
    ['codeHosting', 'GET /repos/{o}/{r}', 'GET /repos/{owner}/{repo}'],
    ['modelCache', 'GET /v1beta/cachedContents/{id}', 'GET /v1beta/cachedContents/{id}'],
    ['modelCache', 'POST /v1beta/models/{name}:generateContent', 'POST /v1beta/models/{model}:generateContent'],
  ] as const)('%s %s exists already: RouteExistsError naming %s for override()', (service, route, existing) => {
    const fakes = createFakes({ guard: false });
    const err = thrown(() => fakes.route(service, route, ok({}))) as unknown as RouteExistsError;
    expect(err).toBeInstanceOf(RouteExistsError);
    expect(err.existing).toBe(existing);
    expect(err.message).toContain(`fakes.override('${service}', '${existing}', handler)`);
  });

  it('model cache: a version the fake does not serve can be added', async () => {
    const fakes = createFakes({ guard: false });
    fakes.route('modelCache', 'POST /v2beta/models/{model}:generateContent', ok({ candidates: [] }));
    expect(await (await generate(fakes, 'v2beta')).json()).toEqual({ candidates: [] });
    expect(fakes.calls.last()?.route).toBe('/v2beta/models/{model}:generateContent');
  });

  it('a misspelt method throws with the nearest one (route, override, where, toHaveReceived)', () => {
    const fakes = createFakes({ guard: false });
    const err = thrown(() => fakes.route('codeHosting', 'GTE /stuntdouble/x', ok({})));
    expect(err).toBeInstanceOf(UnknownNameError);
    expect(err.message).toMatch(/unknown HTTP method 'GTE'.*Did you mean 'GET'/);
    expect(thrown(() => fakes.override('codeHosting', 'GTE /rate_limit', ok({}))).suggestions).toContain('GET');
    expect(thrown(() => fakes.calls.where({ route: 'PSOT /user/repos' })).suggestions).toContain('POST');
    expect(() => expect(fakes).not.toHaveReceived('GTE /rate_limit')).toThrow(UnknownNameError);
  });
});

describe('one spelling per route: the one the real service documents', () => {
  it('fakes.routes() lists no generic Graph /{id} template, no seed spelling of GitHub, no {version}', () => {
    const fakes = createFakes({ guard: false });
    const graph = fakes.routes('socialGraph');
    expect(graph.filter((r) => r.includes('{id}'))).toEqual([]);
    expect(graph).toContain('GET /{page-id}/feed');
    const github = fakes.routes('codeHosting');
    expect(github.filter((r) => /\/(dependency-bot|assistant)(\/|$)/.test(r))).toEqual([]);
    expect(github).toContain('GET /repos/{owner}/{repo}/dependabot/alerts');
    expect(github).toContain('GET /orgs/{org}/copilot/billing');
    const models = fakes.routes('modelCache');
    expect(models.filter((r) => r.includes('{version}'))).toEqual([]);
    for (const r of [
      'POST /v1beta/models/{model}:generateContent',
      'GET /v1/cachedContents/{id}',
      'POST /v1beta1/projects/{project}/locations/{location}/cachedContents',
    ])
      expect(models).toContain(r);
  });

  it('GitHub: a request on a seed spelling is journaled under GitHub’s spelling; the seed spelling still selects it', async () => {
    const fakes = createFakes({ guard: false });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    await fakes.fetch('https://api.github.com/repos/octo/hello/dependency-bot/alerts', { headers: { authorization: 'token ghp_x' } });
    expect(fakes.calls.last()?.route).toBe('/repos/{owner}/{repo}/dependabot/alerts');
    expect(fakes.calls.where({ route: 'GET /repos/{owner}/{repo}/dependency-bot/alerts' }).count()).toBe(1);
    expect(fakes).toHaveReceived('GET /repos/{owner}/{repo}/dependabot/alerts');
  });

  it('model cache: override, journal, where, faults and toHaveReceived take Google’s versioned spelling', async () => {
    const fakes = createFakes({ guard: false });
    fakes.override('modelCache', 'POST /v1beta/models/{model}:generateContent', ok({ candidates: [{ content: { parts: [{ text: 'overridden' }] } }] }));
    const res = await generate(fakes);
    expect(await res.json()).toEqual({ candidates: [{ content: { parts: [{ text: 'overridden' }] } }] });
    expect(fakes.calls.last()?.route).toBe('/v1beta/models/{model}:generateContent');
    expect(fakes.calls.where({ route: 'POST /v1beta/models/{model}:generateContent' }).count()).toBe(1);
    expect(fakes.calls.where({ route: 'POST /v1/models/{model}:generateContent' }).count()).toBe(0);
    expect(fakes).toHaveReceived('POST /v1beta/models/{model}:generateContent');
    // The {version} spelling names every version.
    expect(fakes).toHaveReceived('POST /{version}/models/{model}:generateContent');
    const fault = fakes.apply(scenarios.flaky({ service: 'modelCache', route: 'POST /v1beta/models/{model}:generateContent', failures: 1, status: 503 }));
    expect((await generate(fakes)).status).toBe(503);
    expect(fault.hits()).toBe(1);
    expect(() => fakes.apply(scenarios.flaky({ service: 'modelCache', route: 'POST /v1beta2/models/{model}:generateContent', failures: 1 }))).toThrow(
      UnknownNameError,
    );
  });

  it('where() and toHaveReceived agree on concrete paths; an unknown route without parameters throws in both', async () => {
    const fakes = createFakes({ guard: false });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    await fakes.fetch('https://api.github.com/repos/octo/hello');
    expect(fakes.calls.where({ route: 'GET /repos/octo/hello' }).count()).toBe(1);
    expect(fakes).toHaveReceived('GET /repos/octo/hello');
    expect(fakes.calls.where({ route: 'GET /repos/octo/other' }).count()).toBe(0);
    expect(fakes).not.toHaveReceived('GET /repos/octo/other');
    const typo = thrown(() => expect(fakes).not.toHaveReceived('GET /rate_limitt'));
    expect(typo).toBeInstanceOf(UnknownNameError);
    expect(typo.suggestions).toContain('GET /rate_limit');
    expect(thrown(() => fakes.calls.where({ route: 'GET /rate_limitt' })).suggestions).toContain('GET /rate_limit');
  });
});

describe('every typo class throws a named error with the nearest spelling', () => {
  const cases: Array<[string, (f: ReturnType<typeof createFakes>) => unknown, string]> = [
    ['code hosting permission category', (f) => f.codeHosting.seed.token({ type: 'fine-grained', permissions: { contnets: 'write' } as never }), 'contents'],
    ['code hosting access level', (f) => f.codeHosting.seed.token({ type: 'fine-grained', permissions: { contents: 'wrte' as never } }), 'write'],
    ['classic scope', (f) => f.codeHosting.seed.token({ scopes: ['rpo' as never] }), 'repo'],
    ['classic scope with a prefix', (f) => f.codeHosting.seed.token({ scopes: ['admin:orgg' as never] }), 'admin:org'],
    ['seed.page key', (f) => f.socialGraph.seed.page({ nmae: 'Cafe' } as never), 'name'],
    ['seed.post key', (f) => f.socialGraph.seed.post({ pageId: f.socialGraph.seed.page().id, mesage: 'hi' } as never), 'message'],
    ['seed.user key', (f) => f.socialGraph.seed.user({ nam: 'Ann' } as never), 'name'],
    ['seed.app key', (f) => f.socialGraph.seed.app({ callbackUrll: 'https://x.example' } as never), 'callbackUrl'],
    ['seed.token key', (f) => f.socialGraph.seed.token({ type: 'user', permisions: ['pages_show_list'] } as never), 'permissions'],
    ['Graph permission', (f) => f.socialGraph.seed.token({ type: 'user', permissions: ['pages_manage_psts' as never] }), 'pages_manage_posts'],
    ['Graph webhook field', (f) => f.socialGraph.seed.subscription({ pageId: f.socialGraph.seed.page().id, fields: ['fed' as never] }), 'feed'],
    ['Graph failure operation', (f) => f.socialGraph.seed.failure({ operation: 'page/feed.craete', code: 1 }), 'page/feed.create'],
    ['rateLimit family', (f) => f.socialGraph.rateLimit({ family: 'pag' as never }), 'page'],
    ['seed.model key', (f) => f.modelCache.seed.model({ id: 'm', minTokn: 1 } as never), 'minTokens'],
    ['seed.reply key', (f) => f.modelCache.seed.reply({ txt: 'hi' } as never), 'text'],
    ['seed.reply match key', (f) => f.modelCache.seed.reply({ match: { modle: 'x' } as never, text: 'hi' }), 'model'],
    ['scenario option key', () => scenarios.flaky({ service: 'codeHosting', failures: 1, statuss: 503 } as never), 'status'],
    ['journal option key', () => createFakes({ guard: false, journal: { limt: 5 } as never }), 'limit'],
  ];
  it.each(cases)('%s', (_name, f, nearest) => {
    const fakes = createFakes({ guard: false });
    const err = thrown(() => f(fakes));
    expect(err).toBeInstanceOf(UnknownNameError);
    expect(err.suggestions).toContain(nearest);
    expect(err.message).toContain(`Did you mean '${nearest}'`);
  });

  it('the same seeds with the right spellings work', () => {
    const fakes = createFakes({ guard: false });
    fakes.codeHosting.seed.token({ type: 'fine-grained', permissions: { contents: 'write' } });
    fakes.codeHosting.seed.token({ scopes: ['repo', 'admin:org'] });
    const page = fakes.socialGraph.seed.page({ name: 'Cafe' });
    fakes.socialGraph.seed.post({ pageId: page.id, message: 'hi' });
    fakes.socialGraph.seed.token({ type: 'user', permissions: ['pages_manage_posts', 'photoshare_basic' as never] });
    fakes.socialGraph.seed.subscription({ pageId: page.id, fields: ['feed'] });
    fakes.socialGraph.seed.failure({ operation: 'page/feed.create', code: 1 });
    fakes.socialGraph.rateLimit({ family: 'page', for: '1h' });
    fakes.modelCache.seed.model({ id: 'm', minTokens: 1 });
  });

  it('expectation keys of toHaveReceived / assertReceived are checked (a .not with a typo passed forever)', async () => {
    const fakes = createFakes({ guard: false });
    await fakes.fetch('https://api.github.com/rate_limit');
    const err = thrown(() => expect(fakes).not.toHaveReceived('GET /rate_limit', { stauts: 500 } as never));
    expect(err).toBeInstanceOf(UnknownNameError);
    expect(err.suggestions).toContain('status');
    expect(fakes).toHaveReceived('GET /rate_limit', { status: 200 });
  });
});
