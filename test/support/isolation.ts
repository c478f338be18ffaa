/**
 * Which test files need a process of their own (vitest `isolate: true`) and which may share a worker
 * with other files (`isolate: false`: the built package, Octokit, @google/genai and the OpenAPI
 * descriptions are then imported once per worker instead of once per file).
 *
 * A file is isolated when it, or a local module it imports (followed transitively), does something
 * process-wide that outlives the file or that a file must see fresh:
 * - imports nock or msw (nock patches node:http when it loads and stays loaded);
 * - fakes timers or the clock (`vi.useFakeTimers`), stubs globals or env (`vi.stubGlobal`, `vi.stubEnv`),
 *   assigns `process.env.X` / `globalThis.X`, changes directory, mocks modules (`vi.mock`), sets
 *   undici's global dispatcher;
 * - lives in a folder whose subject is the process itself (ISOLATED_DIRS: interception order, nock and
 *   msw interplay, process state, other test runners), or is named in ISOLATED_FILES (with the reason).
 * Everything else shares. Shared files still run under test/support/leak-guard.ts, which fails a file
 * that leaves the process different from how it found it (patched http/fetch/sockets, fake timers,
 * changed env, a stuntdouble instance still installed), so a new file that should be isolated and is
 * not is reported by name rather than silently changing the files after it.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Source patterns that make a file (or a module it imports) isolated. */
export const PROCESS_WIDE: readonly RegExp[] = [
  /from '(nock|msw|msw\/node)'/,
  /import\('(nock|msw|msw\/node)'\)/,
  /require\('(nock|msw|msw\/node)'\)/,
  /\buseFakeTimers\b/,
  /\bvi\.(stubGlobal|stubEnv|mock|doMock)\b/,
  /\bprocess\.env(\.[A-Za-z_$][\w$]*|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=)/,
  /\bdelete process\.env\b/,
  /\bObject\.assign\(process\.env\b/,
  /\bprocess\.chdir\(/,
  /\bglobalThis\.[A-Za-z_$][\w$]*\s*=(?!=)/,
  /\bsetGlobalDispatcher\(/,
];

/** Folders whose files are about the process itself: always isolated. */
export const ISOLATED_DIRS: readonly string[] = ['test/safety/', 'test/transports/', 'test/msw/', 'test/runners/'];

/** Files isolated for a reason the patterns do not see. */
export const ISOLATED_FILES: Readonly<Record<string, string>> = {
  'test/core/packaging.test.ts': 'loads the CommonJS build (require of every entry) next to the ESM one',
};

const LOCAL_IMPORT = /^(?!import type )[^\n]*?(?:from|import\(|require\()\s*'(\.{1,2}\/[^']+)'/gm;
const DIST_IMPORT = /(?:from|import\()\s*'stuntdouble(?:\/[\w-]+)?'/;
const CJS_REQUIRE = /require\(\s*'stuntdouble(?:\/[\w-]+)?'\s*\)/;

/** Which copy of the library a file loads: the built package (dist) or the sources (src). */
export type Copy = 'dist' | 'src';

/** How a test file runs: alone in a fresh process (with the reason), or sharing a worker with files that load the same copy of the library. */
export type Placement = { isolated: string } | { copy: Copy | undefined };

function localImports(file: string): string[] {
  const out: string[] = [];
  for (const m of readFileSync(file, 'utf8').matchAll(LOCAL_IMPORT)) {
    const base = resolve(dirname(file), m[1] as string);
    for (const candidate of [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')])
      if (existsSync(candidate) && statSync(candidate).isFile()) {
        out.push(candidate);
        break;
      }
  }
  return out;
}

const rel = (root: string, file: string) => relative(root, file).split('\\').join('/');

/**
 * Where a test file runs. Two copies of the library in one process (the sources next to the build, or
 * the CommonJS build next to the ESM one) each keep their own process-wide interception state, so a
 * worker holds one copy: files that import src/ share with each other, files that import the package
 * share with each other, a file that loads two copies runs alone.
 */
export function placement(root: string, file: string): Placement {
  const own = rel(root, file);
  const dir = ISOLATED_DIRS.find((d) => own.startsWith(d));
  if (dir) return { isolated: `in ${dir}` };
  if (ISOLATED_FILES[own]) return { isolated: ISOLATED_FILES[own] };
  const copies = new Set<Copy | 'cjs'>();
  if (own.startsWith('src/')) copies.add('src');
  const seen = new Set<string>();
  const visit = (f: string): string | undefined => {
    if (seen.has(f)) return undefined;
    seen.add(f);
    const r = rel(root, f);
    // A module of the library: it patches the process only when a test calls it (the leak guard watches that).
    if (r.startsWith('src/') && f !== file) {
      copies.add('src');
      return undefined;
    }
    const text = readFileSync(f, 'utf8');
    const hit = PROCESS_WIDE.find((re) => re.test(text));
    if (hit) return `${r} matches ${hit}`;
    if (DIST_IMPORT.test(text)) copies.add('dist');
    if (CJS_REQUIRE.test(text)) copies.add('cjs');
    for (const dep of localImports(f)) {
      const why = visit(dep);
      if (why) return why;
    }
    return undefined;
  };
  const why = visit(file);
  if (why) return { isolated: why };
  if (copies.size > 1) return { isolated: `loads ${[...copies].join(' and ')} copies of the library` };
  const [copy] = copies;
  if (copy === 'cjs') return { isolated: 'loads the CommonJS build' };
  return { copy };
}

function walk(dir: string, out: string[]): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/**
 * Test files under `dirs` that may share a worker, by the copy of the library they load (files that
 * load none go with the package's). Every other file (vitest's include decides which exist) is isolated.
 */
export function sharedTestFiles(root: string, dirs: readonly string[] = ['test', 'src']): Record<Copy, string[]> {
  const out: Record<Copy, string[]> = { dist: [], src: [] };
  for (const d of dirs)
    for (const f of walk(join(root, d), [])) {
      const p = placement(root, f);
      if ('copy' in p) out[p.copy ?? 'dist'].push(rel(root, f));
    }
  out.dist.sort();
  out.src.sort();
  return out;
}
