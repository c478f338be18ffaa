/** `stuntdouble/code-hosting`: the GitHub REST fake's types, errors and options. */
export { codeHostingService, CodeHostingOptionsSchema } from './index.js';
export type { CodeHostingFacade, CodeHostingOptions, CodeHostingState } from './index.js';
export { GitHubError, githubError } from './errors.js';
export type { ValidationIssue } from './errors.js';
export { codeHostingScenarios } from '../../scenarios/code-hosting.js';
export { CATALOG } from './catalog.js';
export type { CatalogKind, CatalogRow } from './catalog.js';
export { PATH_ALIASES, realSpelling, spellings } from './catalog/aliases.js';
