import type { Draft } from 'immer';
import { githubError } from '../core/errors.js';
import type { AuthorRecord, ImportRecord, ImportStatus, LfsPreference, Vcs } from './schemas.js';
import { VcsSchema } from './schemas.js';
import type { RepoRecord } from '../core/schemas/repo.js';
import type { ImportJson } from './schemas.js';
import type { CodeHostingState } from '../state.js';
import { importHtmlUrl, trimBase } from '../core/urls.js';
import { hooksFor, recordDelivery } from '../hooks/model/deliveries.js';
import { renderOrgSimple } from '../hooks/model.js';
import {
  IMPORT_PERCENTS,
  IMPORT_TRANSITIONS,
  type ImportEventStatus,
  PUSH_PERCENTS,
  type StepEnv,
  advanceImport,
  authorsMappable,
  connect,
  enter,
} from './model/machine.js';
import { lookupOrigin } from './model/origins.js';
import { renderRepo } from '../repos/model.js';
import { accountOf, findAccount, fullName } from '../core/lookup.js';
import { renderAccount } from '../core/shapes/account.js';

type S = CodeHostingState;
type D = Draft<S>;

/** Where the docs of the source imports live (used in error bodies). */
export const IMPORT_DOCS = 'https://docs.github.com/rest/migrations/source-imports';

/** What an import operation needs to know about its surroundings. */
export interface ImportEnv {
  /** Lenient auth: unseeded origins are public repositories. */
  lenient: boolean;
  /** API base URL for payload URLs. */
  apiBase: string;
  /** ISO instant. */
  now: string;
}

/** The result of an import operation: delivery ids to POST after the change lands. */
export interface ImportOutcome {
  deliveries: number[];
}

function stepEnv(draft: D, imp: Pick<ImportRecord, 'vcs_url'>, env: ImportEnv): StepEnv {
  return { draft, origin: lookupOrigin(draft, imp.vcs_url, env.lenient), events: [], apiBase: env.apiBase, now: env.now };
}

/** The import of a repository, or 404. */
export function requireImport(state: S | D, repo: RepoRecord): ImportRecord {
  const imp = state.imports[repo.id] as ImportRecord | undefined;
  if (!imp) throw githubError.notFound();
  return imp;
}

function draftImport(draft: D, repo: RepoRecord): Draft<ImportRecord> {
  const imp = draft.imports[repo.id];
  if (!imp) throw githubError.notFound();
  return imp;
}

function validVcs(v: string | undefined, field = 'vcs'): Vcs | undefined {
  if (v === undefined) return undefined;
  const r = VcsSchema.safeParse(v);
  if (!r.success) throw githubError.validation([{ resource: 'Import', code: 'invalid', field, value: v }], IMPORT_DOCS);
  return r.data;
}

/** Turns collected webhook statuses into recorded deliveries. */
function emit(draft: D, repo: RepoRecord, statuses: ImportEventStatus[], sender: string, env: ImportEnv): number[] {
  if (statuses.length === 0) return [];
  const owner = findAccount(draft, repo.ownerLogin);
  const org = owner?.type === 'Organization' ? owner : null;
  const hooks = hooksFor(draft, repo.id, org?.login ?? null, 'repository_import');
  const ids: number[] = [];
  for (const status of statuses) {
    for (const hook of hooks) {
      const payload: Record<string, unknown> = {
        status,
        repository: renderRepo(draft, repo, env.apiBase),
        ...(org ? { organization: renderOrgSimple(org, env.apiBase) } : {}),
        sender: renderAccount(accountOf(draft, sender), env.apiBase),
      };
      ids.push(recordDelivery(draft, hook, { event: 'repository_import', payload, repositoryId: repo.id, now: env.now }));
    }
  }
  return ids;
}

/** Body of a start request after validation. */
export interface StartInput {
  vcs_url?: unknown;
  vcs?: unknown;
  vcs_username?: unknown;
  vcs_password?: unknown;
  tfvc_project?: unknown;
}

function str(body: Record<string, unknown>, field: string): string | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw githubError.validation([{ resource: 'Import', code: 'invalid', field }], IMPORT_DOCS);
  return v;
}

