/**
 * Every Page edge of the document, every verb, generated hostile input (bad limits and cursors,
 * unparsable or unknown `fields=`, wrong types, missing and extra keys, huge strings, prototype
 * names, form / JSON / query encodings, Page, user, app and unknown tokens): the answer is a 2xx/3xx
 * or Graph's error envelope (`message` starting `(#code)`, `type`, integer `code`, `fbtrace_id`,
 * `error_subcode` only as a positive integer), never a 5xx, and a refused request writes nothing.
 *
 * Fixed seed; a failure prints fast-check's `{ seed, path }` and the request.
 */
import fc from 'fast-check';
import { createFakes } from 'stuntdouble';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_EDGES } from './document-edges.js';

const fakes = createFakes({ clock: '2025-10-01T00:00:00Z', journal: false });
beforeAll(() => {
  fakes.install();
});
afterAll(() => {
  fakes.uninstall();
});

const sg = fakes.socialGraph.seed;
const pageId = sg.page({ name: 'Cafe' }).id;
const other = sg.page({ name: 'Roaster' }).id;
const visitor = sg.user({ name: 'Vera', psids: { [pageId]: '7001' } }).id;
const tokens = {
  page: sg.token({ type: 'page', pageId, tasks: ['MANAGE', 'CREATE_CONTENT', 'MODERATE', 'MESSAGING', 'ADVERTISE', 'ANALYZE'] }),
  user: sg.token({ type: 'user', pageId, tasks: ['MODERATE'] }),
  app: sg.token({ type: 'app' }),
};
sg.photo({ pageId, name: 'latte' });
sg.video({ pageId, title: 'opening' });
sg.rating({ pageId, reviewText: 'good' });
sg.conversation({ pageId, userId: visitor, messages: [{ from: visitor, message: 'open?' }] });
sg.insight({ pageId, metric: 'page_impressions', period: 'day', values: [{ value: 1, endTime: '2025-09-30T07:00:00Z' }] });
sg.post({ pageId, message: 'hello' });
sg.post({ pageId: other, message: 'tagging', tagsPages: [pageId] });
const cursor = (s: string) => Buffer.from(s).toString('base64url');

/** Parameter names the edges read or write, plus names no edge takes. */
const KEYS = [
  'limit',
  'after',
  'before',
  'fields',
  'metric',
  'period',
  'type',
  'redirect',
  'height',
  'width',
  'recipient',
  'name',
  'profile_picture_url',
  'subscribed_fields',
  'user',
  'tasks',
  'questions',
  'page_id',
  'model',
  'n_best',
  'location_page_ids',
  'store_numbers',
  'message',
  'link',
  'published',
  'scheduled_publish_time',
  'metadata',
  'id',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'zz_unknown',
] as const;

const VALUE = fc.oneof(
  fc.constantFrom(
    '',
    '-1',
    '0',
    '101',
    '1e999',
    'NaN',
    'true',
    'null',
    'zz_not_a_field',
    'name{',
    'name,,id',
    'a{b{c{d{e}}}}',
    '%ZZ',
    '{"a":1}',
    '[1,2]',
    '[{"type":"SHOE"}]',
    '[{"label":"no type"}]',
    '{"id":"7001","colour":"red"}',
    'https://x.test/a.png',
    'feed,gossip',
    '["MANAGE","JANITOR"]',
    'x'.repeat(5000),
    cursor('sd:999999:nope'),
    cursor('sd:0:'),
    cursor('garbage'),
    '__proto__',
  ),
  fc.string({ maxLength: 12 }),
  fc.integer().map(String),
);

const REQUEST = fc.record({
  method: fc.constantFrom('GET', 'GET', 'POST', 'DELETE'),
  encoding: fc.constantFrom('query', 'form', 'json'),
  token: fc.constantFrom('page', 'page', 'page', 'user', 'app', 'unknown', 'none'),
  params: fc.oneof(
    { weight: 1, arbitrary: fc.constant({} as Record<string, string>) },
    { weight: 3, arbitrary: fc.dictionary(fc.constantFrom(...KEYS), VALUE, { maxKeys: 4 }) },
  ),
  versioned: fc.boolean(),
});

