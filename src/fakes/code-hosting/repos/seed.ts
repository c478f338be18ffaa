import { parseInput } from '../../../util/parse.js';
import type { GitHubHost } from '../core/context.js';
import { ensureAccount, findRepo, repoKey } from '../core/lookup.js';
import type { RepositoryJson } from '../core/schemas/answers.js';
import { type RepoRecord, type RepoSeed, RepoSeedSchema } from '../core/schemas/repo.js';
import { createRepo, renderRepo } from './model.js';

/** `fakes.codeHosting.seed.repo` and `seed.repos` (documented on the facade). */
export interface RepoSeeds {
  repo(input: RepoSeed): RepositoryJson;
  repos(inputs: readonly RepoSeed[]): number;
}

/** The repository seeds of the facade: one repository (or its settings again), or thousands in one update. */
export function repoSeeds(host: GitHubHost): RepoSeeds {
  const base = () => host.baseUrls[0] ?? 'https://api.github.com';
  const now = () => host.clock.now().toISOString();
  return {
    repo(input) {
      const s = parseInput(RepoSeedSchema, input, 'codeHosting.seed.repo()');
      return host.update((d) => {
        const existing = findRepo(d, s.owner, s.repo);
        const isTemplate = s.isTemplate ?? s.is_template;
        if (existing) {
          existing.private = s.private;
          existing.actionsEnabled = s.actionsEnabled;
          if (isTemplate !== undefined) existing.isTemplate = isTemplate;
          return renderRepo(d, existing, base()) as RepositoryJson;
        }
        const rec = createRepo(d, {
          owner: s.owner,
          name: s.repo,
          ownerType: s.ownerType,
          private: s.private,
          actionsEnabled: s.actionsEnabled,
          description: s.description,
          defaultBranch: s.defaultBranch,
          ...(isTemplate ? { isTemplate } : {}),
          now: now(),
        });
        return renderRepo(d, rec, base()) as RepositoryJson;
      });
    },
    repos(inputs) {
      const parsed = inputs.map((i) => parseInput(RepoSeedSchema, i, 'codeHosting.seed.repos()'));
      const at = now();
      return host.update((d) => {
        // Records are built outside the draft and assigned in bulk: seeding thousands stays fast.
        const current = host.state;
        const records: Record<string, RepoRecord> = {};
        const index: Record<string, number> = {};
        const byOwner: Record<string, number[]> = {};
        let next = d.counters.repo ?? 1296268;
        for (const s of parsed) {
          const key = repoKey(s.owner, s.repo);
          if (current.repoIndex[key] !== undefined || index[key] !== undefined) continue;
          const account = ensureAccount(d, s.owner, s.ownerType);
          next += 1;
          records[next] = {
            id: next,
            name: s.repo,
            ownerLogin: account.login,
            private: s.private,
            description: s.description,
            homepage: null,
            defaultBranch: s.defaultBranch,
            hasIssues: true,
            hasProjects: true,
            hasWiki: true,
            archived: false,
            actionsEnabled: s.actionsEnabled,
            allowedActions: 'all',
            createdAt: at,
            updatedAt: at,
            pushedAt: at,
            ...((s.isTemplate ?? s.is_template) ? { isTemplate: true } : {}),
          };
          index[key] = next;
          const ownerKey = account.login.toLowerCase();
          byOwner[ownerKey] ??= [];
          byOwner[ownerKey].push(next);
        }
        d.counters.repo = next;
        Object.assign(d.repos, records);
        Object.assign(d.repoIndex, index);
        for (const [owner, ids] of Object.entries(byOwner)) d.reposByOwner[owner] = [...(current.reposByOwner[owner] ?? []), ...ids];
        return Object.keys(records).length;
      });
    },
  };
}
