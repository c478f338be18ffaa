import { z } from 'zod';
import type { Duration } from '../../../store/duration.js';
import { toReal } from '../aliases.js';
import { LIMIT_CODES } from '../models/limits.js';
import { SUBSCRIBABLE_FIELDS } from './webhook-fields.js';
import { GRAPH_PERMISSIONS } from '../permissions.js';

export { GRAPH_PERMISSIONS } from '../permissions.js';

/** The brand words of the seed's neutral spelling (see aliases.ts), real → neutral. */
const NEUTRAL: ReadonlyArray<readonly [real: string, neutral: string]> = [
  ['instagram', 'photoshare'],
  ['whatsapp', 'chatapp'],
  ['messenger', 'chatmsg'],
  ['fblogin', 'platformlogin'],
];

/** Real names and, where a brand word differs, their neutral spelling (both accepted; `toReal` maps back). */
function bothSpellings<T extends string>(values: readonly T[]): [T, ...T[]] {
  const out: string[] = [...values];
  for (const v of values) {
    let n: string = v;
    for (const [r, neutral] of NEUTRAL) n = n.split(r).join(neutral);
    if (n !== v && toReal(n) === v) out.push(n);
  }
  return out as [T, ...T[]];
}

/** An instant: ISO 8601 text, a Date or epoch milliseconds. */
const Instant = z.union([z.string(), z.date(), z.number()]);

