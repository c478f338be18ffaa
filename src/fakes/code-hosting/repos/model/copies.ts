import type { Draft } from 'immer';
import { branchHead, branchNames, setBranchHead } from '../../git/model/heads.js';
import { createRepo } from '../model.js';
import { findAccount, findRepo } from '../../core/lookup.js';
import type { OwnerType, RepoRecord } from '../../core/schemas/repo.js';
import type { CodeHostingState } from '../../state.js';
import { branchRepo, putObject } from '../../git/model.js';
import { rootCommit } from '../../core/hash.js';
import type { CommitObject } from '../../git/state.js';
import type { RelationRepo } from '../../core/family.js';
import { repoPath } from './move.js';

/**
 * Forks and repositories generated from a template: real repositories with their own records, git
 * graphs and branches. A fork starts as a copy of its parent's graph, tags and branches (the same
 * commits, so the same shas), with `parent` and `source` pointing back; a generated repository starts
 * over: one "Initial commit" per copied branch, holding the template branch's tree.
 */

/** A repository as relation code sees it. */
export function relationRepo(rec: RepoRecord): RelationRepo {
  return { path: repoPath(rec.ownerLogin, rec.name), defaultBranch: rec.defaultBranch, record: rec };
}

/** The first free name `name`, `name-1`, `name-2`, ... of an account (GitHub's choice for a fork whose name is taken). */
function freeName(d: CodeHostingState, owner: string, name: string): string {
  let out = name;
  for (let i = 1; findRepo(d, owner, out); i++) out = `${name}-${i}`;
  return out;
}

/** The kind of an account that is to own a new repository (an unknown one: `fallback`). */
const kindOf = (d: CodeHostingState, login: string, fallback: OwnerType): OwnerType => findAccount(d, login)?.type ?? fallback;

/** Copies the objects and non-branch refs of one graph to another repository (objects are immutable: shared). */
function copyGraph(d: CodeHostingState, from: RepoRecord, to: RepoRecord): void {
  const g = d.git.repos[from.id];
  const root = rootCommit(from.createdAt);
  d.git.repos[to.id] = {
    objects: { ...(g?.objects ?? {}), [root.sha]: root.commit },
    refs: { ...(g?.refs ?? {}) },
    refNames: [...(g?.refNames ?? [])],
  };
}

/** What forking takes. */
export interface NewFork {
  /** Account the fork goes to (the caller, or `organization`). */
  owner: string;
  ownerType: OwnerType;
  /** Name of the fork; default the parent's (a taken name gets a `-1`, `-2` suffix). */
  name?: string;
  /** Only the default branch. */
  defaultBranchOnly?: boolean;
  now: string;
  baseUrl: string;
}

/**
 * Forks a repository: an existing fork of it on the same account is answered as it is (as GitHub does);
 * otherwise a new repository with the parent's settings, graph, tags and branches at the same commits.
 */
export function forkRepository(d: CodeHostingState, parent: RepoRecord, input: NewFork): RepoRecord {
  d.repoForks ??= {};
  const owner = input.owner.toLowerCase();
  for (const id of d.repoForks[parent.id] ?? []) {
    const existing = d.repos[id];
    if (existing && existing.ownerLogin.toLowerCase() === owner) return existing;
  }
  const rec = createRepo(d as Draft<CodeHostingState>, {
    owner: input.owner,
    ownerType: kindOf(d, input.owner, input.ownerType),
    name: freeName(d, input.owner, input.name ?? parent.name),
    private: parent.private,
    description: parent.description,
    homepage: parent.homepage,
    defaultBranch: parent.defaultBranch,
    // Issues are off in a new fork.
    hasIssues: false,
    hasProjects: parent.hasProjects,
    hasWiki: parent.hasWiki,
    fork: { parentId: parent.id, sourceId: parent.sourceId ?? parent.id },
    now: input.now,
  });
  const forks = d.repoForks[parent.id] ?? [];
  forks.push(rec.id);
  d.repoForks[parent.id] = forks;
  copyGraph(d, parent, rec);
  const from = branchRepo(relationRepo(parent));
  const to = branchRepo(relationRepo(rec));
  const env = { baseUrl: input.baseUrl, now: input.now };
  const names = input.defaultBranchOnly ? [parent.defaultBranch] : branchNames(d.catalog, from);
  for (const name of names) {
    const sha = branchHead(d.catalog, from, name);
    if (sha) setBranchHead(d.catalog, to, name, sha, env);
  }
  return rec;
}

/** What generating from a template takes. */
export interface FromTemplate {
  owner: string;
  name: string;
  description?: string;
  private?: boolean;
  /** Every branch of the template, not only its default branch. */
  includeAllBranches?: boolean;
  /** The caller (author of the initial commits). */
  login: string;
  now: string;
  baseUrl: string;
}

/** Creates a repository from a template: `template_repository` set, each copied branch one fresh commit of the template branch's tree. */
export function generateFromTemplate(d: CodeHostingState, template: RepoRecord, input: FromTemplate): RepoRecord {
  const rec = createRepo(d as Draft<CodeHostingState>, {
    owner: input.owner,
    ownerType: kindOf(d, input.owner, 'User'),
    name: input.name,
    private: input.private ?? false,
    description: input.description ?? null,
    defaultBranch: template.defaultBranch,
    templateId: template.id,
    now: input.now,
  });
  copyGraph(d, template, rec);
  const from = branchRepo(relationRepo(template));
  const toRepo = relationRepo(rec);
  const to = branchRepo(toRepo);
  const env = { baseUrl: input.baseUrl, now: input.now };
  const names = input.includeAllBranches ? branchNames(d.catalog, from) : [template.defaultBranch];
  const who = { name: input.login, email: `${input.login}@users.noreply.github.com`, date: input.now };
  for (const name of names) {
    const head = branchHead(d.catalog, from, name);
    const tree = head ? (d.git.repos[rec.id]?.objects[head] as CommitObject | undefined)?.tree : undefined;
    if (!tree) continue;
    const commit: CommitObject = { type: 'commit', tree, parents: [], author: who, committer: who, message: 'Initial commit', login: input.login };
    setBranchHead(d.catalog, to, name, putObject(d, toRepo, commit), env);
  }
  return rec;
}
