import { z } from 'zod';

/** Account kinds that own repositories. */
export const OwnerTypeSchema = z.enum(['User', 'Organization']);
/** An account kind. */
export type OwnerType = z.infer<typeof OwnerTypeSchema>;

/** An account (user or organization) as stored in state. */
export const AccountSchema = z.object({ login: z.string(), id: z.number().int(), type: OwnerTypeSchema });
/** A stored account. */
export type Account = z.infer<typeof AccountSchema>;

/** What `fakes.codeHosting.seed.repo(...)` accepts. */
export const RepoSeedSchema = z
  .object({
    owner: z.string().min(1),
    repo: z.string().min(1),
    private: z.boolean().default(false),
    /** Whether GitHub Actions is enabled (an enabled repository refuses imports with 422). Default false. */
    actionsEnabled: z.boolean().default(false),
    ownerType: OwnerTypeSchema.default('User'),
    description: z.string().nullable().default(null),
    defaultBranch: z.string().default('main'),
    /** Whether the repository is a template (`POST /repos/{template_owner}/{template_repo}/generate` copies it). Default false. */
    isTemplate: z.boolean().optional(),
    /** GitHub's spelling of `isTemplate`. */
    is_template: z.boolean().optional(),
  })
  .strict();
/** Input of a repository seed. */
export type RepoSeed = z.input<typeof RepoSeedSchema>;

/** A repository as stored in state (rendered to GitHub's JSON by `renderRepo`). */
export const RepoRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ownerLogin: z.string(),
  private: z.boolean(),
  description: z.string().nullable(),
  homepage: z.string().nullable(),
  defaultBranch: z.string(),
  hasIssues: z.boolean(),
  hasProjects: z.boolean(),
  hasWiki: z.boolean(),
  archived: z.boolean(),
  actionsEnabled: z.boolean(),
  allowedActions: z.enum(['all', 'local_only', 'selected']),
  /** Whether actions must be pinned to a full commit SHA (GitHub: false for a new repository). */
  shaPinningRequired: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  pushedAt: z.string(),
  /** Whether it is a template repository. */
  isTemplate: z.boolean().optional(),
  /** Fork: the repository it was forked from. */
  parentId: z.number().int().optional(),
  /** Fork: the root of its fork network. */
  sourceId: z.number().int().optional(),
  /** Generated from a template: the template repository. */
  templateId: z.number().int().optional(),
});
/** A stored repository. */
export type RepoRecord = z.infer<typeof RepoRecordSchema>;

/** Body of `POST /user/repos` and `POST /orgs/{org}/repos`. */
export const CreateRepoBodySchema = z.object({
  name: z.string().min(1),
  description: z.string().nullable().optional(),
  homepage: z.string().nullable().optional(),
  private: z.boolean().optional(),
  visibility: z.enum(['public', 'private', 'internal']).optional(),
  has_issues: z.boolean().optional(),
  has_projects: z.boolean().optional(),
  has_wiki: z.boolean().optional(),
  auto_init: z.boolean().optional(),
});

/** Body of `PATCH /repos/{owner}/{repo}`: the create fields, all optional, plus the default branch and archiving. */
export const UpdateRepoBodySchema = CreateRepoBodySchema.omit({ auto_init: true })
  .partial()
  .extend({ default_branch: z.string().min(1).optional(), archived: z.boolean().optional(), is_template: z.boolean().optional() });

/** Body of `PUT /repos/{owner}/{repo}/actions/permissions`. */
export const ActionsPermissionsBodySchema = z.object({
  enabled: z.boolean(),
  allowed_actions: z.enum(['all', 'local_only', 'selected']).optional(),
  sha_pinning_required: z.boolean().optional(),
});
