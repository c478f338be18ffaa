import type { FakeRequest } from '../../../http/request.js';
import type { AuthMode } from '../../service.js';
import { HEADER_ALIASES } from './aliases.js';
import type { GitHubRouteContext } from './context.js';
import { GitHubError, githubError } from './errors.js';
import type { TokenRecord, TokenType } from './schemas/token.js';
import type { CodeHostingState } from '../state.js';
import { own } from '../../../store/records.js';
import { type Caller, type RepoRole, repoRole, roleReaches } from './roles.js';
import { type OrgRoleNeed, orgExists, orgRoleRefusal } from './org-roles.js';

/**
 * The permission model (who may call what, with which token), generic over routes: a route declares an {@link AccessRule},
 * calls {@link authenticate} once, then {@link authorize} with the resource it touches. The rule is
 * remembered per request so `finalize` can add `X-Accepted-GitHub-Permissions` to every answer,
 * errors included.
 */

/** A permission level a route asks for. `admin` tokens satisfy `write`, `write` satisfies `read`. */
export type Level = 'read' | 'write' | 'admin';

/** One accepted permission set: every category at (at least) the level, e.g. `{ contents: 'read' }`. */
export type PermissionSet = Readonly<Record<string, Level>>;

/** Every token kind. */
export const ALL_TOKEN_TYPES: readonly TokenType[] = ['classic', 'fine-grained', 'user', 'installation'];

/** What a route needs. */
export interface AccessRule {
  /** Alternatives: satisfying any one set is enough. `[]` means no fine-grained permission is needed. */
  readonly permissions: readonly PermissionSet[];
  /** Token kinds the route accepts (default: all four). Others get the real 403 message. */
  readonly tokenTypes?: readonly TokenType[];
  /**
   * Classic PAT scopes accepted (any one), announced in `X-Accepted-OAuth-Scopes`. `repo` accepts
   * `public_repo` on a public resource. Default: `repo` on writes and private resources.
   */
  readonly scopes?: readonly string[];
  /** Whether the route changes state (anonymous writes → 401). Default: some permission is at `write`/`admin`. */
  readonly write?: boolean;
  /**
   * A read anyone may make on a public resource: no token, no scope, no permission needed. Without
   * it a token is required (anonymous → 401) and must hold the scope or permission.
   */
  readonly publicRead?: boolean;
  /**
   * The least repository role a token that acts as a named user needs on the repository (see
   * `requiredRole`); default derived from the permissions.
   */
  readonly role?: RepoRole;
  /**
   * How a user below {@link role} on a repository they can see is refused: `404` (default: GitHub hides
   * what a user may not do on a repository, e.g. creating a label or merging) or `403` with GitHub's
   * `Must have admin rights to Repository.` (routes on one issue or pull request, e.g. adding labels to it).
   * On organization routes, a user without {@link orgRole} gets the 403 unless this says `404`
   * (organization webhooks and migrations, which GitHub hides from non-owners).
   */
  readonly roleRefusal?: 403 | 404;
  /** The organization role a user needs on `/orgs/{org}/...` routes (see `org-roles.ts`); none when absent. */
  readonly orgRole?: OrgRoleNeed;
}

/** The resource a request touches, for visibility and repository-selection checks. */
export interface ResourceRef {
  /** Private resources are hidden (404) from callers that may not see them. */
  readonly private: boolean;
  /** Lower-cased `owner/repo` for repository resources (fine-grained repository selection, the caller's role). */
  readonly repo?: string;
  /** The organization login of organization resources (`/orgs/{org}/...`): the caller's organization role applies. */
  readonly org?: string;
  /** The team slug of team resources (`/orgs/{org}/teams/{team_slug}/...`): its maintainers may manage it. */
  readonly team?: string;
  /** The route of organization resources (`METHOD template`): the permissions of the user's organization roles may open it. */
  readonly route?: string;
}

