import { z } from 'zod';

/** Access levels of a fine-grained permission category. */
export const AccessLevelSchema = z.enum(['read', 'write', 'admin']);
/** An access level. */
export type AccessLevel = z.infer<typeof AccessLevelSchema>;

/**
 * Token kinds of section 5: classic PAT (scopes), fine-grained PAT (permissions per category,
 * repository selection), user access token (UAT, GitHub App on behalf of a user) and installation
 * access token (IAT).
 */
export const TokenTypeSchema = z.enum(['classic', 'fine-grained', 'user', 'installation']);
/** A token kind. */
export type TokenType = z.infer<typeof TokenTypeSchema>;

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
    login: z.string().min(1).default('octocat'),
    /** Classic token scopes (`repo`, `public_repo`, `admin:org`, `admin:repo_hook`, ...). Default `['repo']`. */
    scopes: z.array(z.string()).optional(),
    /** Fine-grained / app permissions by category, e.g. `{ contents: 'write', issues: 'read' }`. */
    permissions: z.record(z.string(), AccessLevelSchema).default({}),
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
