/**
 * Redaction by rule: a secret planted in any of 40+ positions across the three services (headers,
 * query, form and JSON bodies, nested, arrays, Graph batch parts, URLs in answers, seeded credentials
 * echoed in answers, failure messages) is found nowhere the fakes keep or show: the journal
 * (`fakes.calls`, `fakes.unmatched`), `describe()`, the errors they throw or answer, and, in server
 * mode, any admin API answer.
 */
import { request } from 'node:http';
import fc from 'fast-check';
import { type Fakes, createFakes } from 'stuntdouble';
import { type StuntdoubleServer, serve } from 'stuntdouble/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const GH = 'https://api.github.com';
const GRAPH = 'https://graph.facebook.com/v24.0';
const GEMINI = 'https://generativelanguage.googleapis.com/v1beta';
const VERTEX = 'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1';

interface Req {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
}
interface World {
  pageId: string;
}
interface Plant {
  /** Where the secret goes. */
  name: string;
  /** Seeds what the position needs (a credential with the secret's value, an override). */
  setup?: (fakes: Fakes, secret: string, world: World) => void;
  /** The requests that carry it. */
  requests: (secret: string, world: World) => Req[];
}

const json = (body: unknown) => ({ headers: { authorization: 'token t', 'content-type': 'application/json' }, body: JSON.stringify(body) });
const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const b64 = (s: string) => Buffer.from(s).toString('base64');

