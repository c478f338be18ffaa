/**
 * Secrets: no token, API key, password or hook secret appears in the journal (headers, URL, query,
 * bodies, responses, notes), in `describe()`, in an error answer or in an error the SDK throws; the
 * journal names callers by the label their credential was seeded with.
 */
import { GoogleGenAI } from '@google/genai';
import { Octokit } from '@octokit/rest';
import fc from 'fast-check';
import nock from 'nock';
import { createFakes } from 'stuntdouble';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICES, exampleBody, fcParams, materialize, requestArb, seedWorld, show, stats } from './harness.js';

const PLANTED = ['S3cret-hook-4711-xyzzy', 'S3cret-password-0815-plugh', 'S3cret-apikey-1234-frotz', 'S3cret-token-9999-gnusto'];
// Every known secret parameter of the three services, in the case variants clients send.
const FIELDS = [
  'vcs_password',
  'password',
  'Password',
  'secret',
  'access_token',
  'Access_Token',
  'ACCESS_TOKEN',
  'fb_exchange_token',
  'input_token',
  'refresh_token',
  'api_key',
  'apiKey',
  'key',
  'client_secret',
  'Client-Secret',
  'appsecret_proof',
  'token',
  'private_key',
];

/** Every string a test must not find: the planted secrets and every seeded credential. */
function leaks(text: string, secrets: readonly string[]): string[] {
  return secrets.filter((s) => s.length >= 6 && text.includes(s));
}

afterAll(() => {
  nock.cleanAll();
  nock.enableNetConnect();
  console.log(`[reliability] secrets: ${stats.requests} requests carrying secrets`);
});

describe.each(SERVICES)('%s: secrets stay out of the journal, describe() and error answers', (service) => {
  const fakes = createFakes({ clock: '2025-06-01T12:00:00Z', auth: 'strict' });
  const world = seedWorld(fakes, service, true);
  const base = fakes.snapshot();
  const baseUrls = (fakes[service] as unknown as { baseUrls: readonly string[] }).baseUrls;
  const routes = fakes.routes(service);
  const secrets = [...PLANTED, ...world.tokens];

  it('for generated requests carrying secrets in every place a client puts them', async () => {
    const arb = fc.record({
      route: fc.constantFrom(...routes),
      seed: fc.nat(),
      field: fc.constantFrom(...FIELDS),
      where: fc.constantFrom('body', 'nested', 'deep', 'url-in-body', 'url-in-query', 'query', 'userinfo', 'token-userinfo', 'header', 'named-header'),
      depth: fc.integer({ min: 9, max: 40 }),
      secret: fc.constantFrom(...secrets),
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ route, seed, field, where, secret, depth }) => {
        const [desc] = fc.sample(requestArb(world, route, baseUrls.length), { seed, numRuns: 1 });
        const req = materialize(desc as NonNullable<typeof desc>, baseUrls);
        const u = new URL(req.url);
        if (where === 'body' || where === 'nested' || where === 'deep' || where === 'url-in-body') {
          const body = { ...exampleBody(route) } as Record<string, unknown>;
          if (where === 'body') body[field] = secret;
          else if (where === 'nested') body.config = { url: 'https://hooks.example.com/x', content_type: 'json', [field]: secret };
          else if (where === 'url-in-body') body.vcs_url = `https://user:${secret}@svn.example.com/repo`;
          else {
            // Deeper than any fixed redaction depth: arrays and objects alternating.
            let node: unknown = { [field]: secret };
            for (let d = 0; d < depth; d++) node = d % 2 ? [node] : { level: node };
            body.config = node;
          }
          req.body = JSON.stringify(body);
          req.headers['content-type'] = 'application/json';
        } else if (where === 'query') u.searchParams.set(field, secret);
        else if (where === 'url-in-query') u.searchParams.set('vcs_url', `https://user:${secret}@svn.example.com/repo`);
        else if (where === 'userinfo') {
          u.username = 'user';
          u.password = secret;
        } else if (where === 'token-userinfo') u.username = secret;
        else if (where === 'named-header') req.headers[`x-${field.toLowerCase().replace(/_/g, '-')}`] = secret;
        else req.headers.authorization = `Bearer ${secret}`;
        req.url = u.href;
        fakes.restore(base);
        stats.requests += 1;
        const res = await fakes.handle(req);
        const journal = JSON.stringify([res.call, fakes.unmatched.last() ?? null]);
        const found = [
          ...leaks(journal, secrets).map((s) => `journal has ${s}`),
          ...leaks(fakes.describe(), secrets).map((s) => `describe() has ${s}`),
          ...(res.status >= 400 ? leaks(res.text, secrets).map((s) => `the ${res.status} answer has ${s}`) : []),
        ];
        if (found.length) throw new Error(`${found.join('; ')}\n  request: ${show(req)}\n  answer: ${res.status} ${res.text.slice(0, 300)}`);
        const labels = new Set(['unseeded', null]);
        if (res.call.token !== undefined && !labels.has(res.call.token) && secrets.includes(res.call.token as string))
          throw new Error(`journal token is the secret itself\n  request: ${show(req)}`);
      }),
      fcParams(`${service} secrets`, 150),
    );
  });
});

