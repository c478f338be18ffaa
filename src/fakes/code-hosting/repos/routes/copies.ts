import { checkRequired } from '../../core/catalog/engine.js';
import { GitHubError, githubError } from '../../core/errors.js';
import { forksOf, renderRepo } from '../model.js';
import { fullName } from '../../core/lookup.js';
import type { RepoRecord } from '../../core/schemas/repo.js';
import type { RelationContext, RelationOp } from '../../core/family.js';
import { loginOf, paged, query, repoOf, str } from '../../core/ops.js';
import { forkRepository, generateFromTemplate } from '../model/copies.js';
import { moveRepository } from '../model/move.js';

/** Repository operations that make or move whole repositories: fork, generate from a template, transfer. */

const bool = (v: unknown) => (typeof v === 'boolean' ? v : undefined);

const render = (rc: RelationContext, rec: RepoRecord) => renderRepo(rc.state, rec, rc.op.baseUrl, undefined, rc.op.caller);

const createFork: RelationOp = (rc) => {
  const { op } = rc;
  const parent = repoOf(rc).record;
  const org = str(op.body, 'organization');
  const name = str(op.body, 'name');
  const defaultOnly = bool(op.body.default_branch_only);
  const rec = forkRepository(rc.state, parent, {
    owner: org ?? loginOf(op),
    // An account the fake does not know yet is created as an organization.
    ownerType: org !== undefined ? 'Organization' : 'User',
    ...(name ? { name } : {}),
    ...(defaultOnly !== undefined ? { defaultBranchOnly: defaultOnly } : {}),
    now: op.now,
    baseUrl: op.baseUrl,
  });
  return { status: 202, body: render(rc, rec) };
};

const listForks: RelationOp = (rc) => {
  const repo = repoOf(rc).record;
  const ids = [...forksOf(rc.state, repo.id)];
  // `newest` (the default) and `oldest` by creation; the fake has no stars or watchers to sort by.
  if (query(rc.op, 'sort') !== 'oldest') ids.reverse();
  const out = paged(rc.op, ids);
  return {
    ...out,
    body: (out.body as number[])
      .map((id) => rc.state.repos[id])
      .filter((r): r is RepoRecord => r !== undefined)
      .map((r) => renderRepo(rc.state, r, rc.op.baseUrl, 'GET /repos/{owner}/{repo}/forks', rc.op.caller)),
  };
};

const generate: RelationOp = (rc) => {
  const { op } = rc;
  checkRequired(op.row, op.body);
  const template = repoOf(rc).record;
  if (!template.isTemplate) {
    throw new GitHubError(422, `Could not clone: ${fullName(template)} is not a template repository.`, {
      documentationUrl: 'https://docs.github.com/rest/repos/repos#create-a-repository-using-a-template',
    });
  }
  const description = str(op.body, 'description');
  const priv = bool(op.body.private);
  const all = bool(op.body.include_all_branches);
  const rec = generateFromTemplate(rc.state, template, {
    owner: str(op.body, 'owner') ?? loginOf(op),
    name: str(op.body, 'name') as string,
    ...(description !== undefined ? { description } : {}),
    ...(priv !== undefined ? { private: priv } : {}),
    ...(all !== undefined ? { includeAllBranches: all } : {}),
    login: loginOf(op),
    now: op.now,
    baseUrl: op.baseUrl,
  });
  return { status: 201, body: render(rc, rec) };
};

// GitHub answers a transfer before it completes: the body is the repository with its original owner.
// The fake completes it at once (no acceptance step for a transfer to a user).
const transfer: RelationOp = (rc) => {
  const { op } = rc;
  checkRequired(op.row, op.body);
  const rec = repoOf(rc).record;
  const newOwner = str(op.body, 'new_owner');
  if (!newOwner) throw githubError.validation([{ resource: 'Repository', code: 'missing_field', field: 'new_owner' }]);
  const before = render(rc, rec);
  const newName = str(op.body, 'new_name');
  moveRepository(rc.state, rec.id, { owner: newOwner, name: newName || rec.name }, op);
  return { status: 202, body: before };
};

const R = '/repos/{owner}/{repo}';

/** Repository operations by `METHOD template`. */
export const REPO_OPS: Readonly<Record<string, RelationOp>> = {
  [`POST ${R}/forks`]: createFork,
  [`GET ${R}/forks`]: listForks,
  [`POST /repos/{template_owner}/{template_repo}/generate`]: generate,
  [`POST ${R}/transfer`]: transfer,
};
