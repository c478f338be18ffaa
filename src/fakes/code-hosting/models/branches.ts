import { GitHubError, githubError } from '../errors.js';
import type { Operation, OpResult } from '../catalog/engine.js';
import { htmlUrl } from '../catalog/engine.js';
import type { CatalogSlice, Resource } from '../catalog/state.js';

/**
 * Branches with protection, over the catalog slice: a branch lives at `/repos/o/r/branches/<name>`,
 * its protection at `.../branches/<name>/protection`. The repository's default branch exists
 * without being seeded. Routes come from the catalog pipeline (auth, rate limit, one update).
 */

/** What a branch operation sees of its repository. */
export interface BranchRepo {
  /** Concrete path `/repos/<owner>/<repo>` as the catalog keys it. */
  path: string;
  defaultBranch: string;
}

/** Signature of a hand-written catalog operation (slice is a draft for writes, frozen for reads). */
export type BranchOp = (slice: CatalogSlice, op: Operation, repo: BranchRepo) => OpResult;

const DOCS = 'https://docs.github.com/rest/branches/branches';
const notProtected = () => new GitHubError(404, 'Branch not protected', { documentationUrl: 'https://docs.github.com/rest/branches/branch-protection' });
const notFound = () => new GitHubError(404, 'Branch not found', { documentationUrl: DOCS });

const keyOf = (repo: BranchRepo, name: string) => `${repo.path}/branches/${encodeURIComponent(name)}`;
const listOf = (repo: BranchRepo) => `${repo.path}/branches`;

/** A stable fake commit sha for a branch name. */
function shaOf(name: string): string {
  let h = 0x811c9dc5;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0').repeat(5);
}

function branchRecord(slice: CatalogSlice, repo: BranchRepo, name: string): Resource | undefined {
  return slice.records[keyOf(repo, name)] ?? (name === repo.defaultBranch ? { name } : undefined);
}

function render(slice: CatalogSlice, repo: BranchRepo, name: string, rec: Resource, op: Operation, full: boolean): Resource {
  const key = keyOf(repo, name);
  const sha = (rec.commit as { sha?: string } | undefined)?.sha ?? shaOf(name);
  const prot = slice.records[`${key}/protection`];
  const out: Resource = {
    name,
    commit: { sha, url: `${op.baseUrl}${repo.path}/commits/${sha}` },
    protected: Boolean(prot),
  };
  if (!full)
    return {
      ...out,
      protection: { enabled: Boolean(prot), required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] } },
      protection_url: `${op.baseUrl}${key}/protection`,
    };
  return {
    ...out,
    _links: { self: `${op.baseUrl}${key}`, html: `${htmlUrl(op.baseUrl, repo.path)}/tree/${name}` },
    protection: {
      enabled: Boolean(prot),
      required_status_checks: { enforcement_level: prot?.required_status_checks ? 'non_admins' : 'off', contexts: [], checks: [] },
    },
    protection_url: `${op.baseUrl}${key}/protection`,
  };
}

function protectionOf(slice: CatalogSlice, repo: BranchRepo, name: string): Resource {
  if (!branchRecord(slice, repo, name)) throw notFound();
  const prot = slice.records[`${keyOf(repo, name)}/protection`];
  if (!prot) throw notProtected();
  return prot;
}

const listBranches: BranchOp = (slice, op, repo) => {
  const keys = slice.lists[listOf(repo)] ?? [];
  const names = keys.map((k) => decodeURIComponent(k.slice(listOf(repo).length + 1)));
  if (!names.includes(repo.defaultBranch)) names.unshift(repo.defaultBranch);
  const wantProtected = op.query.protected;
  let items = names.map((n) => render(slice, repo, n, branchRecord(slice, repo, n) ?? {}, op, false));
  if (wantProtected === 'true' || wantProtected === 'false') items = items.filter((b) => b.protected === (wantProtected === 'true'));
  const perPage = Math.min(Number(op.query.per_page) || 30, 100);
  const page = Math.max(Number(op.query.page) || 1, 1);
  return { status: 200, body: items.slice((page - 1) * perPage, page * perPage) };
};

const getBranch: BranchOp = (slice, op, repo) => {
  const name = decodeURIComponent(op.key.split('/').pop() as string);
  const rec = branchRecord(slice, repo, name);
  if (!rec) throw notFound();
  return { status: 200, body: render(slice, repo, name, rec, op, true) };
};

const PROTECTION_FIELDS = ['required_status_checks', 'enforce_admins', 'required_pull_request_reviews', 'restrictions'] as const;