const PLANTS: Plant[] = [
  // GitHub REST: headers.
  { name: 'gh Authorization: token', requests: (s) => [{ method: 'GET', url: `${GH}/user`, headers: { authorization: `token ${s}` } }] },
  { name: 'gh Authorization: Bearer', requests: (s) => [{ method: 'GET', url: `${GH}/repos/octo/hello`, headers: { authorization: `Bearer ${s}` } }] },
  { name: 'gh Authorization: Basic', requests: (s) => [{ method: 'GET', url: `${GH}/user`, headers: { authorization: `Basic ${b64(`octocat:${s}`)}` } }] },
  { name: 'gh X-Auth', requests: (s) => [{ method: 'GET', url: `${GH}/rate_limit`, headers: { authorization: 'token t', 'X-Auth': s } }] },
  { name: 'gh x-session', requests: (s) => [{ method: 'GET', url: `${GH}/rate_limit`, headers: { authorization: 'token t', 'x-session': s } }] },
  { name: 'gh x-jwt', requests: (s) => [{ method: 'GET', url: `${GH}/rate_limit`, headers: { authorization: 'token t', 'x-jwt': s } }] },
  { name: 'gh X-GitHub-OTP', requests: (s) => [{ method: 'GET', url: `${GH}/user`, headers: { authorization: 'token t', 'X-GitHub-OTP': s } }] },
  {
    name: 'gh Cookie',
    requests: (s) => [{ method: 'GET', url: `${GH}/user`, headers: { authorization: 'token t', cookie: `user_session=${s}; logged_in=yes` } }],
  },
  {
    name: 'gh X-Hub-Signature-256',
    requests: (s) => [{ method: 'GET', url: `${GH}/user`, headers: { authorization: 'token t', 'X-Hub-Signature-256': `sha256=${s}` } }],
  },
  // GitHub REST: URL, query.
  { name: 'gh URL password', requests: (s) => [{ method: 'GET', url: `https://octocat:${s}@api.github.com/user` }] },
  { name: 'gh URL token user-info', requests: (s) => [{ method: 'GET', url: `https://${s}@api.github.com/user` }] },
  { name: 'gh ?access_token=', requests: (s) => [{ method: 'GET', url: `${GH}/user?access_token=${s}` }] },
  {
    name: 'gh ?client_secret=',
    requests: (s) => [{ method: 'GET', url: `${GH}/rate_limit?client_id=abc&client_secret=${s}`, headers: { authorization: 'token t' } }],
  },
  {
    name: 'gh access_token[]=',
    requests: (s) => [{ method: 'GET', url: `${GH}/rate_limit?access_token[]=${s}&access_token[]=${s}x`, headers: { authorization: 'token t' } }],
  },
  {
    name: 'gh unmatched path with ?token=',
    requests: (s) => [{ method: 'GET', url: `${GH}/repos/octo/hello/isues?token=${s}`, headers: { authorization: 'token t' } }],
  },
  // GitHub REST: JSON bodies.
  {
    name: 'gh import vcs_password',
    requests: (s) => [{ method: 'PATCH', url: `${GH}/repos/octo/hello/import`, ...json({ vcs_username: 'octocat', vcs_password: s }) }],
  },
  {
    name: 'gh import vcs_url with user-info',
    requests: (s) => [
      { method: 'PUT', url: `${GH}/repos/octo/hello/import`, ...json({ vcs: 'subversion', vcs_url: `https://octocat:${s}@svn.example.com/r` }) },
    ],
  },
  {
    name: 'gh hook config.secret (echoed config)',
    requests: (s) => [
      { method: 'POST', url: `${GH}/repos/octo/hello/hooks`, ...json({ config: { url: 'https://hooks.example.com/in', content_type: 'json', secret: s } }) },
    ],
  },
  {
    name: 'gh nested deep password',
    requests: (s) => [{ method: 'POST', url: `${GH}/user/repos`, ...json({ name: 'deep', extra: { a: [{ b: { c: [{ password: s }] } }] } }) }],
  },
  { name: 'gh tokens array', requests: (s) => [{ method: 'POST', url: `${GH}/user/repos`, ...json({ name: 'arr', tokens: [s, `${s}2`] }) }] },
  {
    name: 'gh numeric secret',
    requests: (s) => [
      { method: 'POST', url: `${GH}/user/repos`, ...json({ name: 'num', pin_code: 1, otp: Number(`9${s.replace(/\D/g, '').slice(0, 12) || '12345678'}`) }) },
    ],
  },
  {
    name: 'gh URL with access_token in a body string (echoed)',
    requests: (s) => [
      { method: 'POST', url: `${GH}/user/repos`, ...json({ name: 'echo', description: `docs at https://docs.example.com/x?access_token=${s}&a=1` }) },
    ],
  },
  {
    name: 'gh JSON inside a body string',
    requests: (s) => [{ method: 'POST', url: `${GH}/user/repos`, ...json({ name: 'inner', homepage: JSON.stringify({ api_key: s, note: 'x' }) }) }],
  },
  {
    name: 'gh seeded token (strict auth), echoed nowhere',
    setup: (fakes, s) => {
      fakes.codeHosting.seed.token({ token: s, type: 'classic', scopes: ['repo'], label: 'planted' });
    },
    requests: (s) => [
      { method: 'GET', url: `${GH}/user`, headers: { authorization: `token ${s}` } },
      { method: 'GET', url: `${GH}/repos/octo/nothing`, headers: { authorization: `token ${s}` } },
    ],
  },
  {
    name: 'gh seeded hook secret',
    setup: (fakes, s) => {
      fakes.codeHosting.seed.hook({ owner: 'octo', repo: 'hello', url: 'https://hooks.example.com/in', secret: s });
    },
    requests: () => [{ method: 'GET', url: `${GH}/repos/octo/hello/hooks`, headers: { authorization: 'token t' } }],
  },
  {
    name: 'gh an override that throws the request headers',
    setup: (fakes) => {
      fakes.override('codeHosting', 'GET /rate_limit', (ctx) => {
        throw new Error(`upstream refused\nAuthorization: ${ctx.req.headers.authorization}\nfor ${ctx.req.url.href}`);
      });
    },
    requests: (s) => [{ method: 'GET', url: `${GH}/rate_limit?access_token=${s}`, headers: { authorization: `Bearer ${s}` } }],
  },
  // Facebook Graph.
  { name: 'graph ?access_token=', requests: (s, w) => [{ method: 'GET', url: `${GRAPH}/${w.pageId}?fields=name&access_token=${s}` }] },
  { name: 'graph ?Access_Token=', requests: (s, w) => [{ method: 'GET', url: `${GRAPH}/${w.pageId}?Access_Token=${s}` }] },
  { name: 'graph ?appsecret_proof=', requests: (s, w) => [{ method: 'GET', url: `${GRAPH}/${w.pageId}?access_token=EAAt&appsecret_proof=${s}` }] },
  {
    name: 'graph ?input_token= and fb_exchange_token=',
    requests: (s) => [{ method: 'GET', url: `${GRAPH}/me?access_token=EAAt&input_token=${s}&fb_exchange_token=${s}` }],
  },
  { name: 'graph Authorization: OAuth', requests: (s) => [{ method: 'GET', url: `${GRAPH}/me`, headers: { authorization: `OAuth ${s}` } }] },
  {
    name: 'graph paging.next echoes the token (answer)',
    requests: (s, w) => [{ method: 'GET', url: `${GRAPH}/${w.pageId}/feed?limit=1&access_token=${s}` }],
  },
  {
    name: 'graph form body access_token',
    requests: (s, w) => [{ method: 'POST', url: `${GRAPH}/${w.pageId}/feed`, ...form({ message: 'hi', access_token: s }) }],
  },
  {
    name: 'graph JSON body access_token',
    requests: (s, w) => [
      {
        method: 'POST',
        url: `${GRAPH}/${w.pageId}/feed`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'hi', access_token: s }),
      },
    ],
  },
  {
    name: 'graph batch relative_url',
    requests: (s, w) => [
      {
        method: 'POST',
        url: `${GRAPH}/`,
        ...form({ access_token: 'EAAt', batch: JSON.stringify([{ method: 'GET', relative_url: `${w.pageId}?fields=name&access_token=${s}` }]) }),
      },
    ],
  },
  {
    name: 'graph batch item body',
    requests: (s, w) => [
      {
        method: 'POST',
        url: `${GRAPH}/`,
        ...form({ access_token: 'EAAt', batch: JSON.stringify([{ method: 'POST', relative_url: `${w.pageId}/feed`, body: `message=hi&access_token=${s}` }]) }),
      },
    ],
  },
  {
    name: 'graph batch item headers',
    requests: (s, w) => [
      {
        method: 'POST',
        url: `${GRAPH}/`,
        ...form({
          access_token: 'EAAt',
          batch: JSON.stringify([{ method: 'GET', relative_url: `${w.pageId}?fields=name`, headers: [`Authorization: OAuth ${s}`] }]),
        }),
      },
    ],
  },
  {
    name: 'graph seeded user token (strict auth)',
    setup: (fakes, s) => {
      fakes.socialGraph.seed.token({ type: 'user', token: s });
    },
    requests: (s, w) => [
      { method: 'GET', url: `${GRAPH}/me?access_token=${s}` },
      { method: 'GET', url: `${GRAPH}/${w.pageId}/feed?limit=1&access_token=${s}` },
    ],
  },
  {
    name: 'graph seeded page token listed in /me/accounts (answer)',
    setup: (fakes, s, w) => {
      fakes.socialGraph.seed.token({ type: 'user', token: 'EAAuserSeeded0001' });
      fakes.socialGraph.seed.token({ type: 'page', token: s, pageId: w.pageId, tasks: ['CREATE_CONTENT', 'MANAGE'] });
    },
    requests: () => [{ method: 'GET', url: `${GRAPH}/me/accounts?access_token=EAAuserSeeded0001` }],
  },
  {
    name: 'graph seeded app secret',
    setup: (fakes, s) => {
      fakes.socialGraph.seed.app({ secret: s });
    },
    requests: (_s, w) => [{ method: 'GET', url: `${GRAPH}/${w.pageId}?access_token=EAAt` }],
  },
  // Vertex AI / Gemini cachedContents.
  { name: 'gemini ?key=', requests: (s) => [{ method: 'GET', url: `${GEMINI}/cachedContents?key=${s}` }] },
  { name: 'gemini x-goog-api-key', requests: (s) => [{ method: 'GET', url: `${GEMINI}/cachedContents`, headers: { 'x-goog-api-key': s } }] },
  { name: 'vertex Authorization: Bearer', requests: (s) => [{ method: 'GET', url: `${VERTEX}/cachedContents`, headers: { authorization: `Bearer ${s}` } }] },
  {
    name: 'vertex x-goog-iam-authorization-token',
    requests: (s) => [{ method: 'GET', url: `${VERTEX}/cachedContents`, headers: { authorization: 'Bearer ya29.t', 'x-goog-iam-authorization-token': s } }],
  },
  {
    name: 'gemini body text password=',
    requests: (s) => [
      {
        method: 'POST',
        url: `${GEMINI}/cachedContents`,
        headers: { 'x-goog-api-key': 'AIza-t', 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'models/gemini-2.5-flash',
          ttl: '300s',
          contents: [{ role: 'user', parts: [{ text: `${'abcd'.repeat(1100)} password=${s} end` }] }],
        }),
      },
    ],
  },
  {
    name: 'gemini body systemInstruction header line',
    requests: (s) => [
      {
        method: 'POST',
        url: `${GEMINI}/cachedContents`,
        headers: { 'x-goog-api-key': 'AIza-t', 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'models/gemini-2.5-flash',
          systemInstruction: { parts: [{ text: `Authorization: Bearer ${s}` }] },
          contents: [{ role: 'user', parts: [{ text: 'abcd'.repeat(1100) }] }],
        }),
      },
    ],
  },
  {
    name: 'gemini unknown body field apiKey (error answer)',
    requests: (s) => [
      {
        method: 'POST',
        url: `${GEMINI}/cachedContents`,
        headers: { 'x-goog-api-key': 'AIza-t', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'models/gemini-2.5-flash', apiKey: s }),
      },
    ],
  },
  {
    name: 'gemini seeded API key (strict auth)',
    setup: (fakes, s) => {
      fakes.modelCache.seed.credential({ apiKey: s, label: 'planted-key' });
    },
    requests: (s) => [
      { method: 'GET', url: `${GEMINI}/cachedContents`, headers: { 'x-goog-api-key': s } },
      { method: 'GET', url: `${GEMINI}/cachedContents/nope?key=${s}` },
    ],
  },
  {
    name: 'vertex seeded token (strict auth)',
    setup: (fakes, s) => {
      fakes.modelCache.seed.credential({ token: s, label: 'planted-token' });
    },
    requests: (s) => [{ method: 'GET', url: `${VERTEX}/cachedContents/404`, headers: { authorization: `Bearer ${s}` } }],
  },
];

