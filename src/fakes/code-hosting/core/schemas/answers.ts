import { z } from 'zod';
import { FailStepSchema, ImportStatusSchema, LfsPreferenceSchema, ProjectChoiceSchema, VcsSchema } from '../../imports/schemas.js';

const url = z.string();
const nullableString = z.string().nullable();

/** The account JSON inside a repository's `owner` (GitHub's `simple-user`); other fields GitHub adds stay as `unknown`. */
export const AccountJsonSchema = z.looseObject({
  login: z.string(),
  id: z.number().int(),
  node_id: z.string(),
  avatar_url: url,
  gravatar_id: nullableString,
  url,
  html_url: url,
  followers_url: url,
  following_url: url,
  gists_url: url,
  starred_url: url,
  subscriptions_url: url,
  organizations_url: url,
  repos_url: url,
  events_url: url,
  received_events_url: url,
  /** `User` or `Organization`. */
  type: z.string(),
  site_admin: z.boolean(),
});
/** An account as a repository's `owner` shows it. */
export type AccountJson = z.infer<typeof AccountJsonSchema>;

/**
 * GitHub's repository JSON (`full-repository`, what `GET /repos/{owner}/{repo}` answers), as
 * `fakes.codeHosting.seed.repo(...)` returns it. The fields listed are always there; fields GitHub sends
 * only in some cases (`parent`, `template_repository`, `security_and_analysis`, ...) stay `unknown`.
 */
export const RepositoryJsonSchema = z.looseObject({
  id: z.number().int(),
  node_id: z.string(),
  name: z.string(),
  full_name: z.string(),
  owner: AccountJsonSchema,
  private: z.boolean(),
  html_url: url,
  description: nullableString,
  fork: z.boolean(),
  url,
  archive_url: url,
  assignees_url: url,
  blobs_url: url,
  branches_url: url,
  collaborators_url: url,
  comments_url: url,
  commits_url: url,
  compare_url: url,
  contents_url: url,
  contributors_url: url,
  deployments_url: url,
  downloads_url: url,
  events_url: url,
  forks_url: url,
  git_commits_url: url,
  git_refs_url: url,
  git_tags_url: url,
  git_url: url,
  issue_comment_url: url,
  issue_events_url: url,
  issues_url: url,
  keys_url: url,
  labels_url: url,
  languages_url: url,
  merges_url: url,
  milestones_url: url,
  notifications_url: url,
  pulls_url: url,
  releases_url: url,
  ssh_url: url,
  stargazers_url: url,
  statuses_url: url,
  subscribers_url: url,
  subscription_url: url,
  tags_url: url,
  teams_url: url,
  trees_url: url,
  clone_url: url,
  mirror_url: nullableString,
  hooks_url: url,
  svn_url: url,
  homepage: nullableString,
  language: nullableString,
  forks_count: z.number().int(),
  stargazers_count: z.number().int(),
  watchers_count: z.number().int(),
  size: z.number().int(),
  default_branch: z.string(),
  open_issues_count: z.number().int(),
  is_template: z.boolean(),
  topics: z.array(z.string()),
  has_issues: z.boolean(),
  has_projects: z.boolean(),
  has_wiki: z.boolean(),
  has_pages: z.boolean(),
  has_downloads: z.boolean(),
  has_discussions: z.boolean(),
  archived: z.boolean(),
  disabled: z.boolean(),
  /** `public`, `private` or `internal`. */
  visibility: z.string(),
  pushed_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller's rights on the repository (present when the request is authenticated, and on seeding). */
  permissions: z.object({ admin: z.boolean(), maintain: z.boolean(), push: z.boolean(), triage: z.boolean(), pull: z.boolean() }).optional(),
  allow_forking: z.boolean(),
  web_commit_signoff_required: z.boolean(),
  subscribers_count: z.number().int(),
  network_count: z.number().int(),
  license: z.looseObject({ key: z.string(), name: z.string(), spdx_id: nullableString, url: nullableString, node_id: z.string() }).nullable(),
  forks: z.number().int(),
  open_issues: z.number().int(),
  watchers: z.number().int(),
});
/** GitHub's repository JSON, as `fakes.codeHosting.seed.repo(...)` returns it. */
export type RepositoryJson = z.infer<typeof RepositoryJsonSchema>;

/**
 * GitHub's webhook JSON: `hook` for a repository hook, `org-hook` for an organization hook, as
 * `fakes.codeHosting.seed.hook(...)` returns it. `test_url` and `last_response` are on repository hooks only.
 */
export const HookJsonSchema = z.object({
  type: z.enum(['Repository', 'Organization']),
  id: z.number().int(),
  /** Always `web`. */
  name: z.string(),
  active: z.boolean(),
  events: z.array(z.string()),
  config: z.object({
    content_type: z.enum(['json', 'form']),
    insecure_ssl: z.string(),
    url,
    /** `********` when the hook has a secret (the secret itself is never shown). */
    secret: z.string().optional(),
  }),
  updated_at: z.string(),
  created_at: z.string(),
  url,
  test_url: url.optional(),
  ping_url: url,
  deliveries_url: url,
  last_response: z.object({ code: z.number().int().nullable(), status: z.string(), message: nullableString }).optional(),
});
/** GitHub's webhook JSON, as `fakes.codeHosting.seed.hook(...)` returns it. */
export type HookJson = z.infer<typeof HookJsonSchema>;

/**
 * GitHub's source import JSON (`import`, what `GET /repos/{owner}/{repo}/import` answers), as
 * `fakes.codeHosting.imports.*` return it. Which optional fields appear depends on `status`: `failed_step`
 * and `error_message` on `error`, `project_choices` on `detection_found_multiple`, `commit_count`,
 * `percent` and `import_percent` while `importing`, `push_percent` while `pushing`.
 */
export const ImportJsonSchema = z.object({
  /** Null until detection has found the source control type. */
  vcs: VcsSchema.nullable(),
  /** The Git LFS preference; a boolean (`opt_in` → true) with the `useLfsFormat: 'boolean'` option. */
  use_lfs: z.union([LfsPreferenceSchema, z.boolean()]),
  vcs_url: z.string(),
  tfvc_project: z.string().optional(),
  svn_root: z.string().optional(),
  status: ImportStatusSchema,
  status_text: z.string(),
  failed_step: FailStepSchema.nullable().optional(),
  error_message: z.string().nullable().optional(),
  project_choices: z.array(ProjectChoiceSchema).optional(),
  has_large_files: z.boolean(),
  /** Gigabytes, rounded up (bytes with the `largeFilesSize: 'bytes'` option). */
  large_files_size: z.number(),
  large_files_count: z.number().int(),
  authors_count: z.number().int(),
  commit_count: z.number().int().nullable().optional(),
  percent: z.number().optional(),
  import_percent: z.number().optional(),
  push_percent: z.number().optional(),
  url,
  html_url: url,
  authors_url: url,
  repository_url: url,
});
/** GitHub's source import JSON, as `fakes.codeHosting.imports.*` return it. */
export type ImportJson = z.infer<typeof ImportJsonSchema>;
