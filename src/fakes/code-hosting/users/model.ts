import { findAccount } from '../core/lookup.js';
import type { Account } from '../core/schemas/repo.js';
import { DEFAULT_LOGIN, unknownAccount } from '../core/shapes/render.js';
import type { CodeHostingState } from '../state.js';

/** Logins the fake answers for without a seed: the default caller, and the owner of the fake's GitHub App. */
const BUILT_IN: ReadonlyMap<string, Account> = new Map([
  [DEFAULT_LOGIN, unknownAccount(DEFAULT_LOGIN)],
  ['github', unknownAccount('github', 'Organization')],
]);

/**
 * The account of a login, when GitHub would know it: an account of the state (a repository owner, a
 * token's user, a seeded account, a team's organization), the request's caller, or a built-in one
 * (the default caller `octocat`, the `github` organization owning the fake's GitHub App). Undefined:
 * GitHub answers 404 for that login.
 */
export function knownAccount(state: CodeHostingState, login: string, caller?: string | null): Account | undefined {
  const key = login.toLowerCase();
  return findAccount(state, login) ?? BUILT_IN.get(key) ?? (caller && caller.toLowerCase() === key ? unknownAccount(caller) : undefined);
}