/**
 * Starts an import (PUT): 422 for a missing or bad `vcs_url`, a bad `vcs`, Actions enabled on the
 * repository, or an import already there. Without `vcs` the import starts in `detecting`.
 */
export function startImport(draft: D, repo: RepoRecord, body: Record<string, unknown>, login: string, env: ImportEnv): ImportOutcome {
  const url = str(body, 'vcs_url');
  if (url === undefined) throw githubError.validation([{ resource: 'Import', code: 'missing_field', field: 'vcs_url' }], IMPORT_DOCS);
  if (!URL.canParse(url.trim())) throw githubError.validation([{ resource: 'Import', code: 'invalid', field: 'vcs_url' }], IMPORT_DOCS);
  const vcs = validVcs(str(body, 'vcs'));
  const user = str(body, 'vcs_username');
  const pass = str(body, 'vcs_password');
  const project = str(body, 'tfvc_project');
  if (repo.actionsEnabled) {
    throw githubError.validation(
      [{ resource: 'Import', code: 'custom', field: 'repository', message: 'Importing into a repository with GitHub Actions enabled is not supported.' }],
      IMPORT_DOCS,
    );
  }
  if (draft.imports[repo.id]) {
    throw githubError.validation(
      [{ resource: 'Import', code: 'already_exists', field: 'repository', message: 'An import is already in progress for this repository.' }],
      IMPORT_DOCS,
    );
  }
  const imp: ImportRecord = {
    repoId: repo.id,
    vcs: vcs ?? null,
    vcs_url: url,
    status: 'detecting',
    vcs_username: user ?? null,
    vcs_password: pass ?? null,
    tfvc_project: project ?? null,
    use_lfs: 'undecided',
    progress: 0,
    commit_count: null,
    failed_step: null,
    error_message: null,
    project_choices: null,
    authorIds: [],
    largeFiles: [],
    mappingsApplied: false,
    held: false,
    startedBy: login,
  };
  draft.imports[repo.id] = imp;
  const d = draftImport(draft, repo);
  const se = stepEnv(draft, d, env);
  if (vcs) connect(d, se);
  return { deliveries: emit(draft, repo, se.events, login, env) };
}

/**
 * Updates an import (PATCH): credentials resolve `auth_failed` / `detection_needs_auth`, a project
 * choice resolves `detection_found_multiple`, an empty body restarts the import.
 */
export function updateImport(draft: D, repo: RepoRecord, body: Record<string, unknown>, env: ImportEnv): ImportOutcome {
  const imp = draftImport(draft, repo);
  imp.held = false;
  const user = str(body, 'vcs_username');
  const pass = str(body, 'vcs_password');
  const vcs = validVcs(str(body, 'vcs'));
  const project = str(body, 'tfvc_project');
  str(body, 'human_name');
  const se = stepEnv(draft, imp, env);
  const restart = user === undefined && pass === undefined && vcs === undefined && project === undefined;
  if (restart) {
    for (const a of imp.authorIds) delete draft.authors[a];
    imp.authorIds = [];
    imp.largeFiles = [];
    imp.mappingsApplied = false;
    imp.commit_count = null;
    if (imp.vcs) connect(imp, se);
    else enter(imp, 'detecting', se);
    return { deliveries: emit(draft, repo, se.events, imp.startedBy, env) };
  }
  if (user !== undefined) imp.vcs_username = user;
  if (pass !== undefined) imp.vcs_password = pass;
  if (vcs !== undefined) imp.vcs = vcs;
  if (project !== undefined) {
    if (imp.status === 'detection_found_multiple') {
      const choice = imp.project_choices?.find((c) => c.tfvc_project === project && (vcs === undefined || c.vcs === vcs));
      if (!choice) throw githubError.validation([{ resource: 'Import', code: 'invalid', field: 'tfvc_project', value: project }], IMPORT_DOCS);
      imp.vcs = choice.vcs;
    }
    imp.tfvc_project = project;
  }
  const resolvedBy = IMPORT_TRANSITIONS[imp.status].resolvedBy;
  if (resolvedBy === 'credentials' && (user !== undefined || pass !== undefined)) {
    if (imp.status === 'detection_needs_auth') enter(imp, 'detecting', se);
    else connect(imp, se);
  } else if (resolvedBy === 'project-choice' && project !== undefined) {
    connect(imp, se);
  }
  return { deliveries: emit(draft, repo, se.events, imp.startedBy, env) };
}

