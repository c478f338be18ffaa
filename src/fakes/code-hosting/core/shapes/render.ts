import { CREATOR, type Resource } from '../catalog/state.js';
import type { ShapeNode, ShapeSchema } from './load.js';
import { branch, fits, flat, isObj, nullable, typeOf } from './schema.js';
import { rootCommit } from '../hash.js';
import { type Readable, tableGet } from '../../../../store/table.js';
import { gistGitUrl, repoPrefixEnd, uploadsBase, webBase } from '../urls.js';
import type { Account } from '../schemas/repo.js';
import { own } from '../../../../store/records.js';
import { IDENTITY_SET, type ObjectPlan, type PropPlan, SLOW, accountView, identityBase, objectOf, planOf, scalarFast } from './plan.js';
import { realUrl } from './links.js';

/**
 * The one renderer of code hosting answers: turns a stored object into the shape GitHub documents for
 * the operation. Fields the caller set keep their values, converted to GitHub's types (a label name
 * becomes the repository's label object, a login a user object, a milestone number the milestone, a
 * branch name a branch reference); required fields nobody set get GitHub's values (state `open`, the
 * caller as `user`, zero counters, timestamps from the fake clock, URLs of GitHub's own paths for the
 * object) or else the description's example; undocumented fields are left out.
 */

/** What rendering needs besides the object. */
export interface RenderContext {
  /** API base URL of the request (`https://api.github.com`, `https://ghe.example.com/api/v3`). */
  baseUrl: string;
  /** ISO time now (fake clock). */
  now: string;
  /** Login of the caller (a fixed default account when unknown). */
  login: string;
  /** Catalog records by concrete key (labels, milestones, branches looked up by name). */
  records: Readable<Resource>;
  /** The repository of repository operations. */
  repo?: RepoView;
  /** Known accounts by lower-cased login: an account in an answer has their `id`, `node_id` and avatar. */
  accounts?: Readonly<Record<string, Account>>;
}

/** What rendering knows of the request's repository. */
export interface RepoView {
  id: number;
  owner: string;
  name: string;
  ownerType?: string;
  private: boolean;
  description?: string | null;
  defaultBranch: string;
  createdAt?: string;
  updatedAt?: string;
  pushedAt?: string;
  /** Extra fields of the hand-written model, already in GitHub's spelling. */
  extra?: Resource;
}

/**
 * Marks an object whose conditional properties (the ones GitHub sends only in some views: an
 * organization's admin view) are sent too, with GitHub's value for a new object where it has none.
 */
export const FULL_VIEW: unique symbol = Symbol('stuntdouble.fullView');

/** The login answering for an unauthenticated or lenient caller. */
export const DEFAULT_LOGIN = 'octocat';

const HOSTS: Record<string, 'api' | 'html' | 'uploads'> = { 'api.github.com': 'api', 'github.com': 'html', 'uploads.github.com': 'uploads' };
/** Names of fields that hold an account: unset, they are the caller (or the owner of the object). */
const USERISH = new Set(['user', 'owner', 'creator', 'uploader', 'sender', 'actor', 'author', 'triggering_actor', 'publisher', 'committer', 'merged_by']);
const NATURAL_NULLABLE = new Set(['user', 'owner', 'creator', 'uploader', 'author', 'repository', 'repo', 'head', 'base']);
const COUNTER =
  /(^|_)(count|comments|size|forks|watchers|stargazers|open_issues|closed_issues|additions|deletions|changed_files|commits|review_comments|total|subscribers|network)(_count)?$/;

/** A deterministic number for a string (user ids of logins, ...). */
export function hashNumber(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return (h % 90_000_000) + 1_000_000;
}
/** A deterministic 40-hex sha for a string. */
export function hashSha(s: string): string {
  let out = '';
  for (let i = 0; out.length < 40; i++) out += hashNumber(`${i}:${s}`).toString(16).padStart(8, '0');
  return out.slice(0, 40);
}

export { realUrl } from './links.js';

/** The `/repos/{owner}/{repo}` prefix of a key. */
function repoPrefix(key: string): string | undefined {
  const end = repoPrefixEnd(key);
  return end === -1 ? undefined : end === key.length ? key : key.slice(0, end);
}

