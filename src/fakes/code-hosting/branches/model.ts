import { GitHubError, githubError } from '../core/errors.js';
import type { Operation, OpResult } from '../core/catalog/engine.js';
import { htmlUrl } from '../core/catalog/engine.js';
import { linkHeader, parsePaging } from '../core/catalog/paging.js';
import type { CatalogSlice, Resource } from '../core/catalog/state.js';
import type { RelationContext } from '../core/family.js';
import { getCommit } from '../git/model.js';
import { commitView } from '../git/model/views.js';
import { teamBySlug, teamView } from '../teams/model.js';
import { plain } from '../../../store/store.js';
import { tableDelete, tableGet, tableSet } from '../../../store/table.js';
import { branchHead, branchNames, branchRecord, ensureBranch, listOf } from '../git/model/heads.js';
import { type BranchRepo, branchKey } from './state.js';
import type { CodeHostingState } from '../state.js';

const keyOf = branchKey;
import { keyListReplace } from '../../../store/key-list.js';

/** Signature of a hand-written branch operation (slice is a draft for writes, frozen for reads). */
export type BranchOp = (slice: CatalogSlice, op: Operation, repo: BranchRepo, rc: RelationContext) => OpResult;

const DOCS = 'https://docs.github.com/rest/branches/branches';
const notProtected = () => new GitHubError(404, 'Branch not protected', { documentationUrl: 'https://docs.github.com/rest/branches/branch-protection' });
const notFound = () => new GitHubError(404, 'Branch not found', { documentationUrl: DOCS });

/**
 * Branches with protection, over the catalog slice: a branch lives at `/repos/o/r/branches/<name>`,
 * its protection at `.../branches/<name>/protection`. Routes come from the catalog pipeline (auth,
 * rate limit, one update).
 *
 * A branch's head is the field `commit.sha` of its record, and nowhere else: the git graph reads and
 * moves `refs/heads/<name>` through {@link branchHead} and {@link setBranchHead}, so a ref created
 * with `git/refs` is a branch and a branch renamed or deleted changes its ref. The repository's
 * default branch exists without a record, at the repository's root commit.
 */

/**
 * A branch as GitHub answers it: the list item (short branch) or, `full`, the branch with its head
 * commit exactly as `GET /commits/{sha}` answers it (same author, message, tree and parents).
 */
/** Who required status checks hold: everyone when admins are held to the protection too, else non-admins. */
function enforcementLevel(prot: Resource): string {
  return (prot.enforce_admins as { enabled?: boolean } | undefined)?.enabled ? 'everyone' : 'non_admins';
}

/** A branch's `protection` summary; its links only when the branch is protected (they answer 404 until then). */
function protectionSummary(on: boolean, url: string, checks: Resource): Resource {
  if (!on) return { enabled: false, required_status_checks: checks };
  return { url, protection_url: url, enabled: true, required_status_checks: { url: `${url}/required_status_checks`, ...checks } };
}

function render(slice: CatalogSlice, repo: BranchRepo, name: string, op: Operation, full: boolean, rc?: RelationContext): Resource {
  const key = keyOf(repo, name);
  const sha = branchHead(slice, repo, name) as string;
  const prot = tableGet(slice.records, `${key}/protection`);
  const protection = `${op.baseUrl}${key}/protection`;
  // Read plainly: a rename renders the branch inside the update, where the record is a draft.
  const required = plain(prot?.required_status_checks) as Resource | null | undefined;
  // The summary names the required checks (GitHub's `short-branch-with-protection-items` example) at their level.
  const checks = {
    enforcement_level: required ? enforcementLevel(prot as Resource) : 'off',
    contexts: (required?.contexts as unknown[] | undefined) ?? [],
    checks: (required?.checks as unknown[] | undefined) ?? [],
  };
  const out: Resource = {
    name,
    commit: { sha, url: `${op.baseUrl}${repo.path}/commits/${sha}` },
    protected: Boolean(prot),
  };
  if (!full)
    return {
      ...out,
      protection: protectionSummary(Boolean(prot), protection, checks),
      protection_url: protection,
    };
  const head = rc?.repo ? getCommit(rc.state, rc.repo, sha) : undefined;
  return {
    ...out,
    ...(head && rc?.repo ? { commit: commitView({ state: rc.state, repo: rc.repo, baseUrl: op.baseUrl }, sha, head) } : {}),
    _links: { self: `${op.baseUrl}${key}`, html: `${htmlUrl(op.baseUrl, repo.path)}/tree/${name}` },
    protection: protectionSummary(Boolean(prot), protection, checks),
    protection_url: protection,
  };
}

function protectionOf(slice: CatalogSlice, repo: BranchRepo, name: string): Resource {
  if (!branchRecord(slice, repo, name)) throw notFound();
  const prot = tableGet(slice.records, `${keyOf(repo, name)}/protection`);
  if (!prot) throw notProtected();
  return prot;
}

