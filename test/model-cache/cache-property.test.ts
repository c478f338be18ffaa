// Properties of cachedContents create and update on both wires:
// - ttl: any string (huge, negative, fractional, nine-plus fractional digits, malformed) is accepted
//   exactly when protobuf's Duration parser reads it, the API's lifetime rule holds (Vertex ≥ 1 minute,
//   Gemini API > 0) and now + ttl fits a Timestamp; an accepted ttl gives expireTime = now + ttl to the
//   nanosecond. The oracle here is BigInt arithmetic on the text, not the fake's own parser.
// - expireTime: any RFC 3339-like text is accepted exactly when it is a real instant of years
//   0001..9999 far enough ahead, and comes back Z-normalized as the same instant.
// - no input to create or update, on either API, answers a 5xx; a refused request writes nothing.
import fc from 'fast-check';
import { createFakes } from 'stuntdouble';
import { describe, expect, it } from 'vitest';
import { cacheUrl, CONTENTS, GEMINI, type Json, T0, VERTEX, VMODEL } from './wire.js';

const NS = 1_000_000_000n;
const T0_NS = BigInt(Date.parse(T0)) * 1_000_000n;
const DURATION_MAX = 315_576_000_000n;
const TIMESTAMP_MAX_NS = 253_402_300_799n * NS + 999_999_999n;
const BODIES = { vertex: { url: VERTEX, model: VMODEL }, gemini: { url: GEMINI, model: 'models/gemini-2.5-flash' } } as const;
type Api = keyof typeof BODIES;
const headers = (api: Api) => ({ 'content-type': 'application/json', ...(api === 'vertex' ? { authorization: 'Bearer t' } : { 'x-goog-api-key': 'k' }) });

/** An instant in nanoseconds as the wire writes it: UTC, Z, 0/3/6/9 fractional digits. */
function wireTime(ns: bigint): string {
  const s = ns / NS;
  const n = ns % NS;
  const base = new Date(Number(s) * 1000).toISOString().slice(0, 19);
  if (n === 0n) return `${base}Z`;
  const digits = String(n).padStart(9, '0');
  const keep = digits.endsWith('000000') ? 3 : digits.endsWith('000') ? 6 : 9;
  return `${base}.${digits.slice(0, keep)}Z`;
}

/** What a ttl text means: its nanoseconds, or null when protobuf's Duration parser refuses it. */
function ttlNanos(text: string): bigint | null {
  const m = /^(-?)(\d+)(?:\.(\d*))?s$/.exec(text);
  if (!m) return null;
  const secs = BigInt(m[2] as string);
  const frac = m[3] ?? '';
  if (secs > DURATION_MAX) return null;
  // Up to nine fractional digits; more only when they are all zeros.
  if (frac.length > 9 && !/^0+$/.test(frac)) return null;
  const nanos = frac.length > 9 ? 0n : BigInt(frac.padEnd(9, '0') || '0');
  const total = secs * NS + nanos;
  return m[1] === '-' ? -total : total;
}

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const ttlText = fc.oneof(
  fc
    .tuple(fc.constantFrom('', '', '', '-'), digits(1, 22), fc.option(digits(0, 12), { nil: undefined }))
    .map(([sign, s, f]) => `${sign}${s}${f === undefined ? '' : `.${f}`}s`),
  fc.bigInt({ min: 0n, max: 400_000_000_000n }).map((s) => `${s}s`),
  fc.constantFrom(
    '3.5s',
    '59.999999999s',
    '60s',
    '60.000000000000s',
    '0s',
    '-0s',
    '315576000000s',
    '315576000001s',
    '251635075199.999999999s',
    '251635075200s',
    '8640000000000s',
    '99999999999999999999s',
    '18446744073709551616s',
    '1h',
    '60',
    '1e3s',
    '.5s',
    '1.s',
    '+60s',
    ' 60s',
    '60S',
    '',
    's',
    '-s',
  ),
);

async function post(fakes: ReturnType<typeof createFakes>, api: Api, body: string) {
  const res = await fakes.fetch(BODIES[api].url, { method: 'POST', headers: headers(api), body });
  return { status: res.status, body: (await res.json()) as Json & { error?: { code: number; status: string; message: string } } };
}

