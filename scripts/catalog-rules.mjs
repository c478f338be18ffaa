// Rules used by generate-catalog.mjs: how the generic engine serves each row (classify) and which
// permission each row needs (permissionFor).
//
// Permission sources, recorded per row:
// - `permission-table` (the seed's table 5.1): that table names the family (write for mutating methods, read for GETs,
//   rulesets/rule-suites GETs also write, UAT-only marks).
// - `github-fgpat`: the seed says "not shown"; the rule follows GitHub's published fine-grained
//   permission for that endpoint family ("Permissions required for fine-grained personal access
//   tokens", docs.github.com/rest/authentication/permissions-required-for-fine-grained-personal-access-tokens;
//   data file src/github-apps/data/fpt-2022-11-28/fine-grained-pat-permissions.json of github/docs),
//   applied by family: read for GET, write otherwise.
// - `public`: readable by anyone (public data); no permission needed.

const segs = (p) => p.split('/').filter(Boolean);
const isParam = (s) => s.startsWith('{');

/** Resource kind of a row for the generic engine, its parent collection and item key. */
export function classify(r, byPath) {
  const s = segs(r.path);
  const last = s[s.length - 1];
  const paramLast = isParam(last);
  const rowsAt = (p) => byPath.get(p) ?? [];
  const listsAt = (p) => rowsAt(p).some((x) => x.method === 'GET' && (x.returnsArray || x.listKey));
  const childTemplate = [...byPath.keys()].find((p) => p.startsWith(`${r.path}/{`) && segs(p).length === s.length + 1);
  const isCollection = Boolean(childTemplate) || listsAt(r.path);
  const out = {};
  if (r.status === 302) out.kind = 'redirect';
  else if (r.method === 'GET') out.kind = r.returnsArray || r.listKey ? 'list' : paramLast ? 'item' : 'singleton';
  else if (r.method === 'POST') out.kind = isCollection ? 'create' : 'action';
  else if (r.method === 'PUT') out.kind = paramLast ? 'item' : isCollection ? 'set-collection' : 'singleton';
  else if (r.method === 'PATCH') out.kind = paramLast ? 'item' : 'singleton';
  else out.kind = paramLast ? 'item' : isCollection ? 'clear-collection' : 'singleton';
  if (out.kind === 'create') {
    const param = childTemplate ? segs(childTemplate).pop().slice(1, -1) : 'id';
    if (r.hasNumber && /_number$/.test(param)) out.numbered = true;
    else if (param === 'name' || param === 'tag' || param === 'username') out.itemKey = param;
    else if (/_slug$/.test(param)) out.itemKey = 'slug';
    else if (param === 'ref') out.itemKey = 'ref';
    else if (/sha$/.test(param)) out.itemKey = 'sha';
    else if (r.hasNumber && param === 'id') out.numbered = true;
  }
  return out;
}

const R = '/repos/{owner}/{repo}';
const O = '/orgs/{org}';
const rw = (perm, r) => `${perm}=${r.method === 'GET' ? 'read' : 'write'}`;

/**
 * Families the seed's table 5.1 names that section 4.3 does not list, as path prefixes in GitHub's
 * spelling, each with the table's own words. generate-catalog.mjs adds every operation GitHub's
 * descriptions (api.github.com, then GHE.com, then GHES) have under a prefix; the rules below give them
 * the table's permission. The table's `/organizations/{org}/dependency-bot/repository-access` is
 * `/orgs/{org}/dependabot/repository-access` in every description; GitHub's path is served.
 */
