import { z } from 'zod';

/** Options of {@link createFakes}; every key is optional. */
export const FakesOptionsSchema = z
  .object({
    /** `'lenient'` (default): any non-empty token works with full rights; `'strict'`: only seeded tokens. Seeding a token turns the permission model on in either mode. */
    auth: z.enum(['lenient', 'strict']).default('lenient'),
    /** `'real'` (default) or an instant (Date, ISO string, epoch ms) where a frozen clock starts. */
    clock: z.union([z.literal('real'), z.date(), z.string(), z.number()]).default('real'),
    /** Let requests to hosts no fake serves reach the network: `true`, or a host string / RegExp to allow. Default false. */
    allowNetConnect: z.union([z.boolean(), z.string(), z.instanceof(RegExp)]).default(false),
    /**
     * Record calls in the journal (default true: the last 10,000 calls, bodies included). `false` records
     * nothing; `{ limit, bodies }` keeps at most `limit` calls (older ones are dropped and counted in
     * `fakes.calls.dropped`; `count()` stays exact) and, with `bodies: false`, no request or response bodies.
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
          })
          .strict(),
      ])
      .default(true),
    /** `'record'` (default) lists unmatched requests in `fakes.unmatched`; `'error'` also fails the test in `useFakes`' afterEach. */
    onUnmatched: z.enum(['record', 'error']).default('record'),
    codeHosting: z.unknown().optional(),
    socialGraph: z.unknown().optional(),
    modelCache: z.unknown().optional(),
  })
  .strict();

/** What `createFakes()` accepts. */
export type FakesOptions = z.input<typeof FakesOptionsSchema>;
/** Options after defaults. */
export type ResolvedFakesOptions = z.output<typeof FakesOptionsSchema>;