/** Every form the secret could take where it was planted: as is, URL-encoded, in a Basic pair. */
function forms(secret: string): string[] {
  return [secret, encodeURIComponent(secret), b64(`octocat:${secret}`), b64(`${secret}:`)];
}

function leaks(where: string, text: string | undefined, secret: string): string[] {
  if (!text) return [];
  return forms(secret)
    .filter((f) => text.includes(f))
    .map((f) => `${where} holds ${f === secret ? 'the secret' : `an encoded form (${f})`}`);
}

/** A secret: 12 to 24 letters and digits behind a prefix no fake writes by itself. */
const secretArb = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/).map((s) => `S3cr${s}`);

function freshFakes(): { fakes: Fakes; world: World; baseline: ReturnType<Fakes['snapshot']> } {
  const fakes = createFakes({ clock: '2024-01-10T00:00:00Z', auth: 'strict' });
  fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
  const page = fakes.socialGraph.seed.page({ name: 'Cafe' });
  fakes.socialGraph.seed.posts({ pageId: page.id, count: 3 });
  return { fakes, world: { pageId: page.id }, baseline: fakes.snapshot() };
}

/** Everything the fakes keep or show in process, and the failures they throw. */
function inProcessLeaks(fakes: Fakes, secret: string): string[] {
  const found = [
    ...leaks('fakes.calls', JSON.stringify(fakes.calls), secret),
    ...leaks('fakes.unmatched', JSON.stringify(fakes.unmatched), secret),
    ...leaks('describe()', fakes.describe(), secret),
  ];
  for (const c of fakes.calls) if (c.error) found.push(...leaks(`call #${c.seq} error`, `${c.error.message} ${c.error.stack}`, secret));
  try {
    fakes.verify();
  } catch (err) {
    found.push(...leaks('the error verify() throws', `${(err as Error).message}\n${(err as Error).stack}`, secret));
  }
  return found;
}

