// Relative links of README.md and docs/ resolve inside the published package (what `files` in
// package.json ships), and their #anchors name a heading of the page they point at.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pages } from '../../scripts/snippets.mjs';

const root = new URL('../..', import.meta.url).pathname;
const packed: string[] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' }))[0].files.map(
  (f: { path: string }) => f.path,
);
const shipped = new Set(packed);

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(page: string): Set<string> {
  const out = new Set<string>();
  let fence = false;
  for (const line of readFileSync(join(root, page), 'utf8').split('\n')) {
    if (/^\s*```/.test(line)) fence = !fence;
    const m = !fence && /^#{1,6} (.*)$/.exec(line);
    if (m) out.add(slug(m[1] as string));
  }
  return out;
}

function links(page: string): Array<{ target: string; line: number }> {
  const out: Array<{ target: string; line: number }> = [];
  let fence = false;
  readFileSync(join(root, page), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (/^\s*```/.test(line)) fence = !fence;
      if (fence) return;
      for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) out.push({ target: m[1] as string, line: i + 1 });
    });
  return out;
}

describe('links in the published pages', () => {
  const published = pages(root);

  it('README.md, CHANGELOG.md and every docs page are in the package', () => {
    for (const p of [...published, 'CHANGELOG.md', 'LICENSE']) expect(shipped, p).toContain(p);
  });

  it('every relative link resolves to a file the package ships, and every #anchor to a heading', () => {
    const broken: string[] = [];
    for (const page of [...published, 'CHANGELOG.md']) {
      for (const { target, line } of links(page)) {
        if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
        const [path = '', anchor] = target.split('#');
        const file = path ? normalize(join(dirname(page), path)).replace(/\/$/, '') : page;
        if (!shipped.has(file)) {
          broken.push(`${page}:${line}: ${target} (${file} is not in the package)`);
          continue;
        }
        if (anchor && file.endsWith('.md') && !anchors(file).has(anchor)) broken.push(`${page}:${line}: ${target} (no heading #${anchor} in ${file})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the checks catch what used to ship: a link to examples/, which the package does not ship', () => {
    expect(shipped.has('examples')).toBe(false);
    expect([...shipped].some((f) => f.startsWith('examples/'))).toBe(false);
    expect(readFileSync(join(root, 'README.md'), 'utf8')).not.toMatch(/\]\(examples\//);
  });
});
