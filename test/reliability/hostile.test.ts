/**
 * Hostile input gets bounded work and the service's own answer: no input echoed into headers, deep
 * `fields=` expansions and long paths answered (not overflowing the stack or backtracking for
 * seconds), clock and snapshot inputs checked where they enter instead of breaking every later request.
 */
import nock from 'nock';
import { StuntdoubleError, createFakes } from 'stuntdouble';
import { afterEach, describe, expect, it } from 'vitest';
import { envelopeProblem } from './harness.js';

const GRAPH = 'https://graph.facebook.com/v24.0';

afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

describe('hostile input', () => {
  it('a 10,000-character Graph id is not echoed into WWW-Authenticate; the client gets its answer', async () => {
    const fakes = createFakes().install();
    try {
      const id = 'x'.repeat(10_000);
      const res = await fetch(`${GRAPH}/${id}?access_token=t`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: number; message: string } };
      expect(body.error.code).toBe(100);
      // The body may quote the id (Graph does); the header never carries input.
      expect(body.error.message).toContain(id);
      const header = res.headers.get('www-authenticate') ?? '';
      expect(header).toMatch(/^OAuth "Facebook Platform" "invalid_request" "\(#100\) Unsupported get request/);
      expect(header).not.toContain('xxxxxx');
      expect(header.length).toBeLessThan(600);
    } finally {
      fakes.uninstall();
    }
  });

  it('a 100,000-character Graph id gets a 414 in the Graph envelope, with nothing of it in a header', async () => {
    const fakes = createFakes();
    const res = await fakes.handle({ method: 'GET', url: `${GRAPH}/${'x'.repeat(100_000)}?access_token=t` });
    expect(res.status).toBe(414);
    expect(envelopeProblem('socialGraph', res)).toBeUndefined();
    for (const v of Object.values(res.headers)) expect(v).not.toContain('xxxxxx');
    // The journal keeps a clipped URL, not 100 KB of it.
    expect(res.call.url.length).toBeLessThan(1100);
    expect(res.call.tags).toContain('too-long');
  });

  it('codeHosting: a URL over 64 KiB is refused in the service envelope before routing', async () => {
    const fakes = createFakes();
    const res = await fakes.handle({ method: 'GET', url: `https://api.github.com/repos/o/r/issues?q=${'a'.repeat(70_000)}` });
    expect(res.status).toBe(414);
    expect(envelopeProblem('codeHosting', res)).toBeUndefined();
    expect(res.call.error).toBeUndefined();
  });

  it("modelCache: a URL over 64 KiB gets Google's front-end 414 page (HTML, as Google answers it), no API envelope", async () => {
    const fakes = createFakes();
    const res = await fakes.handle({ method: 'GET', url: `https://generativelanguage.googleapis.com/v1beta/cachedContents?key=k&x=${'a'.repeat(70_000)}` });
    expect(res.status).toBe(414);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('Error 414 (Request-URI Too Large)');
    expect(res.text).toContain('<code>/v1beta/cachedContents...</code> is too large to process.');
    expect(res.call.error).toBeUndefined();
  });

  it("the 414 page quotes the path's start HTML-escaped", async () => {
    const fakes = createFakes();
    const res = await fakes.handle({ method: 'GET', url: `https://generativelanguage.googleapis.com/v1beta/<b>"x"&/${'a'.repeat(20_000)}` });
    expect(res.status).toBe(414);
    // The URL parser percent-encodes <, > and "; the page escapes what is left (&).
    expect(res.text).toContain('<code>/v1beta/%3Cb%3E%22x%22&amp;/aaa');
    expect(res.text).not.toContain('"x"&/');
  });

  // As deep as a URL under Graph's 16 KiB limit carries (a longer one is a 414 before parsing).
  it('fields= nested 4,000 deep answers Graph syntax error 2500 (400), not a 500', async () => {
    const fakes = createFakes();
    const id = fakes.socialGraph.seed.page({ name: 'Deep' }).id;
    const fields = `${'id{'.repeat(4_000)}id${'}'.repeat(4_000)}`;
    const res = await fakes.handle({ method: 'GET', url: `${GRAPH}/${id}?access_token=t&fields=${fields}` });
    expect(res.status).toBe(400);
    expect(envelopeProblem('socialGraph', res)).toBeUndefined();
    expect((res.json as { error: { code: number; message: string } }).error).toMatchObject({ code: 2500, type: 'OAuthException' });
    expect(res.call.error).toBeUndefined();
    // Nesting within the limit still expands.
    const ok = await fakes.handle({ method: 'GET', url: `${GRAPH}/${id}?access_token=t&fields=name,feed{message,from{name}}` });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ name: 'Deep', feed: { data: [] } });
  });

  // Under GitHub's 8 KiB URL limit the path is parsed and routed (in linear time); over it, refused before.
  it.each([
    ['inner', (n: number) => `https://api.github.com/repos${'/'.repeat(n)}x`],
    ['leading', (n: number) => `https://api.github.com/${'/'.repeat(n)}x`],
    ['trailing', (n: number) => `https://api.github.com/x${'/'.repeat(n)}`],
  ])('a path with 8,000 %s slashes is answered 404, with 50,000 414', async (_where, url) => {
    const fakes = createFakes();
    const res = await fakes.handle({ method: 'GET', url: url(8_000) });
    expect(res.status).toBe(404);
    expect(envelopeProblem('codeHosting', res)).toBeUndefined();
    const long = await fakes.handle({ method: 'GET', url: url(50_000) });
    expect(long.status).toBe(414);
    expect(envelopeProblem('codeHosting', long)).toBeUndefined();
  });

  it('a vcs_url of 50,000 trailing slashes is read in linear time', async () => {
    const fakes = createFakes();
    const res = await fakes.handle({
      method: 'PUT',
      url: 'https://api.github.com/repos/octo/hello/import',
      headers: { authorization: 'token t', 'content-type': 'application/json' },
      body: JSON.stringify({ vcs_url: `https://svn.example.com/repo${'/'.repeat(50_000)}x` }),
    });
    expect(res.status).toBeLessThan(500);
  });
});