export const listBranches: BranchOp = (slice, op, repo) => {
  const wantProtected = op.query.protected;
  let names = branchNames(slice, repo);
  if (wantProtected === 'true' || wantProtected === 'false')
    names = names.filter((n) => Boolean(tableGet(slice.records, `${keyOf(repo, n)}/protection`)) === (wantProtected === 'true'));
  const paging = parsePaging(op.query);
  const start = (paging.page - 1) * paging.perPage;
  const link = linkHeader(op.url, paging, names.length);
  const body = names.slice(start, start + paging.perPage).map((n) => render(slice, repo, n, op, false));
  return { status: 200, body, ...(link ? { headers: { link } } : {}) };
};

export const getBranch: BranchOp = (slice, op, repo, rc) => {
  const name = decodeURIComponent(op.key.split('/').pop() as string);
  if (!branchRecord(slice, repo, name)) throw notFound();
  return { status: 200, body: render(slice, repo, name, op, true, rc) };
};

const PROTECTION_FIELDS = ['required_status_checks', 'enforce_admins', 'required_pull_request_reviews', 'restrictions'] as const;

/**
 * Required status checks as GitHub stores them: `contexts` and `checks` are one list in two spellings
 * (a context named alone is a check of any app, `app_id: null`; a check's context is listed in `contexts`).
 */
function statusChecks(url: string, body: Resource): Resource {
  const given = Array.isArray(body.checks) ? (body.checks as Resource[]).filter((c) => typeof c?.context === 'string') : undefined;
  const contexts = Array.isArray(body.contexts) ? body.contexts.filter((c): c is string => typeof c === 'string') : [];
  const checks = given
    ? given.map((c) => ({ context: c.context, app_id: typeof c.app_id === 'number' ? c.app_id : null }))
    : contexts.map((context) => ({ context, app_id: null }));
  return { url, strict: body.strict === true, contexts: given ? checks.map((c) => c.context as string) : contexts, contexts_url: `${url}/contexts`, checks };
}

/**
 * Who a protection setting names (push restrictions, who may dismiss reviews, who may bypass them): the
 * users (logins), the organization's teams (slugs) and apps (slugs), with the setting's links when it
 * has them (`url`, `users_url`, `teams_url`; bypass allowances have none).
 */
function actorsOf(state: CodeHostingState, baseUrl: string, url: string | undefined, body: Resource, repo: Pick<BranchRepo, 'path'>): Resource {
  const org = decodeURIComponent(repo.path.split('/')[2] ?? '');
  const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
  const teams = list(body.teams).map((slug) => {
    const team = typeof slug === 'string' ? teamBySlug(state, org, slug) : undefined;
    return team ? teamView(state, baseUrl, team) : { name: String(slug), slug: String(slug) };
  });
  const apps = list(body.apps).map((slug) => (typeof slug === 'string' ? { slug, name: slug } : slug));
  const links = url ? { url, users_url: `${url}/users`, teams_url: `${url}/teams`, ...(body.apps !== undefined ? { apps_url: `${url}/apps` } : {}) } : {};
  return { ...links, users: list(body.users), teams, apps };
}

/** Pull request review rules as GitHub keeps them: its link, and who may dismiss and bypass reviews when the rules name anyone. */
function reviewRules(state: CodeHostingState, baseUrl: string, url: string, body: Resource, repo: Pick<BranchRepo, 'path'>): Resource {
  const { dismissal_restrictions: dismissal, bypass_pull_request_allowances: bypass, ...rest } = body;
  return {
    url,
    ...(dismissal && typeof dismissal === 'object'
      ? {
          dismissal_restrictions: actorsOf(
            state,
            baseUrl,
            url.replace(/required_pull_request_reviews$/, 'dismissal_restrictions'),
            dismissal as Resource,
            repo,
          ),
        }
      : {}),
    dismiss_stale_reviews: rest.dismiss_stale_reviews === true,
    require_code_owner_reviews: rest.require_code_owner_reviews === true,
    required_approving_review_count: typeof rest.required_approving_review_count === 'number' ? rest.required_approving_review_count : 0,
    require_last_push_approval: rest.require_last_push_approval === true,
    ...(bypass && typeof bypass === 'object' ? { bypass_pull_request_allowances: actorsOf(state, baseUrl, undefined, bypass as Resource, repo) } : {}),
  };
}

/**
 * A branch's protection as GitHub keeps and answers it, from a `PUT .../protection` body (or a seed of
 * the protection path): every setting, the ones not asked for off.
 */