/** What `fakes.socialGraph.seed.page()` takes. */
export const PageSeedSchema = z
  .object({
    id: z.string().min(1).optional(),
    name: z.string().optional(),
    published: z.boolean().optional(),
    restricted: z.boolean().optional(),
    isLocation: z.boolean().optional(),
    messagingBlocked: z.boolean().optional(),
    /** Business-claim outcome when another business claims this Page via owned_pages. */
    claim: z
      .enum(['ok', 'already_has_access', 'must_be_admin', 'insufficient_permission', 'linked_photoshare', 'needs_password', 'needs_2fa'])
      .describe('claim outcome')
      .optional(),
    /** Makes this a location (child) Page of that parent with this store number. */
    parentPageId: z.string().min(1).optional(),
    storeNumber: z.number().int().optional(),
    /** Any other Page field values, in their read shape. */
    fields: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
/** What `seed.page` takes. */
export type PageSeed = z.input<typeof PageSeedSchema>;

/** What `fakes.socialGraph.seed.post()` takes. */
export const PostSeedSchema = z
  .object({
    pageId: z.string().min(1),
    message: z.string().optional(),
    link: z.string().optional(),
    /** false: an unpublished post. */
    published: z.boolean().optional(),
    /** A scheduled post publishing at this instant (ISO, Date or epoch ms). */
    scheduledAt: Instant.optional(),
    /** A visitor post by this profile id (seed it with `seed.user`). */
    fromId: z.string().min(1).optional(),
    /** Creation time (ISO, Date or epoch ms); default the fake clock's now. */
    createdTime: Instant.optional(),
    /** Pages this post tags (it shows on their `tagged` edge). */
    tagsPages: z.array(z.string()).optional(),
    /** Other post fields in read shape. */
    fields: z.record(z.string(), z.unknown()).optional(),
    /** A post made for ads: listed on the Page's `ads_posts` edge. */
    adPost: z.boolean().optional(),
  })
  .strict();
/** What `seed.post` takes. */
export type PostSeed = z.input<typeof PostSeedSchema>;

/** What `fakes.socialGraph.seed.token()` takes. */
export const TokenSeedSchema = z
  .object({
    type: z.enum(['page', 'user', 'app']).describe('token type'),
    /** The Page a Page token belongs to, or a Page a user token has tasks on. */
    pageId: z.string().min(1).optional(),
    /** Tasks on `pageId` (default MANAGE, CREATE_CONTENT, MODERATE, MESSAGING, ADVERTISE, ANALYZE; none for app tokens). */
    tasks: z.array(z.string()).optional(),
    /** Tasks on several Pages (merged with pageId/tasks). */
    pageTasks: z.record(z.string(), z.array(z.string())).optional(),
    /** Granted permissions (default: every Page, leads, ads and business permission). */
    permissions: z.array(z.enum(bothSpellings(GRAPH_PERMISSIONS)).describe('permission')).optional(),
    /** App the token belongs to (default the built-in app). */
    appId: z.string().min(1).optional(),
    /** The journal records this instead of the token. */
    label: z.string().min(1).optional(),
    /** The token string (default generated). */
    token: z.string().min(1).optional(),
    /** The user the token acts for (default a new one). */
    userId: z.string().min(1).optional(),
    /** `session-invalid` → 102, `invalidated` → 190/460. */
    status: z.enum(['valid', 'invalidated', 'session-invalid']).describe('token status').optional(),
    /** Expiry on the fake clock → 190/463 after it. */
    expiresAt: Instant.optional(),
    /** For restricted Pages: false makes reads answer 210. Default true. */
    meetsRestrictions: z.boolean().optional(),
  })
  .strict();
/** What `seed.token` takes. */
export type TokenSeed = z.input<typeof TokenSeedSchema>;

/** What `fakes.socialGraph.seed.app()` takes. */
export const AppSeedSchema = z
  .object({
    id: z.string().min(1).optional(),
    secret: z.string().min(1).optional(),
    name: z.string().optional(),
    mode: z.enum(['live', 'development']).describe('app mode').optional(),
    features: z.array(z.string()).optional(),
    /** Where Page webhooks are POSTed. */
    callbackUrl: z.string().optional(),
    requireAppSecretProof: z.boolean().optional(),
  })
  .strict();
/** What `seed.app` takes. */
export type AppSeed = z.input<typeof AppSeedSchema>;

/** What `fakes.socialGraph.seed.user()` takes. */
export const UserSeedSchema = z
  .object({
    id: z.string().min(1).optional(),
    name: z.string().optional(),
    /** Page-scoped ids of this user, by Page id. */
    psids: z.record(z.string(), z.string()).optional(),
  })
  .strict();
/** What `seed.user` takes. */
export type UserSeed = z.input<typeof UserSeedSchema>;

/** What `fakes.socialGraph.seed.failure()` takes; `operation` is checked against the fake's operations. */
export const FailureSeedSchema = z
  .object({
    /** An operation id as the journal records it (`page/feed.create`), or `'*'` for any. */
    operation: z.string().min(1),
    nodeId: z.string().min(1).optional(),
    code: z.number().int(),
    subcode: z.number().int().optional(),
    message: z.string().optional(),
    /** How many calls fail (default 1); null for every call. */
    times: z.number().int().positive().nullable().optional(),
  })
  .strict();
/** What `seed.failure` takes. */
export type FailureSeed = z.input<typeof FailureSeedSchema>;

/** What `fakes.socialGraph.seed.subscription()` takes. */
export const SubscriptionSeedSchema = z
  .object({
    pageId: z.string().min(1),
    appId: z.string().min(1).optional(),
    /** Page webhook fields (`feed`, `mention`, `messages`, ...). */
    fields: z.array(z.enum(bothSpellings(SUBSCRIBABLE_FIELDS)).describe('webhook field')),
  })
  .strict();
/** What `seed.subscription` takes. */
export type SubscriptionSeed = z.input<typeof SubscriptionSeedSchema>;

/** What `fakes.socialGraph.rateLimit()` takes. */
export const RateLimitSchema = z
  .object({
    family: z.enum(Object.keys(LIMIT_CODES) as [keyof typeof LIMIT_CODES, ...Array<keyof typeof LIMIT_CODES>]).describe('rate-limit family'),
    pageId: z.string().min(1).optional(),
    /** How long, in fake time (`'1h'`, `90_000`); default until reset. */
    for: z.custom<Duration>((v) => typeof v === 'number' || typeof v === 'string', "a duration such as 90000 or '1h'").optional(),
  })
  .strict();
/** What `rateLimit` takes. */
export type RateLimitInput = z.input<typeof RateLimitSchema>;
