/**
 * The meta family keeps no slice: emojis, `.gitignore` templates, licenses, the meta information, the
 * octocat and the zen are fixed data (meta/model/data.ts); a repository's license is detected from its
 * files in the git graph (git/state.ts).
 */
export {};
