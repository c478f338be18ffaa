import type { Draft } from 'immer';
import { type KeyObject, createPrivateKey, createVerify } from 'node:crypto';
import { nextId } from '../../../store/ids.js';
import { tableDelete, tableGet, tableSet } from '../../../store/table.js';
import { GitHubError } from '../core/errors.js';
import { accountOf, ensureAccount, findRepo } from '../core/lookup.js';
import type { RepoRecord } from '../core/schemas/repo.js';
import { renderAccount } from '../core/shapes/account.js';
import { legacyNodeId } from '../core/shapes/account.js';
import { hashSha } from '../core/shapes/render.js';
import { generateToken } from '../core/tokens.js';
import { trimBase, webBase } from '../core/urls.js';
import type { CodeHostingState } from '../state.js';
import type { AppRecord, InstallationRecord } from './state.js';

/**
 * GitHub Apps: the apps a test seeds, their installations on accounts, the app's JWT (what
 * `@octokit/auth-app` signs with the app's private key) and the installation access tokens
 * `POST /app/installations/{id}/access_tokens` mints (an hour long, with the installation's permissions
 * and repositories, or fewer when the request narrows them).
 */

const low = (s: string) => s.toLowerCase();
const DOCS = 'https://docs.github.com/rest';

/** What an app is seeded with. */
export interface NewApp {
  name: string;
  slug?: string;
  owner: string;
  description?: string | null;
  permissions?: Record<string, string>;
  events?: string[];
  privateKey?: string;
}

/** Creates an app (its owner account when missing). */
export function createApp(state: CodeHostingState, input: NewApp, now: string): AppRecord {
  const slug =
    input.slug ??
    input.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  if (tableGet(state.apps.names, `slug:${slug}`) !== undefined) throw new Error(`stuntdouble: an app with the slug '${slug}' exists already`);
  if (input.privateKey) {
    try {
      verifyingKey(input.privateKey);
    } catch (e) {
      throw new Error(
        `stuntdouble: the privateKey of app '${slug}' is not a PEM private key (${(e as Error).message}); pass the key GitHub gave the app, e.g. from generateKeyPairSync('rsa', { privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })`,
      );
    }
  }
  ensureAccount(state as Draft<CodeHostingState>, input.owner);
  const id = nextId(state.counters, 'app', 1000);
  const app: AppRecord = {
    id,
    slug,
    client_id: `Iv1.${hashSha(`app:${id}`).slice(0, 16)}`,
    name: input.name,
    description: input.description ?? null,
    owner: accountOf(state, input.owner).login,
    permissions: { metadata: 'read', ...(input.permissions ?? {}) },
    events: input.events ?? [],
    ...(input.privateKey ? { privateKey: input.privateKey } : {}),
    created_at: now,
  };
  tableSet(state.apps.apps, String(id), app);
  tableSet(state.apps.names, `slug:${slug}`, id);
  tableSet(state.apps.names, `client:${app.client_id}`, id);
  ensureAccount(state as Draft<CodeHostingState>, `${slug}[bot]`);
  return app;
}

const push = (state: CodeHostingState, list: string, id: number) => tableSet(state.apps.lists, list, [...(tableGet(state.apps.lists, list) ?? []), id]);

/** Installs an app on an account: every repository of it, or the named ones (`repo` or `owner/repo`). */
export function install(state: CodeHostingState, app: AppRecord, input: { account: string; repositories?: 'all' | string[] }, now: string): InstallationRecord {
  const account = ensureAccount(state as Draft<CodeHostingState>, input.account);
  const selected = input.repositories === undefined || input.repositories === 'all' ? undefined : input.repositories;
  const ids = (selected ?? []).map((name) => {
    const [owner, repo] = name.includes('/') ? (name.split('/') as [string, string]) : [account.login, name];
    const rec = findRepo(state, owner, repo);
    if (!rec) throw new Error(`stuntdouble: no repository ${owner}/${repo} to install ${app.slug} on; seed it first`);
    return rec.id;
  });
  const inst: InstallationRecord = {
    id: nextId(state.counters, 'installation', 1000000),
    appId: app.id,
    account: account.login,
    repositorySelection: selected ? 'selected' : 'all',
    repositoryIds: ids,
    permissions: { ...app.permissions },
    events: [...app.events],
    created_at: now,
    updated_at: now,
  };
  tableSet(state.apps.installations, String(inst.id), inst);
  push(state, low(account.login), inst.id);
  push(state, `app:${app.id}`, inst.id);
  return inst;
}

