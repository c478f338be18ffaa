#!/usr/bin/env node
// Writes docs/operations.md (every operation id per service, with its method and route) from the
// fakes' route tables, rendered by scripts/operations-doc.ts (bundled here with esbuild, which tsup
// brings). `--check` writes nothing and exits 1 when the committed page is not current.
// test/readme/operations-doc.test.ts runs it with --check.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
const page = new URL('docs/operations.md', root);
// Bundled into node_modules/.cache, so that its dependencies (zod, immer) resolve from the project.
const dir = mkdtempSync(join(fileURLToPath(new URL('node_modules/', root)), '.stuntdouble-operations-'));
try {
  const out = join(dir, 'operations-doc.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('scripts/operations-doc.ts', root))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: out,
    packages: 'external',
    logLevel: 'error',
  });
  const { renderOperationsDoc } = await import(pathToFileURL(out).href);
  const text = renderOperationsDoc();
  if (process.argv.includes('--check')) {
    let committed = '';
    try {
      committed = readFileSync(page, 'utf8');
    } catch {}
    if (committed !== text) {
      console.error('docs/operations.md is not current: run `node scripts/generate-operations-doc.mjs`');
      process.exit(1);
    }
    console.log('docs/operations.md is current');
  } else {
    writeFileSync(page, text);
    console.log(`docs/operations.md: ${text.split('\n').filter((l) => l.startsWith('| `')).length} operation ids`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
