import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The code hosting fake's source folder. */
export const ROOT = resolve(import.meta.dirname, '../../../src/fakes/code-hosting');

/** Every non-test TypeScript module under a folder. */
export function sources(dir: string = ROOT): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/** The relative imports (type-only ones included) of a module, as absolute .ts paths. */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s+'(\.[^']+)'|^\s*import\s+'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/gm)].map(
    (m) => (m[1] ?? m[2] ?? m[3]) as string,
  );
  return specs.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

/** Folders of the families: every top-level folder but core/. */
export function familyFolders(): string[] {
  return readdirSync(ROOT)
    .filter((f) => f !== 'core' && statSync(join(ROOT, f)).isDirectory())
    .sort();
}

/** The layer a module of the service sits in. */
export type Layer = 'service' | 'family' | 'core' | 'state' | 'outside';

/** The family folder a module belongs to, if any. */
export function familyOf(file: string): string | undefined {
  const rel = relative(ROOT, file);
  if (rel.startsWith('..')) return undefined;
  const top = rel.split('/')[0] as string;
  return rel.includes('/') && top !== 'core' ? top : undefined;
}

/**
 * The state layer: the composed `state.ts`, every family's `state.ts` and `schemas` module(s), the
 * catalog's slice and the shared schemas. Types and initial values only, at the bottom of the service.
 */
export function layerOf(file: string): Layer {
  const rel = relative(ROOT, file);
  if (rel.startsWith('..')) return 'outside';
  if (rel === 'state.ts' || rel === 'core/catalog/state.ts' || rel.startsWith('core/schemas/')) return 'state';
  if (familyOf(file) && (/^[^/]+\/state\.ts$/.test(rel) || /^[^/]+\/schemas(\.ts|\/)/.test(rel))) return 'state';
  if (rel.startsWith('core/')) return 'core';
  return familyOf(file) ? 'family' : 'service';
}

const RANK: Record<Layer, number> = { service: 3, family: 2, core: 1, state: 0, outside: -1 };

/** Imports that point up a layer (or from the core into a family): `from -> to`, relative to the service folder. */
export function upwardImports(files: string[] = sources()): string[] {
  const out: string[] = [];
  for (const f of files) {
    const from = layerOf(f);
    for (const dep of importsOf(f)) {
      const to = layerOf(dep);
      if (to === 'outside') continue;
      if (
        RANK[to] > RANK[from] ||
        (from === 'state' && to === 'state' && familyOf(f) !== familyOf(dep) && relative(ROOT, f) !== 'state.ts' && !relative(ROOT, dep).startsWith('core/'))
      ) {
        out.push(`${relative(ROOT, f)} -> ${relative(ROOT, dep)}`);
      }
    }
  }
  return out.sort();
}
