import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, familyFolders, importsOf, layerOf, sources, upwardImports } from './source-graph.js';

const SRC = resolve(ROOT, '../..');
/** The files every family folder has (README: "The family template"). */
const TEMPLATE = ['index.ts', 'model.ts', 'routes.ts', 'seed.ts', 'state.ts'];
/** What else a family folder may hold: its own schemas, topic sub-folders of the template's files, tests. */
const OPTIONAL = /^(schemas\.ts|model|routes|seed|[a-z-]+\.test\.ts)$/;

describe('code hosting source layout (src/fakes/code-hosting/README.md)', () => {
  const families = familyFolders();

  it('finds the modules, their imports and their layers', () => {
    expect(sources().length).toBeGreaterThan(150);
    expect(importsOf(join(ROOT, 'state.ts'))).toContain(join(ROOT, 'issues/state.ts'));
    expect(layerOf(join(ROOT, 'issues/state.ts'))).toBe('state');
    expect(layerOf(join(ROOT, 'issues/model.ts'))).toBe('family');
    expect(layerOf(join(ROOT, 'core/auth.ts'))).toBe('core');
    expect(layerOf(join(ROOT, 'routes.ts'))).toBe('service');
  });

  it('imports only point down: service → families → core → state (no core module imports a family)', () => {
    expect(upwardImports()).toEqual([]);
  });

  it('composes the state from the families’ state.ts files only', () => {
    const deps = importsOf(join(ROOT, 'state.ts')).map((d) => relative(ROOT, d));
    expect(deps.filter((d) => !/^([a-z-]+\/state\.ts|core\/catalog\/state\.ts|core\/schemas\/[a-z]+\.ts)$/.test(d))).toEqual([]);
  });

  it('gives every family the same files, and keeps no grab-bag folder', () => {
    expect(families.length).toBeGreaterThanOrEqual(20);
    for (const f of families) {
      const files = readdirSync(join(ROOT, f));
      expect(
        TEMPLATE.filter((t) => !files.includes(t)),
        f,
      ).toEqual([]);
      expect(
        files.filter((x) => !TEMPLATE.includes(x) && !OPTIONAL.test(x)),
        f,
      ).toEqual([]);
    }
    for (const bag of ['routes', 'models', 'relations', 'common', 'utils', 'helpers']) expect(families, bag).not.toContain(bag);
  });

  it('has no hand-written source file over 500 lines (generated files say so on their first line)', () => {
    const all = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = join(dir, f);
        return statSync(p).isDirectory() ? all(p) : p.endsWith('.ts') ? [p] : [];
      });
    const long = all(SRC)
      .map((p) => ({ p: relative(SRC, p), text: readFileSync(p, 'utf8') }))
      .filter(({ text }) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0) > 500)
      .filter(({ text }) => !/GENERATED/.test(text.split('\n')[0] ?? ''))
      .map(({ p }) => p);
    expect(long).toEqual([]);
  });

  it('names every family in the README table "GitHub resource → folder"', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('| GitHub resource'));
    const named = new Set([...table.matchAll(/`([a-z-]+)\/`/g)].map((m) => m[1]));
    expect(families.filter((f) => !named.has(f))).toEqual([]);
    expect([...named].filter((n) => n !== 'core' && !families.includes(n as string))).toEqual([]);
  });
});
