import type { GitHubHost } from '../core/context.js';
import { ensureAccount } from '../core/lookup.js';
import type { Account, OwnerType } from '../core/schemas/repo.js';

/** `fakes.codeHosting.seed.account` (documented on the facade). */
export interface UserSeeds {
  account(input: { login: string; type?: OwnerType }): Account;
}

/** The account seed of the facade: a user or an organization, created when missing. */
export function userSeeds(host: GitHubHost): UserSeeds {
  return {
    account(input) {
      return host.update((d) => ({ ...ensureAccount(d, input.login, input.type ?? 'User') }));
    },
  };
}