/** Who is calling. */
export interface Principal {
  /** `anonymous`: no token; `lenient`: an unseeded token while the permission model is off; `token`: a seeded token. */
  readonly kind: 'anonymous' | 'lenient' | 'token';
  readonly token: TokenRecord | null;
  /** The login the caller acts as (`null` when anonymous). */
  readonly login: string | null;
}

/**
 * The caller as roles see it (see {@link Caller}): a token seeded with a `login` acts as that user; an
 * unseeded token in lenient mode, a token seeded without a login and an installation act as an owner of
 * everything.
 */
export function callerOf(principal: Principal): Caller {
  if (principal.kind === 'anonymous') return { kind: 'anonymous', login: null };
  if (principal.kind === 'token' && actsAsUser(principal.token)) return { kind: 'user', login: principal.login };
  return { kind: 'owner', login: principal.login };
}

/** Per-request auth facts that `finalize` turns into headers. */
interface RequestAuthInfo {
  rule?: AccessRule;
  token?: TokenRecord | null;
}
const infoByRequest = new WeakMap<FakeRequest, RequestAuthInfo>();

function info(req: FakeRequest): RequestAuthInfo {
  let i = infoByRequest.get(req);
  if (!i) {
    i = {};
    infoByRequest.set(req, i);
  }
  return i;
}

/**
 * Reads the token of an `Authorization` header: `token <t>`, `Bearer <t>` (any case), or Basic with the token as password.
 * @example extractToken({ authorization: 'token ghp_abc' }) // 'ghp_abc'
 */
export function extractToken(headers: Readonly<Record<string, string>>): string | null {
  const h = headers.authorization;
  if (!h) return null;
  const m = /^\s*(token|bearer|basic)\s+(\S+)\s*$/i.exec(h);
  if (!m) return h.trim() || null;
  const scheme = (m[1] as string).toLowerCase();
  const value = m[2] as string;
  if (scheme !== 'basic') return value;
  try {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const idx = decoded.indexOf(':');
    return (idx >= 0 ? decoded.slice(idx + 1) : decoded) || null;
  } catch {
    return null;
  }
}

/** Whether the permission model is enforced: `auth: 'strict'`, or any token has been seeded. */
export function permissionModelOn(state: Pick<CodeHostingState, 'tokenCount'>, auth: AuthMode): boolean {
  return auth === 'strict' || state.tokenCount > 0;
}

/**
 * Resolves the caller and sets `ctx.meta.token` (seeded label, `'unseeded'`, or null).
 * With the permission model on, an unknown token answers 401 Bad credentials.
 */
export function authenticate(ctx: GitHubRouteContext): Principal {
  const raw = extractToken(ctx.req.headers);
  if (!raw) {
    ctx.meta.token = null;
    return { kind: 'anonymous', token: null, login: null };
  }
  const rec = own(ctx.state.tokens, raw);
  if (rec) {
    ctx.meta.token = rec.label;
    info(ctx.req).token = rec;
    return { kind: 'token', token: rec, login: rec.login };
  }
  ctx.meta.token = 'unseeded';
  if (permissionModelOn(ctx.state, ctx.auth)) throw githubError.badCredentials();
  return { kind: 'lenient', token: null, login: ctx.options.defaultLogin };
}

/** Remembers the route's rule so every answer of this request carries the accepted-permissions headers. */
export function declareAccess(ctx: GitHubRouteContext, rule: AccessRule): void {
  info(ctx.req).rule = rule;
}

/** Whether a rule writes (explicit, or some permission at write/admin). */
export function isWriteRule(rule: AccessRule): boolean {
  return rule.write ?? rule.permissions.some((set) => Object.values(set).some((l) => l !== 'read'));
}

const RANK: Record<Level, number> = { read: 1, write: 2, admin: 3 };

/** Whether a token's permissions satisfy one of the rule's sets (`metadata=read` is implied for every token). */
export function satisfies(granted: Readonly<Record<string, Level>>, rule: AccessRule): boolean {
  if (rule.permissions.length === 0) return true;
  return rule.permissions.some((set) =>
    Object.entries(set).every(([cat, lvl]) => {
      const have = granted[cat] ?? (cat === 'metadata' ? 'read' : undefined);
      return have !== undefined && RANK[have] >= RANK[lvl];
    }),
  );
}

