import { Router } from '../../../../http/router.js';
import { memoize } from '../../../../util/memo.js';
import type { AccessRule } from '../auth.js';
import { CATALOG, type CatalogRow } from './catalog.js';
import { parseRule } from './permissions.js';
import { spellings } from './aliases.js';
import { ORG_ROLE_TABLE } from '../org-role-table.js';

const segs = (p: string) => p.split('/').filter(Boolean);

/** Path templates (seed spelling) that hold collections: a GET list or a POST create on them. */
const COLLECTIONS = new Set(CATALOG.filter((r) => r.kind === 'list' || r.kind === 'create').map((r) => r.path));

/** The nearest ancestor template that is a collection, or undefined. */
function parentTemplate(template: string): string | undefined {
  const s = segs(template);
  for (let n = s.length - 1; n > 0; n--) {
    const p = `/${s.slice(0, n).join('/')}`;
    if (COLLECTIONS.has(p)) return p;
  }
  return undefined;
}

const parents = new Map<string, number | undefined>();
/** How many segments of an item's concrete path make its parent collection's key (cached). */
export function parentDepth(template: string): number | undefined {
  if (!parents.has(template)) {
    const p = parentTemplate(template);
    parents.set(template, p ? segs(p).length : undefined);
  }
  return parents.get(template);
}

/** A template's segments: a literal as it is, a parameter as `[name]`. */
type TemplatePart = string | [string];
/** The segments of a template, parsed on its first use (templates are the catalog's: a bounded set). */
const partsOf = memoize(
  (template: string): TemplatePart[] =>
    segs(template).map((s) => {
      const m = /^\{\+?([^}]+)\}$/.exec(s);
      return m ? [m[1] as string] : s;
    }),
  8192,
);

/** The concrete key of a template with decoded params: each param percent-encoded, one segment. */
export function concreteKey(template: string, params: Readonly<Record<string, string>>): string {
  // Every request builds its key: the template's segments are parsed once, not split and matched per request.
  let out = '';
  for (const part of partsOf(template)) out += `/${typeof part === 'string' ? part : encodeURIComponent(params[part[0]] ?? '')}`;
  return out === '' ? '/' : out;
}

/** The first `depth` segments of a concrete key. */
export function keyPrefix(key: string, depth: number): string {
  // A key in its usual form (no empty segment): cut at the slash after the last kept segment, no split and join.
  if (depth > 0 && key.charCodeAt(0) === 47 && !key.includes('//') && key.charCodeAt(key.length - 1) !== 47) {
    let at = 0;
    for (let n = 0; n < depth; n++) {
      at = key.indexOf('/', at + 1);
      if (at === -1) return key;
    }
    return key.slice(0, at);
  }
  return `/${segs(key).slice(0, depth).join('/')}`;
}

let pathRouter: Router<string> | undefined;
/** Finds the catalog template (seed spelling) of a concrete path, in either spelling. */
export function templateOf(path: string): { template: string; params: Record<string, string> } | undefined {
  if (!pathRouter) {
    pathRouter = new Router<string>();
    const seen = new Set<string>();
    for (const r of CATALOG) {
      for (const sp of spellings(r.path)) {
        if (seen.has(sp)) continue;
        seen.add(sp);
        pathRouter.add('ANY', sp, r.path);
        // File paths may be written with raw slashes when seeding (`/contents/docs/README.md`).
        if (/\/\{(path|dir)\}$/.test(sp)) pathRouter.add('ANY', sp.replace(/\{(path|dir)\}$/, '{+$1}'), r.path);
      }
    }
  }
  const m = pathRouter.match('ANY', path);
  return m.kind === 'match' ? { template: m.match.value, params: m.match.params } : undefined;
}

/** Rows by `METHOD template` (seed spelling). */
export const ROWS_BY_KEY: ReadonlyMap<string, CatalogRow> = new Map(CATALOG.map((r) => [`${r.method} ${r.path}`, r]));

/**
 * Writes on issues and pulls GitHub's "Repository roles for an organization" keeps for a role above
 * read, with how GitHub refuses a user below it: on one issue or pull request, 403 `Must have admin
 * rights to Repository.` (recorded for adding labels to an issue); on the repository's own labels and
 * milestones, 404 (recorded for creating a label), as for every other repository route.
 * - Apply/dismiss labels, request reviews, manage milestones: Triage.
 * - Create, edit, delete labels; lock conversations; dismiss reviews; update a pull's branch: Write.
 * - Manage topics; configure GitHub Pages ("The authenticated user must be a repository administrator,
 *   maintainer, ..."): Maintain (the permission alone would ask an administrator).
 * Assignees are no role rule: GitHub silently ignores assignees a user may not set (the issues model).
 */