export const TABLE_FAMILIES = [
  // Organization: Administration
  { prefix: `${O}/actions/hosted-runners`, words: '{o}/actions/hosted-runners (POST, PATCH, DELETE); hosted-runner images, limits, machine sizes, platforms' },
  {
    prefix: `${O}/actions/permissions`,
    words:
      '{o}/actions/permissions* (PUT, including artifact-and-log-retention, fork-pr-contributor-approval, fork-pr-workflows-private-repos, repositories, selected-actions, self-hosted-runners, workflow); actions permissions GETs',
  },
  {
    prefix: `${O}/code-security/configurations`,
    words: '{o}/code-security/configurations (POST, PATCH, DELETE, attach, detach, defaults); code-security configurations GETs',
  },
  { prefix: `${O}/dependabot/repository-access`, words: '/organizations/{org}/dependency-bot/repository-access' },
  {
    prefix: '/organizations/{org}/settings/billing',
    words: '/organizations/{org}/settings/billing/budgets/{budget_id} (PATCH, DELETE); billing budgets and usage reports',
  },
  { prefix: `${O}/copilot/billing`, words: '{o}/assistant/billing/selected_teams and selected_users (POST, DELETE); assistant billing, billing/seats' },
  { prefix: `${O}/copilot/metrics`, words: 'assistant metrics' },
  { prefix: `${O}/members/{username}/copilot`, words: 'members/{username}/assistant' },
  { prefix: `${O}/interaction-limits`, words: '{o}/interaction-limits (PUT, DELETE); {o}/interaction-limits' },
  { prefix: `${O}/rulesets`, words: '{o}/rulesets family including rule-suites and history (these GETs also need write)' },
  { prefix: `${O}/secret-scanning/pattern-configurations`, words: '{o}/secret-scanning/pattern-configurations PATCH; secret-scanning pattern-configurations' },
  { prefix: `${O}/settings/immutable-releases`, words: '{o}/settings/immutable-releases (PUT, and repositories forms); immutable-releases' },
  // Organization: Members
  { prefix: `${O}/invitations`, words: 'invitations' },
  { prefix: `${O}/failed_invitations`, words: 'invitations' },
  { prefix: `${O}/teams/{team_slug}/invitations`, words: 'invitations' },
  // Repository: Actions
  { prefix: `${R}/actions/runs/{run_id}/approve`, words: 'approve' },
  { prefix: `${R}/actions/runs/{run_id}/timing`, words: 'timing' },
  { prefix: `${R}/actions/workflows/{workflow_id}/timing`, words: 'timing' },
  // Repository: Administration
  // Section 4.3 lists only `automated-security-fixes GET`; the table names the family (its PUT and DELETE).
  { prefix: `${R}/automated-security-fixes`, words: 'automated-security-fixes' },
  { prefix: `${R}/immutable-releases`, words: 'immutable-releases' },
  { prefix: `${R}/interaction-limits`, words: 'interaction-limits' },
  { prefix: `${R}/private-vulnerability-reporting`, words: 'private-vulnerability-reporting' },
  { prefix: `${R}/rulesets`, words: 'rulesets (GETs of rule-suites and history also need write)' },
  { prefix: `${R}/traffic`, words: 'traffic clones, popular paths, referrers and views' },
  { prefix: `${R}/code-security-configuration`, words: 'code-security-configuration' },
  // Repository: Contents
  { prefix: `${R}/code-scanning/alerts/{alert_number}/autofix`, words: 'code-scanning autofix commits' },
  { prefix: `${R}/code-scanning/codeql/databases`, words: 'codeql database ... calls' },
  { prefix: `${R}/code-scanning/codeql/variant-analyses`, words: '... and variant analysis calls' },
  { prefix: `${O}/artifacts/metadata`, words: 'artifact metadata records under {o}/artifacts/metadata' },
];

