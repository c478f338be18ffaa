import type { Resource } from '../core/catalog/state.js';
import { putResource } from '../core/catalog/engine.js';
import { type RelationRepo, type RelationSeeder, pathSeeder } from '../core/family.js';
import { findRepo } from '../core/lookup.js';
import type { CodeHostingState } from '../state.js';
import { tableGet } from '../../../store/table.js';
import { refSha, setRef } from '../git/model.js';
import { commitOnTop } from '../git/model/merge.js';
import { protectionRecord } from './model.js';

const BRANCH_TEMPLATE = '/repos/{owner}/{repo}/branches/{branch}';

/**
 * `seed.resource` of a branch (`/repos/o/r/branches/dev`): stores the branch like any seeded resource;
 * a branch other than the default one seeded without `commit.sha` gets a commit of its own on top of
 * the default branch (same files), so it exists in the git graph and a pull request can be opened
 * from it, as from a branch someone pushed to.
 */
export function seedBranchResource(state: CodeHostingState, key: string, body: Resource, env: { now: string; baseUrl: string }): Resource {
  const out = putResource(state.catalog, state.counters, BRANCH_TEMPLATE, key, body, env);
  const m = /^\/repos\/([^/]+)\/([^/]+)\/branches\/([^/]+)$/.exec(key);
  const record = m ? findRepo(state, decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string)) : undefined;
  if (!m || !record) return out;
  const name = decodeURIComponent(m[3] as string);
  if (typeof (body.commit as { sha?: unknown } | undefined)?.sha === 'string' || name === record.defaultBranch) return out;
  const repo: RelationRepo = { path: `/repos/${m[1]}/${m[2]}`, defaultBranch: record.defaultBranch, record };
  const from = refSha(state, repo, `refs/heads/${record.defaultBranch}`);
  const sha = from ? commitOnTop(state, repo.path, from, `Seeded commit on ${name}`, { login: record.ownerLogin, ...env }) : undefined;
  if (sha) setRef(state, repo, `refs/heads/${name}`, sha, env);
  return tableGet(state.catalog.records, key) ?? out;
}

const PROTECTION_TEMPLATE = '/repos/{owner}/{repo}/branches/{branch}/protection';

/**
 * `seed.resource` of a branch's protection: kept as `PUT .../protection` keeps it (every setting, its
 * links, the ones not named off), the seed's body in the spelling of that request's body.
 */
export function seedProtectionResource(state: CodeHostingState, key: string, body: Resource, env: { now: string; baseUrl: string }): Resource {
  const repoPath = /^\/repos\/[^/]+\/[^/]+/.exec(key)?.[0] ?? '';
  return putResource(
    state.catalog,
    state.counters,
    PROTECTION_TEMPLATE,
    key,
    protectionRecord(state, env.baseUrl, `${env.baseUrl}${key}`, body, { path: repoPath }),
    env,
  );
}

/** The family's seeder: `seed.resource` on a branch path gives a new branch a commit of its own; on its protection, the whole protection. */
export const BRANCH_SEEDER: RelationSeeder = pathSeeder({ [BRANCH_TEMPLATE]: seedBranchResource, [PROTECTION_TEMPLATE]: seedProtectionResource });
