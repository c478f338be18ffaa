/**
 * The code-security family keeps no slice of its own: configurations are catalog records at
 * `/orgs/<org>/code-security/configurations/<id>` (the generic engine creates, reads, updates and
 * deletes them), and an organization's defaults for new repositories are one catalog record at
 * `/orgs/<org>/code-security/configurations/defaults`: the configuration id of each repository type.
 */

/** The repository types a default applies to, as GitHub lists them (`all` is both). */
export const DEFAULT_TYPES = ['public', 'private_and_internal'] as const;
/** What `default_for_new_repos` may say. */
export const DEFAULT_FOR_NEW_REPOS = ['all', 'none', 'private_and_internal', 'public'] as const;

/** The organization's defaults record: configuration id (its path's) by repository type (absent: none). */
export type DefaultsRecord = Partial<Record<(typeof DEFAULT_TYPES)[number], string>>;

/** The catalog key of an organization's configurations (`/orgs/<org>/code-security/configurations`). */
export const configurationsKey = (org: string) => `/orgs/${encodeURIComponent(org)}/code-security/configurations`;
/** The catalog key of an organization's defaults record. */
export const defaultsKey = (org: string) => `${configurationsKey(org)}/defaults`;
