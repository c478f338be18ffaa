import type { Draft } from 'immer';
import { nextId } from '../../../store/ids.js';
import { githubError } from '../core/errors.js';
import type { OwnerType, RepoRecord } from '../core/schemas/repo.js';
import type { CodeHostingState } from '../state.js';
import { operationShape } from '../core/shapes/load.js';
import { type RepoView, hashSha, renderShape } from '../core/shapes/render.js';
import type { Resource } from '../core/catalog/state.js';
import { trimBase, webBase } from '../core/urls.js';
import { renderAccount } from '../core/shapes/account.js';
import { membersOf } from '../issues/model/lists.js';
import { stargazerCount } from '../social/model.js';
import { primaryLanguage, repoTopics } from './model/facets.js';
import { accountOf, ensureAccount, fullName, repoKey } from '../core/lookup.js';
import { type Caller, repoPermissionsFor } from '../core/roles.js';

type S = CodeHostingState;

/** What {@link createRepo} needs. */
export interface NewRepo {
  owner: string;
  name: string;
  ownerType?: OwnerType;
  private?: boolean;
  description?: string | null;
  homepage?: string | null;
  defaultBranch?: string;
  actionsEnabled?: boolean;
  hasIssues?: boolean;
  hasProjects?: boolean;
  hasWiki?: boolean;
  isTemplate?: boolean;
  /** A fork: the repository forked and the root of its network. */
  fork?: { parentId: number; sourceId: number };
  /** Generated from this template repository. */
  templateId?: number;
  /** ISO instant. */
  now: string;
}

/** Creates a repository; 422 `name already exists on this account` when taken. */
export function createRepo(draft: Draft<S>, input: NewRepo): RepoRecord {
  const key = repoKey(input.owner, input.name);
  if (draft.repoIndex[key] !== undefined) {
    throw githubError.validation([{ resource: 'Repository', code: 'custom', field: 'name', message: 'name already exists on this account' }]);
  }
  const account = ensureAccount(draft, input.owner, input.ownerType ?? 'User');
  const id = nextId(draft.counters, 'repo', 1296268);
  const rec: RepoRecord = {
    id,
    name: input.name,
    ownerLogin: account.login,
    private: input.private ?? false,
    description: input.description ?? null,
    homepage: input.homepage ?? null,
    defaultBranch: input.defaultBranch ?? 'main',
    hasIssues: input.hasIssues ?? true,
    hasProjects: input.hasProjects ?? true,
    hasWiki: input.hasWiki ?? true,
    archived: false,
    actionsEnabled: input.actionsEnabled ?? false,
    allowedActions: 'all',
    createdAt: input.now,
    updatedAt: input.now,
    pushedAt: input.now,
    ...(input.isTemplate ? { isTemplate: true } : {}),
    ...(input.fork ? { parentId: input.fork.parentId, sourceId: input.fork.sourceId } : {}),
    ...(input.templateId !== undefined ? { templateId: input.templateId } : {}),
  };
  draft.repos[id] = rec;
  draft.repoIndex[key] = id;
  const ownerKey = account.login.toLowerCase();
  draft.reposByOwner[ownerKey] ??= [];
  draft.reposByOwner[ownerKey].push(id);
  return rec;
}

/** Changes of `PATCH /repos/{owner}/{repo}`. */
export interface RepoPatch {
  name?: string;
  description?: string | null;
  homepage?: string | null;
  private?: boolean;
  hasIssues?: boolean;
  hasProjects?: boolean;
  hasWiki?: boolean;
  defaultBranch?: string;
  archived?: boolean;
  isTemplate?: boolean;
}

/** Applies a patch; a rename moves the index entry (hooks and imports are keyed by id and follow). */
export function updateRepo(draft: Draft<S>, id: number, patch: RepoPatch, now: string): RepoRecord {
  const rec = draft.repos[id];
  if (!rec) throw githubError.notFound();
  if (patch.name !== undefined && patch.name !== rec.name) {
    const oldKey = repoKey(rec.ownerLogin, rec.name);
    const newKey = repoKey(rec.ownerLogin, patch.name);
    if (newKey !== oldKey && draft.repoIndex[newKey] !== undefined) {
      throw githubError.validation([{ resource: 'Repository', code: 'custom', field: 'name', message: 'name already exists on this account' }]);
    }
    delete draft.repoIndex[oldKey];
    draft.repoIndex[newKey] = id;
    rec.name = patch.name;
  }
  if (patch.description !== undefined) rec.description = patch.description;
  if (patch.homepage !== undefined) rec.homepage = patch.homepage;
  if (patch.private !== undefined) rec.private = patch.private;
  if (patch.hasIssues !== undefined) rec.hasIssues = patch.hasIssues;
  if (patch.hasProjects !== undefined) rec.hasProjects = patch.hasProjects;
  if (patch.hasWiki !== undefined) rec.hasWiki = patch.hasWiki;
  if (patch.defaultBranch !== undefined) rec.defaultBranch = patch.defaultBranch;
  if (patch.archived !== undefined) rec.archived = patch.archived;
  if (patch.isTemplate !== undefined) rec.isTemplate = patch.isTemplate;
  rec.updatedAt = now;
  return rec;
}

