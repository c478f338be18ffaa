/** `stuntdouble/code-hosting`: the GitHub REST fake's types, errors and options. */
export { codeHostingService, CodeHostingOptionsSchema } from './index.js';
export type { CodeHostingFacade, CodeHostingOptions, CodeHostingState, DeliveryView, ImportStartInput } from './index.js';
export { GitHubError, githubError } from './errors.js';
export type { ValidationIssue } from './errors.js';
export { codeHostingScenarios } from '../../scenarios/code-hosting.js';
export type { ImportHandles, RepoHandles } from '../../scenarios/code-hosting.js';
export { signature256 } from './models/deliveries.js';
export { formatAcceptedPermissions } from './auth.js';
export type { AccessRule, Level, PermissionSet, Principal, ResourceRef } from './auth.js';
export type { OriginSeed, ImportStatus, Vcs } from './schemas/import.js';
export type { HookSeed } from './schemas/hook.js';
export type { RepoSeed } from './schemas/repo.js';
export type { TokenSeed, TokenType } from './schemas/token.js';
export { CATALOG } from './catalog.js';
export type { CatalogKind, CatalogRow } from './catalog.js';
export { PATH_ALIASES, realSpelling, spellings } from './catalog/aliases.js';
export { codeHostingCatalogScenarios } from '../../scenarios/code-hosting-catalog.js';
export type { CatalogHandles } from '../../scenarios/code-hosting-catalog.js';
