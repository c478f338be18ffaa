/**
 * A vitest reporter that prints the slowest test files at the end of a run, with where their time
 * went: `import` (loading the file and everything it imports, and running its `describe` bodies),
 * `setup` (setupFiles), `tests` (tests and hooks). CI's log shows it after each `npm test`
 * (`.ci/run` passes `--reporter=./test/support/slowest-files.ts`); locally:
 * `npx vitest run --reporter=default --reporter=./test/support/slowest-files.ts`.
 * STUNTDOUBLE_SLOWEST sets how many files it lists (default 15).
 */
import type { Reporter, TestModule } from 'vitest/node';

const ms = (n: number) => `${(n / 1000).toFixed(1)} s`.padStart(8);

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const n = Number(process.env.STUNTDOUBLE_SLOWEST ?? 15);
    const rows = modules.map((m) => {
      const d = m.diagnostic();
      const imp = d.collectDuration;
      const total = d.prepareDuration + d.environmentSetupDuration + d.setupDuration + imp + d.duration;
      return {
        file: m.relativeModuleId,
        project: m.project.name,
        total,
        imp,
        setup: d.setupDuration,
        tests: d.duration,
        count: [...m.children.allTests()].length,
      };
    });
    rows.sort((a, b) => b.total - a.total);
    const sum = (k: 'total' | 'imp' | 'tests') => rows.reduce((s, r) => s + r[k], 0);
    const lines = [
      '',
      `Slowest ${Math.min(n, rows.length)} of ${rows.length} test files (time inside each file's worker; files run in parallel):`,
      `${'total'.padStart(8)}${'import'.padStart(8)}${'tests'.padStart(8)}${'count'.padStart(7)}  file`,
      ...rows.slice(0, n).map((r) => `${ms(r.total)}${ms(r.imp)}${ms(r.tests)}${String(r.count).padStart(7)}  ${r.file}${r.project ? `  [${r.project}]` : ''}`),
      `${ms(sum('total'))}${ms(sum('imp'))}${ms(sum('tests'))}${String(rows.reduce((s, r) => s + r.count, 0)).padStart(7)}  all files`,
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