/** Deletes a repository with its import, authors, hooks and their deliveries. */
export function deleteRepo(draft: Draft<S>, id: number): void {
  const rec = draft.repos[id];
  if (!rec) throw githubError.notFound();
  delete draft.repoIndex[repoKey(rec.ownerLogin, rec.name)];
  const ownerKey = rec.ownerLogin.toLowerCase();
  const list = draft.reposByOwner[ownerKey];
  if (list) {
    const at = list.indexOf(id);
    if (at >= 0) list.splice(at, 1);
  }
  const imp = draft.imports[id];
  if (imp) {
    for (const a of imp.authorIds) delete draft.authors[a];
    delete draft.imports[id];
  }
  const target = `repo:${id}`;
  for (const h of draft.hooksByTarget[target] ?? []) {
    for (const d of draft.deliveriesByHook[h] ?? []) delete draft.deliveries[d];
    delete draft.deliveriesByHook[h];
    delete draft.hooks[h];
  }
  delete draft.hooksByTarget[target];
  const forks = rec.parentId === undefined ? undefined : draft.repoForks?.[rec.parentId];
  if (forks) {
    const at = forks.indexOf(id);
    if (at >= 0) forks.splice(at, 1);
  }
  delete draft.repos[id];
}

/** Open issues and pull requests of a repository (GitHub counts both), from the issue indexes. */
function openIssues(state: S | Draft<S>, rec: RepoRecord): number {
  const ix = state.issueIndex.repos[`/repos/${encodeURIComponent(rec.ownerLogin)}/${encodeURIComponent(rec.name)}`];
  return ix ? membersOf(ix.lists, 'I|open', 'created').length : 0;
}

/** Direct forks of a repository (ids, oldest first). */
export function forksOf(state: S | Draft<S>, id: number): readonly number[] {
  return state.repoForks?.[id] ?? [];
}

/**
 * GitHub's repository JSON (the `full-repository` shape, without the fields this fake does not model).
 * `permissions` is the caller's (`repoPermissionsFor`): left out without a caller or for an anonymous one.
 */
export function renderRepo(
  state: S | Draft<S>,
  rec: RepoRecord,
  apiBase: string,
  operation = 'GET /repos/{owner}/{repo}',
  caller?: Caller,
  view: { get?: boolean } = {},
): Record<string, unknown> {
  const fields = repoFields(state, rec, apiBase, caller);
  // `GET /repos/{owner}/{repo}` itself adds the clone token (a private repository's, for a caller who can push).
  if (view.get) {
    const push = (fields.permissions as { push?: boolean } | undefined)?.push;
    fields.temp_clone_token = rec.private && push ? hashSha(`temp-clone:${rec.id}`).slice(0, 29).toUpperCase() : '';
  }
  const shape = operationShape(...(operation.split(' ') as [string, string]));
  const schema = shape?.r['200'] ?? shape?.r['201'];
  if (!schema || schema === 't') return fields;
  const listed = shape?.r['200'] && typeof schema === 'object' && schema.t === 'array' && schema.i !== undefined ? schema.i : schema;
  const out = renderShape(listed, fields, `/repos/${fullName(rec)}`, {
    baseUrl: trimBase(apiBase),
    now: rec.updatedAt,
    login: rec.ownerLogin,
    records: state.catalog.records,
    accounts: state.accounts,
  });
  return out as Record<string, unknown>;
}

/**
 * The repository's own values in GitHub's spelling (the renderer adds what the operation's shape documents);
 * a fork's `parent` and `source` and a generated repository's `template_repository` are whole repositories.
 */
function repoFields(state: S | Draft<S>, rec: RepoRecord, apiBase: string, caller: Caller | undefined): Record<string, unknown> {
  const own = ownFields(state, rec, apiBase, caller);
  const related = (id: number | undefined) => {
    const r = id === undefined ? undefined : (state.repos[id] as RepoRecord | undefined);
    return r ? ownFields(state, r, apiBase, caller) : undefined;
  };
  const parent = related(rec.parentId);
  const source = related(rec.sourceId);
  const template = related(rec.templateId);
  return {
    ...own,
    ...(parent ? { parent } : {}),
    ...(source ? { source } : {}),
    ...(template ? { template_repository: template } : {}),
  };
}

