import { z } from 'zod';

/** Access levels of a fine-grained permission category. */
export const AccessLevelSchema = z.enum(['read', 'write', 'admin']);
/** An access level. */
export type AccessLevel = z.infer<typeof AccessLevelSchema>;

/**
 * Token kinds: classic PAT (scopes), fine-grained PAT (permissions per category,
 * repository selection), user access token (UAT, GitHub App on behalf of a user) and installation
 * access token (IAT).
 */
export const TokenTypeSchema = z.enum(['classic', 'fine-grained', 'user', 'installation']);
/** A token kind. */
export type TokenType = z.infer<typeof TokenTypeSchema>;

/**
 * Fine-grained permission categories: the `app-permissions` of GitHub's OpenAPI description, and the
 * categories GitHub's "Permissions required for fine-grained personal access tokens" names besides.
 */
export const PERMISSION_CATEGORIES = [
  'actions',
  'actions_variables',
  'administration',
  'artifact_metadata',
  'attestations',
  'checks',
  'code_quality',
  'codespaces',
  'codespaces_lifecycle_admin',
  'codespaces_metadata',
  'codespaces_secrets',
  'contents',
  'custom_properties',
  'custom_properties_for_organizations',
  'dependabot_alerts',
  'dependabot_secrets',
  'deployments',
  'discussions',
  'email_addresses',
  'emails',
  'enterprise_administration',
  'enterprise_custom_properties_for_organizations',
  'environments',
  'followers',
  'gists',
  'git_ssh_keys',
  'gpg_keys',
  'interaction_limits',
  'issues',
  'members',
  'merge_queues',
  'metadata',
  'organization_actions_variables',
  'organization_administration',
  'organization_announcement_banners',
  'organization_copilot_agent_settings',
  'organization_copilot_seat_management',
  'organization_custom_org_roles',
  'organization_custom_properties',
  'organization_custom_roles',
  'organization_dependabot_secrets',
  'organization_events',
  'organization_hooks',
  'organization_packages',
  'organization_personal_access_token_requests',
  'organization_personal_access_tokens',
  'organization_plan',
  'organization_pre_receive_hooks',
  'organization_projects',
  'organization_secrets',
  'organization_self_hosted_runners',
  'organization_user_blocking',
  'packages',
  'pages',
  'profile',
  'pull_requests',
  'repository_custom_properties',
  'repository_hooks',
  'repository_pre_receive_hooks',
  'repository_projects',
  'secret_scanning_alerts',
  'secrets',
  'security_events',
  'single_file',
  'ssh_signing_keys',
  'starring',
  'statuses',
  'team_discussions',
  'vulnerability_alerts',
  'watching',
  'workflows',
] as const;

/** Classic token (and OAuth app) scopes, as GitHub's "Scopes for OAuth apps" lists them. */
export const CLASSIC_SCOPES = [
  'repo',
  'repo:status',
  'repo_deployment',
  'public_repo',
  'repo:invite',
  'security_events',
  'admin:repo_hook',
  'write:repo_hook',
  'read:repo_hook',
  'admin:org',
  'write:org',
  'read:org',
  'manage_runners:org',
  'admin:public_key',
  'write:public_key',
  'read:public_key',
  'admin:org_hook',
  'gist',
  'notifications',
  'user',
  'read:user',
  'user:email',
  'user:follow',
  'project',
  'read:project',
  'delete_repo',
  'write:packages',
  'read:packages',
  'delete:packages',
  'admin:gpg_key',
  'write:gpg_key',
  'read:gpg_key',
  'codespace',
  'workflow',
  'write:discussion',
  'read:discussion',
  'admin:enterprise',
  'manage_runners:enterprise',
  'manage_billing:enterprise',
  'read:enterprise',
  'audit_log',
  'read:audit_log',
  'copilot',
  'manage_billing:copilot',
  // Spellings GitHub's own endpoint docs require (list app installations; hosted runners).
  'admin:read',
  'manage_runner:org',
  'admin:ssh_signing_key',
  'write:ssh_signing_key',
  'read:ssh_signing_key',
  'scim:enterprise',
] as const;

/** What `fakes.codeHosting.seed.token(...)` accepts. */
export const TokenSeedSchema = z
  .object({
    type: TokenTypeSchema.default('classic'),
    /** The token string; generated in the real format (`ghp_…`, `github_pat_…`, `ghu_…`, `ghs_…`) when absent. */
    token: z.string().min(1).optional(),
    /** Label recorded in the journal instead of the secret; defaults to `<type>-<n>`. */
    label: z.string().min(1).optional(),
    /**
     * The user (login) the token acts as; installations act as `<app>[bot]`. Named, it makes a
     * user-acting token act as that user: GitHub's repository roles apply (a private repository the user
     * has no role on answers 404). Left out, the token acts as `octocat`, an owner of every repository.
     */
    login: z.string().min(1).optional(),
    /** Classic token scopes (`repo`, `public_repo`, `admin:org`, `admin:repo_hook`, ...). Default `['repo']`. */
    scopes: z.array(z.enum(CLASSIC_SCOPES).describe('classic scope')).optional(),
    /** Fine-grained / app permissions by category, e.g. `{ contents: 'write', issues: 'read' }`. */
    permissions: z.partialRecord(z.enum(PERMISSION_CATEGORIES), AccessLevelSchema.describe('access level')).describe('permission category').default({}),
    /** Repositories the token may reach (`'owner/repo'`), or `'all'`. */
    repositories: z.union([z.literal('all'), z.array(z.string())]).default('all'),
  })
  .strict();
/** Input of a token seed. */
export type TokenSeed = z.input<typeof TokenSeedSchema>;

/** A token as stored in state. */
export const TokenRecordSchema = z.object({
  token: z.string(),
  label: z.string(),
  type: TokenTypeSchema,
  login: z.string(),
  scopes: z.array(z.string()),
  permissions: z.record(z.string(), AccessLevelSchema),
  repositories: z.union([z.literal('all'), z.array(z.string())]),
  /**
   * Whether the seed named the user (`login`): such a user-acting token acts as that user, so GitHub's
   * repository roles (owner, collaborator, organization and team grants) apply. Without it the token
   * acts as an owner of every repository.
   */
  actsAs: z.boolean().optional(),
});
/** A stored token. */
export type TokenRecord = z.infer<typeof TokenRecordSchema>;
