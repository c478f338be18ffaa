import { CATALOG } from 'stuntdouble/code-hosting';
import { describe, expect, it } from 'vitest';
import { EXCEPTIONS } from './conformance/exceptions.js';
import { oracle } from './conformance/oracle.js';
import { walker } from './conformance/walk.js';

// Every catalog row, through the real Octokit, answers a status GitHub's OpenAPI description
// documents and a body that validates (ajv) against the schema documented for that status.
// EXCEPTIONS lists the reviewed departures, each with its reason; an exception that passes fails too.

const HOSTS = [
  { name: 'api.github.com', baseUrl: 'https://api.github.com' },
  { name: 'ghes-3.19', baseUrl: 'https://ghe.example.com/api/v3' },
  { name: 'ghec', baseUrl: 'https://api.acme.ghe.com' },
  // Team discussions, retired from the current descriptions: the last description that had them.
  { name: 'octokit-openapi-22.0.0', baseUrl: 'https://api.github.com' },
] as const;
const MIN_CHECKED: Record<string, number> = { 'api.github.com': 750, 'ghes-3.19': 500, ghec: 500, 'octokit-openapi-22.0.0': 30 };

describe.each(HOSTS)('every catalog route conforms to the $name description', ({ name, baseUrl }) => {
  it('answers a documented status and a body that validates', async () => {
    const o = oracle(name);
    const w = walker(o, baseUrl);
    const exceptions = EXCEPTIONS[name] ?? {};
    const failures: string[] = [];
    let checked = 0;
    let passed = 0;
    for (const row of CATALOG) {
      const out = await w.run(row);
      if (!out) continue;
      checked++;
      const reason = exceptions[out.route];
      if (out.ok) passed++;
      if (out.ok && reason) failures.push(`${out.route}: passes, remove its exception`);
      if (!out.ok && !reason) failures.push(`${out.route} → ${out.status}: ${out.problem}`);
    }
    if (process.env.CONFORMANCE_REPORT) console.log(`${name}: ${passed}/${checked} valid`);
    expect(checked).toBeGreaterThanOrEqual(MIN_CHECKED[name] ?? 1);
    expect(failures).toEqual([]);
  }, 300_000);
});