describe('clock inputs', () => {
  it('set(), advance() and freeze() refuse instants a Date cannot hold and leave the clock where it was', async () => {
    const fakes = createFakes({ clock: '2024-01-01T00:00:00Z' });
    const at = fakes.clock.nowMs();
    expect(() => fakes.clock.set(9e15)).toThrow(RangeError);
    expect(() => fakes.clock.set(Number.NaN)).toThrow(RangeError);
    expect(() => fakes.clock.advance(1e16)).toThrow(RangeError);
    expect(() => fakes.clock.advance('100000000d')).toThrow(RangeError);
    expect(() => fakes.clock.freeze(-9e15)).toThrow(RangeError);
    expect(fakes.clock.nowMs()).toBe(at);
    // Requests keep working.
    const res = await fakes.handle({ method: 'GET', url: 'https://api.github.com/rate_limit', headers: { authorization: 'token t' } });
    expect(res.status).toBe(200);
    // The edges of the range are fine.
    fakes.clock.set(8.64e15);
    expect(fakes.clock.now().toISOString()).toBe('+275760-09-13T00:00:00.000Z');
  });

  /** The error a call throws (or undefined). */
  function thrown(fn: () => unknown): Error | undefined {
    try {
      fn();
    } catch (err) {
      return err as Error;
    }
    return undefined;
  }

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an object', { minutes: 10 }],
    ['an array', [1]],
    ['a boolean', true],
    ['a sentence', '10 minutes please'],
    ['an empty string', ''],
  ])('advance(%s) throws a named error listing the accepted forms, and leaves the clock where it was', (_name, junk) => {
    const fakes = createFakes({ clock: '2024-01-01T00:00:00Z' });
    const at = fakes.clock.nowMs();
    const err = thrown(() => fakes.clock.advance(junk as never));
    expect(err).toBeInstanceOf(StuntdoubleError);
    expect(err?.name).toBe('InvalidInputError');
    expect(err?.message).toMatch(/^stuntdouble: /);
    expect(err?.message).toContain('clock.advance()');
    for (const form of ['milliseconds', "'90s'", "'10m'", "'2h'", "'3d'"]) expect(err?.message).toContain(form);
    expect(fakes.clock.nowMs()).toBe(at);
  });

  it.each([
    ['10 mins', '10m'],
    ['2hr', '2h'],
    ['3 days', '3d'],
    ['90 seconds', '90s'],
  ])("advance('%s') names the nearest spelling '%s'", (typo, meant) => {
    const fakes = createFakes({ clock: '2024-01-01T00:00:00Z' });
    expect(() => fakes.clock.advance(typo as never)).toThrow(`Did you mean '${meant}'?`);
  });

  it.each([
    ['null', null],
    ['an object', { at: 1 }],
    ['a string no date parser reads', 'next tuesday-ish'],
    ['an invalid Date', new Date('nope')],
  ])('set(%s) and freeze(%s) throw a named error listing the accepted forms', (_name, junk) => {
    const fakes = createFakes({ clock: '2024-01-01T00:00:00Z' });
    const at = fakes.clock.nowMs();
    for (const [what, call] of [
      ['clock.set()', () => fakes.clock.set(junk as never)],
      ['clock.freeze()', () => fakes.clock.freeze(junk as never)],
    ] as const) {
      const err = thrown(call);
      expect(err).toBeInstanceOf(StuntdoubleError);
      expect(err?.name).toBe('InvalidInputError');
      expect(err?.message).toContain(what);
      expect(err?.message).toMatch(/a Date, an ISO 8601 string .*epoch milliseconds/);
    }
    expect(fakes.clock.nowMs()).toBe(at);
  });

  it('createFakes({ clock }) names a clock a Date cannot hold', () => {
    expect(() => createFakes({ clock: 1e20 })).toThrow(/invalid createFakes options: clock/);
    expect(() => createFakes({ clock: 'not a date' })).toThrow(/invalid createFakes options: clock/);
  });

  it('fractions of a millisecond are rounded: timestamps stay well-formed', () => {
    const fakes = createFakes({ clock: '2024-01-01T00:00:00Z' });
    fakes.clock.advance(0.3);
    expect(Number.isInteger(fakes.clock.nowMs())).toBe(true);
    fakes.clock.set(1_704_067_200_000.7);
    expect(fakes.clock.nowMs()).toBe(1_704_067_200_001);
    const cache = fakes.modelCache.seed.cachedContent({ project: 'p', location: 'us-central1' }) as { expireTime: string };
    expect(cache.expireTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/);
  });
});

describe('restore() inputs', () => {
  it.each([
    ['{}', {}],
    ['null', null],
    ['a partial state', { codeHosting: {}, socialGraph: {}, modelCache: {} }],
  ])('restore(%s) throws a named error and leaves the state as it was', async (_name, bad) => {
    const fakes = createFakes();
    const before = fakes.snapshot();
    expect(() => fakes.restore(bad as never)).toThrow(/restore\(\) takes a snapshot from fakes\.snapshot\(\)/);
    expect(fakes.snapshot()).toBe(before);
    const res = await fakes.handle({ method: 'GET', url: 'https://api.github.com/rate_limit', headers: { authorization: 'token t' } });
    expect(res.status).toBe(200);
  });

  it("takes this instance's snapshots and another instance's", () => {
    const a = createFakes();
    const b = createFakes();
    a.socialGraph.seed.page({ name: 'A' });
    b.restore(a.snapshot());
    expect(b.state).toBe(a.state);
  });
});
