import { z } from 'zod';

/** Options of the social graph fake (`createFakes({ socialGraph })`). */
export const SocialGraphOptionsSchema = z
  .object({
    /** Base URLs answered; default `https://graph.facebook.com`. */
    baseUrls: z.array(z.url()).min(1).optional(),
  })
  .strict();
/** Resolved social graph options. */
export type SocialGraphOptions = z.output<typeof SocialGraphOptionsSchema>;
