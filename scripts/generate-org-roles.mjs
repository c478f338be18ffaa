#!/usr/bin/env node
// Generates src/fakes/code-hosting/core/org-role-table.ts: the organization role GitHub requires of a
// user on every `/orgs/{org}/...` and `/organizations/{org}/...` catalog row, derived from the row's
// GitHub operation description (@octokit/openapi, api.github.com then GHE.com). Run:
// node scripts/generate-org-roles.mjs [--check]
//
// The description states the role in a requirement sentence (one with "must" or "only"): "The
// authenticated user must be an organization owner", "... an owner or security manager for the
// organization", "... an organization admin or billing manager", "... a member or owner of `{org}`",
// "An authenticated organization owner or team maintainer can ...". The first requirement sentence
// naming a role decides. Where the description states none, the row's fine-grained permission decides
// (the seed's permission table): a category of organization settings (administration, secrets,
// variables, webhooks, runners, custom roles, blocking, tokens, Copilot seats, ...) or `members` at
// write needs an owner, anything else a member; a member publicizes or conceals their own membership. Reads GitHub serves to anyone (the table's public-read
// mark, and the reads whose description says they answer what the caller may see) need no role.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toReal } from './aliases.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const OUT = join(root, 'src/fakes/code-hosting/core/org-role-table.ts');
const canon = (p) => p.replace(/\{[^}]+\}/g, '{}');
const SPECS = ['api.github.com', 'ghec'].map((name) => require(`@octokit/openapi/generated/${name}.json`));

/** Reads the catalog rows out of the generated catalog module. */
function catalogRows() {
  const text = readFileSync(join(root, 'src/fakes/code-hosting/core/catalog/catalog.ts'), 'utf8');
  const rows = [];
  for (const line of text.split('\n')) {
    const m = /^\s*(\{"category".*\}),?$/.exec(line);
    if (m) rows.push(JSON.parse(m[1]));
  }
  return rows;
}

function describe(row) {
  const real = canon(toReal(row.path));
  for (const spec of SPECS) {
    for (const [p, ops] of Object.entries(spec.paths)) {
      if (canon(p) !== real) continue;
      const op = ops[row.method.toLowerCase()];
      if (op) return (op.description ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\s+/g, ' ');
    }
  }
  return undefined;
}

/** Role phrases, most specific first (each of these also names owners). */
const PHRASES = [
  ['billing_manager', /(owner|admin(istrator)?)s? or (a )?billing manager/i],
  ['security_manager', /security manager/i],
  ['team_maintainer', /team maintainer|'admin' permissions to the team/i],
  [
    'owner',
    /organization owner|owners? (of|for) the organization|organization admin\b|admin(istrator)? (access|permissions|rights)? ?(to|in|for|of) (the|an) organization|administrator (for|of) (the|an) organization|only organization owners/i,
  ],
  ['member', /(organization )?member(s)? (or owner )?of (the organization|`\{org\}`)|must be an organization member|member or owner of|must be a member/i],
];

/** Reads whose description says they answer what the caller may see (no role needed). */
const OPEN_READ =
  /visible to the authenticated user|publicly or privately, a member|can choose to have their membership publicized|accessible by the authenticated user|filtered (by|according to) the authenticated user's permissions/i;

/** Writes a member makes on their own membership (publicizing it). */
const SELF = /publicize their own membership|public membership for the authenticated user/i;

/** Permission categories of organization settings only owners reach. */
const OWNER_CATEGORIES =
  /^organization_(administration|secrets|actions_variables|hooks|self_hosted_runners|custom_roles|custom_org_roles|user_blocking|personal_access_tokens|personal_access_token_requests|copilot_seat_management|codespaces|codespaces_secrets|codespaces_settings|dependabot_secrets|plan|announcement_banners|private_registries|copilot_agent_settings|network_configurations|api_insights|campaigns|custom_properties|pre_receive_hooks)$/;

function fromPermission(row) {
  const alt = (row.permission.split(';')[0] ?? '').trim();
  if (!alt) return row.method === 'GET' ? undefined : 'owner';
  for (const part of alt.split(',')) {
    const [category, access] = part.trim().split('=');
    if (OWNER_CATEGORIES.test(category)) {
      // Organization members can read the custom property schema and values (GitHub's description).
      if (category === 'organization_custom_properties' && access === 'read') continue;
      return 'owner';
    }
    if (category === 'members' && access !== 'read') return 'owner';
  }
  return 'member';
}

/** The role a row needs and where it comes from. */
function classify(row) {
  if (row.publicRead) return { need: undefined, source: 'public read' };
  const text = describe(row) ?? '';
  const sentences = text
    .split(/(?<=[.!?:]["')]?)\s+(?=[A-Z>*-])/)
    .filter((s) => /\b(must|only)\b/i.test(s) && !/\bscopes?\b|personal access token|fine-grained/i.test(s));
  for (const s of sentences) {
    for (const [need, re] of PHRASES) if (re.test(s)) return { need, source: s.trim().slice(0, 160) };
  }
  if (SELF.test(text)) return { need: 'member', source: (SELF.exec(text) ?? [''])[0] };
  if (row.method === 'GET' && OPEN_READ.test(text)) return { need: undefined, source: (OPEN_READ.exec(text) ?? [''])[0] };
  const need = fromPermission(row);
  return { need, source: `permission ${row.permission || '(none)'}` };
}

const rows = catalogRows().filter((r) => /^\/(orgs|organizations)\/\{org\}(\/|$)/.test(r.path));
const table = {};
const sources = {};
for (const row of rows) {
  const { need, source } = classify(row);
  if (!need) continue;
  table[`${row.method} ${row.path}`] = need;
  sources[`${row.method} ${row.path}`] = source;
}

const lines = Object.entries(table).map(([k, need]) => `  ${JSON.stringify(k)}: ${JSON.stringify(need)}, // ${sources[k].replace(/\*\//g, '')}`);
const out = `// GENERATED by scripts/generate-org-roles.mjs from GitHub's operation descriptions (@octokit/openapi). Do not edit.
// biome-ignore-all format: generated data table.
import type { OrgRoleNeed } from './org-roles.js';

/**
 * The organization role a user needs on each organization route (\`METHOD template\`, seed spelling), with
 * the description sentence (or the permission) it comes from. Rows not listed need no role.
 */
export const ORG_ROLE_TABLE: Readonly<Record<string, OrgRoleNeed>> = {
${lines.join('\n')}
};
`;
if (process.argv.includes('--check')) {
  const current = readFileSync(OUT, 'utf8');
  if (current !== out) {
    console.error('org-role-table.ts is stale: run node scripts/generate-org-roles.mjs');
    process.exit(1);
  }
} else {
  writeFileSync(OUT, out);
  const counts = {};
  for (const need of Object.values(table)) counts[need] = (counts[need] ?? 0) + 1;
  console.log(`${rows.length} organization rows:`, counts);
}
