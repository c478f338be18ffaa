import { lazyService } from '../lazy-service.js';
import { parseInput } from '../../util/parse.js';
import { CodeHostingOptionsSchema, type CodeHostingOptions } from './core/options.js';
import { codeHostingParts } from './definition.js';
import type { CodeHostingFacade } from './facade.js';
import type { CodeHostingState } from './state.js';

export { CodeHostingOptionsSchema } from './core/options.js';
export type { CodeHostingOptions } from './core/options.js';
export type { CodeHostingState } from './state.js';
export type { CodeHostingFacade, DeliveryView, ImportStartInput } from './facade.js';

/** The code hosting fake (GitHub REST wire). Its routes, models and tables load on first use (definition.ts). */
export const codeHostingService = lazyService<CodeHostingState, CodeHostingOptions, CodeHostingFacade>(
  {
    name: 'codeHosting',
    title: 'GitHub REST',
    defaultBaseUrls: ['https://api.github.com', 'https://codeload.github.com'],
    parseOptions: (raw) => parseInput(CodeHostingOptionsSchema, raw ?? {}, 'createFakes options', 'codeHosting.'),
  },
  codeHostingParts,
);