interface Frame {
  /** Concrete API key of the object being rendered (`/repos/o/r/issues/1`). */
  key: string;
  ctx: RenderContext;
  /** The login of the object's owner, when the object is owned by an account (a repository). */
  ownerLogin?: string;
}

/** Maps an example URL of GitHub's description onto this object's paths on this host. */
function deriveUrl(name: string, example: unknown, f: Frame, selfExample: unknown): string {
  const { ctx } = f;
  const api = `${ctx.baseUrl}${f.key}`;
  if (name === 'url') return api;
  if (name === 'html_url') return `${webBase(ctx.baseUrl)}${f.key.replace(/^\/repos\//, '/').replace(/^\/users\//, '/')}`;
  const rp0 = name === 'repository_url' ? repoPrefix(f.key) : undefined;
  if (rp0) return `${ctx.baseUrl}${rp0}`;
  if (name === 'upload_url') return `${uploadsBase(ctx.baseUrl)}${f.key}/assets{?name,label}`;
  const gist = name === 'git_pull_url' || name === 'git_push_url' ? /^\/gists\/([^/]+)/.exec(f.key)?.[1] : undefined;
  if (gist) return gistGitUrl(ctx.baseUrl, gist);
  // A pre-receive hook is configured where a site administrator created it, unless an owner configured it lower (GHES).
  const hook = name === 'configuration_url' ? /\/pre-receive-hooks\/(\d+)$/.exec(f.key)?.[1] : undefined;
  if (hook) return `${ctx.baseUrl}/admin/pre-receive-hooks/${hook}`;
  if (name === 'avatar_url') return `https://avatars.githubusercontent.com/u/${hashNumber(f.key)}?v=4`;
  if (typeof example !== 'string' || !/^https?:\/\//.test(example)) return `${api}/${name.replace(/_url$/, '').replace(/_/g, '-')}`;
  if (typeof selfExample === 'string' && selfExample.length > 8 && example.startsWith(`${selfExample}/`)) return `${api}${example.slice(selfExample.length)}`;
  let u: URL;
  try {
    u = new URL(example.replace(/\{[^}]*\}/g, ''));
  } catch {
    return example;
  }
  const tail = example.slice(example.indexOf(u.host) + u.host.length);
  const kind = HOSTS[u.hostname];
  if (!kind) return example;
  const origin = kind === 'api' ? ctx.baseUrl : kind === 'html' ? webBase(ctx.baseUrl) : ctx.baseUrl.replace('//api.', '//uploads.');
  let path = tail;
  const rp = repoPrefix(f.key) ?? (ctx.repo ? `/repos/${ctx.repo.owner}/${ctx.repo.name}` : undefined);
  if (rp) {
    const web = rp.replace(/^\/repos/, '');
    path = path.replace(/^\/repos\/octocat\/Hello-World(?=\/|$|\{)/, rp).replace(/^\/octocat\/Hello-World(?=\/|$|\{)/, web);
  }
  const login = f.ownerLogin ?? ctx.login;
  path = path.replace(/^\/users\/(octocat|[A-Za-z0-9-]+)(?=\/|$|\{)/, `/users/${login}`);
  if (kind === 'html' && /^\/octocat(?=[/.]|$)/.test(path)) path = path.replace(/^\/octocat/, `/${login}`);
  return `${origin}${path}`;
}

/** A value for a field nobody set. */
function defaultFor(name: string, s: ShapeSchema, f: Frame, self: Resource, depth: number, required: boolean): unknown {
  const t = typeOf(s);
  if (s.d !== undefined && (s.d === null ? nullable(s) : fits(s, s.d))) return s.d;
  if (s.o) {
    const b = branch(s, undefined);
    if (!b) return null;
    if (nullable(s) && !NATURAL_NULLABLE.has(name)) return null;
    return defaultFor(name, b, f, self, depth, required);
  }
  if (nullable(s) && !(NATURAL_NULLABLE.has(name) && t === 'object')) return null;
  if (s.e?.length) {
    if (name === 'state' && s.e.includes('open')) return 'open';
    // A package's type is the one its path names (`/packages/container/...`).
    if (name === 'package_type') {
      const named = /\/packages\/([^/]+)\//.exec(f.key)?.[1];
      if (named && s.e.includes(named)) return named;
    }
    if (name === 'author_association' && s.e.includes('OWNER')) return f.ctx.repo && f.ctx.repo.owner === f.ctx.login ? 'OWNER' : 'NONE';
    return s.e.find((x) => x !== null) ?? null;
  }
  switch (t) {
    case 'string':
      return defaultString(name, s, f, self, required);
    case 'integer':
    case 'number': {
      if (name === 'id') return Number(self.id ?? hashNumber(f.key));
      if (COUNTER.test(name)) return Math.max(0, s.mn ?? 0);
      if (name === 'number') {
        const last = Number(f.key.split('/').pop());
        if (Number.isInteger(last)) return last;
      }
      // An optional number nobody set is a new object's zero (a count, a size), not the description's example.
      if (typeof s.x === 'number' && required) return s.x;
      return Math.max(0, s.mn ?? 0);
    }
    case 'boolean':
      return false;
    case 'array': {
      const n = s.mi ?? 0;
      if (n === 0 || !s.i || depth > 6) return [];
      return Array.from({ length: n }, () => renderValue(s.i as ShapeNode, undefined, name, f, depth + 1));
    }
    case 'object':
      if (depth > 6 && !required) return {};
      return renderObject(s, seedFor(name, s, f, self), name, f, depth + 1);
    default:
      return s.x ?? null;
  }
}

function defaultString(name: string, s: ShapeSchema, f: Frame, self: Resource, required = true): string {
  if (s.f === 'date-time') return f.ctx.now;
  if (s.f === 'date') return f.ctx.now.slice(0, 10);
  if (name === 'node_id') return `N_${Number(self.id ?? hashNumber(f.key)).toString(36)}`;
  if (name.endsWith('url') || s.f === 'uri') return deriveUrl(name, s.x, f, undefined);
  if (typeof s.x === 'string' && /^[0-9a-f]{40}$/.test(s.x)) return hashSha(`${f.key}#${name}`);
  if (name === 'login') return f.ownerLogin ?? f.ctx.login;
  if (s.f === 'email') return typeof s.x === 'string' ? s.x : 'octocat@github.com';
  // An optional text nobody set is empty (an organization's `company`, a profile's `blog`), not the example.
  if (!required && !s.f && !s.pt && !s.ml) return '';
  if (typeof s.x === 'string') return s.x;
  if (s.pt === '^[0-9a-fA-F]+$' || name.endsWith('sha')) return hashSha(`${f.key}#${name}`);
  return s.ml ? 'x'.repeat(s.ml) : '';
}

/**
 * The starting value of an object field nobody set: for accounts, the object's creator (the caller
 * that created it), else the caller; the request's repository for repositories.
 */
function seedFor(name: string, s: ShapeSchema, f: Frame, self: Resource = {}): Resource {
  const p = s.p ?? {};
  const creator = typeof self[CREATOR] === 'string' ? (self[CREATOR] as string) : undefined;
  if ('login' in p) return { login: USERISH.has(name) && name === 'owner' && f.ownerLogin ? f.ownerLogin : (creator ?? f.ctx.login) };
  if ('full_name' in p && f.ctx.repo) return repoSeed(f.ctx.repo);
  return {};
}

/** The starting value of a repository object in an answer (what the renderer completes to GitHub's repository shape). */
export function repoSeed(r: RepoView): Resource {
  return {
    id: r.id,
    name: r.name,
    full_name: `${r.owner}/${r.name}`,
    owner: { login: r.owner, type: r.ownerType ?? 'User' },
    private: r.private,
    visibility: r.private ? 'private' : 'public',
    description: r.description ?? null,
    default_branch: r.defaultBranch,
    fork: false,
    ...(r.createdAt ? { created_at: r.createdAt, updated_at: r.updatedAt, pushed_at: r.pushedAt } : {}),
    ...(r.extra ?? {}),
  };
}

/** Converts a scalar the caller sent where GitHub answers an object (label name, login, branch, milestone number). */
function convert(v: string | number | boolean, s: ShapeSchema, name: string, f: Frame): Resource {
  const p = s.p ?? {};
  const rp = repoPrefix(f.key) ?? (f.ctx.repo ? `/repos/${f.ctx.repo.owner}/${f.ctx.repo.name}` : undefined);
  if ('login' in p) return { login: String(v) };
  if ('ref' in p && 'sha' in p && typeof v === 'string') {
    const branchRec = rp ? tableGet(f.ctx.records, `${rp}/branches/${encodeURIComponent(v)}`) : undefined;
    // A branch record without a commit, and the default branch without a record, are at the repository's root commit (as models/branches.ts has them).
    const root = f.ctx.repo?.createdAt && (branchRec || v === f.ctx.repo.defaultBranch) ? rootCommit(f.ctx.repo.createdAt).sha : undefined;
    const sha = (branchRec?.commit as { sha?: string } | undefined)?.sha ?? root ?? branchSha(v);
    const owner = f.ctx.repo?.owner ?? DEFAULT_LOGIN;
    return { ref: v, sha, label: `${owner}:${v}`, user: { login: owner }, ...(f.ctx.repo ? { repo: repoSeed(f.ctx.repo) } : {}) };
  }
  if ('color' in p && typeof v === 'string' && rp) {
    const key = `${rp}/labels/${encodeURIComponent(v)}`;
    const found = tableGet(f.ctx.records, key);
    if (found !== undefined && found !== null) return found;
    const id = hashNumber(key);
    return { id, node_id: `LA_${id.toString(36)}`, url: `${f.ctx.baseUrl}${key}`, name: v, description: null, color: 'ededed', default: false };
  }
  if ('number' in p && typeof v === 'number') {
    const key = rp ? `${rp}/${name === 'milestone' ? 'milestones' : 'issues'}/${v}` : undefined;
    return (key && tableGet(f.ctx.records, key)) || { number: v, ...(key ? { url: `${f.ctx.baseUrl}${key}` } : {}) };
  }
  if ('sha' in p && typeof v === 'string') return { sha: v };
  if ('name' in p) return { name: String(v) };
  if ('id' in p && typeof v === 'number') return { id: v };
  return {};
}

/** The fake commit sha of a branch nobody pushed to (the branches model uses the same). */
export function branchSha(name: string): string {
  let h = 0x811c9dc5;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0').repeat(5);
}

/** The frame of a nested object: its own key when it has a URL or an identity (account, repository). */
function frameOf(v: Resource, s: ShapeSchema, parent: Frame): Frame {
  const { ctx } = parent;
  if (typeof v.url === 'string' && v.url.startsWith(ctx.baseUrl)) {
    const key = realUrl(v.url.slice(ctx.baseUrl.length));
    return { key, ctx, ownerLogin: parent.ownerLogin };
  }
  const p = s.p ?? {};
  if ('login' in p && typeof v.login === 'string') return { key: `/users/${v.login}`, ctx, ownerLogin: v.login };
  if ('full_name' in p && typeof v.full_name === 'string') {
    return { key: `/repos/${v.full_name}`, ctx, ownerLogin: v.full_name.split('/')[0] };
  }
  if ('color' in p && typeof v.name === 'string') {
    const rp = repoPrefix(parent.key);
    if (rp) return { key: `${rp}/labels/${encodeURIComponent(v.name)}`, ctx, ownerLogin: parent.ownerLogin };
  }
  return parent;
}

/** An account nobody seeded (a default caller, a login named in a seed): a stable id from its login. */
export function unknownAccount(login: string, type?: unknown): Account {
  return { login, id: hashNumber(`/users/${login}`), type: type === 'Organization' ? 'Organization' : 'User' };
}

/**
 * An account object with the identity of the known account of its login (the same on every path), and
 * the rest of GitHub's simple-user fields the schema has (its links), wherever an account is embedded as
 * a user shape (one with `gravatar_id`; an organization shape's links are the `/orgs/{org}/...` forms
 * its own renderer derives).
 */
function identityOf(v: Resource, login: string, ctx: RenderContext, plan: ObjectPlan): Resource {
  const acc = (ctx.accounts ? (own(ctx.accounts, login.toLowerCase()) as Account | undefined) : undefined) ?? unknownAccount(login, v.type);
  return identityBase(accountView(acc, ctx.baseUrl), plan);
}

function withIdentity(v: Resource, base: Resource): Resource {
  // One copy with every field at once: the account's identity and links, then what the object has
  // (its symbols too). A copy of the object given fields one at a time turned V8's copy into a slow
  // dictionary object, ~30 µs an account.
  const out: Resource = { ...base, ...v };
  for (const k in v) if (IDENTITY_SET.has(k) || (v[k] === undefined && k in base)) out[k] = base[k];
  return out;
}

function renderObject(s: ShapeSchema, v0: Resource, _name: string, parent: Frame, depth: number): Resource {
  let v = v0;
  if (!s.p) {
    if (s.ap !== undefined) {
      const out: Resource = {};
      for (const [k, x] of Object.entries(v)) out[k] = renderValue(s.ap, x, k, parent, depth + 1);
      return out;
    }
    return depth === 0 ? {} : { ...v };
  }
  const plan = planOf(s, s.p);
  // An account (a login with an avatar; an invitation also has a login, but is no account).
  let base: Resource | undefined;
  const f = depth === 0 ? parent : frameOf(v, s, parent);
  if (plan.account && typeof v.login === 'string') {
    const identity = identityOf(v, v.login, f.ctx, plan);
    // An account given by its login only (an issue's author, its assignees) renders as its known account
    // on this host, whatever else the answer holds: made once (see renderedAccounts), copied per answer.
    if (onlyLogin(v)) {
      const done = renderedAccounts.get(identity);
      if (done) return { ...done };
      base = identity;
    }
    v = withIdentity(v, identity);
  }
  // An anonymous contributor (`type: "Anonymous"`: an address with no account) is no account: GitHub
  // sends what it knows of it (email, name, type, contributions), none of an account's fields.
  const anonymous = plan.hasLogin && v.type === 'Anonymous' && v.login === undefined;
  // The values in the plan's order (SKIP: not sent), then one object of them (see objectOf).
  const props = plan.props;
  const vals = plan.blank.slice();
  // Whether the object depends on its values only: each property sent is its own value rendered as itself (see
  // scalarFast), each one left out is left out for what the object holds, not for where it sits.
  let own = true;
  for (let i = 0; i < props.length; i++) {
    const p = props[i] as PropPlan;
    const k = p.k;
    const x = v[k];
    // A null GitHub would leave out (the field is optional and not nullable) is left out.
    if (x === null && p.optional && !p.nullable) continue;
    if (x !== undefined) {
      const fast = scalarFast(p, x);
      if (fast !== SLOW) {
        vals[i] = fast;
        continue;
      }
      own = false;
      vals[i] = p.kind === 'object' && isObj(x) ? renderObject(p.ps, x, k, f, depth + 1) : renderValue(p.node, x, k, f, depth + 1);
      continue;
    }
    // (Leaving a property out for what the object holds, not for where it sits, keeps `own`.)
    const optional = p.optional;
    if (anonymous && optional) {
      own = false;
      continue;
    }
    // A link GitHub sends only while a setting has one value (the selection's link of `visibility: selected`).
    const when = p.when;
    if (when) {
      own = false;
      if (String(v[when[0]]) === when[1]) vals[i] = `${f.ctx.baseUrl}${f.key}/${when[2]}`;
      continue;
    }
    // Optional properties GitHub sends only when they mean something: rendered when the object has them
    // (a key present with the value undefined asks for GitHub's default: an organization's admin view).
    if (p.conditional && !(k in v) && !(v as { [FULL_VIEW]?: boolean })[FULL_VIEW]) continue;
    // Every other documented property is sent: GitHub's value for a new object when nobody set it.
    if (optional && depth > 6) {
      if (!p.hiddenEmail) own = false;
      continue;
    }
    // A nested object without an identity of its own has no optional link GitHub would send: derived
    // from its parent's path, it would point at the parent or at a path that does not exist.
    if (p.isUrl && optional && depth > 0 && f === parent) {
      own = false;
      continue;
    }
    // An address GitHub shows only where the account made it public: nobody set it, none is sent.
    if (p.hiddenEmail) continue;
    own = false;
    if (p.derived) {
      vals[i] = deriveUrl(k, p.ps.x, f, plan.selfExample);
      continue;
    }
    vals[i] = defaultFor(k, p.ps, f, v, depth, !optional);
  }
  const out = objectOf(plan, vals);
  // Every field the account's own, each rendered as itself: the same for every answer that names this login.
  if (base && own) renderedAccounts.set(base, out);
  return own && base ? { ...out } : out;
}

/** Whether an object holds a `login` and nothing else (nor asks for the full view; other symbols are no field of an answer). */
function onlyLogin(v: Resource): boolean {
  for (const k in v) if (k !== 'login') return false;
  return !(v as { [FULL_VIEW]?: boolean })[FULL_VIEW];
}

/**
 * Accounts rendered from their identity alone (see renderObject), by their identity base: a function of
 * the known account, the host and the schema only, held as long as that base is.
 */
const renderedAccounts = new WeakMap<Resource, Resource>();

function renderValue(node: ShapeNode, v: unknown, name: string, f: Frame, depth: number): unknown {
  let s = flat(node);
  // A null where the schema (a union as a whole included) allows null stays null.
  if (v === null && nullable(s)) return null;
  if (s.o) {
    const b = branch(s, v);
    if (b === null) return v === undefined ? null : v;
    s = b;
  }
  if (v === undefined) return defaultFor(name, s, f, {}, depth, true);
  if (v === null) return nullable(s) || typeOf(s) === undefined ? null : defaultFor(name, { ...s, n: undefined }, f, {}, depth, true);
  const t = typeOf(s);
  switch (t) {
    case 'object':
      if (isObj(v)) return renderObject(s, v, name, f, depth);
      if (Array.isArray(v)) return renderObject(s, {}, name, f, depth);
      return renderObject(s, convert(v as string, s, name, f), name, f, depth);
    case 'array': {
      const items = Array.isArray(v) ? v : [v];
      return s.i ? items.map((x) => renderValue(s.i as ShapeNode, x, name, f, depth + 1)) : items;
    }
    case 'string':
      if (s.e && !s.e.includes(v)) return defaultFor(name, s, f, {}, depth, true);
      if (typeof v === 'string') return name === 'url' || name.endsWith('_url') ? realUrl(v) : v;
      return isObj(v) || Array.isArray(v) ? defaultFor(name, s, f, {}, depth, true) : String(v);
    case 'integer':
    case 'number': {
      const n = typeof v === 'number' ? v : Number(v);
      if (Number.isFinite(n) && (t === 'number' || Number.isInteger(n))) return n;
      return defaultFor(name, s, f, {}, depth, true);
    }
    case 'boolean':
      return typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : Boolean(v);
    default:
      return v;
  }
}

/**
 * Renders a stored value through a compacted response schema. `key` is the concrete API key of the
 * object (its `url` relative to the base URL); list items use their own `url`.
 */
export function renderShape(node: ShapeNode, value: unknown, key0: string, ctx: RenderContext): unknown {
  const key = realUrl(key0);
  const f: Frame = { key, ctx, ...(ctx.repo && key === `/repos/${ctx.repo.owner}/${ctx.repo.name}` ? { ownerLogin: ctx.repo.owner } : {}) };
  const s = flat(node);
  if (typeOf(s) === 'object' && !s.o && isObj(value)) return renderObject(s, value, '', f, 0);
  if (typeOf(s) === 'array' && Array.isArray(value) && s.i) {
    return value.map((x) => {
      const itemKey = isObj(x) && typeof x.url === 'string' && x.url.startsWith(ctx.baseUrl) ? realUrl(x.url.slice(ctx.baseUrl.length)) : key;
      return renderValue(s.i as ShapeNode, x, '', { ...f, key: itemKey }, 1);
    });
  }
  return renderValue(node, value, '', f, 0);
}
