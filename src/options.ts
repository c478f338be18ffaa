import { z } from 'zod';
import type { NotInstalledError } from './errors.js';
import type { CodeHostingOptionsSchema } from './fakes/code-hosting/core/options.js';
import type { ModelCacheOptionsSchema } from './fakes/model-cache/options.js';
import type { SocialGraphOptionsSchema } from './fakes/social-graph/options.js';
import type { OnUnhandledRequest, UnhandledRequestCallback } from './http/interception.js';

const isFunction = (v: unknown) => typeof v === 'function';

/** Options of {@link createFakes}; every key is optional. Unknown keys throw, naming the nearest valid one. */
export const FakesOptionsSchema = z
  .object({
    /** `'lenient'` (default): any non-empty token works with full rights; `'strict'`: only seeded tokens. Seeding a token turns the permission model on in either mode. */
    auth: z.enum(['lenient', 'strict']).default('lenient'),
    /**
     * `'real'` (default): system time, unaffected by a runner's fake timers; `'system'`: `Date.now()`
     * read each time, so `vi.setSystemTime()`/`jest.setSystemTime()` move it; or an instant (Date, ISO
     * string, epoch ms) where a frozen clock starts.
     */
    clock: z.union([z.literal('real'), z.literal('system'), z.date(), z.string(), z.number()]).default('real'),
    /**
     * What happens to a request, while installed, to a host no fake serves (msw's convention):
     * `'error'` (default) refuses it with an `UnhandledRequestError`, `'warn'` lets it through with a
     * warning, `'bypass'` lets it through silently, a function decides per request. Loopback hosts
     * (`localhost`, `127.0.0.1`, `::1`) pass under the string strategies. Requests let through still
     * obey your own nock settings (`nock.disableNetConnect()` and its allow-list), which stuntdouble never changes.
     */
    onUnhandledRequest: z.union([z.enum(['error', 'warn', 'bypass']), z.custom<UnhandledRequestCallback>(isFunction, 'expected a function')]).optional(),
    /**
     * Legacy spelling, kept working: `true` is `onUnhandledRequest: 'bypass'`; a host string or RegExp
     * lets the matching hosts through under `'error'`. Default false.
     */
    allowNetConnect: z.union([z.boolean(), z.string(), z.instanceof(RegExp)]).default(false),
    /**
     * Fails a request to a faked host sent while no fakes are installed (a test that forgot
     * `install()`), instead of letting it reach the real service. Default: on under vitest, Jest and
     * node:test, off elsewhere. A function receives the error instead of the default report (the
     * error is also thrown outside the request, so the test runner fails the test).
     */
    guard: z.union([z.boolean(), z.custom<(error: NotInstalledError) => void>(isFunction, 'expected a function')]).optional(),
    /**
     * Record calls in the journal (default true: the last 10,000 calls within 64 MiB, bodies included,
     * each body up to 256 KiB). `false` records nothing; `{ limit, bodies, maxBytes, maxBodyBytes }`
     * keeps at most `limit` calls and `maxBytes` bytes of them (older ones are dropped and counted in
     * `fakes.calls.dropped`; `count()` stays exact), keeps a body larger than `maxBodyBytes` truncated
     * (marked `...[truncated by stuntdouble]`, and `call.truncated`), and with `bodies: false` keeps no
     * request or response bodies.
     */
    journal: z
      .union([
        z.boolean(),
        z
          .object({
            /** Calls kept (the most recent), default 10,000; 0 keeps none but still counts them. */
            limit: z.number().int().nonnegative().optional(),
            /** Keep request and response bodies in journal entries (default true). */
            bodies: z.boolean().optional(),
            /** Byte budget of all kept calls together (estimated heap), default 64 MiB; the oldest go beyond it, the newest always stays. */
            maxBytes: z.number().int().positive().optional(),
            /** The most one body keeps, default 256 KiB (at least 1 KiB); a larger body is kept truncated with a marker. */
            maxBodyBytes: z.number().int().min(1024).optional(),
          })
          .strict(),
      ])
      .default(true),
    /**
     * How requests reach the fakes. `'direct'` (default): answered inside the interception layer the
     * process already runs (nock's or msw's @mswjs/interceptors) or stuntdouble's own, and by undici's
     * global dispatcher, with no timers on the path (5-10x faster than nock; nock is not needed).
     * `'nock'`: one persisted nock interceptor per faked host, as before (needs nock). The environment
     * variable `STUNTDOUBLE_TRANSPORT` (`direct` or `nock`) sets the default for a whole suite.
     */
    transport: z.enum(['direct', 'nock']).optional(),
    /** `'record'` (default) lists unmatched requests in `fakes.unmatched`; `'error'` also fails the test in `useFakes`' afterEach (and `fakes.verify()`). */
    onUnmatched: z.enum(['record', 'error']).default('record'),
    codeHosting: z.unknown().optional(),
    socialGraph: z.unknown().optional(),
    modelCache: z.unknown().optional(),
  })
  .strict();

