/**
 * Shared machinery of the reliability suite: a generic request generator over every route of every
 * service (`fakes.routes(service)`), a seeded world to aim at, and the properties every answer must
 * hold (4xx in the service's own envelope, never 5xx, never a throw or a hang, state untouched on reject).
 *
 * Arbitraries produce small *descriptors* (printable, shrinkable); `materialize()` turns one into the
 * real request, so a failing case prints as a few lines even when its body is 1 MB.
 */
import fc from 'fast-check';
import type { Fakes, FakesSnapshot, HandledResponse } from 'stuntdouble';

/** The services, in the order `createFakes` registers them. */
export const SERVICES = ['codeHosting', 'socialGraph', 'modelCache'] as const;
/** A service name. */
export type Service = (typeof SERVICES)[number];

/** Base seed of every property (override with RELIABILITY_SEED). */
export const BASE_SEED = Number(process.env.RELIABILITY_SEED ?? 20_261_122);
/** Total generated requests the route properties aim for, spread over all routes. */
export const BUDGET = Number(process.env.RELIABILITY_BUDGET ?? 12_000);

/** A per-route seed, stable across runs and independent of route order. */
export function seedFor(key: string): number {
  let h = BASE_SEED | 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return h;
}

/** `RELIABILITY_REPLAY='<seed>:<path>'` replays one failure printed by fast-check (combine with `-t '<route>'`). */
export function replayParams(): { seed: number; path: string } | undefined {
  const r = process.env.RELIABILITY_REPLAY;
  if (!r) return undefined;
  const i = r.indexOf(':');
  return { seed: Number(r.slice(0, i)), path: r.slice(i + 1) };
}

/** fast-check parameters for one route: fixed seed, bounded runs, replayable. */
export function fcParams(key: string, numRuns: number): fc.Parameters<unknown> {
  const replay = replayParams();
  return replay ? { seed: replay.seed, path: replay.path, numRuns, endOnFailure: true } : { seed: seedFor(key), numRuns, endOnFailure: true };
}

/**
 * Failures this suite found that are not fixed on this branch yet, by test key. Their tests run as
 * `it.fails`: they pass while the bug is there and fail (asking for this entry to go) once it is fixed.
 */
export const KNOWN_FAILURES: Readonly<Record<string, string>> = {};

/** `it`, or `it.fails` for a known failure (see {@link KNOWN_FAILURES}). */
export function itUnlessKnown<T extends { fails: unknown }>(it: T, key: string): T | T['fails'] {
  return KNOWN_FAILURES[key] ? it.fails : it;
}

/** Counts what the suite generated, printed at the end of each file. */
export const stats = { requests: 0, routes: 0, rejected: 0, accepted: 0 };

// ---------------------------------------------------------------------------------------------
// The world: one seeded entity of each kind the facades can make, so valid ids exist to aim at.

/** Values that make path parameters hit real resources, harvested from the seeded state. */
export interface World {
  /** Every short string and number found in the state, plus their last path segment. */
  values: string[];
  /** Valid values by parameter name, first the ones that fit together (owner/repo, project/location/id). */
  hints: Record<string, string[]>;
  /** Credentials that are valid in this world (seeded ones in strict worlds). */
  tokens: string[];
}

type SeedFn = (input?: unknown) => unknown;
function seedHelper(fakes: Fakes, service: Service, name: string): SeedFn | undefined {
  const seed = (fakes[service] as unknown as { seed?: Record<string, unknown> }).seed;
  const fn = seed?.[name];
  return typeof fn === 'function' ? (fn.bind(seed) as SeedFn) : undefined;
}

function trySeed(fakes: Fakes, service: Service, name: string, input?: unknown): unknown {
  try {
    return seedHelper(fakes, service, name)?.(input);
  } catch {
    return undefined;
  }
}

function add(hints: Record<string, string[]>, name: string, ...values: Array<string | undefined>): void {
  const list = hints[name] ?? [];
  hints[name] = list;
  for (const v of values) if (v !== undefined && v !== '' && !list.includes(v)) list.push(v);
}

/**
 * Seeds a small world through the public facades (whatever of them exists on this branch) and returns
 * the values that aim requests at it. `strict` also seeds credentials, which turns the permission models on.
 */