type Req = typeof REQUEST extends fc.Arbitrary<infer T> ? T : never;

function build(edge: string, r: Req): { url: string; init: RequestInit } {
  const token = r.token === 'none' ? undefined : r.token === 'unknown' ? 'not-a-seeded-token' : tokens[r.token];
  const base = `https://graph.facebook.com${r.versioned ? '/v24.0' : ''}/${pageId}/${edge}`;
  const params = { ...r.params, ...(token ? { access_token: token } : {}) };
  if (r.method === 'GET' || r.encoding === 'query') return { url: `${base}?${new URLSearchParams(params)}`, init: { method: r.method, redirect: 'manual' } };
  if (r.encoding === 'form') {
    return {
      url: base,
      init: { method: r.method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params), redirect: 'manual' },
    };
  }
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r.params)) {
    try {
      body[k] = JSON.parse(v);
    } catch {
      body[k] = v;
    }
  }
  return {
    url: `${base}${token ? `?access_token=${token}` : ''}`,
    init: { method: r.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), redirect: 'manual' },
  };
}

/** What is wrong with an answer, or null. */
async function problem(res: Response, before: unknown): Promise<string | null> {
  if (res.status >= 500) return `status ${res.status}`;
  if (res.status < 400) return null;
  const text = await res.text();
  let body: { error?: Record<string, unknown> };
  try {
    body = JSON.parse(text);
  } catch {
    return `error body is not JSON: ${text.slice(0, 200)}`;
  }
  const e = body.error;
  if (!e) return `no error object: ${text.slice(0, 200)}`;
  if (typeof e.message !== 'string' || !/^\(#\d+\) |^Error validating|^Invalid OAuth/.test(e.message)) return `message ${String(e.message)}`;
  if (typeof e.type !== 'string' || e.type === '') return `type ${String(e.type)}`;
  if (!Number.isInteger(e.code)) return `code ${String(e.code)}`;
  if (typeof e.fbtrace_id !== 'string' || e.fbtrace_id === '') return `fbtrace_id ${String(e.fbtrace_id)}`;
  if ('error_subcode' in e && !(Number.isInteger(e.error_subcode) && (e.error_subcode as number) > 0)) return `error_subcode ${String(e.error_subcode)}`;
  if (fakes.snapshot() !== before) return 'a refused request changed the state';
  return null;
}

describe('bad input on every Page edge of the document', () => {
  it('covers every edge of the document', () => {
    expect(DOCUMENT_EDGES.length).toBeGreaterThanOrEqual(55);
  });

  it.each(DOCUMENT_EDGES)('%s: Graph envelope, never a 5xx, nothing written when refused', async (edge) => {
    const seen = { refused: 0, answered: 0 };
    await fc.assert(
      fc.asyncProperty(REQUEST, async (r) => {
        const { url, init } = build(edge, r);
        const before = fakes.snapshot();
        const res = await fetch(url, init);
        seen[res.status >= 400 ? 'refused' : 'answered'] += 1;
        const p = await problem(res, before);
        if (p)
          throw new Error(`${p}\n  ${init.method} ${url.slice(0, 300)} ${typeof init.body === 'string' ? init.body.slice(0, 300) : String(init.body ?? '')}`);
        expect(fakes.errors).toEqual([]);
      }),
      { seed: 19, numRuns: 30 },
    );
    // The generator reaches both sides of the edge: refusals and answers.
    expect(seen.refused).toBeGreaterThan(0);
    // threads is deprecated (always refused); thread_owner needs a recipient the generator rarely names.
    if (edge !== 'threads' && edge !== 'thread_owner') expect(seen.answered).toBeGreaterThan(0);
  });
});

describe('parameter names of Object.prototype', () => {
  // Query, form and JSON keys named `constructor`, `toString`, `__proto__`, ... are plain parameters:
  // every edge answers them as any unknown parameter (once excluded here as breaking the request parser).
  const NAMES = { constructor: 'x', toString: '1', valueOf: '2', hasOwnProperty: 'y', ['__proto__']: 'z', isPrototypeOf: '[1]' };

  it.each(DOCUMENT_EDGES)('%s: Graph envelope or an answer, in every encoding and verb', async (edge) => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      for (const encoding of ['query', 'form', 'json'] as const) {
        if (method === 'GET' && encoding !== 'query') continue;
        const r: Req = { method, encoding, token: 'page', params: NAMES, versioned: true };
        const { url, init } = build(edge, r);
        const before = fakes.snapshot();
        const res = await fetch(url, init);
        const p = await problem(res, before);
        if (p) throw new Error(`${p}\n  ${method} ${encoding} ${url.slice(0, 200)}`);
      }
    }
    expect(fakes.errors).toEqual([]);
  });
});