describe('model cache expiration (property)', () => {
  it("ttl: accepted exactly when it is a Duration, meets the API's lifetime rule and now + ttl fits a Timestamp; then expireTime = now + ttl to the nanosecond", async () => {
    const fakes = createFakes({ clock: T0 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<Api>('vertex', 'gemini'), ttlText, async (api, ttl) => {
        const before = fakes.snapshot();
        const r = await post(fakes, api, JSON.stringify({ model: BODIES[api].model, contents: CONTENTS, ttl }));
        const d = ttlNanos(ttl);
        const lifetimeOk = d !== null && (api === 'vertex' ? d >= 60n * NS : d > 0n);
        const expire = d === null ? null : T0_NS + d;
        const ok = lifetimeOk && expire !== null && expire <= TIMESTAMP_MAX_NS;
        expect(r.status, `${api} ${ttl}: ${JSON.stringify(r.body)}`).toBe(ok ? 200 : 400);
        if (ok) expect(r.body.expireTime).toBe(wireTime(expire as bigint));
        else {
          expect(r.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
          expect(r.body.error?.message).toMatch(/ttl|Duration/);
          expect(fakes.snapshot()).toBe(before);
        }
      }),
      { numRuns: 400, seed: 32 },
    );
  });

  it('expireTime: accepted exactly when it is a real instant of years 0001..9999 far enough ahead, and answered Z-normalized as that instant', async () => {
    const fakes = createFakes({ clock: T0 });
    const two = (min: number, max: number) => fc.integer({ min, max }).map((n) => String(n).padStart(2, '0'));
    const stamp = fc.record({
      year: fc.oneof(fc.integer({ min: 2025, max: 2030 }), fc.constantFrom(0, 1, 99, 1969, 9999, 10000, 12026)),
      month: two(0, 13),
      day: two(0, 32),
      hour: two(0, 25),
      minute: two(0, 60),
      second: two(0, 60),
      frac: fc.option(digits(1, 11), { nil: undefined }),
      t: fc.constantFrom('T', 'T', 't', ' '),
      offset: fc.constantFrom('Z', 'Z', 'z', '+00:00', '+05:30', '-08:00', '+23:59', '+24:00', '-00:60', ''),
    });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<Api>('vertex', 'gemini'), stamp, async (api, s) => {
        const y = s.year >= 10000 ? `+0${s.year}` : String(s.year).padStart(4, '0');
        const text = `${y}-${s.month}-${s.day}${s.t}${s.hour}:${s.minute}:${s.second}${s.frac === undefined ? '' : `.${s.frac}`}${s.offset}`;
        const before = fakes.snapshot();
        const r = await post(fakes, api, JSON.stringify({ model: BODIES[api].model, contents: CONTENTS, expireTime: text }));
        // The oracle: RFC 3339 with a four-digit year, nine fractional digits at most, a real calendar day and offset.
        const [mo, d, h, mi, se] = [s.month, s.day, s.hour, s.minute, s.second].map(Number) as [number, number, number, number, number];
        const off = /^[+-](\d\d):(\d\d)$/.exec(s.offset);
        const syntax =
          s.year >= 1 &&
          s.year <= 9999 &&
          s.t !== ' ' &&
          s.offset !== '' &&
          (s.frac === undefined || s.frac.length <= 9) &&
          (!off || (Number(off[1]) <= 23 && Number(off[2]) <= 59));
        const calendar =
          mo >= 1 &&
          mo <= 12 &&
          d >= 1 &&
          h <= 23 &&
          mi <= 59 &&
          se <= 59 &&
          d <= new Date(Date.UTC(2001, mo, 0)).getUTCDate() + (mo === 2 && s.year % 4 === 0 && (s.year % 100 !== 0 || s.year % 400 === 0) ? 1 : 0);
        let ns: bigint | null = null;
        if (syntax && calendar) {
          const ms = Date.parse(`${y}-${s.month}-${s.day}T${s.hour}:${s.minute}:${s.second}${s.offset.toUpperCase()}`);
          ns = BigInt(ms) * 1_000_000n + BigInt((s.frac ?? '').padEnd(9, '0'));
        }
        const ahead = ns !== null && (api === 'vertex' ? ns >= T0_NS + 60n * NS : ns > T0_NS);
        const ok = ahead && ns !== null && ns <= TIMESTAMP_MAX_NS;
        expect(r.status, `${api} ${text}: ${JSON.stringify(r.body)}`).toBe(ok ? 200 : 400);
        if (ok) expect(r.body.expireTime).toBe(wireTime(ns as bigint));
        else expect(fakes.snapshot()).toBe(before);
      }),
      { numRuns: 400, seed: 33 },
    );
  });
});

// Paths into a valid create body where a fuzzed value goes (or the key is removed).
const PATHS: ReadonlyArray<ReadonlyArray<string | number>> = [
  [],
  ['ttl'],
  ['expireTime'],
  ['expire_time'],
  ['model'],
  ['displayName'],
  ['contents'],
  ['contents', 0],
  ['contents', 0, 'role'],
  ['contents', 0, 'parts'],
  ['contents', 0, 'parts', 0],
  ['contents', 0, 'parts', 1],
  ['contents', 0, 'parts', 0, 'inlineData'],
  ['contents', 0, 'parts', 0, 'videoMetadata'],
  ['contents', 0, 'parts', 0, 'thoughtSignature'],
  ['tools'],
  ['tools', 0],
  ['tools', 0, 'functionDeclarations', 0, 'parameters'],
  ['tools', 0, 'functionDeclarations', 0, 'parameters', 'properties'],
  ['tools', 0, 'functionDeclarations', 0, 'parameters', 'properties', 'a', 'minItems'],
  ['tools', 1, 'retrieval'],
  ['tools', 1, 'retrieval', 'managedRagStore'],
  ['tools', 1, 'retrieval', 'managedRagStore', 'similarityTopK'],
  ['toolConfig'],
  ['systemInstruction'],
  ['encryptionSpec'],
  ['createTime'],
  ['usageMetadata'],
  ['constructor'],
  ['__proto__'],
  ['toString'],
];

