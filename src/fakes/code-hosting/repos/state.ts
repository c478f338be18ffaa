import type { Account, RepoRecord } from '../core/schemas/repo.js';

/**
 * The repositories family's part of the code hosting state: accounts and repositories, each stored once
 * with the indexes that find them (by login, by `owner/repo`, by owner, by former name, by parent).
 * These fields sit at the top of `fakes.state.codeHosting` (their place since the first release).
 */
export interface RepoFields {
  /** Accounts keyed by lower-cased login. */
  accounts: Record<string, Account>;
  /** Account id → lower-cased login (`invitee_id` of organization invitations). */
  accountIds: Record<string, string>;
  /** Repositories keyed by id. */
  repos: Record<string, RepoRecord>;
  /** Lower-cased `owner/repo` → repository id. */
  repoIndex: Record<string, number>;
  /** Lower-cased owner login → repository ids in creation order. */
  reposByOwner: Record<string, number[]>;
  /** Lower-cased former `owner/repo` of a renamed or transferred repository → its id (the old path redirects). */
  repoRedirects: Record<string, number>;
  /** Repository id → ids of its direct forks, oldest first. */
  repoForks: Record<string, number[]>;
}

/** No accounts, no repositories. */
export function initialRepoFields(): RepoFields {
  return { accounts: {}, accountIds: {}, repos: {}, repoIndex: {}, reposByOwner: {}, repoRedirects: {}, repoForks: {} };
}
