// The npm registry mirror on our machines serves only this platform's builds of packages with
// per-platform optional dependencies (esbuild, rollup, biome): `npm install` then writes a lockfile
// without the other platforms' entries, and `npm ci` refuses it as "out of sync". This script adds
// an entry for every missing optional platform package, marked optional with its os/cpu/libc, so
// `npm ci` sees a complete lockfile and skips them on platforms they do not fit.
// Run after any `npm install` that changes package-lock.json: `node scripts/lockfile-platform-stubs.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const pkgs = lock.packages;
const OS = ['android', 'darwin', 'freebsd', 'linux', 'netbsd', 'openbsd', 'sunos', 'win32', 'aix', 'openharmony', 'cygwin'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32'];
let added = 0;
for (const [key, meta] of Object.entries(pkgs)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const at = `node_modules/${name}`;
    if (pkgs[at] || pkgs[`${key}/${at}`]) continue;
    const parts = name.split(/[/-]/);
    const os = OS.filter((o) => parts.includes(o) || (o === 'win32' && parts.includes('windows')));
    const cpu = CPU.filter((c) => parts.includes(c) || (c === 'ia32' && parts.includes('x86')));
    const stub = { version: String(range).replace(/^[\^~=]/, ''), optional: true, os: os.length ? os : ['none'] };
    if (meta.dev) stub.dev = true;
    if (cpu.length) stub.cpu = cpu;
    if (parts.includes('musl')) stub.libc = ['musl'];
    else if (parts.includes('gnu') || (os.includes('linux') && !parts.includes('musl'))) stub.libc = ['glibc'];
    pkgs[at] = stub;
    added += 1;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile: added ${added} platform stub entries`);