/** The 403 message real GitHub gives a token kind that is refused or lacks a permission. */
export function forbiddenMessage(type: TokenType): string {
  return type === 'classic' || type === 'fine-grained' ? 'Resource not accessible by personal access token' : 'Resource not accessible by integration';
}

/** Classic scopes a rule accepts (see {@link AccessRule.scopes}); `[]` when none is needed. */
export function acceptedScopes(rule: AccessRule, resource?: ResourceRef): string[] {
  if (rule.scopes) return [...rule.scopes];
  if (!isWriteRule(rule) && !resource?.private) return [];
  return ['repo'];
}

function tokenSeesRepo(token: TokenRecord, repo: string | undefined): boolean {
  if (!repo || token.type === 'classic' || token.repositories === 'all') return true;
  return token.repositories.some((r) => r.toLowerCase() === repo);
}

/** Scopes a classic scope includes, as GitHub documents them ("Scopes for OAuth apps"). */
const IMPLIED_SCOPES: Readonly<Record<string, readonly string[]>> = {
  repo: ['public_repo', 'repo:status', 'repo_deployment', 'repo:invite', 'security_events', 'read:repo_hook', 'write:repo_hook', 'admin:repo_hook'],
  'admin:repo_hook': ['write:repo_hook', 'read:repo_hook'],
  'write:repo_hook': ['read:repo_hook'],
  'admin:org': ['write:org', 'read:org', 'manage_runners:org'],
  'write:org': ['read:org'],
  'write:packages': ['read:packages'],
  'admin:public_key': ['write:public_key', 'read:public_key'],
  'write:public_key': ['read:public_key'],
  'admin:gpg_key': ['write:gpg_key', 'read:gpg_key'],
  'write:gpg_key': ['read:gpg_key'],
  'admin:ssh_signing_key': ['write:ssh_signing_key', 'read:ssh_signing_key'],
  'write:ssh_signing_key': ['read:ssh_signing_key'],
  user: ['read:user', 'user:email', 'user:follow'],
  'write:discussion': ['read:discussion'],
  project: ['read:project'],
  'admin:enterprise': ['manage_runners:enterprise', 'manage_billing:enterprise', 'read:enterprise'],
};

/**
 * Whether a classic token's scopes (with the scopes they include) meet one accepted scope. On a public
 * resource `public_repo` stands for `repo`.
 */
export function hasScope(scopes: readonly string[], accepted: readonly string[], publicResource = false): boolean {
  if (accepted.length === 0) return true;
  const held = new Set(scopes.flatMap((s) => [s, ...(IMPLIED_SCOPES[s] ?? [])]));
  if (publicResource && held.has('public_repo')) held.add('repo');
  return accepted.some((a) => held.has(a));
}

/** Permission categories of what anyone who can see a repository may do: open issues and pulls, comment, react. */
const PARTICIPATION = new Set(['issues', 'pull_requests', 'discussions']);
/** Categories only repository administrators reach. */
const ADMIN_CATEGORIES = new Set(['administration', 'repository_hooks', 'repository_pre_receive_hooks']);
/** Categories of reads that need no more than the read role when the route is not open to everyone. */
const PLAIN_READ = new Set(['metadata', 'contents', 'actions']);

const adminSet = (set: PermissionSet) => Object.entries(set).some(([c, l]) => l === 'admin' || ADMIN_CATEGORIES.has(c));

/**
 * The least repository role a route needs of a user (GitHub's five roles): {@link AccessRule.role} when
 * set, else from the permissions:
 * - a set at `admin` level or on administration or repository hooks → `admin`;
 * - reads: open to everyone ({@link AccessRule.publicRead}) or of metadata, contents, actions → `read`;
 *   other reads (secrets, variables, security alerts, collaborators, ...) → `write`;
 * - writes whose every set only writes issues, pull requests or discussions (opening, commenting,
 *   reacting) → `read`; other writes (contents, labels, releases, statuses, checks, ...) → `write`.
 * @example requiredRole({ permissions: [{ contents: 'write' }] }) // 'write'
 */
