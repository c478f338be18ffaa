import { z } from 'zod';

/** Options of the code hosting fake (`createFakes({ codeHosting })`). */
export const CodeHostingOptionsSchema = z
  .object({
    /** Base URLs answered: api.github.com, GHE.com `https://api.<sub>.ghe.com`, GHES `https://<host>/api/v3`. */
    baseUrls: z.array(z.url()).min(1).optional(),
    /** `'poll'`: each GET of an import status moves it one step; `'manual'`: only `imports.advance()` does. */
    importProgress: z.enum(['poll', 'manual']).default('poll'),
    /**
     * How `use_lfs` is rendered: `'string'` (default; the documented `opt_in | opt_out | undecided`) or
     * `'boolean'` (the OpenAPI schema and samples: `true` only when opted in).
     */
    useLfsFormat: z.enum(['string', 'boolean']).default('string'),
    /** Login that an unseeded token acts as in lenient mode (and the sender of its webhook events). */
    defaultLogin: z.string().min(1).default('octocat'),
    /**
     * When the source imports API closes down on the fake clock (GitHub's date, 2024-04-12T00:00:00Z, by
     * default): an import call at or after it answers as the retired API did (410). `false` keeps the
     * imports API open whatever the clock says (tests of the older behaviour on a real clock).
     */
    importsRetireAt: z.union([z.iso.datetime({ offset: true }), z.literal(false)]).default('2024-04-12T00:00:00Z'),
    /**
     * How `large_files_size` is reported: `'gigabytes'` (default; what GitHub documents, rounded up) or
     * `'bytes'` (what GitHub's sample response shows).
     */
    largeFilesSize: z.enum(['gigabytes', 'bytes']).default('gigabytes'),
  })
  .strict();
/** Resolved code hosting options. */
export type CodeHostingOptions = z.output<typeof CodeHostingOptionsSchema>;
