import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

// The README's first command runs the demo (`npm install && npm run demo`): it must run to the end
// against the built package and show what it promises for each service.
const demo = fileURLToPath(new URL('../../demo/demo.mjs', import.meta.url));

it('npm run demo runs to the end and shows each service answering', { timeout: 60_000 }, async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [demo], { timeout: 50_000 });
  expect(stdout).toContain('GET  /repos/octo/hello/import → complete');
  expect(stdout).toContain('bad vcs → 422');
  expect(stdout).toContain('ad set 6200000000001 WITH_ISSUES');
  expect(stdout).toContain('after 11 minutes → 404 NOT_FOUND');
  expect(stdout).toContain('stuntdouble fakes (installed)');
});
