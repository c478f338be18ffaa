/**
 * Secrets: no token, API key, password or hook secret appears in the journal (headers, URL, query,
 * bodies, responses, notes), in `describe()` or in an error answer, for generated requests carrying
 * secrets in every place a client puts them; the journal names callers by the label their credential
 * was seeded with.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SERVICES, exampleBody, fcParams, materialize, requestArb, seedWorld, show, stats } from '../harness.js';
import type { Transport } from '../transport.js';

// Secrets planted in generated requests (the seeded credentials of each world join them).
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

/** Registers the secrets property for every service, sent through `transport`. */
export function defineSecretsProperties(transport: Transport): void {
  describe.each(SERVICES)(`%s${transport.label}: secrets stay out of the journal, describe() and error answers`, (service) => {
    const fakes = transport.fakes({ clock: '2025-06-01T12:00:00Z', auth: 'strict' });
    const world = seedWorld(fakes, service, true);
    const base = fakes.snapshot();
    const target = transport.attach(fakes, service);
    const routes = fakes.routes(service);
    const secrets = [...PLANTED, ...world.tokens];

    it('for generated requests carrying secrets in every place a client puts them', async () => {
      const baseUrls = target.baseUrls();
      let sent = 0;
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
          // Credentials in a URL travel as Basic auth over HTTP: its encoded form must not show either.
          const forms = [secret, Buffer.from(`user:${secret}`).toString('base64'), Buffer.from(`${secret}:`).toString('base64')];
          fc.pre(target.carries(req));
          fakes.restore(base);
          stats.requests += 1;
          sent += 1;
          const res = await target.send(fakes, req);
          const journal = JSON.stringify([res.call, fakes.unmatched.last() ?? null]);
          const all = [...secrets, ...forms];
          const found = [
            ...leaks(journal, all).map((s) => `journal has ${s}`),
            ...leaks(fakes.describe(), all).map((s) => `describe() has ${s}`),
            ...(res.status >= 400 ? leaks(res.text, all).map((s) => `the ${res.status} answer has ${s}`) : []),
          ];
          if (found.length) throw new Error(`${found.join('; ')}\n  request: ${show(req)}\n  answer: ${res.status} ${res.text.slice(0, 300)}`);
          const labels = new Set(['unseeded', null]);
          if (res.call.token !== undefined && !labels.has(res.call.token) && secrets.includes(res.call.token as string))
            throw new Error(`journal token is the secret itself\n  request: ${show(req)}`);
        }),
        { ...fcParams(`${service} secrets`, transport.runs(150)), maxSkipsPerRun: 100 },
      );
      expect(sent).toBeGreaterThan(0);
    });
  });
}