export function protectionRecord(state: CodeHostingState, baseUrl: string, url: string, b: Resource, repo: Pick<BranchRepo, 'path'>): Resource {
  const on = (k: string) => ({ enabled: b[k] === true || (b[k] as { enabled?: unknown } | undefined)?.enabled === true });
  const set = (k: string) => b[k] && typeof b[k] === 'object';
  return {
    url,
    required_status_checks: set('required_status_checks') ? statusChecks(`${url}/required_status_checks`, b.required_status_checks as Resource) : null,
    enforce_admins: { url: `${url}/enforce_admins`, ...on('enforce_admins') },
    required_pull_request_reviews: set('required_pull_request_reviews')
      ? reviewRules(state, baseUrl, `${url}/required_pull_request_reviews`, b.required_pull_request_reviews as Resource, repo)
      : null,
    restrictions: set('restrictions') ? actorsOf(state, baseUrl, `${url}/restrictions`, { apps: [], ...(b.restrictions as Resource) }, repo) : null,
    required_signatures: { url: `${url}/required_signatures`, ...on('required_signatures') },
    required_linear_history: on('required_linear_history'),
    allow_force_pushes: on('allow_force_pushes'),
    allow_deletions: on('allow_deletions'),
    block_creations: on('block_creations'),
    required_conversation_resolution: on('required_conversation_resolution'),
    lock_branch: on('lock_branch'),
    allow_fork_syncing: on('allow_fork_syncing'),
  };
}

export const putProtection: BranchOp = (slice, op, repo, rc) => {
  const name = branchName(op);
  if (!branchRecord(slice, repo, name)) throw notFound();
  const missing = PROTECTION_FIELDS.filter((f) => !(f in op.body));
  if (missing.length) throw githubError.validation(missing.map((field) => ({ resource: 'Branch protection', field, code: 'missing_field' as const })));
  const url = `${op.baseUrl}${keyOf(repo, name)}/protection`;
  const prot = protectionRecord(rc.state, op.baseUrl, url, op.body as Resource, repo);
  ensureBranch(slice, repo, name, op);
  tableSet(slice.records, `${keyOf(repo, name)}/protection`, prot);
  return { status: 200, body: prot };
};

/** `GET .../protection`: the protection, its status checks with their enforcement level (everyone when admins are held to them). */
export const getProtection: BranchOp = (slice, op, repo) => {
  const prot = protectionOf(slice, repo, branchName(op));
  const checks = prot.required_status_checks as Resource | null | undefined;
  if (!checks) return { status: 200, body: prot };
  return { status: 200, body: { ...prot, required_status_checks: { url: checks.url, enforcement_level: enforcementLevel(prot), ...checks } } };
};

export const deleteProtection: BranchOp = (slice, op, repo) => {
  const name = branchName(op);
  protectionOf(slice, repo, name);
  tableDelete(slice.records, `${keyOf(repo, name)}/protection`);
  return { status: 204 };
};

/** GET/POST/PATCH/DELETE of one protection setting (`enforce_admins`, `required_status_checks`, ...). */
export function subProtection(field: string): BranchOp {
  return (slice, op, repo) => {
    const name = branchName(op);
    const prot = protectionOf(slice, repo, name);
    const url = `${prot.url as string}/${field}`;
    const toggle = field === 'enforce_admins' || field === 'required_signatures';
    if (op.row.method === 'GET') {
      const v = prot[field];
      if (!v)
        throw new GitHubError(404, `${field.replace(/_/g, ' ')} not enabled`, { documentationUrl: 'https://docs.github.com/rest/branches/branch-protection' });
      return { status: 200, body: v };
    }
    if (op.row.method === 'DELETE') {
      prot[field] = toggle ? { url, enabled: false } : null;
      return { status: 204 };
    }
    prot[field] = toggle ? { url, enabled: true } : { ...((prot[field] as Resource | null) ?? {}), ...op.body, url };
    return { status: 200, body: prot[field] };
  };
}

export const renameBranch: BranchOp = (slice, op, repo, rc) => {
  const name = branchName(op);
  if (!branchRecord(slice, repo, name)) throw notFound();
  const to = op.body.new_name;
  if (typeof to !== 'string' || !to) throw githubError.validation([{ resource: 'Branch', field: 'new_name', code: 'missing_field' }]);
  if (branchRecord(slice, repo, to)) throw githubError.validation([{ resource: 'Branch', field: 'new_name', code: 'already_exists' }]);
  ensureBranch(slice, repo, name, op);
  const from = keyOf(repo, name);
  const dest = keyOf(repo, to);
  tableSet(slice.records, dest, { ...(tableGet(slice.records, from) as Resource), name: to });
  tableDelete(slice.records, from);
  const prot = tableGet(slice.records, `${from}/protection`);
  if (prot) {
    tableSet(slice.records, `${dest}/protection`, prot);
    tableDelete(slice.records, `${from}/protection`);
  }
  keyListReplace(slice.lists, listOf(repo), from, dest);
  // Renaming the default branch renames the repository's default branch (as on GitHub).
  const record = rc.repo ? rc.state.repos[rc.repo.record.id] : undefined;
  const moved = { ...repo };
  if (record && name === repo.defaultBranch) {
    record.defaultBranch = to;
    moved.defaultBranch = to;
  }
  return { status: 201, body: render(slice, moved, to, op, true, rc) };
};

function branchName(op: Operation): string {
  const segs = op.key.split('/');
  return decodeURIComponent(segs[segs.indexOf('branches') + 1] as string);
}