/** An app by id. */
export const appById = (state: CodeHostingState, id: number): AppRecord | undefined => tableGet(state.apps.apps, String(id));
/** An installation by id. */
export const installationById = (state: CodeHostingState, id: number | string): InstallationRecord | undefined =>
  tableGet(state.apps.installations, String(id));

/** Installations on an account, oldest first. */
export function installationsOn(state: CodeHostingState, login: string): InstallationRecord[] {
  return (tableGet(state.apps.lists, low(login)) ?? []).map((id) => installationById(state, id)).filter((i): i is InstallationRecord => i !== undefined);
}

/** An app's installations, oldest first. */
export function installationsOf(state: CodeHostingState, app: AppRecord): InstallationRecord[] {
  return (tableGet(state.apps.lists, `app:${app.id}`) ?? []).map((id) => installationById(state, id)).filter((i): i is InstallationRecord => i !== undefined);
}

/** Removes an installation (GitHub uninstalls the app): `/installation/repositories` refuses its minted tokens. */
export function uninstall(state: CodeHostingState, inst: InstallationRecord): void {
  const drop = (list: string) =>
    tableSet(
      state.apps.lists,
      list,
      (tableGet(state.apps.lists, list) ?? []).filter((id) => id !== inst.id),
    );
  drop(low(inst.account));
  drop(`app:${inst.appId}`);
  tableDelete(state.apps.installations, String(inst.id));
}

/** The repositories an installation reaches, by id order (selection `all`: the account's). */
export function installationRepos(state: CodeHostingState, inst: InstallationRecord): RepoRecord[] {
  const ids = inst.repositorySelection === 'all' ? (state.reposByOwner[low(inst.account)] ?? []) : inst.repositoryIds;
  return ids.map((id) => state.repos[id] as RepoRecord | undefined).filter((r): r is RepoRecord => r !== undefined);
}

/** GitHub's `installation`. */
export function installationJson(state: CodeHostingState, inst: InstallationRecord, apiBase: string): Record<string, unknown> {
  const api = trimBase(apiBase);
  const app = appById(state, inst.appId);
  const account = accountOf(state, inst.account);
  return {
    id: inst.id,
    client_id: app?.client_id,
    account: renderAccount(account, apiBase),
    repository_selection: inst.repositorySelection,
    access_tokens_url: `${api}/app/installations/${inst.id}/access_tokens`,
    repositories_url: `${api}/installation/repositories`,
    html_url: `${webBase(apiBase)}/${account.type === 'Organization' ? `organizations/${account.login}/` : ''}settings/installations/${inst.id}`,
    app_id: inst.appId,
    app_slug: app?.slug ?? '',
    target_id: account.id,
    target_type: account.type,
    permissions: { ...inst.permissions },
    events: [...inst.events],
    created_at: inst.created_at,
    updated_at: inst.updated_at,
    single_file_name: null,
    has_multiple_single_files: false,
    single_file_paths: [],
    suspended_by: null,
    suspended_at: null,
  };
}

/** GitHub's `integration` (the app), with how many installations it has. */
export function integrationJson(state: CodeHostingState, app: AppRecord, apiBase: string): Record<string, unknown> {
  return {
    id: app.id,
    slug: app.slug,
    node_id: legacyNodeId('Integration', app.id),
    client_id: app.client_id,
    owner: renderAccount(accountOf(state, app.owner), apiBase),
    name: app.name,
    description: app.description,
    external_url: `${webBase(apiBase)}/apps/${app.slug}`,
    html_url: `${webBase(apiBase)}/apps/${app.slug}`,
    created_at: app.created_at,
    updated_at: app.created_at,
    permissions: { ...app.permissions },
    events: [...app.events],
    installations_count: installationsOf(state, app).length,
  };
}

const unauthorized = (message: string) => new GitHubError(401, message, { documentationUrl: DOCS });

const b64json = (part: string): Record<string, unknown> | undefined => {
  try {
    const v = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** Parsed app keys by PEM (a handful per process: seeds name them), so a JWT check does not parse the PEM again. */
const parsedKeys = new Map<string, KeyObject>();

/**
 * The key that checks an app's JWT signatures, parsed once from the seeded PEM. A parse that throws is
 * tried once more before the PEM is called invalid: on Node 24, when other crypto work had run in the
 * same thread (Octokit's WebCrypto signing, TLS), OpenSSL now and then reported a stale
 * `asn1 encoding routines::too long` for a valid key, and the second parse succeeds; a key that is truly
 * not a PEM private key fails both. Throws on an invalid key.
 */
export function verifyingKey(pem: string): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) {
    try {
      key = createPrivateKey(pem);
    } catch {
      key = createPrivateKey(pem);
    }
    if (parsedKeys.size >= 64) parsedKeys.clear();
    parsedKeys.set(pem, key);
  }
  return key;
}

