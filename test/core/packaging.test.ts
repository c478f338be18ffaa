import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const SUBPATHS = ['stuntdouble', 'stuntdouble/code-hosting', 'stuntdouble/social-graph', 'stuntdouble/model-cache', 'stuntdouble/scenarios'] as const;

describe('the built package', () => {
  it('loads as ESM from every sub-path', async () => {
    const root = await import('stuntdouble');
    expect(typeof root.createFakes).toBe('function');
    expect(typeof root.scenarios).toBe('object');
    for (const p of SUBPATHS) expect(Object.keys(await import(p)).length).toBeGreaterThan(0);
  });

  it('loads as CommonJS from every sub-path, and the CJS build works end to end', async () => {
    const root = require('stuntdouble') as typeof import('stuntdouble');
    expect(typeof root.createFakes).toBe('function');
    for (const p of SUBPATHS) expect(Object.keys(require(p)).length).toBeGreaterThan(0);
    expect(require.resolve('stuntdouble')).toMatch(/dist[\\/]index\.cjs$/);
    const fakes = root.createFakes();
    const res = await fakes.fetch('https://api.github.com/rate_limit');
    expect(res.status).toBe(200);
    expect(fakes.calls.count()).toBe(1);
  });

  it('resolves the ESM build from dist', () => {
    expect(import.meta.resolve('stuntdouble')).toMatch(/dist\/index\.js$/);
  });
});