export function requiredRole(rule: AccessRule): RepoRole {
  if (rule.role) return rule.role;
  const sets = rule.permissions;
  if (sets.some(adminSet)) return 'admin';
  if (!isWriteRule(rule)) {
    if (rule.publicRead || sets.every((set) => Object.keys(set).every((c) => PLAIN_READ.has(c)))) return 'read';
    return 'write';
  }
  const participation = (set: PermissionSet) =>
    Object.entries(set).every(([c, l]) => (PARTICIPATION.has(c) && l === 'write') || (c === 'metadata' && l === 'read'));
  return sets.length > 0 && sets.every(participation) ? 'read' : 'write';
}

/** Whether a token acts as the user its seed named, so the user's repository roles apply (see {@link TokenRecord.actsAs}). */
export function actsAsUser(token: TokenRecord | null): token is TokenRecord {
  return token !== null && token.actsAs === true && token.type !== 'installation';
}

/**
 * The role of the token's user on the repository of a resource; a public repository is readable by
 * everyone, so it counts as at least `read` there. `undefined`: no role (a private repository is hidden).
 */
function roleOnResource(ctx: GitHubRouteContext, token: TokenRecord, resource: ResourceRef): RepoRole | undefined {
  const id = resource.repo === undefined ? undefined : own(ctx.state.repoIndex, resource.repo);
  const repo = id === undefined ? undefined : ctx.state.repos[id];
  const role = repo ? repoRole(ctx.state, token.login, repo) : undefined;
  if (role === undefined && !resource.private) return 'read';
  return role;
}

/** GitHub's 403 for a user whose role on a repository they can see does not allow a change (recorded for adding labels to an issue and editing someone else's issue). */
export function mustHaveAdminRights(documentationUrl = 'https://docs.github.com/rest'): GitHubError {
  return githubError.forbidden('Must have admin rights to Repository.', documentationUrl);
}

/** The 401 GitHub answers a request without a token where one is needed. */
function requiresAuthentication(): GitHubError {
  return new GitHubError(401, 'Requires authentication', { documentationUrl: 'https://docs.github.com/rest' });
}

/**
 * Checks a caller against a rule for a resource; throws the real error or returns.
 * - permission model off: an unseeded token has full rights;
 * - a public read ({@link AccessRule.publicRead}) of a public resource passes for every caller;
 * - anonymous: private → 404, anything else → 401 `Requires authentication`;
 * - a token that may not see a private resource (classic without `repo`, fine-grained outside its
 *   repository selection) → 404;
 * - a token kind the route refuses, a missing permission or scope → 403 with the real message;
 * - a token seeded with a `login` ({@link actsAsUser}) on a repository: a private repository the user
 *   has no role on → 404, then a role below `requiredRole` → 404 (GitHub does not reveal what a
 *   user may not do), or 403 `Must have admin rights to Repository.` where the rule says so
 *   ({@link AccessRule.roleRefusal});
 * - the same token on an organization resource: the organization role the rule needs
 *   ({@link AccessRule.orgRole}; see `org-roles.ts`).
 * @example authorize(ctx, principal, { permissions: [{ contents: 'read' }], tokenTypes: ['classic'] }, { private: true, repo: 'octo/hello' })
 */
