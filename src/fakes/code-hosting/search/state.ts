/**
 * The search family keeps no slice: it searches the other families' records through their indexes
 * (repositories by `owner/name` and by owner, `repos/state.ts`; a repository's issue lists,
 * `issues/state.ts`; accounts, `users/state.ts`).
 */
export {};
