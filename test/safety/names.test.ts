import { UnknownNameError, createFakes, scenarios } from 'stuntdouble';
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
      /unknown route 'POST \/\{page-id\}\/fed'.*Did you mean 'POST \/\{page-id\}\/feed'/,
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
