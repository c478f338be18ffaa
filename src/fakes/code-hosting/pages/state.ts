/**
 * The pages family keeps no slice of its own: a repository's Pages site is the catalog record at
 * `/repos/<owner>/<repo>/pages` (the generic engine reads, updates and deletes it).
 */
export const PAGES = '/repos/{owner}/{repo}/pages';