/** A valid create body (Vertex tools are refused on the Gemini API only for encryptionSpec, which the fuzz adds). */
const validBody = (api: Api): Json => ({
  model: BODIES[api].model,
  contents: [{ role: 'user', parts: [{ text: 'abcd'.repeat(1100) }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] }],
  ttl: '600s',
  tools: [
    { functionDeclarations: [{ name: 'f', parameters: { type: 'OBJECT', properties: { a: { type: 'ARRAY', items: { type: 'STRING' }, minItems: '1' } } } }] },
    { retrieval: { managedRagStore: { ragResources: [{ ragCorpus: 'projects/p/locations/us-central1/ragCorpora/a' }] } } },
  ],
});

/** Puts `value` at `path` (own properties, `__proto__` included) or removes the key; the body as JSON text. */
function mutate(body: Json, path: ReadonlyArray<string | number>, value: unknown, remove: boolean): string {
  if (path.length === 0) return JSON.stringify(value);
  let cur = body as Record<string | number, unknown>;
  for (const seg of path.slice(0, -1)) {
    const next = cur[seg];
    if (next === null || typeof next !== 'object') return JSON.stringify(body);
    cur = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1] as string | number;
  if (remove) delete cur[last];
  else Object.defineProperty(cur, last, { value, enumerable: true, writable: true, configurable: true });
  return JSON.stringify(body);
}

const edgeValues = fc.constantFrom<unknown>(
  null,
  '',
  'x',
  -1,
  0,
  1.5,
  1e20,
  true,
  [],
  {},
  [{}],
  '3.5s',
  '315576000001s',
  '99999999999999999999s',
  '8640000000000s',
  '-60s',
  '10000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999999999Z',
  '0001-01-01T00:00:00Z',
  '9223372036854775808',
  'not base64!',
  { text: 'a', inlineData: { mimeType: 'image/png', data: 'AAAA' } },
  { role: 'banana', parts: [{ text: 'x' }] },
  JSON.parse('{"__proto__":null,"constructor":1}'),
  { managedRagStore: {} },
  { vertexRagStore: { ragResources: [{ ragCorpus: 'projects/p/locations/l/ragCorpora/a' }, { ragCorpus: 'projects/p/locations/l/ragCorpora/a' }] } },
);
const fuzzValue = fc.oneof({ arbitrary: edgeValues, weight: 4 }, { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 }, { arbitrary: ttlText, weight: 2 });

describe('model cache create and update (property)', () => {
  it("no body, on create or update (with or without updateMask), on either API, answers a 5xx; refusals are Google's envelope and write nothing", async () => {
    const fakes = createFakes({ clock: T0 });
    const caches = {
      vertex: fakes.modelCache.seed.cachedContent({ ttl: '86400s' }).name,
      gemini: fakes.modelCache.seed.cachedContent({ api: 'gemini', ttl: '86400s' }).name,
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Api>('vertex', 'gemini'),
        fc.constantFrom('create', 'update'),
        fc.constantFrom(...PATHS),
        fuzzValue,
        fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
        fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 3 },
          { arbitrary: fc.constantFrom('ttl', 'expire_time', 'expireTime', 'ttl,expire_time', '', 'model', '*', 'contents,ttl'), weight: 2 },
        ),
        fc.oneof({ arbitrary: fc.constant(null), weight: 9 }, { arbitrary: fc.string({ maxLength: 30 }), weight: 1 }),
        async (api, op, path, value, remove, mask, raw) => {
          // An update starts from what a get-modify-PATCH client sends: the cache as read, with a new ttl.
          const base = op === 'create' ? validBody(api) : { ...(fakes.modelCache.get(caches[api]) as Json), ttl: '7200s' };
          const payload = raw ?? mutate(base, path, value, remove);
          const url = op === 'create' ? BODIES[api].url : `${cacheUrl(caches[api])}${mask === undefined ? '' : `?updateMask=${encodeURIComponent(mask)}`}`;
          const before = fakes.snapshot();
          const res = await fakes.fetch(url, { method: op === 'create' ? 'POST' : 'PATCH', headers: headers(api), body: payload });
          const text = await res.text();
          expect(res.status, `${op} ${url} ${payload}\n${text}`).toBeLessThan(500);
          const answer = JSON.parse(text) as Json & { error?: { code: number; status: string; details?: Json[] } };
          if (res.status === 200) {
            expect(answer.expireTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3}|\.\d{6}|\.\d{9})?Z$/);
            return;
          }
          expect(Object.keys(answer)).toEqual(['error']);
          expect(answer.error).toMatchObject({ code: res.status, status: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
          for (const d of answer.error?.details ?? []) expect(d['@type']).toMatch(/^type\.googleapis\.com\/google\.rpc\./);
          expect(fakes.snapshot()).toBe(before);
        },
      ),
      { numRuns: 600, seed: 34 },
    );
    expect(fakes.errors).toEqual([]);
  });
});
