#!/usr/bin/env node
// Packs stuntdouble (`npm pack`), then installs each project under examples/ from that tarball
// (its other devDependencies from the registry) in a scratch copy and runs its `npm test`.
// Usage: node scripts/run-examples.mjs [name...]   (run `npm run build` first)
// STUNTDOUBLE_EXAMPLES_NOCK=15 (a major, or any npm range) installs that nock in every example that has
// nock, instead of the version it pins: CI's second leg runs the examples on Node 24 with nock 15.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const wanted = process.argv.slice(2);
const names = readdirSync(join(root, 'examples'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && (wanted.length === 0 || wanted.includes(d.name)))
  .map((d) => d.name)
  .sort();
const work = mkdtempSync(join(tmpdir(), 'stuntdouble-examples-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const nockWanted = process.env.STUNTDOUBLE_EXAMPLES_NOCK?.trim() || undefined;
const nockRange = nockWanted && /^\d+$/.test(nockWanted) ? `^${nockWanted}.0.0` : nockWanted;
console.log(`examples on Node ${process.version}${nockRange ? `, nock ${nockRange}` : ''}: ${names.join(', ')}`);
let failed = 0;
let passed = 0;
try {
  const packed = JSON.parse(execFileSync(npm, ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' }));
  const tarball = join(work, packed[0].filename);
  console.log(`packed ${packed[0].filename} (${packed[0].entryCount} files)`);
  for (const name of names) {
    const dir = join(work, name);
    cpSync(join(root, 'examples', name), dir, { recursive: true, filter: (src) => !src.includes('node_modules') });
    // What a user writes is "stuntdouble": "^x.y.z"; here it is the tarball just packed.
    const pkgPath = join(dir, 'package.json');
    const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
    pkg.devDependencies.stuntdouble = `file:${tarball}`;
    if (nockRange && pkg.devDependencies.nock) pkg.devDependencies.nock = nockRange;
    writeFileSync(pkgPath, JSON.stringify(pkg, null, 2));
    console.log(`\n=== example ${name}: npm install`);
    // --prefer-offline: packages already in npm's cache (the other examples', the first leg's) are not revalidated.
    const install = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', '--ignore-scripts', '--prefer-offline'], {
      cwd: dir,
      stdio: 'inherit',
    });
    if (install.status !== 0) {
      console.log(`example ${name}: install failed`);
      failed++;
      continue;
    }
    console.log(`=== example ${name}: npm test`);
    const test = spawnSync(npm, ['test'], { cwd: dir, stdio: 'inherit', env: { ...process.env, CI: 'true', FORCE_COLOR: '0' } });
    if (test.status === 0) passed++;
    else {
      console.log(`example ${name}: tests failed`);
      failed++;
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`\nexamples: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