/**
 * The app a JWT authenticates (`Authorization: Bearer <JWT>`), as GitHub checks one: an RS256 token whose
 * `iss` is the app's id (or client id), signed with the app's private key when the seed gave one, and
 * expiring at most ten minutes after it was issued. Anything else answers GitHub's 401. The fake does not
 * compare `iat`/`exp` with its clock: the app's library signs with the machine's time.
 */
export function appOfJwt(state: CodeHostingState, token: string | null): AppRecord {
  const parts = token?.split('.') ?? [];
  const header = parts.length === 3 ? b64json(parts[0] as string) : undefined;
  const claims = parts.length === 3 ? b64json(parts[1] as string) : undefined;
  if (!header || !claims || header.alg !== 'RS256') throw unauthorized('A JSON web token could not be decoded');
  const iat = Number(claims.iat);
  const exp = Number(claims.exp);
  if (!Number.isInteger(iat)) throw unauthorized("'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued");
  if (!Number.isInteger(exp) || exp <= iat || exp - iat > 600 + 60) throw unauthorized("'Expiration time' claim ('exp') is too far in the future");
  const iss = claims.iss;
  const id =
    typeof iss === 'number' || (typeof iss === 'string' && /^\d+$/.test(iss))
      ? Number(iss)
      : typeof iss === 'string'
        ? tableGet(state.apps.names, `client:${iss}`)
        : undefined;
  const app = id === undefined ? undefined : appById(state, id);
  if (!app) throw unauthorized("'Issuer' claim ('iss') must be an Integer");
  if (app.privateKey) {
    let ok = false;
    try {
      ok = createVerify('RSA-SHA256')
        .update(`${parts[0]}.${parts[1]}`)
        .verify(verifyingKey(app.privateKey), Buffer.from(parts[2] as string, 'base64url'));
    } catch {
      ok = false;
    }
    if (!ok) throw unauthorized('A JSON web token could not be decoded');
  }
  return app;
}

/** What the access token request narrows: repositories by name or id, permissions. */
export interface TokenRequest {
  repositories?: unknown;
  repository_ids?: unknown;
  permissions?: unknown;
}

/** Mints an installation access token (an hour long) and answers GitHub's `installation-token` fields. */
export function mintToken(state: CodeHostingState, app: AppRecord, inst: InstallationRecord, req: TokenRequest, nowMs: number) {
  const reachable = installationRepos(state, inst);
  const names = Array.isArray(req.repositories) ? req.repositories.map(String) : undefined;
  const ids = Array.isArray(req.repository_ids) ? req.repository_ids.map(Number) : undefined;
  const narrowed = names || ids;
  const repos = narrowed ? reachable.filter((r) => names?.some((n) => low(n) === low(r.name)) || ids?.includes(r.id)) : reachable;
  if (narrowed && repos.length !== (names?.length ?? 0) + (ids?.length ?? 0))
    throw new GitHubError(422, 'There is at least one repository that does not exist or is not accessible to the parent installation.', {
      documentationUrl: 'https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app',
    });
  let permissions = { ...inst.permissions };
  if (req.permissions && typeof req.permissions === 'object') {
    const asked = req.permissions as Record<string, unknown>;
    const rank: Record<string, number> = { read: 1, write: 2, admin: 3 };
    for (const [k, v] of Object.entries(asked))
      if (!inst.permissions[k] || (rank[String(v)] ?? 0) > (rank[inst.permissions[k] as string] ?? 0))
        throw new GitHubError(422, `The permissions requested are not granted to this installation.`, { documentationUrl: DOCS });
    permissions = Object.fromEntries(Object.entries(asked).map(([k, v]) => [k, String(v)]));
  }
  const n = nextId(state.counters, 'token', 0);
  const token = generateToken('installation', n + 7_000_000);
  const expires_at = new Date(nowMs + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const login = `${app.slug}[bot]`;
  state.tokens[token] = {
    token,
    label: `installation-${inst.id}-${n}`,
    type: 'installation',
    login,
    scopes: [],
    permissions: permissions as Record<string, 'read' | 'write' | 'admin'>,
    repositories: repos.map((r) => `${r.ownerLogin}/${r.name}`),
  };
  const selection = narrowed ? 'selected' : inst.repositorySelection;
  tableSet(state.apps.minted, token, { installationId: inst.id, expires_at, selection });
  return {
    token,
    expires_at,
    permissions,
    repository_selection: selection,
    ...(narrowed ? { repositories: repos } : {}),
  };
}