describe('bad input on the batch route (POST / with batch=[...])', () => {
  const OP = fc.record(
    {
      method: fc.oneof(fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'get', ''), fc.integer()),
      relative_url: fc.oneof(
        fc.constantFrom(
          `${pageId}`,
          `${pageId}/photos?limit=1000`,
          `${pageId}/feed`,
          `${pageId}/threads`,
          '{result=first:$.id}',
          '{result=nope:$..x}',
          '{result=first:$.data.*.id}/feed',
          '',
          '/',
          '%ZZ',
          '../../etc',
          `${pageId}/insights?metric=a b`,
        ),
        fc.string({ maxLength: 10 }),
        fc.integer(),
      ),
      body: fc.oneof(fc.constantFrom('message=hi', 'message={result=first:$.id}', 'fields=zz', '%ZZ', ''), fc.integer(), fc.constant({ a: 1 })),
      name: fc.oneof(fc.constantFrom('first', 'second', '', '__proto__'), fc.integer()),
      depends_on: fc.oneof(fc.constantFrom('first', 'second', 'nope', ''), fc.integer()),
      omit_response_on_success: fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 'maybe')),
      headers: fc.oneof(fc.constant([{ name: 'content-type', value: 'application/json' }]), fc.constant({ a: 'b' }), fc.constant('x')),
    },
    { requiredKeys: [] },
  );
  const BATCH = fc.oneof(
    fc.array(OP, { maxLength: 6 }).map((ops) => JSON.stringify(ops)),
    fc.constantFrom(
      '',
      '[]',
      '{}',
      'null',
      '[null]',
      '[1,2]',
      '{not json',
      JSON.stringify(Array.from({ length: 51 }, () => ({ method: 'GET', relative_url: pageId }))),
    ),
  );

  it("answers 200 with one entry per operation or Graph's envelope, never a 5xx; a refused batch writes nothing", async () => {
    const seen = { refused: 0, answered: 0 };
    await fc.assert(
      fc.asyncProperty(BATCH, fc.constantFrom('form', 'json'), fc.constantFrom('true', 'false', 'nope'), async (batch, encoding, includeHeaders) => {
        const params = { batch, include_headers: includeHeaders, access_token: tokens.page };
        const init: RequestInit =
          encoding === 'form'
            ? { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params) }
            : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) };
        const before = fakes.snapshot();
        const res = await fetch('https://graph.facebook.com/v24.0/', init);
        if (res.status < 400) {
          seen.answered += 1;
          const answers = (await res.json()) as unknown[];
          expect(Array.isArray(answers)).toBe(true);
          expect(answers.length).toBe((JSON.parse(batch) as unknown[]).length);
          for (const a of answers) if (a !== null) expect(a).toMatchObject({ code: expect.any(Number), body: expect.any(String) });
          for (const a of answers as Array<{ code: number } | null>) if (a) expect(a.code).toBeLessThan(500);
          return;
        }
        seen.refused += 1;
        const p = await problem(res, before);
        if (p) throw new Error(`${p}\n  batch=${batch.slice(0, 300)}`);
      }),
      { seed: 19, numRuns: 150 },
    );
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.answered).toBeGreaterThan(0);
    expect(fakes.errors).toEqual([]);
  });
});
