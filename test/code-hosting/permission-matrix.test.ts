import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Fakes, createFakes } from 'stuntdouble';
import { CATALOG, type CatalogRow, realSpelling } from 'stuntdouble/code-hosting';
import { beforeAll, describe, expect, it } from 'vitest';
import { OWNER, concretePath } from './conformance/params.js';

// Every catalog route × every caller kind, on a public and on a private repository, through
// `fakes.handle()` (the wire pipeline, no SDK, no interception: ~10,000 requests in a few seconds).
//
// The expected answer is computed here from the route's rule as the catalog TABLE states it (the
// permission of the seed's table / GitHub's published fine-grained permissions, the classic scopes of
// GitHub's OpenAPI description, the public-read mark) and GitHub's documented rules for callers:
// - a public read of a public resource answers every caller;
// - no token: a private repository is 404, anything else needing a token 401 "Requires authentication";
// - classic token: a private repository needs `repo` (or a scope of the route's own) to be seen (404),
//   then one of the accepted scopes (403);
// - fine-grained, user and installation tokens: the permission (403 "Resource not accessible by ...");
//   installation tokens are refused on user-only routes.
// A separate block checks the table's public-read marks against GitHub's OpenAPI descriptions and the
// seed's list of families that are never public.

const require = createRequire(import.meta.url);

type Caller = 'anonymous' | 'classic-none' | 'classic-scoped' | 'fine-grained-none' | 'fine-grained' | 'installation' | 'user';
const CALLERS: readonly Caller[] = ['anonymous', 'classic-none', 'classic-scoped', 'fine-grained-none', 'fine-grained', 'installation', 'user'];
type Outcome = 'pass' | 401 | 403 | 404;

const REPO_PATH = /^\/repos\/\{(owner|template_owner)\}\/\{(repo|template_repo)\}/;
const url = (row: CatalogRow, repo: string) => `https://api.github.com${concretePath(row, realSpelling(row.path), repo)}`;

/** The first alternative of the row's permission as a token grant. */
const grantOf = (row: CatalogRow): Record<string, 'read' | 'write' | 'admin'> =>
  Object.fromEntries(
    (row.permission.split(';')[0] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => s.split('=') as [string, 'read' | 'write' | 'admin']),
  );
/** Whether an empty grant (every fine-grained token holds metadata=read) meets the row. */
const emptyGrantPasses = (row: CatalogRow) => row.permission === '' || row.permission.split(';').some((alt) => alt.trim() === 'metadata=read');
/** The scope a "classic with the needed scope" token holds for a row. */
const scopeFor = (row: CatalogRow, priv: boolean): string | undefined =>
  priv && row.scopes.includes('repo') ? 'repo' : (row.scopes.find((s) => s !== 'public_repo') ?? row.scopes[0]);

/** GitHub's answer for a caller, from the table's rule. */
function expected(row: CatalogRow, caller: Caller, repoRow: boolean, priv: boolean): Outcome {
  const write = row.method !== 'GET';
  const open = row.publicRead === true && !write && !priv;
  if (caller === 'anonymous') return priv ? 404 : open ? 'pass' : 401;
  if (caller === 'classic-none' || caller === 'classic-scoped') {
    const held = caller === 'classic-scoped' ? [scopeFor(row, priv)].filter((s): s is string => !!s) : [];
    const own = row.scopes.filter((s) => s !== 'repo' && s !== 'public_repo');
    if (repoRow && priv && !held.includes('repo') && !held.some((s) => own.includes(s))) return 404;
    if (open || row.scopes.length === 0) return 'pass';
    return held.some((s) => row.scopes.includes(s)) ? 'pass' : 403;
  }
  if (caller === 'installation' && row.uatOnly) return 403;
  if (open) return 'pass';
  if (caller === 'fine-grained-none') return emptyGrantPasses(row) ? 'pass' : 403;
  return 'pass';
}