const ROLE_WRITES: readonly (readonly [RegExp, NonNullable<AccessRule['role']>, 403 | 404])[] = [
  [/\/issues\/\{issue_number\}\/labels(\/\{name\})?$/, 'triage', 403],
  [/\/pulls\/\{pull_number\}\/requested_reviewers$/, 'triage', 403],
  [/\/issues\/\{issue_number\}\/lock$/, 'write', 403],
  [/\/pulls\/\{pull_number\}\/update-branch$/, 'write', 403],
  [/\/pulls\/\{pull_number\}\/reviews\/\{review_id\}\/dismissals$/, 'write', 404],
  [/^\/repos\/\{owner\}\/\{repo\}\/labels(\/\{name\})?$/, 'write', 404],
  [/^\/repos\/\{owner\}\/\{repo\}\/milestones(\/\{milestone_number\})?$/, 'triage', 404],
  [/^\/repos\/\{owner\}\/\{repo\}\/(topics|pages)$/, 'maintain', 404],
];
/** Writes that create a repository of the caller's own from one they can read (a fork, a template's copy). */
const COPIES = new Set(['POST /repos/{owner}/{repo}/forks', 'POST /repos/{template_owner}/{template_repo}/generate']);
/**
 * Commit comments and their reactions: fine-grained tokens need `contents=write`, but any user who can
 * read the repository comments on a commit and edits their own comments (Read; others' are Write's,
 * checked on the comment by the issues family).
 */
const COMMIT_COMMENTS = /^\/repos\/\{owner\}\/\{repo\}\/(comments\/\{comment_id\}(\/reactions(\/\{reaction_id\})?)?|commits\/\{commit_sha\}\/comments)$/;
/** Organization routes GitHub hides (404) from users without the role: webhooks, migrations. */
const HIDDEN_ORG_ROUTES = /^\/orgs\/\{org\}\/(hooks|migrations)(\/|$)/;

/** The least repository role a row asks of a user, and how a user below it is refused (see `requiredRole`). */
function roleOfRow(row: CatalogRow): Pick<AccessRule, 'role' | 'roleRefusal'> {
  if (row.method === 'GET') return {};
  if (COPIES.has(`${row.method} ${row.path}`) || COMMIT_COMMENTS.test(row.path)) return { role: 'read' };
  const hit = ROLE_WRITES.find(([re]) => re.test(row.path));
  return hit ? { role: hit[1], roleRefusal: hit[2] } : {};
}

/** The organization role a row asks of a user (`org-role-table.ts`, from GitHub's descriptions). */
function orgRoleOfRow(row: CatalogRow): Pick<AccessRule, 'orgRole' | 'roleRefusal'> {
  const need = ORG_ROLE_TABLE[`${row.method} ${row.path}`];
  if (!need) return {};
  return { orgRole: need, ...(HIDDEN_ORG_ROUTES.test(row.path) ? { roleRefusal: 404 as const } : {}) };
}

/** The access rule of a row: its permission, classic scopes and public-read mark, all from the catalog table. */
export function accessRule(row: CatalogRow): AccessRule {
  // Made once per row (every request of the row asks for it, twice): rules are shared and never changed.
  let rule = rules.get(row);
  if (!rule) {
    rule = makeAccessRule(row);
    rules.set(row, rule);
  }
  return rule;
}
const rules = new WeakMap<CatalogRow, AccessRule>();

function makeAccessRule(row: CatalogRow): AccessRule {
  const permissions = parseRule(row.permission).map((alt) => Object.fromEntries(alt.map((r) => [r.category, r.access])));
  return {
    permissions,
    write: row.method !== 'GET',
    scopes: row.scopes,
    publicRead: row.publicRead === true,
    ...(row.uatOnly ? { tokenTypes: ['classic', 'fine-grained', 'user'] as const } : {}),
    ...roleOfRow(row),
    ...orgRoleOfRow(row),
  };
}

/**
 * The access rule of the catalog row `METHOD /path` (seed spelling), for hand-written routes that serve
 * a row with their own model. Throws for a key the table does not hold (a typo in our code).
 */
export function ruleFor(key: string): AccessRule {
  const row = ROWS_BY_KEY.get(key);
  if (!row) throw new Error(`no catalog row ${key}`);
  return accessRule(row);
}