/** Each service's own options, typed from its zod schema (each service validates its own). */
export interface ServiceOptions {
  /** The code hosting fake (GitHub REST): `baseUrls`, `importProgress`, `useLfsFormat`, `defaultLogin`, `importsRetireAt`, `largeFilesSize`. */
  codeHosting?: z.input<typeof CodeHostingOptionsSchema>;
  /** The social graph fake (Facebook Graph): `baseUrls`. */
  socialGraph?: z.input<typeof SocialGraphOptionsSchema>;
  /** The model cache fake (Vertex AI / Gemini cachedContents): `baseUrls`. */
  modelCache?: z.input<typeof ModelCacheOptionsSchema>;
}

type ServiceKeys = keyof ServiceOptions;

/** What `createFakes()` accepts. */
export type FakesOptions = Omit<z.input<typeof FakesOptionsSchema>, ServiceKeys> & ServiceOptions;
/** Options after defaults (service options as given; each service applies its own defaults). */
export type ResolvedFakesOptions = Omit<z.output<typeof FakesOptionsSchema>, ServiceKeys | 'transport'> &
  ServiceOptions & {
    /** The transport in use. */
    transport: 'direct' | 'nock';
  };

/** The option keys, for "did you mean" messages. */
export const FAKES_OPTION_KEYS = Object.keys(FakesOptionsSchema.shape);

/** The effective unhandled-request policy and extra allowed hosts from the options. */
export function unhandledPolicy(o: ResolvedFakesOptions): { policy: OnUnhandledRequest; allowHost: ((host: string) => boolean) | undefined } {
  const legacy = o.allowNetConnect;
  const policy: OnUnhandledRequest = o.onUnhandledRequest ?? (legacy === true ? 'bypass' : 'error');
  let allowHost: ((host: string) => boolean) | undefined;
  if (typeof legacy === 'string') allowHost = (host) => new RegExp(legacy).test(host);
  else if (legacy instanceof RegExp) allowHost = (host) => legacy.test(host);
  return { policy, allowHost };
}

/** The transport used when `createFakes()` is given none: `STUNTDOUBLE_TRANSPORT`, else `'direct'`. */
export function defaultTransport(env: NodeJS.ProcessEnv = process.env): 'direct' | 'nock' {
  const value = env.STUNTDOUBLE_TRANSPORT?.trim();
  if (!value) return 'direct';
  if (value === 'direct' || value === 'nock') return value;
  throw new TypeError(`stuntdouble: STUNTDOUBLE_TRANSPORT must be 'direct' or 'nock', got '${value}'`);
}

/** Whether this process runs under a test runner (the guard's default). */
export function underTestRunner(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.VITEST || env.VITEST_WORKER_ID || env.JEST_WORKER_ID || env.NODE_TEST_CONTEXT);
}