describe('permission matrix: every catalog route × caller kind × public/private repository', () => {
  let fakes: Fakes;
  const tokens = new Map<string, string>();
  /** One seeded token per distinct grant (scopes or permissions), reused across rows. */
  const token = (caller: Exclude<Caller, 'anonymous'>, row: CatalogRow, priv: boolean): string => {
    const type = caller.startsWith('classic') ? 'classic' : caller.startsWith('fine-grained') ? 'fine-grained' : caller;
    const scopes = caller === 'classic-scoped' ? [scopeFor(row, priv)].filter((s): s is string => !!s) : [];
    const permissions = caller === 'fine-grained-none' || type === 'classic' ? {} : grantOf(row);
    const key = `${type}|${scopes.join(',')}|${JSON.stringify(permissions)}`;
    let t = tokens.get(key);
    if (!t) {
      t = fakes.codeHosting.seed.token({ type: type as 'classic', scopes: scopes as never, permissions, label: `m${tokens.size}` });
      tokens.set(key, t);
    }
    return t;
  };
  let snapshot: ReturnType<Fakes['snapshot']>;
  let anonymousCalls = 0;
  const call = async (row: CatalogRow, target: string, auth: string | undefined) => {
    // 60 anonymous calls an hour: move the clock on a window before running out.
    if (!auth && ++anonymousCalls % 50 === 0) fakes.clock.advance('1h');
    const headers: Record<string, string> = { accept: 'application/vnd.github+json', 'content-type': 'application/json' };
    if (auth) headers.authorization = `token ${auth}`;
    return fakes.handle({ method: row.method, url: target, headers, body: row.method === 'GET' ? null : '{}' });
  };

  beforeAll(() => {
    fakes = createFakes({ auth: 'strict', clock: '2024-01-10T00:00:00Z' });
    fakes.codeHosting.seed.repo({ owner: OWNER, repo: 'pub', private: false });
    fakes.codeHosting.seed.repo({ owner: OWNER, repo: 'priv', private: true });
    fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
    fakes.codeHosting.seed.account({ login: 'mona' });
    // Every token first, then one snapshot: each row starts from the same state (a DELETE of the
    // repository, a transfer, must not change what the next row sees).
    for (const row of CATALOG) for (const priv of [false, true]) for (const c of CALLERS) if (c !== 'anonymous') token(c, row, priv);
    snapshot = fakes.snapshot();
  });

  it('answers each caller as GitHub does, with the accepted-permissions and accepted-scopes headers of the route', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const row of CATALOG) {
      const repoRow = REPO_PATH.test(row.path);
      if (row.method !== 'GET') fakes.restore(snapshot);
      for (const priv of repoRow ? [false, true] : [false]) {
        const target = url(row, priv ? 'priv' : 'pub');
        for (const caller of CALLERS) {
          // A DELETE that passed removed what the next caller would be refused on.
          if (row.method === 'DELETE') fakes.restore(snapshot);
          const want = expected(row, caller, repoRow, priv);
          const res = await call(row, target, caller === 'anonymous' ? undefined : token(caller, row, priv));
          checked++;
          const label = `${row.method} ${row.path} ${priv ? 'private' : 'public'} ${caller}`;
          const got = res.status;
          if (want === 'pass' ? got === 401 || got === 403 : got !== want) {
            failures.push(`${label}: ${got} (want ${want}) ${res.text.slice(0, 80)}`);
            continue;
          }
          const perms = res.headers['x-accepted-github-permissions'];
          const wantPerms = row.permission === '' ? 'allows_permissionless_access=true' : row.permission;
          if (perms !== wantPerms) failures.push(`${label}: x-accepted-github-permissions '${perms}' (want '${wantPerms}')`);
          const scopes = res.headers['x-accepted-oauth-scopes'];
          if (scopes !== row.scopes.join(', ')) failures.push(`${label}: x-accepted-oauth-scopes '${scopes}' (want '${row.scopes.join(', ')}')`);
          if (caller.startsWith('classic') && res.headers['x-oauth-scopes'] === undefined) failures.push(`${label}: no x-oauth-scopes`);
          if (want === 401 && (res.json as { message?: string } | undefined)?.message !== 'Requires authentication') failures.push(`${label}: ${res.text}`);
          if (
            want === 403 &&
            !/^Resource not accessible by (personal access token|integration)$/.test((res.json as { message?: string } | undefined)?.message ?? '')
          )
            failures.push(`${label}: ${res.text}`);
        }
      }
    }
    const dump = process.env.MATRIX_DUMP;
    if (dump) (await import('node:fs')).writeFileSync(dump, failures.join('\n'));
    expect(failures.slice(0, 40)).toEqual([]);
    expect(checked).toBeGreaterThan(CATALOG.length * CALLERS.length);
  });
});

describe('public-read marks of the catalog table against GitHub and the seed', () => {
  const api = JSON.parse(readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8')) as {
    paths: Record<string, Record<string, { description?: string }>>;
  };
  const description = (row: CatalogRow) => (api.paths[realSpelling(row.path)]?.[row.method.toLowerCase()]?.description ?? '').replace(/\s+/g, ' ');
  const gets = CATALOG.filter((r) => r.method === 'GET');

  it('never marks secrets, variables, keys, hooks, runners, security alerts, administration or rule suites public', () => {
    const never =
      /\/(secrets|variables|organization-secrets|organization-variables|keys|hooks|runners|runner-groups|alerts|rule-suites|collaborators|traffic|invitations|teams)(\/|$)/;
    const leaks = gets.filter(
      (r) =>
        r.publicRead &&
        r.path.startsWith('/repos/') &&
        // GitHub documents the encryption public key as readable by anyone with read access.
        !r.path.endsWith('/public-key') &&
        (never.test(r.path) || /administration|secrets|variables|hooks|alerts|security_events/.test(r.permission)),
    );
    expect(leaks.map((r) => r.path)).toEqual([]);
  });

  it('marks the reads GitHub serves to anyone on a public repository', () => {
    const open = [
      '/repos/{owner}/{repo}',
      '/repos/{owner}/{repo}/issues',
      '/repos/{owner}/{repo}/issues/{issue_number}',
      '/repos/{owner}/{repo}/pulls',
      '/repos/{owner}/{repo}/contents/{path}',
      '/repos/{owner}/{repo}/commits',
      '/repos/{owner}/{repo}/releases',
      '/repos/{owner}/{repo}/branches',
      '/repos/{owner}/{repo}/actions/runs',
      '/orgs/{org}/public_members',
      '/users/{username}',
    ];
    for (const path of open) expect(gets.find((r) => r.path === path)?.publicRead, path).toBe(true);
  });

  it('agrees with the classic-scope sentence of every GitHub operation description', () => {
    const wrong: string[] = [];
    for (const r of gets.filter((x) => x.path.startsWith('/repos/'))) {
      const d = description(r);
      const needsScope = /\(classic\) need the ?`[^`]+` scope to use this endpoint\./.test(d) && !/private/.test(d);
      if (/Anyone with read access to the repository can use this endpoint/.test(d) && !r.publicRead) wrong.push(`${r.path}: anyone may read`);
      else if (needsScope && r.publicRead) wrong.push(`${r.path}: GitHub needs a scope`);
    }
    expect(wrong).toEqual([]);
  });
});