describe('in process: a secret in any of the planted positions is nowhere the fakes keep or show', () => {
  const { fakes, world, baseline } = freshFakes();

  it(`plants in ${PLANTS.length} positions across the three services`, () => {
    expect(PLANTS.length).toBeGreaterThanOrEqual(40);
    const services = new Set(PLANTS.map((p) => p.name.split(' ')[0]));
    expect([...services].sort()).toEqual(['gemini', 'gh', 'graph', 'vertex']);
  });

  it('for every position and generated secrets', async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: PLANTS.length * 4 - 1 }), secretArb, async (pick, secret) => {
        // Every position comes up: the first runs walk them in order, later ones pick at random.
        const plant = PLANTS[pick % PLANTS.length] as Plant;
        fakes.reset();
        fakes.restore(baseline);
        plant.setup?.(fakes, secret, world);
        const answers: string[] = [];
        for (const req of plant.requests(secret, world)) {
          const res = await fakes.handle(req);
          sent += 1;
          // An error answer is what an SDK's thrown error quotes.
          if (res.status >= 400) answers.push(`${res.status} ${res.text} ${JSON.stringify(res.headers)}`);
          answers.push(JSON.stringify(res.call));
        }
        const found = [...inProcessLeaks(fakes, secret), ...answers.flatMap((a) => leaks('an error answer or the call handle() returned', a, secret))];
        if (found.length) throw new Error(`${plant.name}: ${found.join('; ')}`);
      }),
      { numRuns: PLANTS.length * 4, seed: 20_261_127, examples: PLANTS.map((_, i) => [i, `S3crExample${i}abcdefgh`] as [number, string]) },
    );
    expect(sent).toBeGreaterThanOrEqual(PLANTS.length);
  });
});

