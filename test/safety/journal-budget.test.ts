/**
 * The journal is bounded in bytes, not only in calls: a body past `journal.maxBodyBytes` (default
 * 256 KiB) is kept truncated with a mark, and past `journal.maxBytes` (default 64 MiB) the oldest calls
 * go, from `fakes.calls` and `fakes.unmatched` alike, while `count()` stays exact. (What this saves on
 * the heap is measured in the bench: `BENCH_FILTER='journal memory' npm run bench`.)
 */
import { assertReceived, createFakes } from 'stuntdouble';
import 'stuntdouble/vitest';
import { describe, expect, it } from 'vitest';

const MARK = '...[truncated by stuntdouble]';
const repo = (name: string, description: string) => ({
  method: 'POST',
  url: 'https://api.github.com/user/repos',
  headers: { authorization: 'token t', 'content-type': 'application/json' },
  body: JSON.stringify({ name, description }),
});

describe('journal byte budget', () => {
  it('keeps a body past maxBodyBytes truncated, with the mark and call.truncated; its leading fields still match', async () => {
    const fakes = createFakes();
    const big = 'd'.repeat(2 * 1024 * 1024);
    const res = await fakes.handle(repo('hello', big));
    expect(res.status).toBe(201);
    // The client got the whole answer; the journal keeps its beginning.
    expect((res.json as { description: string }).description).toHaveLength(big.length);
    const call = fakes.calls.last();
    expect(call?.truncated).toEqual({ body: true, response: true });
    const body = call?.body as { name: string; description: string };
    expect(body.name).toBe('hello');
    expect(body.description.endsWith(MARK)).toBe(true);
    expect(body.description.length).toBeLessThan(256 * 1024);
    expect(body.description.length).toBeGreaterThan(200 * 1024);
    expect(body.description.startsWith('ddd')).toBe(true);
    // A truncated body is not the body that was sent: an exact expectation fails, while asymmetric
    // matchers on the fields kept whole (and on the head of the cut one) still match.
    expect(fakes).toHaveReceived('POST /user/repos', { body: expect.objectContaining({ name: 'hello' }) });
    expect(fakes).toHaveReceived('POST /user/repos', { body: { name: 'hello', description: expect.stringMatching(/^d+\.\.\.\[truncated by stuntdouble\]$/) } });
    expect(() => assertReceived(fakes, 'POST /user/repos', { body: { name: 'hello', description: big } })).toThrow(/closest recorded call is #1/);
    // A small body is kept as it is, without the mark.
    await fakes.handle(repo('small', 'short'));
    expect(fakes.calls.last()?.truncated).toBeUndefined();
    expect(fakes.calls.last()?.body).toEqual({ name: 'small', description: 'short' });
  });

  it('cuts long arrays and objects after the items that fit, with one marked item or field', async () => {
    const fakes = createFakes({ journal: { maxBodyBytes: 4096 } });
    const labels = Array.from({ length: 2000 }, (_, i) => `label-${i}`);
    await fakes.handle({
      method: 'POST',
      url: 'https://api.github.com/repos/nobody/nothing/issues',
      headers: { authorization: 'token t', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'many', labels, extra: Object.fromEntries(labels.map((l) => [l, 1])) }),
    });
    const body = fakes.calls.last()?.body as { title: string; labels: string[]; extra?: Record<string, unknown> };
    expect(body.title).toBe('many');
    expect(body.labels.length).toBeLessThan(2000);
    expect(body.labels.slice(0, 3)).toEqual(['label-0', 'label-1', 'label-2']);
    expect(body.labels.at(-1)).toMatch(/^\.\.\.\[truncated by stuntdouble\] \d+ more item\(s\)$/);
    expect(fakes.calls.last()?.truncated?.body).toBe(true);
    // Bytes keep their first bytes.
    await fakes.handle({
      method: 'POST',
      url: 'https://api.github.com/nothing/here',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(100_000).fill(7),
    });
    const bytes = fakes.unmatched.last()?.body as Uint8Array;
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.byteLength).toBeLessThanOrEqual(4096);
    expect(bytes[0]).toBe(7);
  });

  it('past maxBytes the oldest calls go, from calls and unmatched alike; count() stays exact and the newest stays', async () => {
    const fakes = createFakes({ journal: { maxBytes: 2 * 1024 * 1024, maxBodyBytes: 64 * 1024 } });
    for (let i = 0; i < 100; i++) await fakes.handle(repo(`r${i}`, 'x'.repeat(200 * 1024)));
    for (let i = 0; i < 50; i++)
      await fakes.handle({
        method: 'POST',
        url: `https://api.github.com/nowhere/${i}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: 'y'.repeat(200 * 1024) }),
      });
    const calls = fakes.calls;
    expect(calls.count()).toBe(150);
    // Each call keeps at least one body cut to 64 KiB: a 2 MiB budget holds at most 32 of them.
    expect(calls.length).toBeGreaterThan(5);
    expect(calls.length).toBeLessThanOrEqual(32);
    expect(calls.dropped).toBe(150 - calls.length);
    expect(calls.last()?.seq).toBe(150);
    expect(calls.map((c) => c.seq)).toEqual(Array.from({ length: calls.length }, (_, i) => 151 - calls.length + i));
    expect(fakes.unmatched.count()).toBe(50);
    expect(fakes.unmatched.length).toBeLessThanOrEqual(calls.length);
    expect(fakes.unmatched.map((c) => c.seq)).toEqual(calls.map((c) => c.seq).filter((seq) => seq > 100));
    expect(fakes.unmatched.last()?.path).toBe('/nowhere/49');
    expect(fakes.describe()).toContain(`calls: 150 (last ${calls.length} kept)`);
    // A budget smaller than one call still keeps the newest.
    const tiny = createFakes({ journal: { maxBytes: 1000 } });
    for (let i = 0; i < 3; i++) await tiny.handle(repo(`t${i}`, 'z'.repeat(5000)));
    expect(tiny.calls.map((c) => c.seq)).toEqual([3]);
    expect(tiny.calls.count()).toBe(3);
  });

  it('the call limit and the byte budget work together; reset() empties both', async () => {
    const fakes = createFakes({ journal: { limit: 5, maxBytes: 64 * 1024 * 1024 } });
    for (let i = 0; i < 12; i++) await fakes.handle(repo(`r${i}`, 'small'));
    expect(fakes.calls.map((c) => c.seq)).toEqual([8, 9, 10, 11, 12]);
    fakes.reset();
    expect(fakes.calls.length).toBe(0);
    expect(fakes.calls.count()).toBe(0);
    for (let i = 0; i < 3; i++) await fakes.handle(repo(`again${i}`, 'small'));
    expect(fakes.calls.length).toBe(3);
  });

  it('its options are checked like every option: a typo names the nearest key, bad values the field', () => {
    expect(() => createFakes({ journal: { maxByte: 5 } as never })).toThrow("Did you mean 'maxBytes'?");
    expect(() => createFakes({ journal: { maxBodyByte: 5 } as never })).toThrow("Did you mean 'maxBodyBytes'?");
    expect(() => createFakes({ journal: { maxBodyBytes: 10 } })).toThrow(/journal\.maxBodyBytes/);
    expect(() => createFakes({ journal: { maxBytes: 0 } })).toThrow(/journal\.maxBytes/);
    expect(() => createFakes({ journal: { maxBytes: 1.5 } })).toThrow(/journal/);
  });
});
