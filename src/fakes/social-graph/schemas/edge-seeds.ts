import { closest } from '../../../util/suggest.js';
import { z } from 'zod';

/** An instant: ISO string, Date or epoch ms. */
const Instant = z.union([z.string(), z.date(), z.number()]);
/** Extra node fields in their read shape. */
const Fields = z.record(z.string(), z.unknown());

/** `seed.edgeNode`: any row of a Page edge the generic handler serves (albums, tabs, live_videos, likes, ...). */
export const EdgeNodeSeedSchema = z
  .object({
    pageId: z.string(),
    /** The edge name, in Graph's or the document's spelling. */
    edge: z.string(),
    /** Node id (default generated); for edges listing Pages (`likes`, ...) the id of a seeded Page. */
    id: z.string().optional(),
    fields: Fields.optional(),
  })
  .strict();

/** `seed.photo`. */
export const PhotoSeedSchema = z
  .object({ pageId: z.string(), name: z.string().optional(), createdTime: Instant.optional(), fields: Fields.optional() })
  .strict();

/** `seed.video`. */
export const VideoSeedSchema = z
  .object({
    pageId: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    createdTime: Instant.optional(),
    live: z.boolean().optional(),
    fields: Fields.optional(),
  })
  .strict();

/** `seed.rating`. */
export const RatingSeedSchema = z
  .object({
    pageId: z.string(),
    /** The reviewer's profile id (seed it with `seed.user`); default a new profile. */
    reviewerId: z.string().optional(),
    recommendationType: z.enum(['positive', 'negative']).optional(),
    reviewText: z.string().optional(),
    rating: z.number().int().min(1).max(5).optional(),
    createdTime: Instant.optional(),
  })
  .strict();

/** One message of `seed.conversation`. */
const MessageSeed = z
  .object({
    /** `'page'` or the participant's profile id. */
    from: z.string(),
    message: z.string(),
    createdTime: Instant.optional(),
  })
  .strict();

/** `seed.conversation`. */
export const ConversationSeedSchema = z
  .object({
    pageId: z.string(),
    /** The profile id of the other participant (seed it with `seed.user`); default a new profile. */
    userId: z.string().optional(),
    messages: z.array(MessageSeed).optional(),
  })
  .strict();

/** Insights periods Graph answers. */
export const INSIGHT_PERIODS = ['day', 'week', 'days_28', 'month', 'lifetime', 'total_over_range'] as const;

/** `seed.insight`: one metric for one period. */
export const InsightSeedSchema = z
  .object({
    pageId: z.string(),
    metric: z.string().regex(/^[a-z0-9_]+$/),
    period: z.enum(INSIGHT_PERIODS),
    values: z.array(z.object({ value: z.unknown(), endTime: Instant }).strict()),
    title: z.string().optional(),
    description: z.string().optional(),
  })
  .strict();

/** `seed.role`: a person with tasks on the Page (the `roles` edge). */
export const RoleSeedSchema = z
  .object({ pageId: z.string(), userId: z.string().optional(), name: z.string().optional(), tasks: z.array(z.string()).min(1) })
  .strict();

/** `seed.tab`. */
export const TabSeedSchema = z
  .object({ pageId: z.string(), name: z.string(), slug: z.string().optional(), position: z.number().int().optional(), isPermanent: z.boolean().optional() })
  .strict();

/** `seed.setting`. */
export const SettingSeedSchema = z.object({ pageId: z.string(), setting: z.string(), value: z.unknown() }).strict();

/**
 * Parses a seed helper's options strictly: an unknown key names the nearest valid one, a bad value
 * names the key and what it takes.
 * @example const s = parseSeed('seed.photo', PhotoSeedSchema, input)
 */
export function parseSeed<T extends z.ZodObject>(helper: string, schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const keys = Object.keys(schema.shape);
    const bad = issue.keys[0] as string;
    const hint = closest(bad, keys);
    throw new TypeError(`stuntdouble: ${helper}: unknown option '${bad}'${hint ? `; did you mean '${hint}'?` : ''} (valid: ${keys.join(', ')})`);
  }
  const path = issue?.path.map(String).join('.') ?? '';
  throw new TypeError(`stuntdouble: ${helper}: ${path ? `option '${path}': ` : ''}${issue?.message ?? 'invalid options'}`);
}
