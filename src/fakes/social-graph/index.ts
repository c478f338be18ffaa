import { lazyService } from '../lazy-service.js';
import { parseInput } from '../../util/parse.js';
import { type SocialGraphOptions, SocialGraphOptionsSchema } from './options.js';
import { socialGraphParts } from './definition.js';
import type { SocialGraphFacade } from './facade.js';
import type { SocialGraphState } from './state.js';

export { SocialGraphOptionsSchema } from './options.js';
export type { SocialGraphOptions } from './options.js';
export type { SocialGraphState } from './state.js';
export type { SocialGraphFacade } from './facade.js';

/** The social graph fake (Facebook Graph wire). Its routes, models and tables load on first use (definition.ts). */
export const socialGraphService = lazyService<SocialGraphState, SocialGraphOptions, SocialGraphFacade>(
  {
    name: 'socialGraph',
    title: 'Facebook Graph',
    defaultBaseUrls: ['https://graph.facebook.com'],
    parseOptions: (raw) => parseInput(SocialGraphOptionsSchema, raw ?? {}, 'createFakes options', 'socialGraph.'),
  },
  socialGraphParts,
);