describe('through the real SDKs', () => {
  it('a seeded GitHub token is journaled by its label and appears in no thrown error', async () => {
    const fakes = createFakes({ auth: 'strict' }).install();
    try {
      const seed = (fakes.codeHosting as unknown as { seed?: { token?: (o: unknown) => string } }).seed;
      const token = seed?.token?.({ type: 'classic', scopes: ['repo'] }) ?? 'ghp_unseededButSecret000000000000000000';
      const octokit = new Octokit({ auth: token, request: { retries: 0 } });
      await octokit.request('GET /rate_limit').catch(() => undefined);
      const err = (await octokit.request('GET /repos/{owner}/{repo}', { owner: 'nobody', repo: 'nothing' }).catch((e: unknown) => e)) as Error & {
        response?: unknown;
        request?: unknown;
      };
      expect(err).toBeInstanceOf(Error);
      const thrown = `${err.message} ${err.stack} ${JSON.stringify(err.response)} ${JSON.stringify(err.request)}`;
      expect(thrown).not.toContain(token);
      expect(JSON.stringify(fakes.calls)).not.toContain(token);
      expect(fakes.describe()).not.toContain(token);
      for (const c of fakes.calls) expect(c.token === null || c.token === 'unseeded' || /^[\w:-]+$/.test(c.token)).toBe(true);
      if (seed?.token) expect(fakes.calls.last()?.token).not.toBe('unseeded');
    } finally {
      fakes.uninstall();
    }
  });

  it('a seeded Vertex token and Gemini API key are journaled by label and absent from ApiErrors', async () => {
    const fakes = createFakes().install();
    try {
      const token = fakes.modelCache.seed.credential({ token: 'ya29.S3cret-vertex-token', label: 'ci-bot' });
      const key = fakes.modelCache.seed.credential({ apiKey: 'AIzaS3cret-gemini-key', label: 'gemini-key' });
      const vertex = new GoogleGenAI({
        vertexai: true,
        project: 'p',
        location: 'us-central1',
        googleAuthOptions: { authClient: { getRequestHeaders: async () => new Headers({ authorization: `Bearer ${token}` }) } } as never,
      });
      const gemini = new GoogleGenAI({ apiKey: key });
      const errs = [
        await vertex.caches.get({ name: 'projects/p/locations/us-central1/cachedContents/404' }).catch((e: Error) => e),
        await gemini.caches.get({ name: 'cachedContents/404' }).catch((e: Error) => e),
        await new GoogleGenAI({ apiKey: 'AIzaS3cret-unknown-key' }).caches.list().catch((e: Error) => e),
      ];
      for (const e of errs) {
        expect(e).toBeInstanceOf(Error);
        const text = `${(e as Error).message} ${(e as Error).stack}`;
        for (const s of [token, key, 'AIzaS3cret-unknown-key']) expect(text).not.toContain(s);
      }
      const journal = JSON.stringify(fakes.calls);
      for (const s of [token, key, 'AIzaS3cret-unknown-key']) {
        expect(journal).not.toContain(s);
        expect(fakes.describe()).not.toContain(s);
      }
      expect(fakes.calls.map((c) => c.token)).toEqual(['ci-bot', 'gemini-key', 'unseeded']);
    } finally {
      fakes.uninstall();
    }
  });
});