export function seedWorld(fakes: Fakes, service: Service, strict = false): World {
  const hints: Record<string, string[]> = {};
  const tokens: string[] = [];
  if (service === 'codeHosting') {
    trySeed(fakes, service, 'account', { login: 'acme', type: 'Organization' });
    trySeed(fakes, service, 'repo', { owner: 'octo', repo: 'hello' });
    trySeed(fakes, service, 'repo', { owner: 'octo', repo: 'secret', private: true });
    trySeed(fakes, service, 'repo', { owner: 'acme', repo: 'app' });
    trySeed(fakes, service, 'origin', { url: 'https://svn.example.com/app', vcs: 'subversion', requiresAuth: true });
    add(hints, 'owner', 'octo', 'acme');
    add(hints, 'repo', 'hello', 'secret', 'app');
    add(hints, 'org', 'acme', 'octo');
    add(hints, 'username', 'octo', 'acme');
    if (strict) {
      for (const t of [
        { type: 'classic', scopes: ['repo', 'admin:repo_hook'] },
        { type: 'fine-grained', permissions: { contents: 'write', administration: 'write' } },
        {},
      ]) {
        const tok = trySeed(fakes, service, 'token', t);
        if (typeof tok === 'string') tokens.push(tok);
      }
    }
  } else if (service === 'socialGraph') {
    const page = trySeed(fakes, service, 'page', { name: 'Cafe' }) as { id?: string } | undefined;
    const post = page?.id ? (trySeed(fakes, service, 'post', { pageId: page.id, message: 'hello' }) as { id?: string } | undefined) : undefined;
    const act = trySeed(fakes, service, 'adAccount', { tosAccepted: true }) as { id?: string } | undefined;
    trySeed(fakes, service, 'adAccount', {});
    for (const name of ['id', 'page_id', 'node', 'object_id', 'post_id', 'ad_account_id', 'account_id', 'audience_id', 'adset_id']) {
      add(hints, name, page?.id, post?.id, act?.id, act?.id?.replace(/^act_/, ''));
    }
    if (strict && page?.id) {
      for (const t of [{ type: 'page', pageId: page.id, tasks: ['CREATE_CONTENT', 'MANAGE'] }, { type: 'user' }, { type: 'app' }]) {
        const tok = trySeed(fakes, service, 'token', t);
        if (typeof tok === 'string') tokens.push(tok);
      }
    }
  } else {
    const vertex = trySeed(fakes, service, 'cachedContent', { project: 'p', location: 'us-central1' }) as { id?: string } | undefined;
    const gemini = trySeed(fakes, service, 'cachedContent', { api: 'gemini' }) as { id?: string } | undefined;
    trySeed(fakes, service, 'cachedContent', { project: 'p', location: 'us-central1', displayName: 'second' });
    add(hints, 'version', 'v1', 'v1beta1', 'v1beta');
    add(hints, 'project', 'p');
    add(hints, 'location', 'us-central1');
    add(hints, 'model', 'gemini-2.5-flash', 'gemini-2.5-pro');
    add(hints, 'publisher', 'google');
    add(hints, 'id', vertex?.id, gemini?.id);
    if (strict) {
      for (const c of [{ project: 'p' }, { apiKey: 'AIza-reliability-key' }, {}]) {
        const tok = trySeed(fakes, service, 'credential', c);
        if (typeof tok === 'string') tokens.push(tok);
      }
    }
  }
  // The last segment of harvested ids also serves parameters no hint names.
  // Credentials are keys of the state too: never aim them at paths (a secret in a path is the caller's leak).
  const values = harvest((fakes.state as unknown as Record<string, unknown>)[service]).filter(
    (v) => !tokens.some((t) => v.includes(t) || (v.length >= 6 && t.includes(v))),
  );
  return { values, hints, tokens };
}

/** Short strings and numbers found anywhere in a (frozen) state tree; ids and names to aim requests at. */
export function harvest(state: unknown): string[] {
  const out = new Set<string>();
  const visit = (v: unknown, depth: number): void => {
    if (out.size >= 400 || depth > 12) return;
    if (typeof v === 'string') {
      if (v.length > 0 && v.length <= 120) {
        out.add(v);
        const last = v.split('/').pop();
        if (last && last !== v) out.add(last);
      }
    } else if (typeof v === 'number' && Number.isFinite(v)) out.add(String(v));
    else if (v && typeof v === 'object' && !(v instanceof Uint8Array)) {
      for (const [k, item] of Object.entries(v)) {
        if (/^(act_)?\d+(_\d+)?$/.test(k) || k.length <= 60) out.add(k);
        visit(item, depth + 1);
      }
    }
  };
  visit(state, 0);
  return [...out];
}