const putProtection: BranchOp = (slice, op, repo) => {
  const name = branchName(op);
  if (!branchRecord(slice, repo, name)) throw notFound();
  const missing = PROTECTION_FIELDS.filter((f) => !(f in op.body));
  if (missing.length) throw githubError.validation(missing.map((field) => ({ resource: 'Branch protection', field, code: 'missing_field' as const })));
  const url = `${op.baseUrl}${keyOf(repo, name)}/protection`;
  const b = op.body as Record<string, unknown>;
  const prot: Resource = {
    url,
    required_status_checks: b.required_status_checks
      ? { url: `${url}/required_status_checks`, contexts: [], checks: [], ...(b.required_status_checks as Resource) }
      : null,
    enforce_admins: { url: `${url}/enforce_admins`, enabled: b.enforce_admins === true },
    required_pull_request_reviews: b.required_pull_request_reviews
      ? { url: `${url}/required_pull_request_reviews`, ...(b.required_pull_request_reviews as Resource) }
      : null,
    restrictions: b.restrictions ? { url: `${url}/restrictions`, users: [], teams: [], apps: [], ...(b.restrictions as Resource) } : null,
    required_signatures: { url: `${url}/required_signatures`, enabled: false },
    required_linear_history: { enabled: b.required_linear_history === true },
    allow_force_pushes: { enabled: b.allow_force_pushes === true },
    allow_deletions: { enabled: b.allow_deletions === true },
  };
  ensureBranch(slice, repo, name, op);
  slice.records[`${keyOf(repo, name)}/protection`] = prot;
  return { status: 200, body: prot };
};

const getProtection: BranchOp = (slice, op, repo) => ({ status: 200, body: protectionOf(slice, repo, branchName(op)) });

const deleteProtection: BranchOp = (slice, op, repo) => {
  const name = branchName(op);
  protectionOf(slice, repo, name);
  delete slice.records[`${keyOf(repo, name)}/protection`];
  return { status: 204 };
};

/** GET/POST/PATCH/DELETE of one protection setting (`enforce_admins`, `required_status_checks`, ...). */
function subProtection(field: string): BranchOp {
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

function ensureBranch(slice: CatalogSlice, repo: BranchRepo, name: string, op: Operation): void {
  const key = keyOf(repo, name);
  if (slice.records[key]) return;
  slice.records[key] = { name, commit: { sha: shaOf(name), url: `${op.baseUrl}${repo.path}/commits/${shaOf(name)}` }, created_at: op.now };
  const list = slice.lists[listOf(repo)];
  if (list) list.push(key);
  else slice.lists[listOf(repo)] = [key];
}

const renameBranch: BranchOp = (slice, op, repo) => {
  const name = branchName(op);
  const rec = branchRecord(slice, repo, name);
  if (!rec) throw notFound();
  const to = op.body.new_name;
  if (typeof to !== 'string' || !to) throw githubError.validation([{ resource: 'Branch', field: 'new_name', code: 'missing_field' }]);
  if (branchRecord(slice, repo, to)) throw githubError.validation([{ resource: 'Branch', field: 'new_name', code: 'already_exists' }]);
  ensureBranch(slice, repo, name, op);
  const from = keyOf(repo, name);
  const dest = keyOf(repo, to);
  slice.records[dest] = { ...(slice.records[from] as Resource), name: to };
  delete slice.records[from];
  const prot = slice.records[`${from}/protection`];
  if (prot) {
    slice.records[`${dest}/protection`] = prot;
    delete slice.records[`${from}/protection`];
  }
  const list = slice.lists[listOf(repo)] ?? [];
  const i = list.indexOf(from);
  if (i >= 0) list[i] = dest;
  return { status: 201, body: render(slice, repo, to, slice.records[dest] as Resource, op, true) };
};

function branchName(op: Operation): string {
  const segs = op.key.split('/');
  return decodeURIComponent(segs[segs.indexOf('branches') + 1] as string);
}

const B = '/repos/{owner}/{repo}/branches';
const P = `${B}/{branch}/protection`;

/** Hand-written branch operations by `METHOD template` (seed spelling). */
export const BRANCH_OPS: Readonly<Record<string, BranchOp>> = {
  [`GET ${B}`]: listBranches,
  [`GET ${B}/{branch}`]: getBranch,
  [`GET ${P}`]: getProtection,
  [`PUT ${P}`]: putProtection,
  [`DELETE ${P}`]: deleteProtection,
  [`POST ${B}/{branch}/rename`]: renameBranch,
  ...Object.fromEntries(
    ['enforce_admins', 'required_signatures', 'required_status_checks', 'required_pull_request_reviews'].flatMap((f) =>
      ['GET', 'POST', 'PATCH', 'DELETE'].map((m) => [`${m} ${P}/${f}`, subProtection(f)]),
    ),
  ),
  [`GET ${P}/restrictions`]: subProtection('restrictions'),
  [`DELETE ${P}/restrictions`]: subProtection('restrictions'),
};
