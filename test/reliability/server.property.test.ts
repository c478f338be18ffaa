/**
 * The reliability properties sent over a real port: `serve(fakes)` on loopback, requests written with
 * node:http (test/reliability/transport.ts). The same generators and checks as in-process, through
 * the HTTP transport instead of `fakes.handle()`:
 * - every route (routes.property.test.ts): every generated request gets an answer, a 4xx in the
 *   service's own envelope or a success, never a 5xx or a dropped connection, and a rejected request
 *   leaves the state the same object;
 * - strict auth refuses every unseeded credential (suites/auth.ts);
 * - malformed JSON gets each service's parse error (suites/bad-json.ts);
 * - secrets stay out of the journal, describe() and error answers (suites/secrets.ts);
 * - prototype member names are ordinary unknown names (suites/prototype-names.ts).
 * Fixed seeds as in-process; fewer runs: RELIABILITY_HTTP_RUNS per route here (default 3) and
 * RELIABILITY_HTTP_SHARE of each suite's in-process runs (default 0.25, see transport.ts). After each
 * suite the server still answers its health check.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICES, fcParams, materialize, probe, requestArb, seedWorld, show, stats } from './harness.js';
import { defineAuthProperties } from './suites/auth.js';
import { defineBadJsonProperties } from './suites/bad-json.js';
import { definePrototypeNameProperties } from './suites/prototype-names.js';
import { defineSecretsProperties } from './suites/secrets.js';
import { overHttp } from './transport.js';

const RUNS = Number(process.env.RELIABILITY_HTTP_RUNS ?? 3);

afterAll(() => console.log(`[reliability] over HTTP: ${stats.requests} generated requests`));

describe.each(SERVICES)('%s over HTTP (serve): every route keeps the contract', (service) => {
  const fakes = overHttp.fakes({ clock: '2025-06-01T12:00:00Z' });
  const world = seedWorld(fakes, service, false);
  const base = fakes.snapshot();
  const target = overHttp.attach(fakes, service);

  it('generated requests over the port answer within the contract', { timeout: 300_000 }, async () => {
    const bases = target.baseUrls();
    let sent = 0;
    for (const route of fakes.routes(service)) {
      await fc.assert(
        fc.asyncProperty(requestArb(world, route, bases.length), async (desc) => {
          const req = materialize(desc, bases);
          if (!target.carries(req)) return;
          sent += 1;
          const out = await probe(fakes, service, req, base, target.send);
          if (out.problem) throw new Error(`${out.problem}\n  request: ${show(req)}`);
        }),
        fcParams(`http ${service} ${route}`, RUNS),
      );
    }
    expect(sent).toBeGreaterThan(fakes.routes(service).length);
  });
});

defineAuthProperties(overHttp);
defineBadJsonProperties(overHttp);
defineSecretsProperties(overHttp);
definePrototypeNameProperties(overHttp);
