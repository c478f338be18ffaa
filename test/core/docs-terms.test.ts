import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What a user reads (the published type declarations, hence TypeDoc, and the published docs) must state
// every rule on its own terms: no citation of a project-internal document ("seed section 3", "seed 4.5",
// "the seed's permission table (5.1)") and no description of an unexported helper as if it were API.
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

const INTERNAL_REFERENCES: readonly RegExp[] = [
  /\bseed sections?\b/i,
  /\bseed \d+(\.\d+)?\b/i,
  /\bsections? \d+(\.\d+)*\b/i,
  /\btable \(?\d+\.\d+\)?/i,
  /\(\d+\.\d+\) names\b/i,
  /\bthe seed's\b/i,
  /\bseed-only\b/i,
  /\bthe spec's\b/i,
  /\bDESIGN\.md\b/,
  /\bregisterNodeType\b/,
];

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && ext.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

function offenders(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    readFileSync(p, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const re of INTERNAL_REFERENCES) if (re.test(line)) out.push(`${relative(root, p)}:${i + 1}: ${line.trim()}`);
      });
  }
  return out;
}

describe('published text names no internal document', () => {
  it('the type declarations in dist (and so the TypeDoc reference) cite none', () => {
    const decls = files(join(root, 'dist'), /\.d\.c?ts$/);
    expect(decls.length).toBeGreaterThan(0);
    expect(offenders(decls)).toEqual([]);
  });

  it('README.md, CHANGELOG.md and docs/ cite none and document no unexported helper', () => {
    const docs = [join(root, 'README.md'), join(root, 'CHANGELOG.md'), ...files(join(root, 'docs'), /\.md$/)];
    expect(docs.length).toBeGreaterThan(5);
    expect(offenders(docs)).toEqual([]);
  });

  it('the checks catch the phrasings that used to ship', () => {
    const old = [
      'Integrity state of an audience (seed section 3).',
      '`subtype` of a custom audience (seed 4.5).',
      'A Page node. `fields` holds the stored values of section 2.2 fields',
      "True for rows of a family the seed's permission table (5.1) names",
      "`permissionSource: 'seed 5.1'`",
      'Call `registerNodeType(t)` at the top level of your module',
    ];
    for (const line of old)
      expect(
        INTERNAL_REFERENCES.some((re) => re.test(line)),
        line,
      ).toBe(true);
  });
});
