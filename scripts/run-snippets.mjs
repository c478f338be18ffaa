#!/usr/bin/env node
// Runs every fenced example of README.md and docs/ that is marked runnable (```ts runnable=vitest; the
// marks are described in scripts/snippets.mjs), verbatim, in fresh projects: per page and set-up, it
// installs exactly what the page's install line says (stuntdouble from the tarball `npm pack` makes,
// the rest from the registry), writes the page's config files and examples, and runs them with their
// runner: vitest, Jest, node:test, node, bash (curl, gh) or python3 (PyGithub). Examples marked
// `server` run against `npx stuntdouble serve` on port 4010, started from that project.
// Usage: node scripts/run-snippets.mjs [page-filter...] [--list]   (run `npm run build` first)
// Set-ups with the same install line and config share one install.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { plan, specName } from './snippets.mjs';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('--'));
const groups = plan(root, { only });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const PORT = 4010;

if (args.includes('--list')) {
  for (const g of groups)
    console.log(
      `${g.page} [${g.group}${g.variant ? ` + ${g.variant}` : ''}]: ${g.specs.join(' ')}\n${g.blocks.map((b) => `  line ${b.line}: ${b.lang} runnable=${b.attrs.runnable}${b.attrs.server ? ' server' : ''}`).join('\n')}`,
    );
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), 'stuntdouble-snippets-'));
// curl reads this .curlrc (CURL_HOME): an HTTP error status fails the example, as PyGithub and gh fail.
writeFileSync(join(work, '.curlrc'), '--fail\n--no-progress-meter\n');
const baseEnv = { ...process.env, CI: 'true', FORCE_COLOR: '0', NO_COLOR: '1', CURL_HOME: work, PYTHONDONTWRITEBYTECODE: '1' };
// The genai SDK reads these; a user's test runs without them (the docs say to clear them).
for (const k of Object.keys(baseEnv)) if (/^(GOOGLE_|GEMINI_)/.test(k)) delete baseEnv[k];
// The clients server-mode examples name (python3 with PyGithub, gh, curl) are Debian's, installed by
// CI with apt: a `python3` of another install on PATH (pyenv) would lack PyGithub, so Debian's comes first.
const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
if (python === '/usr/bin/python3') {
  mkdirSync(join(work, 'bin'));
  symlinkSync(python, join(work, 'bin', 'python3'));
  baseEnv.PATH = `${join(work, 'bin')}:${baseEnv.PATH}`;
}

const results = [];
const record = (g, block, ok, why = '') => {
  results.push({ ok, where: `${g.page}:${block.line}${g.variant ? ` (${g.variant})` : ''}`, why });
};

function deepMerge(a, b) {
  if (!a || typeof a !== 'object' || Array.isArray(a) || !b || typeof b !== 'object' || Array.isArray(b)) return b;
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = k in out ? deepMerge(out[k], v) : v;
  return out;
}

