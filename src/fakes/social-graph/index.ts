import { z } from 'zod';
import { defineService } from '../service.js';
import { fbtraceId, renderGraphError, unsupportedRequest } from './errors.js';

/** Options of the social graph fake (`createFakes({ socialGraph })`). */
export const SocialGraphOptionsSchema = z
  .object({
    /** Base URLs answered; default `https://graph.facebook.com`. */
    baseUrls: z.array(z.url()).min(1).optional(),
  })
  .strict();
/** Resolved social graph options. */
export type SocialGraphOptions = z.output<typeof SocialGraphOptionsSchema>;

/** The social graph fake's state slice. */
export interface SocialGraphState {
  counters: Record<string, number>;
}

/** `fakes.socialGraph`: seed helpers and controls of the social graph fake. */
export interface SocialGraphFacade {
  readonly baseUrls: readonly string[];
}

const VERSION = /^\/(v\d+\.\d+)(\/.*|$)/;

/** The social graph fake (Facebook Graph wire). */
export const socialGraphService = defineService<SocialGraphState, SocialGraphOptions, SocialGraphFacade>({
  name: 'socialGraph',
  title: 'Facebook Graph',
  defaultBaseUrls: ['https://graph.facebook.com'],
  parseOptions: (raw) => SocialGraphOptionsSchema.parse(raw ?? {}),
  initialState: () => ({ counters: {} }),
  prepare: (_req, path) => {
    const m = VERSION.exec(path);
    return m ? { path: m[2] || '/', extras: { version: m[1] as string } } : { path };
  },
  routes: [],
  renderError: (err, ctx) => renderGraphError(err, fbtraceId(ctx.seq)),
  notFound: (ctx) => unsupportedRequest(ctx.req.method, ctx.path.split('/').filter(Boolean)[0] ?? ''),
  facade: (host) => ({ baseUrls: host.baseUrls }),
});
