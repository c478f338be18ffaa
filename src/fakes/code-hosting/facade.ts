import { type Account, type OwnerType, type RepoSeed, RepoSeedSchema } from './schemas/repo.js';
import type { TokenSeed } from './schemas/token.js';
import type { GitHubHost } from './context.js';
import { createRepo, ensureAccount, findRepo, renderRepo } from './models/repos.js';
import { seedToken } from './models/tokens.js';
import { exhaustRateLimit, seedResource, seedResources } from './catalog/facade.js';

/** `fakes.codeHosting`: seed helpers and controls of the code hosting fake. */
export interface CodeHostingFacade {
  /** Base URLs this fake answers on. */
  readonly baseUrls: readonly string[];
  /** Seed helpers (one atomic change each). */
  readonly seed: {
    /**
     * Seeds a repository (and its owner account); returns GitHub's repository JSON.
     * @example fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello', private: true })
     */
    repo(input: RepoSeed): Record<string, unknown>;
    /**
     * Seeds a token (turns the permission model on) and returns the token string.
     * @example const token = fakes.codeHosting.seed.token({ type: 'classic', scopes: ['repo'] })
     */
    token(input?: TokenSeed): string;
    /** Seeds an account (a user, or an organization that can own repositories and hooks). */
    account(input: { login: string; type?: OwnerType }): Account;
    /**
     * Seeds any catalog resource by its concrete path (either spelling); listed in its parent collection.
     * @example fakes.codeHosting.seed.resource('/repos/o/r/issues/1', { title: 'Bug', number: 1 })
     */
    resource(path: string, body?: Record<string, unknown>): Record<string, unknown>;
    /** Seeds many catalog resources in one change (e.g. 10,000 issues for paging). Returns how many. */
    resources(items: ReadonlyArray<readonly [path: string, body: Record<string, unknown>]>): number;
  };
  /** Rate-limit controls: `exhaust(label?)` makes the next call (of that token label, or any) answer 403 rate limit exceeded. */
  readonly rateLimit: { exhaust(label?: string): void };
  /** A one-line summary for `fakes.describe()`. */
  describe(): string;
}

/** Builds `fakes.codeHosting` over the service host. */
export function buildFacade(host: GitHubHost): CodeHostingFacade {
  const base = () => host.baseUrls[0] ?? 'https://api.github.com';
  const now = () => host.clock.now().toISOString();
  return {
    baseUrls: host.baseUrls,
    seed: {
      repo(input) {
        const s = RepoSeedSchema.parse(input);
        return host.update((d) => {
          const existing = findRepo(d, s.owner, s.repo);
          if (existing) {
            existing.private = s.private;
            existing.actionsEnabled = s.actionsEnabled;
            return renderRepo(d, existing, base());
          }
          const rec = createRepo(d, {
            owner: s.owner,
            name: s.repo,
            ownerType: s.ownerType,
            private: s.private,
            actionsEnabled: s.actionsEnabled,
            description: s.description,
            defaultBranch: s.defaultBranch,
            now: now(),
          });
          return renderRepo(d, rec, base());
        });
      },
      token(input = {}) {
        return host.update((d) => seedToken(d, input).token);
      },
      account(input) {
        return host.update((d) => ({ ...ensureAccount(d, input.login, input.type ?? 'User') }));
      },
      resource: (path, body) => seedResource(host, path, body),
      resources: (items) => seedResources(host, items),
    },
    rateLimit: { exhaust: (label) => exhaustRateLimit(host, label) },
    describe() {
      const s = host.state;
      return `${Object.keys(s.repos).length} repos, ${Object.keys(s.imports).length} imports, ${Object.keys(s.hooks).length} hooks, ${s.deliveryOrder.length} deliveries, ${s.tokenCount} tokens`;
    },
  };
}