/** Cancels an import (DELETE): the import and its authors are gone; hooks get `cancelled`. */
export function cancelImport(draft: D, repo: RepoRecord, env: ImportEnv): ImportOutcome {
  const imp = draftImport(draft, repo);
  const sender = imp.startedBy;
  for (const a of imp.authorIds) delete draft.authors[a];
  delete draft.imports[repo.id];
  return { deliveries: emit(draft, repo, ['cancelled'], sender, env) };
}

/** Moves an import along (`imports.advance`, or a poll when `poll` is set: held imports do not move then). */
export function progressImport(draft: D, repo: RepoRecord, steps: number, env: ImportEnv, poll = false): ImportOutcome {
  const imp = draftImport(draft, repo);
  if (poll && imp.held) return { deliveries: [] };
  const se = stepEnv(draft, imp, env);
  advanceImport(imp, se, steps);
  return { deliveries: emit(draft, repo, se.events, imp.startedBy, env) };
}

/**
 * Puts an import straight into a state (scenarios): walks the happy path up to a progress state,
 * or sets a waiting state with the fields it reports.
 */
export function pinImport(draft: D, repo: RepoRecord, status: ImportStatus, env: ImportEnv, hold = true): void {
  const imp = draftImport(draft, repo);
  imp.held = hold;
  const se = stepEnv(draft, imp, env);
  if (status === 'detecting') {
    enter(imp, 'detecting', se);
    return;
  }
  if (status === 'error' || status === 'auth_failed' || status.startsWith('detection_')) {
    if (status === 'detection_found_multiple') {
      imp.project_choices = (se.origin?.projects ?? []).map((p) => ({ ...p }));
      imp.status = status;
      imp.progress = 0;
      return;
    }
    enter(imp, status, se, se.origin?.failAt ?? 'importing');
    return;
  }
  const walk = (e: StepEnv) => {
    let guard = 0;
    while (imp.status !== status && IMPORT_TRANSITIONS[imp.status].advance && guard++ < 50) advanceImport(imp, e, 1);
  };
  if (imp.status === 'detecting') connect(imp, se);
  walk(se);
  if (imp.status === status) return;
  // The origin stops the happy path (credentials, several projects, a failing step): a pin forces it.
  const origin = se.origin ? { ...se.origin, failAt: null, requiresAuth: false } : null;
  const forced: StepEnv = { ...se, origin };
  const first = origin?.projects[0];
  if (first && !imp.tfvc_project && origin.projects.length > 1) {
    imp.tfvc_project = first.tfvc_project;
    imp.vcs = first.vcs;
  }
  enter(imp, 'importing', forced);
  walk(forced);
}

/** Maps a commit author (before the import pushes). */
export function mapAuthor(draft: D, repo: RepoRecord, authorId: number | undefined, body: Record<string, unknown>): AuthorRecord {
  const imp = draftImport(draft, repo);
  const author = authorId === undefined ? undefined : draft.authors[authorId];
  if (!author || !imp.authorIds.includes(author.id)) throw githubError.notFound();
  const unknown = Object.keys(body).filter((k) => k !== 'email' && k !== 'name');
  if (unknown.length) {
    throw githubError.validation(
      unknown.map((k) => ({ resource: 'PorterAuthor', code: 'invalid' as const, field: k, message: `"${k}" is not a permitted key.` })),
      IMPORT_DOCS,
    );
  }
  for (const k of ['email', 'name'] as const) {
    const v = body[k];
    if (v !== undefined && typeof v !== 'string') throw githubError.validation([{ resource: 'PorterAuthor', code: 'invalid', field: k }], IMPORT_DOCS);
  }
  if (!authorsMappable(imp)) {
    throw githubError.validation(
      [
        {
          resource: 'PorterAuthor',
          code: 'custom',
          field: 'status',
          message: 'Commit authors can no longer be mapped: the import has pushed commits to the repository.',
        },
      ],
      IMPORT_DOCS,
    );
  }
  if (typeof body.email === 'string') author.email = body.email;
  if (typeof body.name === 'string') author.name = body.name;
  author.mapped = true;
  return { ...author };
}

