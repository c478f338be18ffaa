import { nextId } from '../../../../store/ids.js';
import type { Operation } from '../../core/catalog/engine.js';
import type { Resource } from '../../core/catalog/state.js';
import { githubError } from '../../core/errors.js';
import type { RepoRecord } from '../../core/schemas/repo.js';
import { DEFAULT_LOGIN } from '../../core/shapes/render.js';
import type { CodeHostingState } from '../../state.js';
import type { RelationContext, RelationOp } from '../../core/family.js';
import { type RepoIssueIndex, emptyRepoIndex } from '../state.js';
import { tablePeek } from '../../../../store/table.js';
import { webBase } from '../../core/urls.js';
import { type RepoRole, callerRole } from '../../core/roles.js';

/** What every operation of the family works with: one repository's records and indexes. */
export interface IssueCtx {
  /** The code hosting state: a draft for writes, frozen for reads. */
  s: CodeHostingState;
  op: Operation;
  /** Repository path (`/repos/<owner>/<repo>`, canonical spelling). */
  rp: string;
  repo: RepoRecord;
  defaultBranch: string;
  /** Login of the caller (the lenient default account when unknown). */
  actor: string;
  /**
   * The role of a caller acting as a named user on the repository (`read` when they can see it without
   * one): authorship and role rules apply (`authz.ts`). Undefined for an owner-acting caller (lenient
   * mode, a token seeded without a login): nothing is refused on authorship.
   */
  role?: RepoRole;
  now: string;
  /** API base URL of the request. */
  base: string;
  /** Web origin for `html_url`s (`https://github.com`, the GHES host, ...). */
  web: string;
  /** Repository path on the web (`/<owner>/<repo>`). */
  webRepo: string;
  /** The repository's indexes (read-only view for reads; created on first write). */
  ix: RepoIssueIndex;
  /**
   * Issue numbers stored in this change (see `saveIssue`): their sort keys are read from the draft,
   * every other issue's from the state before the change (no immer proxy, no bucket copied to read).
   */
  dirty?: Set<number>;
}

const EMPTY: RepoIssueIndex = Object.freeze(emptyRepoIndex());

/** Builds the context of a repository operation (the relation pipeline found and authorized the repository). */
export function issueCtx(rc: RelationContext, write: boolean): IssueCtx {
  if (!rc.repo) throw new Error('issues operations run on repository routes only');
  const rp = rc.repo.path;
  let ix = rc.state.issueIndex.repos[rp];
  if (!ix) {
    if (write) {
      rc.state.issueIndex.repos[rp] = emptyRepoIndex();
      ix = rc.state.issueIndex.repos[rp] as RepoIssueIndex;
    } else ix = EMPTY;
  }
  const role = rc.op.caller?.kind === 'user' ? (callerRole(rc.state, rc.op.caller, rc.repo.record) ?? 'read') : undefined;
  return {
    s: rc.state,
    op: rc.op,
    rp,
    ...(role ? { role } : {}),
    repo: rc.repo.record,
    defaultBranch: rc.repo.defaultBranch,
    actor: rc.op.login ?? DEFAULT_LOGIN,
    now: rc.op.now,
    base: rc.op.baseUrl,
    web: webBase(rc.op.baseUrl),
    webRepo: rp.replace(/^\/repos/, ''),
    ix,
  };
}

/** A relation operation over an {@link IssueCtx}: `write` ops get the draft and created indexes. */
export function issueOp(write: boolean, fn: (c: IssueCtx) => { status: number; body?: unknown; headers?: Record<string, string> }): RelationOp {
  return (rc) => fn(issueCtx(rc, write));
}

/** The record at a key, or undefined. For reading: copy it to change it (inside a change it may be frozen). */
export function rec(c: IssueCtx, key: string): Resource | undefined {
  return tablePeek(c.s.catalog.records, key);
}

/** The record at a key, or GitHub's 404. For reading, as {@link rec}. */
export function must(c: IssueCtx, key: string): Resource {
  const r = tablePeek(c.s.catalog.records, key);
  if (!r) throw githubError.notFound();
  return r;
}

/** A new catalog-wide id (comments, reviews, events, reactions share the catalog's id sequence). */
export function newId(c: IssueCtx): number {
  return nextId(c.s.counters, 'catalog', 1000);
}

/** The integer path parameter `name` of the request (the pipeline already answered 404 for non-integers). */
export function intParam(c: IssueCtx, segmentAfter: string, nth = 0): number {
  // The key's segments walked with indexOf (every issue request reads its number here), as split('/') has them.
  const key = c.op.key;
  let seen = 0;
  let start = 0;
  let end = key.indexOf('/');
  while (end !== -1) {
    const next = end + 1;
    const nextEnd = key.indexOf('/', next);
    if (end - start === segmentAfter.length && key.startsWith(segmentAfter, start)) {
      const seg = nextEnd === -1 ? key.slice(next) : key.slice(next, nextEnd);
      if (DIGITS.test(seg)) {
        if (seen === nth) return Number(seg);
        seen++;
      }
    }
    start = next;
    end = nextEnd;
  }
  throw githubError.notFound();
}

const DIGITS = /^\d+$/;

/** The last path segment of the request, decoded (a label name, a login). */
export function lastParam(c: IssueCtx): string {
  return decodeURIComponent(c.op.key.split('/').pop() as string);
}

/** A query parameter's first value. */
export function q(c: IssueCtx, name: string): string | undefined {
  const v = c.op.query[name];
  return Array.isArray(v) ? v[0] : v;
}

/** A login from a stored account field (a login string, or an object with `login`). */
export function loginOf(v: unknown): string | undefined {
  if (typeof v === 'string' && v) return v;
  if (v && typeof v === 'object' && typeof (v as Resource).login === 'string') return (v as Resource).login as string;
  return undefined;
}

/** GitHub's author association of a login on this repository. */
export function association(c: IssueCtx, login: string | undefined): string {
  if (!login) return 'NONE';
  if (login.toLowerCase() === c.repo.ownerLogin.toLowerCase()) return 'OWNER';
  if (tablePeek(c.s.catalog.records, `${c.rp}/collaborators/${encodeURIComponent(login)}`)) return 'COLLABORATOR';
  return 'NONE';
}

/** A JSON answer. */
export function ok(status: number, body?: unknown, headers?: Record<string, string>): { status: number; body?: unknown; headers?: Record<string, string> } {
  return status === 204 ? { status, ...(headers ? { headers } : {}) } : { status, body, ...(headers ? { headers } : {}) };
}

/** A validation error of a body field. */
export function invalid(resource: string, field: string, code: 'missing_field' | 'invalid' | 'already_exists' = 'invalid', value?: unknown): Error {
  return githubError.validation([{ resource, field, code, ...(value !== undefined ? { value: value as string | number | string[] | null } : {}) }]);
}

/** A custom validation error (GitHub's `code: custom` with a message). */
export function custom(resource: string, message: string): Error {
  return githubError.validation([{ resource, code: 'custom', message }]);
}
