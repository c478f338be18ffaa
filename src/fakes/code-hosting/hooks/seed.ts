import { parseInput } from '../../../util/parse.js';
import type { GitHubHost } from '../core/context.js';
import { ensureAccount, findAccount, findRepo } from '../core/lookup.js';
import { createHook, renderHook } from './model.js';
import { seedHookEvents } from './model/events.js';
import { type HookJson, type HookSeed, HookSeedSchema } from './schemas.js';

/** `fakes.codeHosting.seed.hook` (documented on the facade). */
export interface HookSeeds {
  hook(input: HookSeed): HookJson;
}

/** The webhook seed of the facade: a repository or organization hook. */
export function hookSeeds(host: GitHubHost): HookSeeds {
  const base = () => host.baseUrls[0] ?? 'https://api.github.com';
  const now = () => host.clock.now().toISOString();
  return {
    hook(input) {
      const s = parseInput(HookSeedSchema, input, 'codeHosting.seed.hook()');
      return host.update((d) => {
        const at = now();
        if (s.repo) {
          const r = findRepo(d, s.owner, s.repo);
          if (!r) throw new Error(`stuntdouble: no repository ${s.owner}/${s.repo}; seed it first`);
          const h = createHook(
            d,
            { kind: 'Repository', repo: r },
            { url: s.url, secret: s.secret ?? null, events: seedHookEvents(s.events), active: s.active, contentType: s.contentType, now: at },
          );
          return renderHook(h, { kind: 'Repository', repo: r }, base());
        }
        const org = findAccount(d, s.owner) ?? ensureAccount(d, s.owner, 'Organization');
        if (org.type !== 'Organization') throw new Error(`stuntdouble: ${s.owner} is a user; organization hooks need an organization`);
        const h = createHook(
          d,
          { kind: 'Organization', org },
          { url: s.url, secret: s.secret ?? null, events: seedHookEvents(s.events), active: s.active, contentType: s.contentType, now: at },
        );
        return renderHook(h, { kind: 'Organization', org }, base());
      });
    },
  };
}
