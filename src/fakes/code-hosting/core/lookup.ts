import type { Draft } from 'immer';
import { nextId } from '../../../store/ids.js';
import { own } from '../../../store/records.js';
import type { CodeHostingState } from '../state.js';
import { accountKey } from '../users/state.js';
import type { Account, OwnerType, RepoRecord } from './schemas/repo.js';
import { unknownAccount } from './shapes/render.js';

/**
 * Finding repositories and accounts by name: index lookups every layer needs (the catalog pipeline
 * checks the repository of every repository route). Creating and changing repositories is the repos
 * family's (repos/model.ts).
 */

type S = CodeHostingState;

/** The index key of a repository: lower-cased `owner/repo` (GitHub names are case-insensitive). */
export function repoKey(owner: string, repo: string): string {
  return `${owner}/${repo}`.toLowerCase();
}

/** Finds a repository by owner and name (case-insensitive); O(1). */
export function findRepo(state: S | Draft<S>, owner: string, repo: string): RepoRecord | undefined {
  const id = state.repoIndex[repoKey(owner, repo)];
  return id === undefined ? undefined : (state.repos[id] as RepoRecord | undefined);
}

/** Finds an account by login (case-insensitive). */
export function findAccount(state: S | Draft<S>, login: string): Account | undefined {
  return own(state.accounts, accountKey(login)) as Account | undefined;
}

/** Returns the account, creating it with the given type when it does not exist yet. */
export function ensureAccount(draft: Draft<S>, login: string, type: OwnerType = 'User'): Account {
  const key = accountKey(login);
  const existing = own(draft.accounts, key);
  if (existing) return existing;
  const account: Account = { login, id: nextId(draft.counters, 'account', 100), type };
  draft.accounts[key] = account;
  draft.accountIds[account.id] = key;
  return account;
}

/** The full name `owner/repo` in its stored case. */
export function fullName(rec: RepoRecord): string {
  return `${rec.ownerLogin}/${rec.name}`;
}

/** The account record of a login; a placeholder `User` when unknown (never stored). */
export function accountOf(state: S | Draft<S>, login: string): Account {
  return findAccount(state, login) ?? unknownAccount(login);
}
