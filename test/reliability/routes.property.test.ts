/**
 * For every route of every service: generated requests (valid and mutated bodies, wrong types, missing
 * and extra fields, huge strings, deep nesting, bad JSON, wrong content types, bad path parameters,
 * bad tokens) always get an answer; an error answer is a 4xx in the service's own envelope, never a 5xx,
 * never a throw, never a hang; a rejected request leaves `fakes.snapshot()` the same object.
 *
 * Fixed seed per route, a bounded number of runs (RELIABILITY_BUDGET spread over all routes).
 * A failure prints fast-check's `{ seed, path }`: replay with
 * `RELIABILITY_REPLAY='<seed>:<path>' npx vitest run test/reliability -t '<METHOD /route>'`.
 */
import fc from 'fast-check';
import { createFakes } from 'stuntdouble';
import { afterAll, describe, expect, it } from 'vitest';
import { BUDGET, SERVICES, type Service, fcParams, materialize, probe, requestArb, seedWorld, show, stats } from './harness.js';

/** One fakes instance per service and auth mode: lenient (no credentials) and strict (seeded credentials). */
function makeWorld(service: Service, strict: boolean) {
  const fakes = createFakes({ clock: '2025-06-01T12:00:00Z', journal: false, ...(strict ? { auth: 'strict' as const } : {}) });
  const world = seedWorld(fakes, service, strict);
  const baseUrls = (fakes[service] as unknown as { baseUrls: readonly string[] }).baseUrls;
  return { fakes, world, base: fakes.snapshot(), baseUrls };
}

const probeFakes = createFakes();
const routes = SERVICES.flatMap((s) => probeFakes.routes(s));
/** Runs per route and auth mode: the budget spread over every route, within [8, 100]. */
const RUNS = Math.max(8, Math.min(100, Math.floor(BUDGET / 2 / Math.max(1, routes.length))));

afterAll(() => {
  console.log(
    `[reliability] routes covered: ${stats.routes}; generated requests: ${stats.requests} (accepted ${stats.accepted}, rejected ${stats.rejected}); runs per route and auth mode: ${RUNS}`,
  );
});

describe.each(SERVICES)('%s: every route answers generated requests within the contract', (service) => {
  const own = probeFakes.routes(service);
  it('serves routes', () => {
    expect(own.length).toBeGreaterThan(0);
  });
  const worlds = { lenient: makeWorld(service, false), strict: makeWorld(service, true) };
  for (const route of own) {
    it.each(['lenient', 'strict'] as const)(`${route} (%s auth)`, async (mode) => {
      const { fakes, world, base, baseUrls } = worlds[mode];
      if (mode === 'lenient') stats.routes += 1;
      await fc.assert(
        fc.asyncProperty(requestArb(world, route, baseUrls.length), async (desc) => {
          const req = materialize(desc, baseUrls);
          const out = await probe(fakes, service, req, base);
          if (out.problem) throw new Error(`${out.problem}\n  request: ${show(req)}`);
        }),
        fcParams(`${service} ${mode} ${route}`, RUNS),
      );
    });
  }
});

describe('paths that match no route', () => {
  it.each(SERVICES)('%s: random paths answer the service 404/400 envelope and change nothing', async (service) => {
    const segment = fc.oneof(
      fc.constantFrom('repos', 'v1', 'v24.0', 'projects', 'cachedContents', 'me', 'act_1', '..', '%ZZ', ''),
      fc.string({ maxLength: 8 }).map(encodeURIComponent),
    );
    const { fakes, base, baseUrls: urls } = makeWorld(service, false);
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: 0, maxLength: 6 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
        fc.nat(),
        async (segments, method, b) => {
          const req = {
            method,
            url: `${(urls[b % urls.length] as string).replace(/\/+$/, '')}/${segments.join('/')}`,
            headers: { authorization: 'Bearer ok' },
          };
          const out = await probe(fakes, service, req, base);
          if (out.problem) throw new Error(`${out.problem}\n  request: ${show(req)}`);
        },
      ),
      fcParams(`${service} unmatched`, 150),
    );
  });
});

describe('the harness itself', () => {
  it('notices a 5xx, a thrown handler, a foreign envelope and a rejected request that changed state', async () => {
    const fakes = createFakes({ journal: false });
    const base = fakes.snapshot();
    const req = { method: 'GET', url: 'https://api.github.com/rate_limit', headers: { authorization: 'token t' } };
    const expectProblem = async (re: RegExp) => {
      const out = await probe(fakes, 'codeHosting', req, base);
      expect(out.problem).toMatch(re);
    };
    let off = fakes.override('codeHosting', 'GET /rate_limit', () => ({ status: 503, body: { message: 'down', documentation_url: 'x' } }));
    await expectProblem(/answered 503/);
    off();
    off = fakes.override('codeHosting', 'GET /rate_limit', () => {
      throw new TypeError('boom');
    });
    await expectProblem(/answered 500: TypeError: boom/);
    off();
    off = fakes.override('codeHosting', 'GET /rate_limit', () => ({ status: 404, headers: { 'content-type': 'application/json' }, body: { error: 'nope' } }));
    await expectProblem(/GitHub error without a message/);
    off();
    off = fakes.override('codeHosting', 'GET /rate_limit', (ctx) => {
      ctx.update((d: { counters: Record<string, number> }) => {
        d.counters.leak = 1;
      });
      return { status: 422, headers: { 'content-type': 'application/json' }, body: { message: 'Validation Failed', documentation_url: 'x' } };
    });
    await expectProblem(/rejected with 422 but the state changed/);
    off();
    expect((await probe(fakes, 'codeHosting', req, base)).problem).toBeUndefined();
  });
});
