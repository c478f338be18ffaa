import { z } from 'zod';
import type { CodeHostingOptionsSchema } from './fakes/code-hosting/options.js';
import type { ModelCacheOptionsSchema } from './fakes/model-cache/options.js';
import type { SocialGraphOptionsSchema } from './fakes/social-graph/options.js';

/** Options of {@link createFakes}; every key is optional. */
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
    /** Let requests to hosts no fake serves reach the network: `true`, or a host string / RegExp to allow. Default false. */
    allowNetConnect: z.union([z.boolean(), z.string(), z.instanceof(RegExp)]).default(false),
    /** Record calls in the journal (default true). `false` only for benchmarks. */
    journal: z.boolean().default(true),
    /** `'record'` (default) lists unmatched requests in `fakes.unmatched`; `'error'` also fails the test in `useFakes`' afterEach. */
    onUnmatched: z.enum(['record', 'error']).default('record'),
    codeHosting: z.unknown().optional(),
    socialGraph: z.unknown().optional(),
    modelCache: z.unknown().optional(),
  })
  .strict();

/** Each service's own options, typed from its zod schema (each service validates its own). */
export interface ServiceOptions {
  /** The code hosting fake (GitHub REST): `baseUrls`, `importProgress`, `useLfsFormat`, `defaultLogin`. */
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
export type ResolvedFakesOptions = Omit<z.output<typeof FakesOptionsSchema>, ServiceKeys> & ServiceOptions;
