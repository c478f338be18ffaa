// The expiration rules of a cached content — ttl and expireTime as google.protobuf.Duration and
// Timestamp, the lifetime limits each API documents, the 1-hour default — and updates, on both wires.
// Oracles: protobuf's JSON parser (its Duration/Timestamp texts and ranges: Duration ±315,576,000,000 s,
// Timestamp 0001-01-01 .. 9999-12-31T23:59:59.999999999Z), the Vertex AI docs ("Minimum time before a
// cache expires after it's created: 1 minute"; "default expiration ... 60 minutes"), the Gemini API docs
// ("If not set, the TTL defaults to 1 hour"; "There are no minimum or maximum bounds on the TTL") and
// AIP-134/AIP-203 for updates (output-only fields sent back are ignored).
import { createFakes, StuntdoubleError } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { geminiClient } from './helpers.js';
import { cacheUrl, T0, VERTEX, wire } from './wire.js';

let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes({ clock: T0 }).install();
});
afterEach(() => fakes.uninstall());
const { call, createOn, accepted, refused } = wire(() => fakes);
const APIS = ['vertex', 'gemini'] as const;
const duration = (problem: string) => `Invalid value at 'cached_content.ttl' (type.googleapis.com/google.protobuf.Duration), Field 'ttl', ${problem}`;
/** Seconds from T0 to 9999-12-31T23:59:59Z, the last whole second a Timestamp holds. */
const TO_MAX = 253_402_300_799 - Date.parse(T0) / 1000;

describe('ttl is a google.protobuf.Duration (at most 315,576,000,000 s), never stored beyond it', () => {
  it('Duration maximum: "315576000001s" is the parser\'s 400 "Duration value exceeds limits" on both APIs, and nothing is stored', async () => {
    for (const api of APIS) await refused(() => createOn(api, { ttl: '315576000001s' }), duration('Duration value exceeds limits'), true);
    expect(fakes.modelCache.count()).toBe(0);
    expect((await call('GET', VERTEX)).body).toEqual({});
  });
  it('Timestamp maximum: a valid Duration whose expiry (now + ttl) passes 9999-12-31T23:59:59.999999999Z is a 400 naming ttl, never "+012026-…"', async () => {
    for (const api of APIS) {
      await refused(() => createOn(api, { ttl: '315576000000s' }), /cached_content\.ttl.*9999-12-31T23:59:59\.999999999Z/s);
      await refused(() => createOn(api, { ttl: `${TO_MAX + 1}s` }), 'cached_content.ttl');
      // The last instant there is: accepted, and written with four-digit years.
      const c = await accepted(createOn(api, { ttl: `${TO_MAX}.999999999s` }));
      expect(c.expireTime).toBe('9999-12-31T23:59:59.999999999Z');
      expect((await accepted(call('GET', cacheUrl(c.name as string)))).expireTime).toBe('9999-12-31T23:59:59.999999999Z');
    }
  });
  it('ttl from 8640000000000s up (99999999999999999999s included) answers 400, never 500, on create and patch of both APIs', async () => {
    const bad: Array<[string, string]> = [
      ['8640000000000s', 'Duration value exceeds limits'],
      ['8640000000001.5s', 'Duration value exceeds limits'],
      ['18446744073709551615s', 'Duration value exceeds limits'],
      ['99999999999999999999s', 'Invalid duration format, failed to parse seconds'],
    ];
    for (const api of APIS) {
      const c = await accepted(createOn(api, { ttl: '600s' }));
      for (const [ttl, problem] of bad) {
        await refused(() => createOn(api, { ttl }), duration(problem), true);
        await refused(() => call('PATCH', cacheUrl(c.name as string), { ttl }), duration(problem), true);
      }
      expect((await accepted(call('GET', cacheUrl(c.name as string)))).expireTime).toBe('2026-01-01T00:10:00Z');
    }
    expect(fakes.errors).toEqual([]);
  });
  it("expireTime is a google.protobuf.Timestamp: a year past 9999 or before 0001 is the parser's 400, with the name as sent", async () => {
    for (const api of APIS) {
      for (const t of ['10000-01-01T00:00:00Z', '+012026-03-17T00:00:00Z', '0000-12-31T00:00:00Z'])
        await refused(
          () => createOn(api, { expireTime: t }),
          "Invalid value at 'cached_content.expire_time' (type.googleapis.com/google.protobuf.Timestamp), Field 'expireTime', Invalid time format: Failed to parse input",
          true,
        );
      await refused(() => createOn(api, { expire_time: '2026-01-01T05:00:00' }), "Field 'expire_time', Illegal timestamp format; timestamps must end with 'Z'");
    }
  });
  it('seed.cachedContent: a ttl or expireTime the wire cannot hold is a named stuntdouble error, not a bare RangeError', () => {
    for (const input of [{ ttl: '99999999999999999999s' }, { ttl: '315576000000s' }, { ttl: '8640000000000s' }, { expireTime: '10000-01-01T00:00:00Z' }]) {
      let thrown: unknown;
      try {
        fakes.modelCache.seed.cachedContent(input);
      } catch (e) {
        thrown = e;
      }
      expect(thrown, JSON.stringify(input)).toBeInstanceOf(StuntdoubleError);
      expect((thrown as Error).name).toBe('InvalidInputError');
      expect((thrown as Error).message).toMatch(/modelCache\.seed\.cachedContent\(\).*(ttl|expireTime)/);
    }
    expect(fakes.modelCache.count()).toBe(0);
    expect(fakes.modelCache.seed.cachedContent({ ttl: `${TO_MAX}s` }).expireTime).toBe('9999-12-31T23:59:59Z');
  });
});

