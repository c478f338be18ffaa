import { json } from '../../http/response.js';
import { defineService } from '../service.js';
import { githubError, renderGitHubError } from './errors.js';
import { type CodeHostingFacade, buildFacade } from './facade.js';
import { CodeHostingOptionsSchema, type CodeHostingOptions } from './options.js';
import { repoRoutes } from './routes/repos.js';
import { type CodeHostingState, initialCodeHostingState } from './state.js';
import { finalizeResponse } from './wire.js';

export { CodeHostingOptionsSchema } from './options.js';
export type { CodeHostingOptions } from './options.js';
export type { CodeHostingState } from './state.js';
export type { CodeHostingFacade } from './facade.js';

/** The code hosting fake (GitHub REST wire). */
export const codeHostingService = defineService<CodeHostingState, CodeHostingOptions, CodeHostingFacade>({
  name: 'codeHosting',
  title: 'GitHub REST',
  defaultBaseUrls: ['https://api.github.com'],
  parseOptions: (raw) => CodeHostingOptionsSchema.parse(raw ?? {}),
  initialState: initialCodeHostingState,
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
    ...repoRoutes,
  ],
  renderError: (err) => renderGitHubError(err),
  notFound: () => githubError.notFound(),
  finalize: finalizeResponse,
  facade: buildFacade,
});
