/**
 * Names that are also Object.prototype members (`constructor`, `__proto__`, `toString`, ...) are
 * ordinary unknown names to a fake: on every route, putting one in a path parameter gets the same
 * status as an ordinary unknown name does. (State records keyed by user input must be read with
 * own-key lookups, see `own()` in src/store/records.ts.)
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { SERVICES, fcParams, itUnlessKnown, materialize, seedWorld, show, stats, templateSlots } from '../harness.js';
import type { Transport } from '../transport.js';

const PROTO = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

/** Registers the prototype-member-names property for every service, sent through `transport`. */
export function definePrototypeNameProperties(transport: Transport): void {
  describe.each(SERVICES)(`%s${transport.label}: prototype member names are unknown names`, (service) => {
    const fakes = transport.fakes({ clock: '2025-06-01T12:00:00Z', journal: false });
    const world = seedWorld(fakes, service);
    const base = fakes.snapshot();
    const target = transport.attach(fakes, service);
    const routes = fakes.routes(service).filter((r) => r.includes('{'));
    const test = itUnlessKnown(it, `prototype ${service}`) as typeof it;
    test('on every route with parameters', async () => {
      const baseUrls = target.baseUrls();
      const arb = fc.record({ route: fc.constantFrom(...routes), slot: fc.nat(), pick: fc.nat(), name: fc.constantFrom(...PROTO) });
      await fc.assert(
        fc.asyncProperty(arb, async ({ route, slot, pick, name }) => {
          const template = route.slice(route.indexOf(' ') + 1);
          const slots = templateSlots(template);
          const at = slot % slots.length;
          const params = slots.map((s) => {
            const hints = world.hints[s] ?? [];
            return { kind: 'world' as const, value: hints[pick % Math.max(1, hints.length)] ?? 'x' };
          });
          const send = async (value: string) => {
            const p = params.map((x, i) => (i === at ? { kind: 'world' as const, value } : x));
            const req = materialize(
              {
                base: 0,
                route,
                params: p,
                pathTweak: 'none',
                methodTweak: 'none',
                query: [],
                auth: { kind: 'header', value: 'Bearer ghp_reliabilityToken000000000000000000' },
                headers: [],
                body: { kind: 'none' },
              },
              baseUrls,
            );
            // Plain names in plain requests: every transport carries them.
            if (!target.carries(req)) throw new Error(`the transport cannot carry a plain request\n  request: ${show(req)}`);
            fakes.restore(base);
            return { req, res: await target.send(fakes, req) };
          };
          stats.requests += 1;
          const proto = await send(name);
          const plain = await send('zzunknown');
          if (proto.res.status !== plain.res.status)
            throw new Error(
              `'${name}' got ${proto.res.status}, an unknown name ${plain.res.status}\n  request: ${show(proto.req)}\n  answer: ${proto.res.text.slice(0, 200)}\n  unknown-name answer: ${plain.res.text.slice(0, 200)}`,
            );
        }),
        fcParams(`${service} prototype names`, transport.runs(150)),
      );
    });
  });
}