// ---------------------------------------------------------------------------------------------
// Descriptors.

/** How a path parameter is filled. */
export type ParamPick = { kind: 'world'; value: string } | { kind: 'random'; value: string } | { kind: 'raw'; value: string };

/** How the request body is made. */
export type BodyDesc =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'example'; mutation: Mutation; contentType: string }
  | { kind: 'text'; text: string; contentType: string | undefined }
  | { kind: 'bytes'; bytes: number[]; contentType: string | undefined }
  | { kind: 'huge'; field: string; size: number; contentType: string }
  | { kind: 'deep'; depth: number; array: boolean }
  | { kind: 'form'; fields: Array<[string, string]> }
  | { kind: 'multipart'; fields: Array<[string, string]>; broken: boolean };

/** A change applied to a route's example body. */
export type Mutation =
  | { op: 'keep' }
  | { op: 'drop'; index: number }
  | { op: 'set'; index: number; value: unknown }
  | { op: 'add'; key: string; value: unknown }
  | { op: 'wrap'; as: 'array' | 'string' | 'null' };

/** How the caller authenticates. */
export type AuthDesc =
  | { kind: 'none' }
  | { kind: 'header'; value: string }
  | { kind: 'query'; key: string; value: string }
  | { kind: 'api-key'; value: string };

/** One generated request, before materialization. */
export interface RequestDesc {
  base: number;
  route: string;
  params: ParamPick[];
  /** Path tweak: as the route says, one segment appended, the last dropped, a trailing slash, or doubled slashes. */
  pathTweak: 'none' | 'append' | 'drop' | 'slash' | 'double';
  methodTweak: 'none' | 'lower' | 'other';
  query: Array<[string, string]>;
  auth: AuthDesc;
  headers: Array<[string, string]>;
  body: BodyDesc;
}

// ---------------------------------------------------------------------------------------------
// Arbitraries.

const NASTY = [
  '',
  ' ',
  '.',
  '..',
  '%',
  '%00',
  '%ZZ',
  '%2F',
  'a/b',
  '0',
  '-1',
  '1e309',
  '99999999999999999999999',
  'null',
  'undefined',
  'NaN',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '😀',
  'ä',
  '\u0000',
  '\n',
  'act_',
  'act_x',
  'act_0',
  '_',
  '1_',
  '_1',
  '1_2_3',
  'cachedContents',
  'projects',
  'x'.repeat(300),
  '$' + '{jndi}',
  '<script>',
  "' OR 1=1 --",
];

const FIELD_NAMES = [
  'vcs',
  'vcs_url',
  'vcs_username',
  'vcs_password',
  'tfvc_project',
  'use_lfs',
  'name',
  'description',
  'private',
  'visibility',
  'homepage',
  'enabled',
  'allowed_actions',
  'auto_init',
  'message',
  'published',
  'scheduled_publish_time',
  'link',
  'access_token',
  'fields',
  'subtype',
  'customer_file_source',
  'retention_days',
  'rule',
  'status',
  'targeting',
  'daily_budget',
  'billing_event',
  'optimization_goal',
  'model',
  'contents',
  'systemInstruction',
  'tools',
  'toolConfig',
  'ttl',
  'expireTime',
  'displayName',
  'kmsKeyName',
  'encryptionSpec',
  'updateMask',
  'id',
  'authors',
  'email',
  'remote_id',
  'config',
  'events',
  'active',
  'url',
  'secret',
  'content_type',
  '__proto__',
  'constructor',
];

const QUERY_KEYS = [
  'per_page',
  'page',
  'limit',
  'after',
  'before',
  'fields',
  'pageSize',
  'pageToken',
  'updateMask',
  'since',
  'sort',
  'direction',
  'type',
  'summary',
  'filter',
  'alt',
  'metadata',
  'id',
  'method',
  'suppress_http_code',
  'debug',
  'ids',
];