/** Where a runnable block goes: its `file=`, the path its first line names (`// test/app.test.ts`), or one made from its line. */
function fileOf(block) {
  if (typeof block.attrs.file === 'string') return block.attrs.file;
  const named = /^(?:\/\/|#)\s*([\w./-]+\.(?:[cm]?[jt]s|py|sh))\b/.exec(block.code.split('\n')[0] ?? '');
  if (named) return named[1];
  const base = `snippets/line-${block.line}`;
  const cjs = /\brequire\(/.test(block.code) && !/^import\s/m.test(block.code);
  switch (block.attrs.runnable) {
    case 'vitest':
    case 'jest':
      return `${base}.test.${block.lang === 'ts' ? 'ts' : cjs ? 'cjs' : 'js'}`;
    case 'node-test':
      return `${base}.test.${cjs ? 'cjs' : 'mjs'}`;
    case 'node':
      return block.lang === 'ts' ? `${base}.mts` : `${base}.${cjs ? 'cjs' : 'mjs'}`;
    case 'sh':
      return `${base}.sh`;
    case 'python':
      return `${base}.py`;
    default:
      throw new Error(`${block.page}:${block.line}: unknown runner '${block.attrs.runnable}'`);
  }
}

function run(cmd, argv, cwd, { timeout = 300_000, env = baseEnv, quiet = false } = {}) {
  const r = spawnSync(cmd, argv, { cwd, env, encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (!quiet || r.status !== 0) process.stdout.write(out.endsWith('\n') || !out ? out : `${out}\n`);
  return { ok: r.status === 0, out: r.error ? `${out}${r.error.message}` : out };
}

/** Runs a shell or python example in its own process group, killed afterwards (an example may start a server with `&`). */
function runDetached(cmd, argv, cwd) {
  return new Promise((done) => {
    const child = spawn(cmd, argv, { cwd, env: baseEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      done({ ok: code === 0, out });
    });
  });
}

async function waitForHealth(ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${PORT}/__stuntdouble/health`);
      if (r.ok) return true;
    } catch {}
    if (Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** `npx stuntdouble serve` from the example's project, as the page starts it. */
async function startServer(dir) {
  if (await waitForHealth(0)) throw new Error(`port ${PORT} is already taken by another stuntdouble server`);
  const child = spawn(join(dir, 'node_modules/.bin/stuntdouble'), ['serve', '--port', String(PORT)], {
    cwd: dir,
    env: baseEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.on('data', () => {});
  if (!(await waitForHealth())) {
    child.kill('SIGKILL');
    throw new Error('npx stuntdouble serve did not answer on its health route');
  }
  return {
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const hard = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.on('exit', () => {
          clearTimeout(hard);
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}

let tarball;
const installed = new Map(); // install key → { dir, written: [] }

async function runGroup(g) {
  const label = `${g.page} [${g.group}${g.variant ? ` + ${g.variant}` : ''}]`;
  if (g.specs.length === 0) {
    for (const b of g.blocks) record(g, b, false, 'the page has no install line (```sh install) for these examples');
    console.log(`\n=== ${label}: no install line`);
    return;
  }
  const pkgBlocks = g.files.filter((f) => f.attrs.file === 'package.json');
  const others = g.files.filter((f) => f.attrs.file !== 'package.json');
  let pkg = { name: 'snippet-project', version: '1.0.0', private: true };
  for (const b of pkgBlocks) pkg = deepMerge(pkg, JSON.parse(b.code));
  const key = createHash('sha256')
    .update(JSON.stringify([[...g.specs].sort(), pkg, others.map((f) => [f.attrs.file, f.code])]))
    .digest('hex')
    .slice(0, 12);
  let ws = installed.get(key);
  console.log(`\n=== ${label}: ${g.blocks.length} example(s)`);
  if (!ws) {
    const dir = join(work, key);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
    for (const f of others) {
      mkdirSync(dirname(join(dir, f.attrs.file)), { recursive: true });
      writeFileSync(join(dir, f.attrs.file), f.code);
    }
    const specs = g.specs.map((s) => (specName(s) === 'stuntdouble' ? tarball : s));
    console.log(`npm install -D ${g.specs.join(' ')}   (stuntdouble from the packed tarball)`);
    const r = run(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline', '-D', ...specs], dir, { timeout: 600_000 });
    if (!r.ok) {
      for (const b of g.blocks) record(g, b, false, 'npm install failed');
      return;
    }
    ws = { dir, written: [] };
    installed.set(key, ws);
  }
  const { dir } = ws;
  for (const f of ws.written) rmSync(join(dir, f), { force: true });
  ws.written = [];
  const files = g.blocks.map((b) => {
    const f = fileOf(b);
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), b.code);
    ws.written.push(f);
    return f;
  });

  let server;
  const needsServer = g.blocks.some((b) => b.attrs.server);
  try {
    if (needsServer) server = await startServer(dir);
    // Test runners take the group's test files in one run; programs and scripts run one by one, in page order.
    const byRunner = (name) => g.blocks.map((b, i) => [b, files[i]]).filter(([b]) => b.attrs.runnable === name);
    const tests = [
      ['vitest', (fs) => run('npx', ['vitest', 'run', ...fs], dir)],
      ['jest', () => (pkg.scripts?.test ? run(npm, ['test'], dir) : run('npx', ['jest', '--ci'], dir))],
      ['node-test', (fs) => run(process.execPath, ['--test', ...fs], dir)],
    ];
    for (const [name, go] of tests) {
      const list = byRunner(name);
      if (list.length === 0) continue;
      console.log(`--- ${name}: ${list.map(([, f]) => f).join(' ')}`);
      const r = go(list.map(([, f]) => f));
      for (const [b] of list) record(g, b, r.ok, r.ok ? '' : `${name} failed`);
    }
    for (const [b, f] of g.blocks.map((b, i) => [b, files[i]])) {
      const kind = b.attrs.runnable;
      if (!['node', 'sh', 'python'].includes(kind)) continue;
      console.log(`--- ${kind} ${f}`);
      const r =
        kind === 'node'
          ? await runDetached(process.execPath, [f], dir)
          : kind === 'sh'
            ? await runDetached('bash', ['-e', '-x', f], dir)
            : await runDetached(python, [f], dir);
      record(g, b, r.ok, r.ok ? '' : `${kind} exited with an error`);
    }
  } catch (err) {
    for (const b of g.blocks) if (!results.some((r) => r.where.startsWith(`${g.page}:${b.line}`))) record(g, b, false, String(err.message ?? err));
    console.log(String(err.stack ?? err));
  } finally {
    await server?.stop();
  }
}

let exit = 0;
try {
  console.log(`snippets on Node ${process.version}: ${groups.length} set-up(s) in ${new Set(groups.map((g) => g.page)).size} page(s)`);
  const packed = JSON.parse(execFileSync(npm, ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' }));
  tarball = join(work, packed[0].filename);
  console.log(`packed ${packed[0].filename} (${packed[0].entryCount} files)`);
  for (const g of groups) await runGroup(g);
} catch (err) {
  console.log(String(err.stack ?? err));
  exit = 1;
}
const failed = results.filter((r) => !r.ok);
console.log('');
for (const r of failed) console.log(`FAILED ${r.where}: ${r.why}`);
console.log(`snippets: ${results.length - failed.length} passed, ${failed.length} failed`);
// The projects hold a few hundred MB of node_modules: rm is much faster than a recursive rmSync.
if (spawnSync('rm', ['-rf', work]).status !== 0) rmSync(work, { recursive: true, force: true });
process.exit(exit || failed.length ? 1 : 0);
