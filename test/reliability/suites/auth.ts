/**
 * With the permission model on (strict auth, seeded credentials), a credential nobody seeded never gets
 * through, whichever way it is sent and whatever it looks like (`constructor`, `__proto__`, random
 * text): every route answers a 4xx in the service envelope, changes nothing, and the journal names the
 * caller `'unseeded'`, never by the secret.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SERVICES,
  type Service,
  envelopeProblem,
  fcParams,
  itUnlessKnown,
  materialize,
  requestArb,
  sameExceptBookkeeping,
  seedWorld,
  show,
  stats,
} from '../harness.js';
import type { Transport } from '../transport.js';

const CHANNELS: Record<Service, Array<(t: string) => { headers?: Record<string, string>; query?: [string, string] }>> = {
  codeHosting: [(t) => ({ headers: { authorization: `token ${t}` } }), (t) => ({ headers: { authorization: `Bearer ${t}` } })],
  socialGraph: [
    (t) => ({ query: ['access_token', t] }),
    (t) => ({ headers: { authorization: `OAuth ${t}` } }),
    (t) => ({ headers: { authorization: `Bearer ${t}` } }),
  ],
  modelCache: [(t) => ({ headers: { authorization: `Bearer ${t}` } }), (t) => ({ headers: { 'x-goog-api-key': t } }), (t) => ({ query: ['key', t] })],
};

const unseeded = fc.oneof(
  fc.constantFrom(
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
    'valueOf',
    'ghp_notSeeded0000000000000000000000000',
    'ya29.unknown',
    'EAAunknown',
    'AIzaUnknown',
  ),
  fc.stringMatching(/^[A-Za-z0-9_.-]{1,40}$/),
);

/** Registers the unseeded-credential property for every service, sent through `transport`. */
export function defineAuthProperties(transport: Transport): void {
  describe.each(SERVICES)(`%s${transport.label}: strict auth refuses every unseeded credential`, (service) => {
    const fakes = transport.fakes({ clock: '2025-06-01T12:00:00Z', auth: 'strict' });
    const world = seedWorld(fakes, service, true);
    const base = fakes.snapshot();
    const target = transport.attach(fakes, service);
    const routes = fakes.routes(service);
    const test = itUnlessKnown(it, `auth ${service}`) as typeof it;
    test('on every route', async () => {
      const baseUrls = target.baseUrls();
      let sent = 0;
      const arb = fc.record({
        route: fc.constantFrom(...routes),
        token: unseeded,
        channel: fc.nat(CHANNELS[service].length - 1),
        seed: fc.nat(),
      });
      await fc.assert(
        fc.asyncProperty(arb, async ({ route, token, channel, seed }) => {
          fc.pre(!world.tokens.includes(token));
          // An aimed request (valid parameters and body) whose only fault is the credential.
          const [desc] = fc.sample(requestArb(world, route, baseUrls.length), { seed, numRuns: 1 });
          const req = materialize({ ...(desc as NonNullable<typeof desc>), auth: { kind: 'none' }, methodTweak: 'none', pathTweak: 'none' }, baseUrls);
          const how = (CHANNELS[service][channel] as (t: string) => { headers?: Record<string, string>; query?: [string, string] })(token);
          Object.assign(req.headers, how.headers ?? {});
          if (how.query) {
            const u = new URL(req.url);
            u.searchParams.set(how.query[0], how.query[1]);
            req.url = u.href;
          }
          fc.pre(target.carries(req));
          fakes.restore(base);
          stats.requests += 1;
          sent += 1;
          const res = await target.send(fakes, req);
          const where = `\n  request: ${show(req)}\n  answer: ${res.status} ${res.text.slice(0, 200)}`;
          if (res.status < 400 || res.status >= 500) throw new Error(`an unseeded credential got ${res.status}${where}`);
          const env = envelopeProblem(service, res);
          if (env) throw new Error(`${env}${where}`);
          if (!sameExceptBookkeeping(base, fakes.snapshot())) throw new Error(`rejected, but the state changed${where}`);
          // 'unseeded' once the service looked at the credential; null when it refused the request before (unknown method).
          if (res.call.token !== 'unseeded' && res.call.token !== null)
            throw new Error(`journal token is ${JSON.stringify(res.call.token)}, expected 'unseeded'${where}`);
          // Only when the credential is the one place the request carries that text (a generated query value may repeat it).
          const carried = JSON.stringify(req).split(token).length - 1;
          if (carried === 1 && token.length > 8 && JSON.stringify(res.call).includes(token)) throw new Error(`the journal entry contains the secret${where}`);
        }),
        { ...fcParams(`${service} strict unseeded`, transport.runs(200)), maxSkipsPerRun: 100 },
      );
      expect(sent).toBeGreaterThan(0);
    });
  });
}