/** Sends a request meant for a real host to the server instead (its prefix for that host). */
function toServer(server: StuntdoubleServer, req: Req): Promise<number> {
  const u = new URL(req.url);
  const prefix =
    u.hostname === 'api.github.com'
      ? '/github'
      : u.hostname === 'graph.facebook.com'
        ? '/graph'
        : u.hostname.endsWith('aiplatform.googleapis.com')
          ? '/vertex'
          : '/gemini';
  const headers: Record<string, string> = { ...(req.headers ?? {}) };
  // Credentials in a URL travel as Basic auth, as curl and fetch send them.
  if ((u.username || u.password) && !headers.authorization)
    headers.authorization = `Basic ${b64(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`)}`;
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  if (body) headers['content-length'] = String(body.byteLength);
  const path = `${prefix}${u.pathname}${u.search}`;
  return new Promise((resolve, reject) => {
    const r = request({ host: '127.0.0.1', port: server.port, method: req.method, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    r.on('error', reject);
    r.end(body);
  });
}

// Every admin answer a reader gets (the writes answer their own input, to the client that sent it).
const ADMIN_READS = [
  'health',
  'state',
  'state/codeHosting',
  'state/socialGraph',
  'state/modelCache',
  'describe',
  'calls',
  'unmatched',
  'applied',
  'faults',
  'clock',
  'seed',
];

describe('server mode: no admin API answer holds a planted secret', () => {
  const { fakes, world, baseline } = freshFakes();
  let server: StuntdoubleServer;
  beforeAll(async () => {
    server = await serve(fakes, { port: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('for every position over HTTP, with generated secrets', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: PLANTS.length - 1 }), secretArb, async (pick, secret) => {
        const plant = PLANTS[pick] as Plant;
        fakes.reset();
        fakes.restore(baseline);
        plant.setup?.(fakes, secret, world);
        for (const req of plant.requests(secret, world)) await toServer(server, req);
        const found = inProcessLeaks(fakes, secret);
        for (const route of ADMIN_READS) {
          const res = await fetch(`${server.url}/__stuntdouble/${route}`);
          found.push(...leaks(`GET /__stuntdouble/${route}`, await res.text(), secret));
        }
        if (found.length) throw new Error(`${plant.name} over HTTP: ${found.join('; ')}`);
      }),
      { numRuns: PLANTS.length * 2, seed: 20_261_128, examples: PLANTS.map((_, i) => [i, `S3crExample${i}abcdefgh`] as [number, string]) },
    );
  });
});
