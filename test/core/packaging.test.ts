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

  it('loads server, msw and node-test through CommonJS, and they work', async () => {
    expect(require.resolve('stuntdouble/server')).toMatch(/dist[\\/]server\.cjs$/);
    const { serve } = require('stuntdouble/server') as typeof import('stuntdouble/server');
    const root = require('stuntdouble') as typeof import('stuntdouble');
    const server = await serve(root.createFakes(), { port: 0 });
    try {
      const res = await fetch(`${server.baseUrls.github}/rate_limit`);
      expect(res.status).toBe(200);
    } finally {
      await server.close();
    }

    expect(require.resolve('stuntdouble/msw')).toMatch(/dist[\\/]msw\.cjs$/);
    const msw = require('stuntdouble/msw') as typeof import('stuntdouble/msw');
    expect(msw.handlers(msw.createFakes()).length).toBeGreaterThan(0);

    expect(require.resolve('stuntdouble/node-test')).toMatch(/dist[\\/]node-test\.cjs$/);
    const nodeTest = require('stuntdouble/node-test') as typeof import('stuntdouble/node-test');
    const cleanups: Array<() => unknown> = [];
    const fakes = await nodeTest.withFakes({ after: (fn) => void cleanups.push(fn) });
    await fakes.fetch('https://api.github.com/rate_limit');
    nodeTest.assertReceivedTimes(fakes, 'GET /rate_limit', 1);
    for (const fn of cleanups) await fn();
  });

  it('loads stuntdouble/jest through CommonJS: it registers its hooks and matchers with @jest/globals', () => {
    // Outside Jest, @jest/globals refuses to load; stand in for it the way Jest's runtime provides it.
    const globalsPath = require.resolve('@jest/globals');
    const registered: string[] = [];
    const stub = {
      expect: { extend: (matchers: object) => registered.push(...Object.keys(matchers)) },
      beforeAll: () => registered.push('beforeAll'),
      beforeEach: () => registered.push('beforeEach'),
      afterEach: () => registered.push('afterEach'),
      afterAll: () => registered.push('afterAll'),
    };
    require.cache[globalsPath] = { id: globalsPath, filename: globalsPath, loaded: true, exports: stub } as NodeJS.Module;
    try {
      expect(require.resolve('stuntdouble/jest')).toMatch(/dist[\\/]jest\.cjs$/);
      const jest = require('stuntdouble/jest') as typeof import('stuntdouble/jest');
      expect(registered).toEqual(['toHaveReceived', 'toHaveReceivedTimes', 'toHaveUnmatched']);
      const fakes = jest.useFakes();
      expect(registered.slice(3)).toEqual(['beforeAll', 'beforeEach', 'afterEach']);
      expect(typeof fakes.install).toBe('function');
    } finally {
      delete require.cache[globalsPath];
    }
  });

  it('ships a CommonJS build of stuntdouble/vitest, which needs vitest (ESM only) and says so', () => {
    expect(require.resolve('stuntdouble/vitest')).toMatch(/dist[\\/]vitest\.cjs$/);
    expect(() => require('stuntdouble/vitest')).toThrow(/Vitest cannot be imported in a CommonJS module using require\(\)/);
  });

  it('resolves the ESM build from dist', () => {
    expect(import.meta.resolve('stuntdouble')).toMatch(/dist\/index\.js$/);
  });
});