/** Ordered rules: [test(path, method), rule(row) → permission string, source]. First match wins. */
const RULES = [
  // ---- seed table 5.1 ----
  [(p, m) => p === O && m !== 'GET', () => 'organization_administration=write', 'permission-table'],
  // "{o}/rulesets family including rule-suites and history (these GETs also need write)": every GET of the
  // family needs write, as GitHub documents for each of them ("Administration" organization permissions (write)).
  [(p) => p.startsWith(`${O}/rulesets`), () => 'organization_administration=write', 'permission-table'],
  // The copilot family is under Organization: Administration and Organization: assistant business (either).
  [
    (p) => p.startsWith(`${O}/copilot/`) || p === `${O}/members/{username}/copilot`,
    (r) => `${rw('organization_administration', r)}; ${rw('organization_copilot_seat_management', r)}`,
    'permission-table',
  ],
  [
    (p) =>
      [
        `${O}/actions/hosted-runners`,
        `${O}/code-security/`,
        `${O}/dependabot/repository-access`,
        '/organizations/{org}/settings/billing',
        `${O}/interaction-limits`,
        `${O}/secret-scanning/pattern-configurations`,
        `${O}/settings/immutable-releases`,
      ].some((x) => p.startsWith(x)),
    (r) => rw('organization_administration', r),
    'permission-table',
  ],
  [(p) => p.startsWith(`${O}/artifacts/metadata`), (r) => rw('contents', r), 'permission-table'],
  [
    (p) => p.startsWith(`${O}/actions/oidc/`) || p.startsWith(`${O}/actions/permissions`) || p.startsWith(`${O}/actions/cache/`),
    (r) => rw('organization_administration', r),
    'permission-table',
  ],
  [
    (p) => p.startsWith(`${O}/security-managers`) || p === `${O}/installations` || p === `${O}/{security_product}/{enablement}`,
    (r) => rw('organization_administration', r),
    'permission-table',
  ],
  [
    (p) => p.startsWith(`${O}/actions/runner-groups`) || p.startsWith(`${O}/actions/runners`),
    (r) => rw('organization_self_hosted_runners', r),
    'permission-table',
  ],
  [(p) => /\/discussions/.test(p) && (p.startsWith(`${O}/teams`) || p.startsWith('/teams/')), (r) => rw('team_discussions', r), 'permission-table'],
  [
    (p) => /^\/orgs\/\{org\}\/teams\/\{team_slug\}\/repos\/\{owner\}\/\{repo\}$/.test(p) || /^\/teams\/\{team_id\}\/repos\/\{owner\}\/\{repo\}$/.test(p),
    (r) => (r.method === 'GET' ? 'members=read' : 'members=read,administration=write'),
    'permission-table',
  ],
  [
    (p) =>
      [
        '/members',
        '/memberships',
        '/outside_collaborators',
        '/public_members',
        '/organization-roles/teams',
        '/organization-roles/users',
        '/invitations',
        '/failed_invitations',
      ].some((x) => p.startsWith(`${O}${x}`)),
    (r) => rw('members', r),
    'permission-table',
  ],
  [(p) => p.startsWith(`${O}/teams`) || p.startsWith('/teams/') || p.startsWith('/user/memberships/orgs'), (r) => rw('members', r), 'permission-table'],
  [(p) => /^\/repos\/\{owner\}\/\{repo\}\/actions\/(permissions|runners)/.test(p), (r) => rw('administration', r), 'permission-table'],
  [
    (p) => /^\/repos\/\{owner\}\/\{repo\}\/actions\/(secrets|organization-secrets)/.test(p) || /environments\/\{environment_name\}\/secrets/.test(p),
    (r) => rw('secrets', r),
    'github-fgpat',
  ],
  [
    (p) => /^\/repos\/\{owner\}\/\{repo\}\/actions\/(variables|organization-variables)/.test(p) || /environments\/\{environment_name\}\/variables/.test(p),
    (r) => rw('actions_variables', r),
    'github-fgpat',
  ],
  [(p) => p.startsWith(`${R}/actions/`), (r) => rw('actions', r), 'permission-table'],
  [(p, m) => p.startsWith(`${R}/environments`) && m === 'GET', () => 'actions=read', 'permission-table'],
  [(p) => p.startsWith(`${R}/environments`), () => 'administration=write', 'permission-table'],
  [(p, m) => p === `${O}/repos` && m === 'POST', () => 'administration=write', 'permission-table'],
  [(p, m) => p === R && m !== 'GET', () => 'administration=write', 'permission-table'],
  [
    (p) =>
      [
        '/autolinks',
        '/automated-security-fixes',
        '/collaborators/{username}',
        '/invitations',
        '/keys',
        '/rulesets',
        '/tags/protection',
        '/transfer',
        '/vulnerability-alerts',
        '/teams',
        '/immutable-releases',
        '/interaction-limits',
        '/private-vulnerability-reporting',
        '/traffic/',
        '/code-security-configuration',
      ].some((x) => p.startsWith(`${R}${x}`)) && !p.endsWith('/permission'),
    (r) => (/\/rulesets\/(rule-suites|\{ruleset_id\}\/history)/.test(r.path) ? 'administration=write' : rw('administration', r)),
    'permission-table',
  ],
  [(p) => /^\/repos\/\{owner\}\/\{repo\}\/branches\/\{branch\}\/protection/.test(p), (r) => rw('administration', r), 'permission-table'],
  [(p) => p === `${R}/code-scanning/default-setup`, (r) => rw('administration', r), 'permission-table'],
  [(p, m) => (p === `${R}/forks` || p === `${R}/topics`) && m !== 'GET', () => 'administration=write', 'permission-table'],
  [
    (p, m) => (p === '/repos/{template_owner}/{template_repo}/generate' || p === '/user/repos') && m === 'POST',
    () => 'administration=write',
    'permission-table',
  ],
  [(p) => p === '/user/repos', () => 'metadata=read', 'github-fgpat'],
  [(p) => p.startsWith('/user/repository_invitations'), (r) => rw('administration', r), 'permission-table'],
  [(p) => p.startsWith(`${R}/pages`), (r) => `${rw('administration', r)}; ${rw('pages', r)}`, 'permission-table (Administration) + github-fgpat (Pages)'],
  [
    (p, m) =>
      m !== 'GET' &&
      [
        /\/branches\/\{branch\}\/rename$/,
        /\/comments/,
        /\/contents\//,
        /\/dependency-graph\/snapshots$/,
        /\/dispatches$/,
        /\/git\//,
        /\/merge-upstream$/,
        /\/merges$/,
        /\/pulls\/\{pull_number\}\/merge$/,
        /\/releases/,
      ].some((re) => re.test(p)) &&
      p.startsWith(R) &&
      !/\/(issues|pulls)\//.test(p.replace(/\/pulls\/\{pull_number\}\/merge$/, '')),
    () => 'contents=write',
    'permission-table',
  ],
  [(p, m) => m !== 'GET' && /^\/repos\/\{owner\}\/\{repo\}\/commits\/\{commit_sha\}\/comments$/.test(p), () => 'contents=write', 'permission-table'],
  [(p) => p === `${R}/code-scanning/alerts/{alert_number}/autofix/commits`, () => 'contents=write', 'permission-table'],
  [(p) => p.startsWith(`${R}/code-scanning/codeql/`), (r) => rw('contents', r), 'permission-table'],
  // ---- GitHub's published fine-grained permissions, by family ----
  [(p) => p.startsWith('/enterprises/') || p.startsWith('/scim/'), (r) => rw('enterprise_administration', r), 'github-fgpat'],
  [(p) => p.startsWith(`${O}/pre-receive-hooks`), (r) => rw('organization_pre_receive_hooks', r), 'github-fgpat'],
  [(p) => p.startsWith(`${R}/pre-receive-hooks`), (r) => rw('repository_pre_receive_hooks', r), 'github-fgpat'],
  [(p) => p.startsWith(`${O}/actions/secrets`), (r) => rw('organization_secrets', r), 'github-fgpat'],
  [(p) => p.startsWith(`${O}/actions/variables`), (r) => rw('organization_actions_variables', r), 'github-fgpat'],
  [(p) => p.startsWith(`${O}/dependabot/secrets`), (r) => rw('organization_dependabot_secrets', r), 'github-fgpat'],
  [(p) => p.startsWith(`${R}/dependabot/secrets`), (r) => rw('dependabot_secrets', r), 'github-fgpat'],
  [(p) => /\/dependabot\/alerts/.test(p), (r) => rw('dependabot_alerts', r), 'github-fgpat'],
  [(p) => /\/code-scanning\//.test(p), (r) => rw('security_events', r), 'github-fgpat'],
  [(p) => /\/secret-scanning\//.test(p), (r) => rw('secret_scanning_alerts', r), 'github-fgpat'],
  [(p) => p.startsWith(`${O}/hooks`), (r) => rw('organization_hooks', r), 'github-fgpat'],
  [(p) => p === `${R}/hooks/{hook_id}/tests`, () => 'repository_hooks=read', 'github-fgpat'],
  [(p) => p.startsWith(`${R}/hooks`), (r) => rw('repository_hooks', r), 'github-fgpat'],
  [
    (p) => p.startsWith(`${O}/custom-repository-roles`) || p.startsWith('/organizations/{organization_id}/custom_roles'),
    (r) => rw('organization_custom_roles', r),
    'github-fgpat',
  ],
  [
    (p) => p.startsWith(`${O}/organization-roles`) || p === `${O}/organization-fine-grained-permissions` || p === `${O}/repository-fine-grained-permissions`,
    (r) => rw('organization_custom_org_roles', r),
    'github-fgpat',
  ],
  [(p) => p.startsWith(`${O}/personal-access-token-requests`), (r) => rw('organization_personal_access_token_requests', r), 'github-fgpat'],
  [(p) => p.startsWith(`${O}/personal-access-tokens`), (r) => rw('organization_personal_access_tokens', r), 'github-fgpat'],
  [
    (p) => p.startsWith(`${O}/properties/schema`),
    (r) => (r.method === 'GET' ? 'organization_custom_properties=read' : 'organization_custom_properties=admin'),
    'github-fgpat',
  ],
  [(p) => p.startsWith(`${O}/properties/values`), (r) => rw('organization_custom_properties', r), 'github-fgpat'],
  [(p) => p === `${R}/properties/values`, (r) => (r.method === 'GET' ? 'metadata=read' : 'custom_properties=write'), 'github-fgpat'],
  [(p) => p === `${O}/audit-log`, () => 'organization_administration=read', 'github-fgpat'],
  [(p) => p.startsWith(`${O}/external-group`), (r) => rw('members', r), 'github-fgpat'],
  [(p) => /\/packages|\/docker\/conflicts$/.test(p) && (p.startsWith(O) || p.startsWith('/user')), (r) => rw('packages', r), 'github-fgpat'],
  [(p) => /\/reactions/.test(p) && /\/issues\//.test(p), (r) => rw('issues', r), 'github-fgpat'],
  [(p) => /\/reactions/.test(p) && /\/pulls\//.test(p), (r) => rw('pull_requests', r), 'github-fgpat'],
  [(p) => /\/reactions/.test(p), (r) => rw('contents', r), 'permission-table (commit comments and reactions; releases)'],
  [(p) => p.startsWith(`${R}/check-`) || /\/commits\/\{ref\}\/check-/.test(p), (r) => rw('checks', r), 'github-fgpat'],
  [(p) => p.startsWith(`${R}/statuses/`) || /\/commits\/\{ref\}\/status(es)?$/.test(p), (r) => rw('statuses', r), 'github-fgpat'],
  [(p) => p.startsWith(`${R}/deployments`), (r) => rw('deployments', r), 'github-fgpat'],
  [(p) => p.startsWith(`${R}/pulls`) || /\/commits\/\{commit_sha\}\/pulls$/.test(p), (r) => rw('pull_requests', r), 'github-fgpat'],
  [
    (p) => p.startsWith(`${R}/labels`) || p.startsWith(`${R}/milestones`),
    (r) => `${rw('issues', r)}; ${rw('pull_requests', r)}`,
    'github-fgpat (issues or pull requests)',
  ],
  [
    (p) => p.startsWith(`${R}/issues`) || p.startsWith(`${R}/assignees`) || p === '/issues' || p === '/user/issues' || p === `${O}/issues`,
    (r) => rw('issues', r),
    'github-fgpat',
  ],
  [
    (p) =>
      /^\/repos\/\{owner\}\/\{repo\}\/(branches|commits|comments|compare|contents|git|releases|readme|tarball|zipball|codeowners|dependency-graph|activity|tags|replicas)/.test(
        p,
      ),
    (r) => rw('contents', r),
    'github-fgpat',
  ],
  [
    (p) =>
      /^\/repos\/\{owner\}\/\{repo\}(\/(stats|languages|contributors|forks|topics|stargazers|subscribers|events|collaborators|rules|rulesets)(\/.*)?)?$/.test(
        p,
      ),
    () => 'metadata=read',
    'github-fgpat',
  ],
  [(p) => p === `${O}/repos`, () => 'metadata=read', 'github-fgpat'],
  [
    (p) =>
      p.startsWith('/gists') &&
      ![
        '/gists/public',
        '/gists/{gist_id}',
        '/gists/{gist_id}/comments',
        '/gists/{gist_id}/commits',
        '/gists/{gist_id}/forks',
        '/gists/{gist_id}/{sha}',
      ].includes(p),
    (r) => rw('gists', r),
    'github-fgpat',
  ],
  [(p, m) => p.startsWith('/gists') && m !== 'GET', () => 'gists=write', 'github-fgpat'],
  [(p) => p.startsWith('/user/starred'), (r) => rw('starring', r), 'github-fgpat'],
  [(p) => p === '/user/subscriptions', () => 'watching=read', 'github-fgpat'],
  [(p) => p.startsWith('/user/emails') || p === '/user/public_emails', (r) => rw('emails', r), 'github-fgpat'],
  [(p) => p.startsWith('/user/followers') || p.startsWith('/user/following'), (r) => rw('followers', r), 'github-fgpat'],
  [(p) => p.startsWith('/user/gpg_keys'), (r) => rw('gpg_keys', r), 'github-fgpat'],
  [(p) => p.startsWith('/user/keys'), (r) => rw('git_ssh_keys', r), 'github-fgpat'],
  [(p) => p.startsWith('/user/ssh_signing_keys'), (r) => rw('ssh_signing_keys', r), 'github-fgpat'],
  [(p) => p.startsWith('/user/social_accounts') || (p === '/user' && true), (r) => (r.method === 'GET' ? '' : 'profile=write'), 'github-fgpat'],
  [(p) => p === '/user/orgs' || p === '/user/teams', () => 'members=read', 'github-fgpat'],
];

/** The permission rule of a row (header format) and where it comes from. */
export function permissionFor(r) {
  const p = r.realPath;
  for (const [test, rule, source] of RULES) {
    if (test(p, r.method)) return finish(r, rule(r), source);
  }
  // Everything left is public data readable by anyone (events, search, users, orgs, gists).
  if (r.method === 'GET') return finish(r, '', 'public');
  throw new Error(`no permission rule for ${r.method} ${r.path}`);
}

function finish(r, permission, source) {
  const out = { permission, permissionSource: source };
  const p = r.realPath;
  // UAT only: seed 5.1 marks; and /user endpoints act for a user, which installation tokens are not.
  if (p.startsWith('/user') && !p.startsWith('/users') && p !== '/user/{account_id}') out.uatOnly = true;
  if ((p === `${O}/public_members/{username}` && r.method !== 'GET') || p === `${R}/transfer`) out.uatOnly = true;
  const described = describedScopes(r.description ?? '');
  // Reading repository metadata outside a repository path (`/user/repos`) needs no scope: the answer
  // holds what the token may see.
  out.scopes = described?.scopes ?? (r.method === 'GET' && permission === 'metadata=read' && !p.startsWith(R) ? [] : classicScopes(permission));
  if (publicRead(r, permission, described)) out.publicRead = true;
  return out;
}

// ---- classic scopes ----
// GitHub's OpenAPI description states the classic scopes of many operations in one sentence
// ("OAuth app tokens and personal access tokens (classic) need the `repo` scope to use this endpoint
// [with a private repository]"). Where it is silent, the scopes follow the permission's category
// (GitHub's scope ↔ permission correspondence: repository categories → `repo`, organization → `*:org`, ...).

/** What a classic scope's name looks like (other backticked words in the sentence are fields). */
const SCOPE_NAME =
  /^(repo|public_repo|repo_deployment|gist|user|workflow|delete_repo|notifications|project|codespace|copilot|security_events|[a-z_]+:[a-z_]+)$/;

/** Scopes named by the description's classic-token sentence, and whether they only matter for private resources. */
export function describedScopes(description) {
  const text = description.replace(/\s+/g, ' ');
  const sentences = text
    .split(/(?<=\.)\s/)
    .filter((s) => /\(classic\)/.test(s) && /\bneeds?\b|\brequires\b/.test(s) && /scope/.test(s))
    // Conditional mentions (a response detail, workflow files) do not gate the endpoint.
    .filter((s) => !/ in order for | to see | when /.test(s));
  if (sentences.length === 0) return undefined;
  const scopes = [...new Set(sentences.flatMap((s) => [...s.matchAll(/`([a-z_:]+)`/g)].map((m) => m[1])))].filter((s) => SCOPE_NAME.test(s));
  if (scopes.length === 0) return undefined;
  const privateOnly = sentences.every((s) => /private/.test(s) && !/private or public/.test(s));
  return { scopes, privateOnly, anyoneWithRead: /Anyone with read access/.test(text) };
}

/** Classic scopes that satisfy a permission rule, by category (when the description is silent). */
export function classicScopes(permission) {
  const out = new Set();
  for (const part of permission.split(/[;,]/)) {
    const [category, access] = part.trim().split('=');
    if (!category) continue;
    for (const s of scopesFor(category, access)) out.add(s);
  }
  return [...out];
}

function scopesFor(category, access) {
  const read = access === 'read';
  if (category === 'metadata') return ['repo'];
  if (category === 'repository_hooks')
    return read ? ['read:repo_hook', 'write:repo_hook', 'admin:repo_hook', 'repo'] : ['write:repo_hook', 'admin:repo_hook', 'repo'];
  if (category === 'organization_hooks') return ['admin:org_hook'];
  if (category === 'team_discussions') return read ? ['read:discussion', 'write:discussion'] : ['write:discussion'];
  if (category === 'enterprise_administration') return ['admin:enterprise'];
  if (category === 'members' || category.startsWith('organization_')) return read ? ['read:org', 'write:org', 'admin:org'] : ['write:org', 'admin:org'];
  if (category === 'packages') return read ? ['read:packages'] : ['write:packages'];
  if (category === 'gists') return ['gist'];
  if (category === 'emails') return ['user', 'user:email'];
  if (category === 'followers') return ['user', 'user:follow'];
  if (category === 'profile') return ['user'];
  if (category === 'starring' || category === 'watching') return read ? [] : ['public_repo', 'repo'];
  if (category === 'gpg_keys') return read ? ['read:gpg_key', 'write:gpg_key', 'admin:gpg_key'] : ['write:gpg_key', 'admin:gpg_key'];
  if (category === 'git_ssh_keys') return read ? ['read:public_key', 'write:public_key', 'admin:public_key'] : ['write:public_key', 'admin:public_key'];
  if (category === 'ssh_signing_keys')
    return read ? ['read:ssh_signing_key', 'write:ssh_signing_key', 'admin:ssh_signing_key'] : ['write:ssh_signing_key', 'admin:ssh_signing_key'];
  if (category === 'workflows') return ['workflow'];
  return ['repo'];
}

// ---- public reads ----
// A GET is readable without a permission (anonymously, by a classic token without scopes, by any
// fine-grained or app token) on a PUBLIC resource only where GitHub allows it:
// - repository data whose fine-grained permission is one GitHub grants to every reader of a public
//   repository: metadata, contents, issues, pull requests, actions (workflows, runs, jobs,
//   artifacts, environments), checks, statuses, deployments, discussions;
// - never where the seed's table puts the read under Administration (collaborators, keys, teams,
//   invitations, rulesets, branch protection, runners, traffic, ...), nor secrets, variables,
//   hooks, security alerts, pages settings;
// - where GitHub's OpenAPI description names a classic scope without limiting it to private
//   repositories ("need the `repo` scope to use this endpoint"), the read needs a token (caches,
//   artifact archives, OIDC templates); where it says "Anyone with read access to the repository can
//   use this endpoint", any reader may (e.g. the secrets *public key*, needed to encrypt a secret);
// - outside repositories: public users, organizations (profile, repositories, public members),
//   gists, events, search (except code search, which GitHub serves to signed-in callers only) and
//   meta data.
const PUBLIC_REPO_CATEGORIES = new Set(['metadata', 'contents', 'issues', 'pull_requests', 'actions', 'checks', 'statuses', 'deployments', 'discussions']);
const NEVER_PUBLIC_REPO = [/\/collaborators(\/|$)/, /\/traffic\//, /\/import(\/|$)/];
const PUBLIC_ELSEWHERE = [
  O,
  `${O}/repos`,
  `${O}/members`,
  `${O}/members/{username}`,
  `${O}/public_members`,
  `${O}/public_members/{username}`,
  '/gists',
  '/gists/{gist_id}/comments/{comment_id}',
];
const AUTHENTICATED_ONLY = [
  /^\/user(\/|$)(?!\{account_id\})/,
  /^\/users\/\{username\}\/events\/orgs\//,
  /^\/gists\/starred$/,
  /^\/gists\/\{gist_id\}\/star$/,
  /^\/notifications/,
  /^\/search\/code$/,
];

function publicRead(r, permission, described) {
  if (r.method !== 'GET') return false;
  const p = r.realPath;
  if (p.startsWith(R)) {
    if (NEVER_PUBLIC_REPO.some((re) => re.test(p))) return false;
    if (described?.anyoneWithRead) return true;
    if (described && !described.privateOnly) return false;
    const alternatives = permission.split(';').map((alt) => alt.split(',').map((x) => x.trim().split('=')[0]));
    return alternatives.some((cats) => cats.every((c) => PUBLIC_REPO_CATEGORIES.has(c)));
  }
  if (AUTHENTICATED_ONLY.some((re) => re.test(p))) return false;
  if (PUBLIC_ELSEWHERE.includes(p)) return true;
  return permission === '';
}