/** Any JSON value, wrong types included, with field names the services know. */
export const jsonish: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -1, 1.5, 1e21, -0, '', 'x', '2024-01-01T00:00:00Z', '3600s', '-5s', 'git', 'models/gemini-2.5-flash'),
    fc.string({ maxLength: 12 }),
    fc.integer(),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('v'), { maxKeys: 4 }),
  ),
})).v;

const jsonObject: fc.Arbitrary<unknown> = fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 8 })), jsonish, { maxKeys: 6 });

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/vnd.github+json', 'text/plain'];
const BAD_JSON = ['{', '{"a":', '[1,2', '{"a":1,}', "{'a':1}", 'nul', '{"a":"\\x"}', '}{', '{"a":1}{"b":2}', 'NaN', '\u0000', '{"a":01}'];

function bodyArb(): fc.Arbitrary<BodyDesc> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<BodyDesc>({ kind: 'none' }) },
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('example' as const), mutation: mutationArb(), contentType: fc.constantFrom(...JSON_TYPES) }) },
    {
      weight: 4,
      arbitrary: fc.record({ kind: fc.constant('json' as const), value: fc.oneof(jsonObject, jsonish), contentType: fc.constantFrom(...JSON_TYPES) }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('text' as const),
        text: fc.oneof(fc.constantFrom(...BAD_JSON), fc.string({ maxLength: 30 })),
        contentType: fc.constantFrom('application/json', 'text/plain', 'application/xml', 'text/html', undefined),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('bytes' as const),
        bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 32 }),
        contentType: fc.constantFrom('application/json', 'application/octet-stream', 'image/png', undefined),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('huge' as const),
        field: fc.constantFrom(...FIELD_NAMES),
        size: fc.constantFrom(70_000, 300_000, 1_100_000),
        contentType: fc.constant('application/json'),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('deep' as const), depth: fc.constantFrom(50, 2_000, 20_000), array: fc.boolean() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('form' as const),
        fields: fc.array(fc.tuple(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 10 })), { maxLength: 5 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('multipart' as const),
        fields: fc.array(fc.tuple(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 10 })), { maxLength: 4 }),
        broken: fc.boolean(),
      }),
    },
  );
}

function mutationArb(): fc.Arbitrary<Mutation> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<Mutation>({ op: 'keep' }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('drop' as const), index: fc.nat(8) }) },
    { weight: 4, arbitrary: fc.record({ op: fc.constant('set' as const), index: fc.nat(8), value: jsonish }) },
    {
      weight: 2,
      arbitrary: fc.record({ op: fc.constant('add' as const), key: fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 8 })), value: jsonish }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('wrap' as const), as: fc.constantFrom('array' as const, 'string' as const, 'null' as const) }) },
  );
}

const TOKENS = ['ghp_reliabilityToken000000000000000000', 'ya29.reliability-token', 'EAAreliabilityToken', 'AIzaReliabilityKey0000'];
/** Tokens that are also names on Object.prototype: a record keyed by secret must not find them. */
const PROTO_TOKENS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

function authArb(world: World): fc.Arbitrary<AuthDesc> {
  const good = [...world.tokens, ...TOKENS];
  const token = fc.oneof(fc.constantFrom(...good), fc.constantFrom('', ' ', 'x', 'a.b.c', '\u00ff', ...PROTO_TOKENS), fc.string({ maxLength: 12 }));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<AuthDesc>({ kind: 'none' }) },
    { weight: 4, arbitrary: fc.constantFrom(...good.map((t) => ({ kind: 'header' as const, value: `Bearer ${t}` }))) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('header' as const),
        value: fc.tuple(fc.constantFrom('token ', 'Bearer ', 'bearer ', 'Basic ', 'OAuth ', ''), token).map(([a, b]) => a + b),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('query' as const), key: fc.constantFrom('access_token', 'key'), value: token }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('api-key' as const), value: token }) },
  );
}

function validAuthArb(world: World): fc.Arbitrary<AuthDesc> {
  const good = [...world.tokens, ...TOKENS];
  return fc.oneof(
    fc.constantFrom(...good.map((t) => ({ kind: 'header' as const, value: `Bearer ${t}` }))),
    fc.constantFrom(...good.map((t) => ({ kind: 'query' as const, key: 'access_token', value: t }))),
    fc.constantFrom(...good.map((t) => ({ kind: 'api-key' as const, value: t }))),
  );
}

