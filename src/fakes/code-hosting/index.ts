import { z } from 'zod';
import { json } from '../../http/response.js';
import { defineService } from '../service.js';
import { githubError, renderGitHubError } from './errors.js';

/** Options of the code hosting fake (`createFakes({ codeHosting })`). */
export const CodeHostingOptionsSchema = z
  .object({
    /** Base URLs answered: api.github.com, GHE.com `https://api.<sub>.ghe.com`, GHES `https://<host>/api/v3`. */
    baseUrls: z.array(z.url()).min(1).optional(),
    /** `'poll'`: each GET of an import status moves it one step; `'manual'`: only `imports.advance()` does. */
    importProgress: z.enum(['poll', 'manual']).default('poll'),
  })
  .strict();
/** Resolved code hosting options. */
export type CodeHostingOptions = z.output<typeof CodeHostingOptionsSchema>;

/** The code hosting fake's state slice. */
export interface CodeHostingState {
  counters: Record<string, number>;
}

/** `fakes.codeHosting`: seed helpers and controls of the code hosting fake. */
export interface CodeHostingFacade {
  /** Base URLs this fake answers on. */
  readonly baseUrls: readonly string[];
}

/** The code hosting fake (GitHub REST wire). */
export const codeHostingService = defineService<CodeHostingState, CodeHostingOptions, CodeHostingFacade>({
  name: 'codeHosting',
  title: 'GitHub REST',
  defaultBaseUrls: ['https://api.github.com'],
  parseOptions: (raw) => CodeHostingOptionsSchema.parse(raw ?? {}),
  initialState: () => ({ counters: {} }),
  routes: [
    {
      method: 'GET',
      path: '/rate_limit',
      operation: 'rate-limit/get',
      handler: (ctx) => {
        const reset = Math.floor(ctx.clock.nowMs() / 1000) + 3600;
        const core = { limit: 5000, used: 0, remaining: 5000, reset };
        return json(200, { resources: { core }, rate: core });
      },
    },
  ],
  renderError: (err) => renderGitHubError(err),
  notFound: () => githubError.notFound(),
  facade: (host) => ({ baseUrls: host.baseUrls }),
});
