import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

// useFakes' afterEach and the guard must fail a test whose code swallowed the error: only a real
// vitest run can show a hook failing a test, so the fixture runs in a child vitest.
it('useFakes fails a test whose override threw, and the guard fails a test that forgot install()', { timeout: 120_000 }, async () => {
  const out = join(tmpdir(), `stuntdouble-fixture-${process.pid}.json`);
  const args = [
    'vitest',
    'run',
    'test/safety/fixtures/use-fakes.fixture.ts',
    '--dir',
    'test/safety/fixtures',
    '--config',
    'test/safety/fixtures/vitest.fixture.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  const run = (await promisify(execFile)('npx', args, { cwd: process.cwd(), env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } }).catch(
    (e: unknown) => e,
  )) as {
    code?: number;
    stdout: string;
    stderr: string;
  };
  expect(run.code).toBe(1);
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    testResults: Array<{ assertionResults: Array<{ title: string; status: string; failureMessages: string[] }>; message?: string }>;
  };
  rmSync(out, { force: true });
  const results = report.testResults.flatMap((f) => f.assertionResults);
  const byTitle = Object.fromEntries(results.map((r) => [r.title, r]));
  const overrideTest = byTitle['FAILS: an override throws and the code under test swallows the 500'];
  expect(overrideTest?.status).toBe('failed');
  expect(overrideTest?.failureMessages.join('\n')).toMatch(/FakeInternalError[\s\S]*override exploded \(from override\)/);
  expect(byTitle['PASSES: a clean test after it']?.status).toBe('passed');
  // The guard fails the test that sent the request, once: with the request's error when it reached
  // the test, else with the guard's error at the test's end; never also as an uncaught error.
  const swallowed = byTitle['FAILS: a test that forgot install() and swallows the error'];
  expect(swallowed?.status).toBe('failed');
  expect(swallowed?.failureMessages.join('\n')).toMatch(
    /NotInstalledError: stuntdouble: GET https:\/\/ghe\.guarded\.test\/api\/v3\/rate_limit was sent while no fakes are installed/,
  );
  const through = byTitle['FAILS ONCE: a test that forgot install() and lets the error through'];
  expect(through?.status).toBe('failed');
  expect(through?.failureMessages).toHaveLength(1);
  expect(through?.failureMessages[0]).toMatch(/fetch failed/); // fetch's own error, whose cause is the guard's
  const output = `${run.stdout}${run.stderr}`;
  expect(output).toMatch(/Caused by: NotInstalledError: stuntdouble: GET https:\/\/ghe\.guarded\.test\/api\/v3\/meta was sent/);
  expect(output).not.toMatch(/Unhandled Error|Uncaught Exception/);
  expect(output.match(/meta was sent while no fakes are installed/g)?.length ?? 0).toBeLessThanOrEqual(3); // the error and its causes, in one block
});