function paramArb(world: World, name: string, hostile: boolean): fc.Arbitrary<ParamPick> {
  const hinted = world.hints[name] ?? [];
  const world_ = fc
    .constantFrom(...(hinted.length ? hinted : world.values.length ? world.values : ['x']))
    .map((value): ParamPick => ({ kind: 'world', value }));
  if (!hostile) return world_;
  return fc.oneof(
    { weight: 4, arbitrary: world_ },
    { weight: 2, arbitrary: fc.constantFrom(...(world.values.length ? world.values : ['x'])).map((value): ParamPick => ({ kind: 'world', value })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 16 }).map((value): ParamPick => ({ kind: 'random', value })) },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY).map((value): ParamPick => ({ kind: 'raw', value })) },
  );
}

const PARAM = /\{(\+?)([^}=]+)(?:=([^}]*))?\}/g;

/** The parameter names of a template, in order (a `{name=a/*}` pattern counts its stars). */
export function templateSlots(template: string): string[] {
  const out: string[] = [];
  for (const m of template.matchAll(PARAM)) {
    const stars = m[3] ? (m[3].match(/\*/g) ?? []).length : 1;
    for (let i = 0; i < stars; i++) out.push(m[2] as string);
  }
  return out;
}

const queryArb = fc.array(
  fc.tuple(
    fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 6 })),
    fc.oneof(fc.constantFrom(...NASTY, '1', '2', '100', '1001'), fc.string({ maxLength: 8 })),
  ),
  { maxLength: 4 },
);

const headersArb = fc.array(
  fc.oneof(
    fc.tuple(fc.constant('x-github-api-version'), fc.constantFrom('2022-11-28', '2026-03-10', '1999-01-01', 'garbage', '')),
    fc.tuple(fc.constant('accept'), fc.constantFrom('application/vnd.github+json', 'application/vnd.github.v3.raw', 'text/html', '*/*', 'application/xml')),
    fc.tuple(fc.constant('if-none-match'), fc.constantFrom('"abc"', 'W/"x"', '*')),
    fc.tuple(fc.constant('x-http-method-override'), fc.constantFrom('DELETE', 'PATCH')),
    fc.tuple(fc.constant('content-length'), fc.constantFrom('0', '-1', 'abc')),
  ),
  { maxLength: 2 },
);

/**
 * A request descriptor for one route of a service: half aimed at the seeded world with a valid token and
 * a (mutated) valid body, half hostile (bad parameters, paths, methods, tokens, queries and bodies).
 */
export function requestArb(world: World, routeKey: string, baseCount: number): fc.Arbitrary<RequestDesc> {
  const template = routeKey.slice(routeKey.indexOf(' ') + 1);
  const slots = templateSlots(template);
  const aimed: fc.Arbitrary<RequestDesc> = fc.record({
    base: fc.constant(0),
    route: fc.constant(routeKey),
    params: fc.tuple(...slots.map((s) => paramArb(world, s, false))) as fc.Arbitrary<ParamPick[]>,
    pathTweak: fc.constant('none' as const),
    methodTweak: fc.constant('none' as const),
    query: fc.oneof(fc.constant([] as Array<[string, string]>), queryArb),
    auth: validAuthArb(world),
    headers: fc.constant([] as Array<[string, string]>),
    body: fc.oneof(
      { weight: 1, arbitrary: fc.constant<BodyDesc>({ kind: 'none' }) },
      { weight: 5, arbitrary: fc.record({ kind: fc.constant('example' as const), mutation: mutationArb(), contentType: fc.constant('application/json') }) },
      { weight: 2, arbitrary: bodyArb() },
    ),
  });
  const hostile: fc.Arbitrary<RequestDesc> = fc.record({
    base: fc.nat(Math.max(0, baseCount - 1)),
    route: fc.constant(routeKey),
    params: fc.tuple(...slots.map((s) => paramArb(world, s, true))) as fc.Arbitrary<ParamPick[]>,
    pathTweak: fc.constantFrom('none', 'none', 'none', 'none', 'append', 'drop', 'slash', 'double'),
    methodTweak: fc.constantFrom('none', 'none', 'none', 'none', 'none', 'lower', 'other'),
    query: queryArb,
    auth: authArb(world),
    headers: headersArb,
    body: bodyArb(),
  });
  return fc.oneof(aimed, hostile);
}

// ---------------------------------------------------------------------------------------------
// Materialization.

