import type { GitHubHost } from '../core/context.js';
import { seedOrigin } from './model/origins.js';
import type { OriginSeed } from './schemas.js';

/** `fakes.codeHosting.seed.origin` (documented on the facade). */
export interface ImportSeeds {
  origin(input: OriginSeed): void;
}

/** The import seeds of the facade: what lives at a `vcs_url` (its type, authors, files, whether it needs credentials). */
export function importSeeds(host: GitHubHost): ImportSeeds {
  return {
    origin(input) {
      host.update((d) => {
        seedOrigin(d, input);
      });
    },
  };
}
