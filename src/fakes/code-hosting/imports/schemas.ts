import { z } from 'zod';

const url = z.string();

/** Source control types the importer knows (`vcs` enum of the real API). */
export const VcsSchema = z.enum(['subversion', 'git', 'mercurial', 'tfvc']);
/** A source control type. */
export type Vcs = z.infer<typeof VcsSchema>;

/** The states of a source import (the subset of GitHub's `status` enum that this importer reaches). */
export const ImportStatusSchema = z.enum([
  'detecting',
  'importing',
  'mapping',
  'pushing',
  'complete',
  'auth_failed',
  'error',
  'detection_needs_auth',
  'detection_found_nothing',
  'detection_found_multiple',
]);
/** An import status. */
export type ImportStatus = z.infer<typeof ImportStatusSchema>;

/** Steps at which a seeded origin makes the import fail. */
export const FailStepSchema = z.enum(['importing', 'mapping', 'pushing']);
/** A failing step. */
export type FailStep = z.infer<typeof FailStepSchema>;

/** Git LFS preference as stored (the documented values). */
export const LfsPreferenceSchema = z.enum(['undecided', 'opt_in', 'opt_out']);
/** A Git LFS preference. */
export type LfsPreference = z.infer<typeof LfsPreferenceSchema>;

/** One element of `project_choices`. */
export const ProjectChoiceSchema = z.object({ vcs: VcsSchema, tfvc_project: z.string(), human_name: z.string() });
/** A project choice. */
export type ProjectChoice = z.infer<typeof ProjectChoiceSchema>;

/** An author as the origin knows it. */
export const OriginAuthorSchema = z
  .object({
    remote_id: z.string().optional(),
    remote_name: z.string().min(1),
    email: z.string().optional(),
    name: z.string().optional(),
  })
  .strict();

/** A file at the origin (only files over 100MB count as large files). */
export const OriginFileSchema = z
  .object({
    path: z.string().min(1),
    /** Size in bytes. */
    size: z.number().int().nonnegative(),
    ref_name: z.string().default('refs/heads/main'),
    oid: z.string().optional(),
  })
  .strict();

/** What `fakes.codeHosting.seed.origin(...)` accepts: what lives at a `vcs_url`. */
export const OriginSeedSchema = z
  .object({
    url: z.string().min(1),
    /** `false`: nothing recognizable lives there (detection finds nothing). Default true. */
    exists: z.boolean().default(true),
    /** Source control type; inferred from the URL when absent (svn → subversion, hg → mercurial, tfs → tfvc, else git). */
    vcs: VcsSchema.optional(),
    requiresAuth: z.boolean().default(false),
    /** The credentials the origin accepts (any non-empty ones when absent and `requiresAuth`). */
    credentials: z.object({ username: z.string(), password: z.string() }).strict().optional(),
    /** Projects at the URL; two or more make detection answer `detection_found_multiple`. */
    projects: z
      .array(z.union([z.string().min(1), z.object({ tfvc_project: z.string().min(1), human_name: z.string().optional(), vcs: VcsSchema.optional() })]))
      .default([]),
    authors: z.array(OriginAuthorSchema).optional(),
    largeFiles: z.array(OriginFileSchema).default([]),
    commitCount: z.number().int().nonnegative().default(42),
    /** Branches at the origin besides the repository's default branch: a complete import brings each over. */
    branches: z.array(z.string().min(1)).default([]),
    failAt: FailStepSchema.optional(),
    /** The `error_message` shown when `failAt` is reached. */
    errorMessage: z.string().optional(),
  })
  .strict();
/** Input of an origin seed. */
export type OriginSeed = z.input<typeof OriginSeedSchema>;

/** A stored origin. */
export interface OriginRecord {
  url: string;
  exists: boolean;
  vcs: Vcs;
  requiresAuth: boolean;
  credentials: { username: string; password: string } | null;
  projects: ProjectChoice[];
  authors: Array<{ remote_id: string; remote_name: string; email: string; name: string }>;
  largeFiles: Array<{ path: string; size: number; ref_name: string; oid: string }>;
  commitCount: number;
  /** Branches besides the default branch (absent on origins stored before the field existed). */
  branches?: string[];
  failAt: FailStep | null;
  errorMessage: string | null;
}

/** A commit author of an import, as stored. */
export interface AuthorRecord {
  id: number;
  remote_id: string;
  remote_name: string;
  email: string;
  name: string;
  mapped: boolean;
}

/** An import as stored, keyed by repository id. */
export interface ImportRecord {
  repoId: number;
  vcs: Vcs | null;
  vcs_url: string;
  status: ImportStatus;
  vcs_username: string | null;
  vcs_password: string | null;
  tfvc_project: string | null;
  use_lfs: LfsPreference;
  /** Progress index within the current step (importing percent / push percent). */
  progress: number;
  commit_count: number | null;
  failed_step: FailStep | null;
  error_message: string | null;
  project_choices: ProjectChoice[] | null;
  authorIds: number[];
  largeFiles: OriginRecord['largeFiles'];
  /** Whether the mapping step has applied the author mappings. */
  mappingsApplied: boolean;
  /** Held by a scenario: polling does not move it (`imports.advance` does; a client update releases it). */
  held: boolean;
  /** Login that started the import (the webhook's sender). */
  startedBy: string;
}

/** Body of `PUT /repos/{owner}/{repo}/import`. */
export const StartImportBodySchema = z.object({
  vcs_url: z.string(),
  vcs: z.string().optional(),
  vcs_username: z.string().optional(),
  vcs_password: z.string().optional(),
  tfvc_project: z.string().optional(),
});

/** Body of `PATCH /repos/{owner}/{repo}/import` (credentials, a project choice, or nothing to restart). */
export const UpdateImportBodySchema = z.object({
  vcs_username: z.string().optional(),
  vcs_password: z.string().optional(),
  vcs: z.string().optional(),
  tfvc_project: z.string().optional(),
  human_name: z.string().optional(),
});

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