/** A request ready for `fakes.handle()`. */
export interface Materialized {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** Example valid bodies by route (method + template suffix); mutations start from these. */
const EXAMPLES: Array<[RegExp, Record<string, unknown>]> = [
  [/^PUT .*\/import$/, { vcs: 'git', vcs_url: 'https://github.com/octo/source.git', vcs_username: 'u', vcs_password: 'p' }],
  [/^PATCH .*\/import$/, { vcs_username: 'u', vcs_password: 'p' }],
  [/^PATCH .*\/import\/authors\/\{[^}]+\}$/, { email: 'a@example.com', name: 'A' }],
  [/^PATCH .*\/import\/lfs$/, { use_lfs: 'opt_in' }],
  [/^POST .*\/hooks$/, { config: { url: 'https://hooks.example.com/x', content_type: 'json', secret: 's3cr3t' }, events: ['repository_import'], active: true }],
  [/^(POST|PATCH) .*\/repos(\/\{[^}]+\}){0,2}$/, { name: 'new-repo', description: 'd', private: false }],
  [/^PUT .*actions\/permissions$/, { enabled: true, allowed_actions: 'all' }],
  [/^POST .*\/feed$/, { message: 'hello', published: true }],
  [/^POST .*\/customaudiences$/, { name: 'A', subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY' }],
  [/^POST .*\/adsets$/, { name: 'S', status: 'PAUSED', daily_budget: 1000, billing_event: 'IMPRESSIONS', optimization_goal: 'REACH' }],
  [/^POST \/\{[^}]+\}$/, { message: 'edited' }],
  [
    /^POST .*projects.*\/cachedContents$/,
    {
      model: 'projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash',
      contents: [{ role: 'user', parts: [{ text: 'cache me '.repeat(700) }] }],
      ttl: '3600s',
    },
  ],
  [/^POST .*\/cachedContents$/, { model: 'models/gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'cache me '.repeat(700) }] }], ttl: '3600s' }],
  [/^PATCH .*\/cachedContents\/\{[^}]+\}$/, { ttl: '600s' }],
  [/^POST .*:(generateContent|streamGenerateContent)$/, { contents: [{ role: 'user', parts: [{ text: 'hello' }] }], generationConfig: { temperature: 0.2 } }],
  [/^POST .*:countTokens$/, { contents: [{ role: 'user', parts: [{ text: 'hello' }] }] }],
];

/** The example body of a route, or a generic one. */
export function exampleBody(routeKey: string): Record<string, unknown> {
  for (const [re, body] of EXAMPLES) if (re.test(routeKey)) return body;
  return { name: 'x' };
}

function mutate(example: Record<string, unknown>, m: Mutation): unknown {
  const keys = Object.keys(example);
  const copy: Record<string, unknown> = { ...example };
  switch (m.op) {
    case 'keep':
      return copy;
    case 'drop':
      if (keys.length) delete copy[keys[m.index % keys.length] as string];
      return copy;
    case 'set':
      if (keys.length) copy[keys[m.index % keys.length] as string] = m.value;
      return copy;
    case 'add':
      copy[m.key] = m.value;
      return copy;
    case 'wrap':
      return m.as === 'array' ? [copy] : m.as === 'string' ? JSON.stringify(copy) : null;
  }
}

function encodeParam(p: ParamPick): string {
  // 'raw' values go into the path unencoded (broken percent-escapes, slashes, dots).
  if (p.kind === 'raw') return Array.from(p.value, (ch) => (ch.charCodeAt(0) <= 0x20 ? encodeURIComponent(ch) : ch)).join('');
  return encodeURIComponent(p.value);
}

/** Fills a template with parameter picks; `{name=a/*}` patterns take one pick per star. */
export function fillTemplate(template: string, picks: ParamPick[]): string {
  let i = 0;
  const next = () => encodeParam(picks[i++] ?? { kind: 'world', value: 'x' });
  return template.replace(PARAM, (_all, plus: string, _name: string, pattern: string | undefined) => {
    if (pattern) return pattern.replace(/\*\*?/g, () => next());
    if (plus) return next().replace(/%2F/gi, '/');
    return next();
  });
}

/** Builds the concrete request of a descriptor for a service whose base URLs are given. */
export function materialize(desc: RequestDesc, baseUrls: readonly string[]): Materialized {
  const space = desc.route.indexOf(' ');
  let method = desc.route.slice(0, space);
  const template = desc.route.slice(space + 1);
  let path = fillTemplate(template, desc.params);
  if (desc.pathTweak === 'append') path += '/extra';
  else if (desc.pathTweak === 'drop') path = path.replace(/\/[^/]*$/, '') || '/';
  else if (desc.pathTweak === 'slash') path += '/';
  else if (desc.pathTweak === 'double') path = path.replace(/\//g, '//');
  if (desc.methodTweak === 'lower') method = method.toLowerCase();
  else if (desc.methodTweak === 'other') method = method === 'GET' ? 'DELETE' : method === 'POST' ? 'PUT' : 'GET';
  // Vertex routes live on the regional hosts, Gemini routes on the Gemini host: aim a template at a base that fits it.
  // (A server's `/gemini` base speaks the Gemini API too.)
  const gemini = (b: string) => b.includes('generativelanguage') || b.endsWith('/gemini');
  const fitting = baseUrls.filter((b) => (template.includes('/projects/') ? !gemini(b) : template.includes('cachedContents') ? gemini(b) : true));
  const pool = fitting.length ? fitting : baseUrls;
  const base = pool[desc.base % pool.length] as string;
  const url = new URL(base);
  const prefix = url.pathname.replace(/\/+$/, '');
  const headers: Record<string, string> = {};
  const search = new URLSearchParams();
  for (const [k, v] of desc.query) search.append(k, v);
  if (desc.auth.kind === 'header') headers.authorization = desc.auth.value;
  else if (desc.auth.kind === 'query') search.append(desc.auth.key, desc.auth.value);
  else if (desc.auth.kind === 'api-key') headers['x-goog-api-key'] = desc.auth.value;
  for (const [k, v] of desc.headers) headers[k] = v;
  const qs = search.toString();
  const href = `${url.origin}${prefix}${path}${qs ? `?${qs}` : ''}`;
  const out: Materialized = { method, url: href, headers };
  const b = desc.body;
  switch (b.kind) {
    case 'none':
      break;
    case 'json':
      out.body = JSON.stringify(b.value) ?? 'null';
      headers['content-type'] = b.contentType;
      break;
    case 'example':
      out.body = JSON.stringify(mutate(exampleBody(desc.route), b.mutation)) ?? 'null';
      headers['content-type'] = b.contentType;
      break;
    case 'text':
      out.body = b.text;
      if (b.contentType) headers['content-type'] = b.contentType;
      break;
    case 'bytes':
      out.body = Uint8Array.from(b.bytes);
      if (b.contentType) headers['content-type'] = b.contentType;
      break;
    case 'huge':
      out.body = JSON.stringify({ ...exampleBody(desc.route), [b.field]: 'x'.repeat(b.size) });
      headers['content-type'] = b.contentType;
      break;
    case 'deep': {
      const open = b.array ? '[' : '{"a":';
      const close = b.array ? ']' : '}';
      out.body = `${open.repeat(b.depth)}1${close.repeat(b.depth)}`;
      headers['content-type'] = 'application/json';
      break;
    }
    case 'form':
      out.body = new URLSearchParams(b.fields).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
      break;
    case 'multipart': {
      const boundary = 'reliabilityBoundary';
      const parts = b.fields.map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('');
      out.body = b.broken ? `--${boundary}\r\ngarbage` : `${parts}--${boundary}--\r\n`;
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
      break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Properties.

const GOOGLE_CODES = new Set([
  'INVALID_ARGUMENT',
  'FAILED_PRECONDITION',
  'OUT_OF_RANGE',
  'UNAUTHENTICATED',
  'PERMISSION_DENIED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'ABORTED',
  'RESOURCE_EXHAUSTED',
  'CANCELLED',
]);

/** Why an error answer is not in the service's own envelope, or undefined when it is. */
export function envelopeProblem(service: Service, res: HandledResponse): string | undefined {
  if (!(res.headers['content-type'] ?? '').includes('json')) return `error answer is not JSON (content-type ${res.headers['content-type']})`;
  const body = res.json as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return 'error answer has no JSON object body';
  if (service === 'codeHosting') {
    if (typeof body.message !== 'string' || body.message === '') return 'GitHub error without a message';
    if (typeof body.documentation_url !== 'string') return 'GitHub error without documentation_url';
    return undefined;
  }
  const err = body.error as Record<string, unknown> | undefined;
  if (!err || typeof err !== 'object') return 'error answer without an `error` object';
  if (typeof err.message !== 'string' || err.message === '') return 'error without a message';
  if (service === 'socialGraph') {
    if (typeof err.code !== 'number') return 'Graph error without a numeric code';
    if (typeof err.type !== 'string') return 'Graph error without a type';
    if (typeof err.fbtrace_id !== 'string') return 'Graph error without fbtrace_id';
    return undefined;
  }
  if (err.code !== res.status) return `Google error code ${String(err.code)} differs from HTTP status ${res.status}`;
  if (typeof err.status !== 'string' || !GOOGLE_CODES.has(err.status)) return `Google error with status ${String(err.status)}`;
  return undefined;
}

/** What happened to one generated request. */
export interface Outcome {
  res?: HandledResponse;
  problem?: string;
}

const HANG_MS = 10_000;

/**
 * State paths a rejected request may change. None: per-request accounting such as GitHub's rate-limit
 * windows (which count a 401 or a 404 too) lives in the host's meters, outside the state tree.
 */
export const BOOKKEEPING: Readonly<Record<string, ReadonlyArray<readonly string[]>>> = {};

/** Whether `after` is `before` except for bookkeeping paths (each other branch the same object). */
export function sameExceptBookkeeping(before: unknown, after: unknown): boolean {
  if (before === after) return true;
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (a[key] === b[key]) continue;
    const paths = BOOKKEEPING[key];
    if (!paths || !sameOutside(b[key], a[key], paths)) return false;
  }
  return true;
}

function sameOutside(before: unknown, after: unknown, paths: ReadonlyArray<readonly string[]>): boolean {
  if (before === after) return true;
  if (paths.some((p) => p.length === 0)) return true;
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return false;
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (a[key] === b[key]) continue;
    const sub = paths.filter((p) => p[0] === key).map((p) => p.slice(1));
    if (sub.length === 0 || !sameOutside(b[key], a[key], sub)) return false;
  }
  return true;
}

/** How a probe sends a request: in-process by default; the server variant sends it over a real port. */
export type Send = (fakes: Fakes, req: Materialized) => Promise<HandledResponse>;

/** Sends one request (through `fakes.handle()` unless told otherwise) and checks every property; returns the first broken one. */
export async function probe(fakes: Fakes, service: Service, req: Materialized, base: FakesSnapshot, send: Send = (f, r) => f.handle(r)): Promise<Outcome> {
  fakes.restore(base);
  stats.requests += 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_MS);
  });
  let res: HandledResponse | 'hang';
  try {
    res = await Promise.race([send(fakes, req), hang]);
  } catch (err) {
    return { problem: `handle() threw: ${(err as Error)?.stack ?? String(err)}` };
  } finally {
    clearTimeout(timer);
  }
  if (res === 'hang') return { problem: `no answer within ${HANG_MS} ms` };
  const after = fakes.snapshot();
  if (res.status >= 500)
    return { res, problem: `answered ${res.status}${res.call.error ? `: ${res.call.error.stack ?? res.call.error.message}` : ''} ${res.text.slice(0, 300)}` };
  if (res.call.error) return { res, problem: `internal error recorded: ${res.call.error.stack ?? res.call.error.message}` };
  if (res.status < 100 || res.status >= 600) return { res, problem: `impossible status ${res.status}` };
  if (res.status >= 400) {
    stats.rejected += 1;
    const env = envelopeProblem(service, res);
    if (env) return { res, problem: `${res.status}: ${env}: ${res.text.slice(0, 300)}` };
    if (!sameExceptBookkeeping(base, after)) return { res, problem: `rejected with ${res.status} but the state changed (${res.text.slice(0, 200)})` };
  } else stats.accepted += 1;
  return { res };
}

/** A readable one-liner of a request for failure messages. */
export function show(req: Materialized): string {
  const body = req.body === undefined ? '' : typeof req.body === 'string' ? req.body : `<${req.body.length} bytes>`;
  return `${req.method} ${req.url.length > 300 ? `${req.url.slice(0, 300)}…` : req.url} ${JSON.stringify(req.headers)} body=${body.length > 300 ? `${body.slice(0, 300)}… (${body.length} chars)` : body}`;
}
