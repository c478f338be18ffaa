/**
 * No timer of the fakes outlives its request: a latency fault on the real clock ends when the client
 * aborts, on reset() and on uninstall(); fakes.fetch honours init.signal; a process with faults exits
 * at once when its work is done.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nock from 'nock';
import { createFakes, scenarios } from 'stuntdouble';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RATE = 'https://api.github.com/rate_limit';
const H = { authorization: 'token t' };

afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

describe('timers', () => {
  it('fakes.fetch rejects with AbortError when the signal aborts during a latency fault', async () => {
    const fakes = createFakes();
    fakes.apply(scenarios.latency({ ms: 60_000 }));
    const ac = new AbortController();
    const pending = fakes.fetch(RATE, { headers: H, signal: ac.signal });
    await new Promise((r) => setImmediate(r));
    ac.abort();
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).name).toBe('AbortError');
    expect(fakes.calls.last()?.tags).toEqual(['latency', 'aborted']);
  });

  it('fakes.fetch with an already aborted signal never reaches the fake', async () => {
    const fakes = createFakes();
    const err = await fakes.fetch(RATE, { headers: H, signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
    expect(fakes.calls.count()).toBe(0);
  });

  it.each(['reset', 'uninstall'] as const)('%s() ends a latency wait in progress: the request fails at the connection', async (how) => {
    const fakes = createFakes().install();
    try {
      fakes.apply(scenarios.latency({ ms: 60_000 }));
      const pending = fakes.fetch(RATE, { headers: H });
      await new Promise((r) => setImmediate(r));
      fakes[how]();
      const err = await pending.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TypeError);
      expect(String((err as Error & { cause?: Error }).cause?.message)).toMatch(/reset or uninstalled/);
    } finally {
      fakes.uninstall();
    }
  });

  it('a process with latency faults pending exits as soon as its own work is done', () => {
    // The child starts a request that would wait 60 s (real clock), aborts another, and ends its script:
    // no timer of the fakes may keep it alive.
    const script = `
      import { createFakes, scenarios } from 'stuntdouble';
      const fakes = createFakes().install();
      fakes.apply(scenarios.latency({ ms: 60_000 }));
      fakes.fetch('${RATE}', { headers: { authorization: 'token t' } }).catch(() => {});
      fetch('${RATE}', { headers: { authorization: 'token t' } }).catch(() => {});
      const ac = new AbortController();
      fakes.fetch('${RATE}', { headers: { authorization: 'token t' }, signal: ac.signal }).catch(() => {});
      setTimeout(() => { ac.abort(); console.log('done'); }, 50);
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 30_000 });
    expect(r.signal).toBeNull(); // not killed by the 30 s guard
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('done');
    expect(r.status).toBe(0);
  });
});