/** Records the Git LFS preference (`opt_in` | `opt_out`). */
export function setLfs(draft: D, repo: RepoRecord, body: Record<string, unknown>): void {
  const imp = draftImport(draft, repo);
  const v = body.use_lfs;
  if (v === undefined || v === null) throw githubError.validation([{ resource: 'Import', code: 'missing_field', field: 'use_lfs' }], IMPORT_DOCS);
  if (v !== 'opt_in' && v !== 'opt_out')
    throw githubError.validation([{ resource: 'Import', code: 'invalid', field: 'use_lfs', value: typeof v === 'string' ? v : null }], IMPORT_DOCS);
  imp.use_lfs = v satisfies LfsPreference;
}

/** GitHub's import JSON: the fields every state reports plus the ones of the current state. */
export function renderImport(
  imp: ImportRecord,
  repo: RepoRecord,
  apiBase: string,
  format: { useLfsFormat: 'string' | 'boolean'; largeFilesSize: 'gigabytes' | 'bytes' },
): ImportJson {
  const lfsFormat = format.useLfsFormat;
  const api = trimBase(apiBase);
  const name = fullName(repo);
  const large = imp.largeFiles;
  const bytes = large.reduce((n, f) => n + f.size, 0);
  const out: Record<string, unknown> = {
    vcs: imp.vcs,
    use_lfs: lfsFormat === 'boolean' ? imp.use_lfs === 'opt_in' : imp.use_lfs,
    vcs_url: imp.vcs_url,
  };
  if (imp.tfvc_project) out.tfvc_project = imp.tfvc_project;
  if (imp.vcs === 'subversion') out.svn_root = imp.vcs_url;
  out.status = imp.status;
  out.status_text = IMPORT_TRANSITIONS[imp.status].text;
  if (imp.status === 'error') {
    out.failed_step = imp.failed_step;
    out.error_message = imp.error_message;
  }
  if (imp.status === 'detection_found_multiple') out.project_choices = (imp.project_choices ?? []).map((c) => ({ ...c }));
  out.has_large_files = large.length > 0;
  // Documented as gigabytes (rounded up: a file over 100 MB never reports 0 beside has_large_files);
  // GitHub's sample response reports bytes, which the `largeFilesSize: 'bytes'` option answers.
  out.large_files_size = format.largeFilesSize === 'bytes' ? bytes : large.length ? Math.ceil(bytes / 1024 ** 3) : 0;
  out.large_files_count = large.length;
  out.authors_count = imp.authorIds.length;
  if (imp.status === 'importing') {
    const pct = IMPORT_PERCENTS[imp.progress] ?? 100;
    out.commit_count = imp.commit_count;
    out.percent = pct;
    out.import_percent = pct;
  }
  if (imp.status === 'pushing') out.push_percent = PUSH_PERCENTS[imp.progress] ?? 100;
  out.url = `${api}/repos/${name}/import`;
  out.html_url = importHtmlUrl(apiBase, name);
  out.authors_url = `${api}/repos/${name}/import/authors`;
  out.repository_url = `${api}/repos/${name}`;
  // Built field by field to keep GitHub's key order; ImportJsonSchema describes the result.
  return out as ImportJson;
}

/** GitHub's `porter-author` JSON. */
export function renderAuthor(a: AuthorRecord, repo: RepoRecord, apiBase: string): Record<string, unknown> {
  const api = `${trimBase(apiBase)}/repos/${fullName(repo)}/import`;
  return { id: a.id, remote_id: a.remote_id, remote_name: a.remote_name, email: a.email, name: a.name, url: `${api}/authors/${a.id}`, import_url: api };
}
