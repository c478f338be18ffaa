/** `stuntdouble/code-hosting`: the GitHub REST fake's types, errors and options. */
export { codeHostingService, CodeHostingOptionsSchema } from '../fakes/code-hosting/index.js';
export type { CodeHostingFacade, CodeHostingOptions, CodeHostingState, DeliveryView, ImportStartInput } from '../fakes/code-hosting/index.js';
export { GitHubError, githubError } from '../fakes/code-hosting/errors.js';
export type { ValidationIssue } from '../fakes/code-hosting/errors.js';
export { codeHostingScenarios } from '../scenarios/code-hosting.js';
export type { ImportHandles, RepoHandles } from '../scenarios/code-hosting.js';
export { signature256 } from '../fakes/code-hosting/models/deliveries.js';
export { formatAcceptedPermissions } from '../fakes/code-hosting/auth.js';
export type { AccessRule, Level, PermissionSet, Principal, ResourceRef } from '../fakes/code-hosting/auth.js';
export type { OriginSeed, ImportStatus, Vcs } from '../fakes/code-hosting/schemas/import.js';
export type { HookSeed } from '../fakes/code-hosting/schemas/hook.js';
export type { RepoSeed } from '../fakes/code-hosting/schemas/repo.js';
export type { TokenSeed, TokenType } from '../fakes/code-hosting/schemas/token.js';
export { CATALOG } from '../fakes/code-hosting/catalog.js';
export type { CatalogKind, CatalogRow } from '../fakes/code-hosting/catalog.js';
export { PATH_ALIASES, realSpelling, spellings } from '../fakes/code-hosting/catalog/aliases.js';
export { codeHostingCatalogScenarios } from '../scenarios/code-hosting-catalog.js';
export type { CatalogHandles } from '../scenarios/code-hosting-catalog.js';
