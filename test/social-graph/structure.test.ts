import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The social graph fake's source: its modules and what each imports (relative imports only). */
const ROOT = resolve(import.meta.dirname, '../../src/fakes/social-graph');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s+'(\.[^']+)'|^\s*import\s+'(\.[^']+)'/gm)].map((m) => (m[1] ?? m[2]) as string);
  return specs.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

/** Import cycles among the modules (strongly connected components with more than one module). */
function cycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f).filter((d) => files.includes(d))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        scc.push(relative(ROOT, w));
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return out;
}

describe('social graph source layout', () => {
  const files = sources(ROOT);

  it('finds the modules and their imports', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(importsOf(join(ROOT, 'routes/page-edges.ts'))).toContain(join(ROOT, 'routes/subscribed-apps.ts'));
  });

  it('has no import cycle (page-edges and subscribed-apps no longer import each other)', () => {
    expect(cycles(files)).toEqual([]);
  });

  it('keeps the custom audience models in their own folder', () => {
    expect(readdirSync(join(ROOT, 'models')).filter((f) => f.startsWith('audiences-'))).toEqual([]);
    expect(readdirSync(join(ROOT, 'models/audiences')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).length).toBeGreaterThanOrEqual(8);
  });
});
