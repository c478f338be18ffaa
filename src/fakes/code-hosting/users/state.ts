/**
 * The users family keeps no slice of its own: accounts (users and organizations) are the repos
 * family's `accounts` and `accountIds` fields (repos/state.ts), created by `seed.account`, by a
 * repository's owner and by a seeded token's login; follows are the social family's (social/state.ts).
 * An account's key in `accounts` is its login lower-cased.
 */
export type { Account, OwnerType } from '../core/schemas/repo.js';

/** The key of an account in `accounts`: its login, lower-cased (GitHub logins are case-insensitive). */
export const accountKey = (login: string) => login.toLowerCase();