/**
 * A repository as other answers embed it (a pull request's `head.repo`, an issue's `repository`, ...):
 * the same fields as `GET /repos/{owner}/{repo}`, the caller's `permissions` included (GitHub's examples
 * of a pull request and of an issue list carry them).
 */
export function embeddedRepo(state: S | Draft<S>, rec: RepoRecord, apiBase: string, caller?: Caller): Record<string, unknown> {
  return ownFields(state, rec, apiBase, caller);
}

function ownFields(state: S | Draft<S>, rec: RepoRecord, apiBase: string, caller: Caller | undefined): Record<string, unknown> {
  const permissions = repoPermissionsFor({ state: state as S, caller }, rec);
  const forks = forksOf(state, rec.id).length;
  const api = trimBase(apiBase);
  const web = webBase(apiBase);
  const name = fullName(rec);
  const r = `${api}/repos/${name}`;
  const owner = accountOf(state, rec.ownerLogin);
  const stars = stargazerCount(state, rec.id);
  return {
    id: rec.id,
    node_id: Buffer.from(`010:Repository${rec.id}`).toString('base64'),
    name: rec.name,
    full_name: name,
    private: rec.private,
    owner: renderAccount(owner, apiBase),
    // A repository an organization owns names it (GitHub's `organization`, the owner again).
    ...(owner.type === 'Organization' ? { organization: renderAccount(owner, apiBase) } : {}),
    html_url: `${web}/${name}`,
    description: rec.description,
    fork: rec.parentId !== undefined,
    url: r,
    archive_url: `${r}/{archive_format}{/ref}`,
    branches_url: `${r}/branches{/branch}`,
    collaborators_url: `${r}/collaborators{/collaborator}`,
    commits_url: `${r}/commits{/sha}`,
    contents_url: `${r}/contents/{+path}`,
    deployments_url: `${r}/deployments`,
    events_url: `${r}/events`,
    forks_url: `${r}/forks`,
    hooks_url: `${r}/hooks`,
    issues_url: `${r}/issues{/number}`,
    languages_url: `${r}/languages`,
    pulls_url: `${r}/pulls{/number}`,
    releases_url: `${r}/releases{/id}`,
    tags_url: `${r}/tags`,
    teams_url: `${r}/teams`,
    git_url: `git:${web.replace(/^https?:/, '')}/${name}.git`,
    ssh_url: `git@${new URL(web).host}:${name}.git`,
    clone_url: `${web}/${name}.git`,
    svn_url: `${web}/${name}`,
    homepage: rec.homepage,
    size: 0,
    stargazers_count: stars,
    watchers_count: stars,
    language: primaryLanguage(state, rec),
    has_issues: rec.hasIssues,
    has_projects: rec.hasProjects,
    has_downloads: true,
    has_wiki: rec.hasWiki,
    has_pages: false,
    has_discussions: false,
    forks_count: forks,
    mirror_url: null,
    archived: rec.archived,
    disabled: false,
    open_issues_count: openIssues(state, rec),
    license: null,
    allow_forking: true,
    is_template: rec.isTemplate ?? false,
    web_commit_signoff_required: false,
    topics: repoTopics(state, rec),
    visibility: rec.private ? 'private' : 'public',
    forks,
    open_issues: openIssues(state, rec),
    watchers: stars,
    default_branch: rec.defaultBranch,
    created_at: rec.createdAt,
    updated_at: rec.updatedAt,
    pushed_at: rec.pushedAt,
    ...(permissions ? { permissions } : {}),
    network_count: 0,
    subscribers_count: 0,
  };
}

/**
 * What the renderer knows of a repository record of the hand-written model. With the state it was read
 * from, a repository embedded in an answer carries every field `GET /repos/{owner}/{repo}` answers
 * (computed once, when first embedded; the state must still be live then).
 */
export function repoView(rec: RepoRecord, from?: { state: CodeHostingState; apiBase: string; caller?: Caller | undefined }): RepoView {
  const view: RepoView = {
    id: rec.id,
    owner: rec.ownerLogin,
    name: rec.name,
    private: rec.private,
    description: rec.description,
    defaultBranch: rec.defaultBranch,
    createdAt: rec.createdAt,
    updatedAt: rec.updatedAt,
    pushedAt: rec.pushedAt,
  };
  if (from) {
    let fields: Resource | undefined;
    Object.defineProperty(view, 'extra', { enumerable: true, get: () => (fields ??= embeddedRepo(from.state, rec, from.apiBase, from.caller)) });
  }
  return view;
}
