import { readFileSync } from 'node:fs';
import { createFakes, type Scenario, scenarios } from 'stuntdouble';
import { renderScenarioCatalog } from 'stuntdouble/scenarios';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_IMPORT_STATES } from '../code-hosting/import-statuses.js';

type AnyFactory = (options?: unknown) => Scenario<unknown>;

/**
 * The states named in the seeds' state tables (seed 000 section 3, seed 001 section 3; seed 002 names
 * none). Each must be reached by at least one scenario, named in its `reaches`.
 */
const SEED_STATES = [...DOCUMENT_IMPORT_STATES, 'unflagged', 'flagged', 'published'] as const;

const FAULTS = new Set(['latency', 'networkError', 'flaky', 'serviceUnavailable']);

describe('the scenario catalog', () => {
  it('docs/scenarios.md is up to date (regenerate with `npm run build && node scripts/generate-scenarios-doc.mjs`)', () => {
    const committed = readFileSync(new URL('../../docs/scenarios.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderScenarioCatalog(scenarios as never));
  });

  it('every state of the seeds’ state tables has a scenario that reaches it', () => {
    const reaches = Object.values(scenarios).map((f) => (f as unknown as { reaches?: string }).reaches ?? '');
    const missing = SEED_STATES.filter((s) => !reaches.some((r) => new RegExp(`\\b${s}\\b`).test(r)));
    expect(missing).toEqual([]);
  });

  for (const [name, factory] of Object.entries(scenarios)) {
    if (FAULTS.has(name)) continue;
    it(`${name} reaches the state it claims, read through the wire`, async () => {
      const fakes = createFakes({ clock: '2024-03-01T00:00:00Z' });
      const scenario = (factory as unknown as AnyFactory)();
      expect(scenario.check, `${name} has no check()`).toBeTypeOf('function');
      const handles = fakes.apply(scenario);
      expect(fakes.applied.map((a) => a.name)).toEqual([name]);
      await scenario.check?.(fakes, handles);
    });
  }
});