export function authorize(ctx: GitHubRouteContext, principal: Principal, rule: AccessRule, resource?: ResourceRef): void {
  declareAccess(ctx, rule);
  if (principal.kind === 'lenient') return;
  const openRead = rule.publicRead === true && !isWriteRule(rule) && !resource?.private;
  if (principal.kind === 'anonymous') {
    if (resource?.private) throw githubError.notFound();
    if (openRead) return;
    throw requiresAuthentication();
  }
  const token = principal.token as TokenRecord;
  const scopes = acceptedScopes(rule, resource);
  const role = actsAsUser(token) && resource?.repo !== undefined ? roleOnResource(ctx, token, resource) : null;
  // The user sees no private repository they have no role on, whatever the token holds.
  if (role === undefined) throw githubError.notFound();
  if (resource?.private) {
    // A classic token sees a private repository with `repo`, or with a scope of the route's own (hooks, ...).
    const own = scopes.filter((s) => s !== 'public_repo' && s !== 'repo');
    const sees =
      token.type === 'classic' ? hasScope(token.scopes, ['repo']) || (own.length > 0 && hasScope(token.scopes, own)) : tokenSeesRepo(token, resource.repo);
    if (!sees) throw githubError.notFound();
  }
  const types = rule.tokenTypes ?? ALL_TOKEN_TYPES;
  if (!types.includes(token.type)) throw githubError.forbidden(forbiddenMessage(token.type));
  if (!openRead) {
    if (token.type === 'classic') {
      if (!hasScope(token.scopes, scopes, resource?.repo !== undefined && !resource.private)) throw githubError.forbidden(forbiddenMessage(token.type));
    } else {
      if (!tokenSeesRepo(token, resource?.repo) && isWriteRule(rule)) throw githubError.forbidden(forbiddenMessage(token.type));
      if (!satisfies(token.permissions, rule)) throw githubError.forbidden(forbiddenMessage(token.type));
    }
  }
  if (role !== null && !roleReaches(role, requiredRole(rule))) throw rule.roleRefusal === 403 ? mustHaveAdminRights() : githubError.notFound();
  if (resource?.org !== undefined && actsAsUser(token)) {
    const refusal = rule.orgRole
      ? orgRoleRefusal(ctx.state, token.login, rule.orgRole, resource.org, resource.team, resource.route)
      : orgExists(ctx.state, resource.org)
        ? undefined
        : 'unknown';
    // An organization that does not exist is 404; a role the user lacks 403 (GitHub's message for
    // organization Actions settings, secrets and runners), or 404 where GitHub hides the route.
    if (refusal === 'unknown') throw githubError.notFound();
    if (refusal === 'denied') throw rule.roleRefusal === 404 ? githubError.notFound() : mustHaveAdminRights();
  }
}

/**
 * Formats permission sets the way GitHub's `X-Accepted-GitHub-Permissions` does:
 * `,` within one set, `; ` between alternatives.
 * @example formatAcceptedPermissions([{ pull_requests: 'read', contents: 'read' }, { issues: 'read' }]) // 'pull_requests=read,contents=read; issues=read'
 */
export function formatAcceptedPermissions(sets: readonly PermissionSet[]): string {
  return sets
    .map((set) =>
      Object.entries(set)
        .map(([c, l]) => `${c}=${l}`)
        .join(','),
    )
    .join('; ');
}

/** Headers the permission model adds to an answer: accepted permissions (both spellings), OAuth scopes of classic tokens. */
export function authHeaders(req: FakeRequest): Record<string, string> {
  const i = infoByRequest.get(req);
  const out: Record<string, string> = {};
  if (!i) return out;
  if (i.rule) Object.assign(out, ruleHeaders(i.rule));
  if (i.token?.type === 'classic') out['x-oauth-scopes'] = i.token.scopes.join(', ');
  return out;
}

const ruleHeaderCache = new WeakMap<AccessRule, Readonly<Record<string, string>>>();
/** The headers announcing what a route accepts: the same for every answer of the route, made once per rule. */
function ruleHeaders(rule: AccessRule): Readonly<Record<string, string>> {
  let out = ruleHeaderCache.get(rule);
  if (!out) {
    const headers: Record<string, string> = {};
    // GitHub announces routes that need no permission this way.
    const accepted = rule.permissions.length ? formatAcceptedPermissions(rule.permissions) : 'allows_permissionless_access=true';
    for (const name of HEADER_ALIASES.acceptedPermissions) headers[name] = accepted;
    headers['x-accepted-oauth-scopes'] = acceptedScopes(rule).join(', ');
    out = headers;
    ruleHeaderCache.set(rule, out);
  }
  return out;
}