describe('lifetime limits and the default, as each API documents them', () => {
  it('the document\'s own example ttl "3.5s": the Gemini API takes it (no minimum), Vertex AI refuses it (its documented 1-minute minimum)', async () => {
    const ai = geminiClient();
    const c = await ai.caches.create({ model: 'gemini-2.5-flash', config: { contents: CONTENTS_TEXT, ttl: '3.5s' } });
    expect(c.expireTime).toBe('2026-01-01T00:00:03.500Z');
    fakes.clock.advance(3499);
    expect((await ai.caches.get({ name: c.name as string })).name).toBe(c.name);
    fakes.clock.advance(1);
    await expect(ai.caches.get({ name: c.name as string })).rejects.toMatchObject({ status: 403 });
    await refused(() => createOn('vertex', { ttl: '3.5s' }), /cached_content\.ttl.*at least 1 minute/);
    await refused(() => createOn('vertex', { expireTime: '2026-01-01T00:00:59.999Z' }), /cached_content\.expire_time.*at least 1 minute/);
    expect((await accepted(createOn('vertex', { ttl: '60s' }))).expireTime).toBe('2026-01-01T00:01:03.500Z');
  });
  it('the Gemini API has no minimum, but a lifetime must lie ahead: ttl 0s or negative, or an expireTime not after now, is a 400', async () => {
    for (const ttl of ['0s', '0.000000000s', '-1s', '-0.5s']) await refused(() => createOn('gemini', { ttl }), 'cached_content.ttl');
    await refused(() => createOn('gemini', { expireTime: T0 }), 'cached_content.expire_time');
    expect((await accepted(createOn('gemini', { ttl: '0.000000001s' }))).expireTime).toBe('2026-01-01T00:00:00.000000001Z');
    expect((await accepted(createOn('gemini', { expireTime: '2026-01-01T00:00:00.001Z' }))).expireTime).toBe('2026-01-01T00:00:00.001Z');
  });
  it('neither ttl nor expireTime: both APIs default to 1 hour (Vertex "60 minutes", Gemini "If not set, the TTL defaults to 1 hour")', async () => {
    for (const api of APIS) expect((await accepted(createOn(api))).expireTime).toBe('2026-01-01T01:00:00Z');
  });
});

describe('updates (PATCH): only the expiration changes', () => {
  it('get-modify-PATCH without updateMask: output-only fields and unchanged immutable ones sent back are ignored (AIP-203), the old expireTime beside a new ttl too', async () => {
    for (const api of APIS) {
      const t = fakes.clock.nowMs();
      const c = await accepted(createOn(api, { displayName: 'kb', ttl: '600s' }));
      fakes.clock.advance(1000);
      const read = await accepted(call('GET', cacheUrl(c.name as string)));
      const u = await accepted(call('PATCH', cacheUrl(c.name as string), { ...read, ttl: '7200s' }));
      expect(u).toMatchObject({ name: c.name, expireTime: iso(t + 7_201_000), updateTime: iso(t + 1000), createTime: iso(t), displayName: 'kb' });
      // The same with the new expireTime in place of the old one.
      const again = await accepted(call('GET', cacheUrl(c.name as string)));
      expect((await accepted(call('PATCH', cacheUrl(c.name as string), { ...again, expireTime: '2026-01-01T03:00:00Z' }))).expireTime).toBe(
        '2026-01-01T03:00:00Z',
      );
      // A changed immutable field is still refused, and so is a second, different expiration.
      const now = await accepted(call('GET', cacheUrl(c.name as string)));
      await refused(() => call('PATCH', cacheUrl(c.name as string), { ...now, displayName: 'other', ttl: '600s' }), 'cached_content.display_name');
      await refused(() => call('PATCH', cacheUrl(c.name as string), { ...now, expireTime: '2026-01-01T04:00:00Z', ttl: '600s' }), "oneof field 'expiration'");
    }
  });
  it('PATCH ?updateMask=ttl without a ttl is a 400 (the expiration cannot be cleared) and leaves the expiry where it was', async () => {
    for (const api of APIS) {
      const c = await accepted(createOn(api, { ttl: '600s' }));
      const url = cacheUrl(c.name as string);
      await refused(() => call('PATCH', `${url}?updateMask=ttl`, {}), /cached_content\.ttl.*update_mask names ttl/s);
      await refused(() => call('PATCH', `${url}?updateMask=ttl`, { name: c.name }), 'cached_content.ttl');
      await refused(() => call('PATCH', `${url}?updateMask=expire_time`, { ttl: '900s' }), 'cached_content.expire_time');
      expect((await accepted(call('GET', url))).expireTime).toBe('2026-01-01T00:10:00Z');
      expect((await accepted(call('PATCH', `${url}?updateMask=ttl`, { name: c.name, ttl: '900s' }))).expireTime).toBe('2026-01-01T00:15:00Z');
      // An empty mask is no mask: the body says what changes.
      expect((await accepted(call('PATCH', `${url}?updateMask=`, { ttl: '1200s' }))).expireTime).toBe('2026-01-01T00:20:00Z');
    }
  });
});

const CONTENTS_TEXT = 'abcd'.repeat(1100);
/** A fake-clock instant as the wire writes it (whole seconds without fraction). */
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
