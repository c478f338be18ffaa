/**
 * Every write route (POST, PUT, PATCH) answers a body that is not JSON, sent as JSON by an
 * authenticated caller to an existing resource, with its service's own answer: GitHub 400 "Problems
 * parsing JSON", Graph error 100, Google 400 INVALID_ARGUMENT "Invalid JSON payload received. ...".
 * Nothing changes.
 */
import fc from 'fast-check';
import type { HandledResponse } from 'stuntdouble';
import { describe, expect, it } from 'vitest';
import { SERVICES, type Service, fcParams, materialize, requestArb, sameExceptBookkeeping, seedWorld, show, stats, templateSlots } from '../harness.js';
import type { Transport } from '../transport.js';

const BAD = ['{', '{"a":', '[1,2', '{"a":1,}', "{'a':1}", 'nul', '{"a":"\\x"}', '}{', '{"a":1}{"b":2}', 'NaN', '{"a":01}', '\u00ff\u00fe'];

function expected(service: Service, res: HandledResponse): string | undefined {
  const body = res.json as { message?: string; error?: { code?: number; status?: string; message?: string } } | undefined;
  if (service === 'codeHosting') return res.status === 400 && body?.message === 'Problems parsing JSON' ? undefined : 'expected 400 "Problems parsing JSON"';
  if (service === 'socialGraph') return res.status === 400 && body?.error?.code === 100 ? undefined : 'expected 400 with Graph error code 100';
  return res.status === 400 && body?.error?.status === 'INVALID_ARGUMENT' && /^Invalid JSON payload received/.test(body.error.message ?? '')
    ? undefined
    : 'expected 400 INVALID_ARGUMENT "Invalid JSON payload received. ..."';
}

/** Registers the malformed-JSON property for every write route of every service, sent through `transport`. */
export function defineBadJsonProperties(transport: Transport): void {
  describe.each(SERVICES)(`%s${transport.label}: malformed JSON bodies`, (service) => {
    // The source imports API stays open (it is retired by this clock's date by default, answering 410
    // before reading any body): its write routes parse JSON like the others.
    const fakes = transport.fakes({ clock: '2025-06-01T12:00:00Z', journal: false, codeHosting: { importsRetireAt: false } });
    const world = seedWorld(fakes, service);
    const base = fakes.snapshot();
    const target = transport.attach(fakes, service);
    // Routes whose body is not JSON whatever its content type: markdown/raw renders the text it is given,
    // a release asset upload stores the bytes (its name comes from the query).
    const rawBody = (r: string) => r === 'POST /markdown/raw' || /^POST \/__uploads\/.*\/assets$/.test(r);
    const writes = fakes.routes(service).filter((r) => /^(POST|PUT|PATCH) /.test(r) && !rawBody(r));
    it('has write routes', () => {
      expect(writes.length).toBeGreaterThan(0);
    });
    for (const route of writes) {
      it(`${route} answers the service's invalid-JSON error`, async () => {
        const baseUrls = target.baseUrls();
        await fc.assert(
          fc.asyncProperty(
            fc.nat(),
            fc.constantFrom(...BAD),
            fc.constantFrom('application/json', 'application/json; charset=utf-8'),
            async (seed, text, type) => {
              const [desc] = fc.sample(requestArb(world, route, baseUrls.length), { seed, numRuns: 1 });
              const d = desc as NonNullable<typeof desc>;
              // Aimed: the only fault is the body (valid parameters and a valid credential, no tweaks).
              const req = materialize(
                {
                  ...d,
                  base: 0,
                  params: templateSlots(route.slice(route.indexOf(' ') + 1)).map((slot, i) => {
                    const hints = world.hints[slot] ?? [];
                    return { kind: 'world' as const, value: hints[seed % Math.max(1, hints.length)] ?? (d.params[i]?.value as string) };
                  }),
                  pathTweak: 'none',
                  methodTweak: 'none',
                  query: [],
                  headers: [],
                  auth: { kind: 'header', value: 'Bearer ghp_reliabilityToken000000000000000000' },
                  body: { kind: 'text', text, contentType: type },
                },
                baseUrls,
              );
              // Aimed requests are plain ones: every transport carries them.
              if (!target.carries(req)) throw new Error(`the transport cannot carry an aimed request\n  request: ${show(req)}`);
              fakes.restore(base);
              stats.requests += 1;
              const res = await target.send(fakes, req);
              // A 404 for a resource the generated parameters missed is fine; anything else must be the parse error.
              if (res.status === 404) return;
              // Routes that authenticate as a GitHub App take only the app's JWT: GitHub refuses the personal
              // token before it reads the body (401).
              const appOnly = service === 'codeHosting' && /^POST \/app\//.test(route) && res.status === 401 && /JSON web token/.test(res.text);
              const problem = appOnly ? undefined : expected(service, res);
              if (problem) throw new Error(`${problem}, got ${res.status} ${res.text.slice(0, 300)}\n  request: ${show(req)}`);
              if (!sameExceptBookkeeping(base, fakes.snapshot())) throw new Error(`the state changed\n  request: ${show(req)}`);
            },
          ),
          fcParams(`${service} bad json ${route}`, transport.runs(12)),
        );
      });
    }
  });
}
