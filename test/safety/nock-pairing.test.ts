import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnsupportedNockError, createFakes } from 'stuntdouble';
import { afterEach, expect, it } from 'vitest';

// stuntdouble reads the version of the nock the project resolves (from the working directory):
// a project whose node_modules holds another nock version.
const home = process.cwd();
const dirs: string[] = [];
function projectWithNock(version: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'stuntdouble-nock-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'node_modules', 'nock', 'lib'), { recursive: true });
  writeFileSync(join(dir, 'node_modules', 'nock', 'package.json'), JSON.stringify({ name: 'nock', version, main: 'lib/index.js' }));
  writeFileSync(join(dir, 'node_modules', 'nock', 'lib', 'index.js'), 'module.exports = {};');
  return dir;
}
afterEach(() => {
  process.chdir(home);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const nodeRunsNock15 = major > 22 || (major === 22 && minor >= 20);

it("nock 13 fails at install() naming the supported pairs (transport 'nock')", () => {
  process.chdir(projectWithNock('13.5.6'));
  const fakes = createFakes({ guard: false, transport: 'nock' });
  expect(() => fakes.install()).toThrow(UnsupportedNockError);
  expect(() => fakes.install()).toThrow(
    /stuntdouble supports nock 14 on Node >= 20\.12 \(CI: Node 20\), or nock 15 on Node >= 22\.20 \(CI: Node 24\); found nock 13\.5\.6 on Node/,
  );
  expect(fakes.installed).toBe(false);
});

it(`nock 15 ${nodeRunsNock15 ? 'installs' : 'fails at install()'} on Node ${process.versions.node} (transport 'nock')`, () => {
  process.chdir(projectWithNock('15.0.6'));
  const fakes = createFakes({ guard: false, transport: 'nock' });
  if (nodeRunsNock15) {
    fakes.install();
    fakes.uninstall();
  } else {
    expect(() => fakes.install()).toThrow(/found nock 15\.0\.6 on Node 2\d\.\d+\.\d+: nock 15 needs Node >= 22\.20.*Install nock@14, or run Node 24/);
  }
});

it('the direct transport does not need nock: it installs beside an unsupported nock the program does not load', async () => {
  process.chdir(projectWithNock('13.5.6'));
  const fakes = createFakes({ guard: false, transport: 'direct' }).install();
  try {
    expect(fakes.installed).toBe(true);
    expect((await fetch('https://api.github.com/rate_limit')).status).toBe(200);
    expect(fakes.calls.count()).toBe(1);
  } finally {
    fakes.uninstall();
  }
});
