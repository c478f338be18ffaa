/**
 * The journal is bounded: by default it keeps the last 10,000 calls and counts the ones it let go
 * (`count()` stays exact); `journal: { limit, bodies }` sets the limit and drops bodies; `reset()` empties it.
 */
import { createFakes } from 'stuntdouble';
import { describe, expect, it } from 'vitest';

const RATE = { method: 'GET', url: 'https://api.github.com/rate_limit', headers: { authorization: 'token t' } };

describe('journal limits', () => {
  it('keeps the last 10,000 calls by default; count() and dropped say how many there were', async () => {
    const fakes = createFakes();
    for (let i = 0; i < 10_005; i++) await fakes.handle(RATE);
    expect(fakes.calls.length).toBe(10_000);
    expect(fakes.calls.count()).toBe(10_005);
    expect(fakes.calls.dropped).toBe(5);
    expect(fakes.calls.first()?.seq).toBe(6);
    expect(fakes.calls.last()?.seq).toBe(10_005);
    expect(fakes.calls.where({ method: 'GET' }).count()).toBe(10_000);
    expect(fakes.describe()).toContain('calls: 10005 (last 10000 kept)');
    fakes.reset();
    expect(fakes.calls.length).toBe(0);
    expect(fakes.calls.count()).toBe(0);
    expect(fakes.calls.dropped).toBe(0);
  });

  it('journal: { limit } keeps that many, for calls and unmatched alike', async () => {
    const fakes = createFakes({ journal: { limit: 3 } });
    for (let i = 0; i < 5; i++) await fakes.handle(RATE);
    for (let i = 0; i < 4; i++) await fakes.handle({ method: 'GET', url: `https://api.github.com/nowhere/${i}` });
    expect(fakes.calls.map((c) => c.seq)).toEqual([7, 8, 9]);
    expect(fakes.calls.count()).toBe(9);
    expect(fakes.unmatched.map((c) => c.path)).toEqual(['/nowhere/1', '/nowhere/2', '/nowhere/3']);
    expect(fakes.unmatched.count()).toBe(4);
    expect(fakes.unmatched.dropped).toBe(1);
  });

  it('journal: { limit: 0 } keeps none but still counts; journal: false records nothing', async () => {
    const none = createFakes({ journal: { limit: 0 } });
    await none.handle(RATE);
    expect(none.calls.length).toBe(0);
    expect(none.calls.count()).toBe(1);
    const off = createFakes({ journal: false });
    await off.handle(RATE);
    expect(off.calls.count()).toBe(0);
  });

  it('journal: { bodies: false } keeps no request or response bodies', async () => {
    const fakes = createFakes({ journal: { bodies: false } });
    const res = await fakes.handle({
      method: 'POST',
      url: 'https://api.github.com/user/repos',
      headers: { authorization: 'token t', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'hello' }),
    });
    expect(res.status).toBe(201);
    const call = fakes.calls.last();
    expect(call?.body).toBeUndefined();
    expect(call?.response.body).toBeUndefined();
    expect(call?.status).toBe(201);
    // With bodies (the default) both are there.
    const withBodies = createFakes();
    await withBodies.handle({
      method: 'POST',
      url: 'https://api.github.com/user/repos',
      headers: { authorization: 'token t', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'hello' }),
    });
    expect(withBodies.calls.last()?.body).toEqual({ name: 'hello' });
    expect(withBodies.calls.last()?.response.body).toMatchObject({ name: 'hello' });
  });

  it('an entry keeps the headers that were sent, whatever the caller later does with the answer it got', async () => {
    const fakes = createFakes();
    const res = await fakes.handle(RATE);
    const sent = { ...res.headers };
    res.headers['x-ratelimit-remaining'] = 'changed by the test';
    res.headers['x-added'] = 'by the test';
    expect(fakes.calls.last()?.response.headers).toEqual(sent);
    expect((await fakes.handle(RATE)).headers['x-added']).toBeUndefined();
  });

  it('bad journal options are named', () => {
    expect(() => createFakes({ journal: { limit: -1 } })).toThrow(/journal/);
    expect(() => createFakes({ journal: { limt: 5 } as never })).toThrow(/journal/);
  });
});
