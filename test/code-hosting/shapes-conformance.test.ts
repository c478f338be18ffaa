import { CATALOG } from 'stuntdouble/code-hosting';
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { EXCEPTIONS } from './conformance/exceptions.js';
import { oracle } from './conformance/oracle.js';
import { SENT_IN_SOME_ANSWERS, ofKind } from './conformance/presence.js';
import { walker } from './conformance/walk.js';

// Every catalog row, through the real Octokit, answers a status GitHub's OpenAPI description
// documents and a body that validates (ajv) against the schema documented for that status.
// EXCEPTIONS lists the reviewed departures, each with its reason; an exception that passes fails too.
//
// "Documented properties present": of the properties the description documents for each 2xx answer
// (recursively), the share the answer carries, leaving out only those GitHub's own recorded answers show
// it sends in some answers only (SENT_IN_SOME_ANSWERS, each entry checked against the recordings and the
// description's example answers below). Rows whose object GitHub answers differently by state are asked
// again in those states (conformance/states.ts): a property present in any of them counts.
// Every row reaches ≥ 95 %, on every description. The rows reached last answer from behaviour built for
// them: billable time per runner OS (workflow and run timing, from the jobs' runner labels), the
// configuration a default-setting PUT names, a budget's settings from its create/update body, a
// deployment-record job's start, a new Pages site's certificate (its source's CNAME file), a SCIM group's meta.

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
    let documented = 0;
    let present = 0;
    const rows: Array<{ route: string; ratio: number; absent: string[] }> = [];
    for (const row of CATALOG) {
      const out = await w.run(row);
      if (!out) continue;
      checked++;
      const reason = exceptions[out.route];
      if (out.ok) passed++;
      if (out.presence && out.presence.documented > 0) {
        documented += out.presence.documented;
        present += out.presence.present;
        rows.push({ route: out.route, ratio: out.presence.present / out.presence.documented, absent: out.presence.absent });
      }
      if (out.ok && reason) failures.push(`${out.route}: passes, remove its exception`);
      if (!out.ok && !reason) failures.push(`${out.route} → ${out.status}: ${out.problem}`);
    }
    const below = rows.filter((r) => r.ratio < 0.95).sort((a, b) => a.ratio - b.ratio);
    if (process.env.CONFORMANCE_REPORT) {
      console.log(
        `${name}: ${passed}/${checked} valid; documented properties present ${present}/${documented}; rows below 95 %: ${below.length}/${rows.length}`,
      );
      for (const r of below) console.log(`  ${(r.ratio * 100).toFixed(0)}% ${r.route}: ${r.absent.slice(0, 12).join(' ')}`);
    }
    expect(checked).toBeGreaterThanOrEqual(MIN_CHECKED[name] ?? 1);
    expect(failures).toEqual([]);
    expect(passed / checked).toBeGreaterThanOrEqual(0.97);
    expect(present / documented).toBeGreaterThanOrEqual(0.95);
    expect(
      below.map((r) => `${(r.ratio * 100).toFixed(0)}% ${r.route}: ${r.absent.slice(0, 12).join(' ')}`),
      'rows below 95 % of their documented properties',
    ).toEqual([]);
  }, 300_000);
});

describe('documented properties GitHub sends in some answers only', () => {
  it('names only properties GitHub’s recorded or example answers show objects of that kind without', () => {
    const require = createRequire(import.meta.url);
    const root = join(dirname(require.resolve('@octokit/fixtures/package.json')), 'scenarios/api.github.com');
    const without = new Set<string>();
    const visit = (x: unknown): void => {
      if (Array.isArray(x)) for (const y of x) visit(y);
      else if (x && typeof x === 'object') {
        for (const e of SENT_IN_SOME_ANSWERS) for (const k of e.key.split(' ')) if (ofKind(e.kind, x) && !(k in x)) without.add(`${e.kind}|${k}`);
        for (const y of Object.values(x)) visit(y);
      }
    };
    for (const d of readdirSync(root)) for (const r of JSON.parse(readFileSync(join(root, d, 'normalized-fixture.json'), 'utf8'))) visit(r.response);
    // The example answers of the description (GitHub's documented answers), each one as a whole.
    const doc = oracle('api.github.com').doc;
    for (const ex of Object.values(doc.components.examples ?? {})) visit((ex as { value?: unknown }).value);
    for (const item of Object.values(doc.paths ?? {}))
      for (const op of Object.values(item as Record<string, { responses?: Record<string, unknown> }>))
        for (const res of Object.values(op?.responses ?? {})) {
          const content = (res as { content?: Record<string, { example?: unknown; examples?: Record<string, { value?: unknown }> }> }).content ?? {};
          for (const c of Object.values(content)) {
            visit(c.example);
            for (const e of Object.values(c.examples ?? {})) visit(e.value);
          }
        }
    const unproven = SENT_IN_SOME_ANSWERS.flatMap((e) =>
      e.key
        .split(' ')
        .filter((k) => !without.has(`${e.kind}|${k}`))
        .map((k) => `${e.kind}: ${k}`),
    );
    expect(unproven).toEqual([]);
  });
});
