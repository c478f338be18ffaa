// Jest (CommonJS and native ESM) and node:test run their fixture suites against the built package.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const require = createRequire(import.meta.url);

function run(args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1' }, timeout: 120_000 });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

describe('Jest', () => {
  const dir = join(here, 'fixtures/jest');
  beforeAll(() => {
    // Jest resolves `stuntdouble` like a consumer's node_modules would: link the package root.
    rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(root, join(dir, 'node_modules/stuntdouble'), 'dir');
  });
  const jestBin = join(dirname(require.resolve('jest/package.json')), 'bin/jest.js');
  // nock 15 is ESM-only, and CommonJS Jest can require() ESM only with Node's vm modules on. The
  // default (direct) transport never loads nock, so a CommonJS project that does not use nock itself
  // runs without the flag on either nock (docs/runners/jest.md).
  it('CommonJS, no runner flag on nock 14 or 15: useFakes lifecycle, matchers, jest.useFakeTimers() and jest.setSystemTime', () => {
    const r = run([jestBin, '--ci', '--no-cache', '--testMatch', '**/cjs.test.cjs'], dir);
    expect(r.out).toMatch(/Tests:\s+5 passed, 5 total/);
    expect(r.status, r.out).toBe(0);
  });

  it("native ESM (--experimental-vm-modules) through @jest/globals: Octokit under a bare jest.useFakeTimers(), transport: 'nock' with a real nextTick", () => {
    const r = run(['--experimental-vm-modules', '--no-warnings', jestBin, '--ci', '--no-cache', '--testMatch', '**/esm.test.mjs'], dir);
    expect(r.out).toMatch(/Tests:\s+3 passed, 3 total/);
    expect(r.status, r.out).toBe(0);
  });
});

describe('node:test', () => {
  it('useFakes() hooks, seed baseline, withFakes(t) and AssertionError diffs', () => {
    const r = run(['--test', '--test-reporter=spec', join(here, 'fixtures/node-test/suite.test.mjs')], root);
    expect(r.out).toMatch(/pass 3/);
    expect(r.status, r.out).toBe(0);
  });
});
