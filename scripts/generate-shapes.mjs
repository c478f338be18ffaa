#!/usr/bin/env node
// Generates src/fakes/code-hosting/core/shapes/data.ts: for every catalog row (and the source import
// endpoints, served by their own model), GitHub's documented success
// statuses, response headers and response schemas, compacted to what rendering needs, from GitHub's
// OpenAPI descriptions (@octokit/openapi, a devDependency: the compact module ships, the description
// does not). Run: node scripts/generate-shapes.mjs [--check]
//
// Each row takes its shapes from the first description that has its path and method: api.github.com,
// then GHE.com (ghec), then GHES, then, for the team discussions retired from GitHub's current
// descriptions, the last description that had them (scripts/retired/team-discussions.json, extracted
// from @octokit/openapi 22.0.0 by scripts/extract-retired-description.mjs).
//
// Compact schema nodes (JSON, short keys): t type, p properties, q required, i items, e enum, n nullable,
// f format, x example (scalars only), o oneOf/anyOf, l allOf, ap additionalProperties, mn minimum,
// ml minLength, pt pattern, mi minItems, d GitHub's value for a new object, c optional properties GitHub
// sends only when they mean something (rendered only when the object has them), w links sent only while
// a setting has one value ({ link: [setting, value, last path segment] }). A number is a
// reference into the shared table `S` (components.schemas, compacted once).
//
// What GitHub sends comes from two oracles: the description (`default`, its property order) and the
// recorded real sessions of @octokit/fixtures (a devDependency), which give GitHub's key order for the
// objects they show and the values GitHub gave a new object's settings (false, true, 0, "", an enum).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toReal } from './aliases.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const OUT = join(root, 'src/fakes/code-hosting/core/shapes/data.ts');

const SPECS = [
  ...['api.github.com', 'ghec', 'ghes-3.19', 'ghes-3.18', 'ghes-3.17'].map((name) => ({
    name,
    doc: require(`@octokit/openapi/generated/${name}.json`),
  })),
  // Team discussions, retired from the current descriptions: the last description that had them.
  { name: 'octokit-openapi-22.0.0', doc: JSON.parse(readFileSync(join(root, 'scripts/retired/team-discussions.json'), 'utf8')) },
];
const canon = (p) => p.replace(/\{[^}]+\}/g, '{}');

/** Reads the catalog rows (method, seed path) out of the generated catalog module. */
function catalogRows() {
  const text = readFileSync(join(root, 'src/fakes/code-hosting/core/catalog/catalog.ts'), 'utf8');
  const rows = [];
  for (const line of text.split('\n')) {
    const m = /^\s*(\{"category".*\}),?$/.exec(line);
    if (m) rows.push(JSON.parse(m[1]));
  }
  return rows;
}

const successCodes = (op) => Object.keys(op.responses ?? {}).filter((c) => /^[23]\d\d$/.test(c));
function lookupIn(spec, realPath, method) {
  for (const [p, ops] of Object.entries(spec.doc.paths)) {
    if (canon(p) !== canon(realPath)) continue;
    const op = ops[method.toLowerCase()];
    if (op) return { spec, op };
  }
  return undefined;
}

/** The source import endpoints (the seed's section 4.2), served by the hand-written import model through the same renderer. */
const IMPORT_ROWS = [
  ['GET', ''],
  ['PUT', ''],
  ['PATCH', ''],
  ['DELETE', ''],
  ['GET', '/authors'],
  ['PATCH', '/authors/{author_id}'],
  ['GET', '/large_files'],
  ['PATCH', '/lfs'],
].map(([method, rest]) => ({ method, path: `/repos/{owner}/{repo}/import${rest}` }));

function lookup(realPath, method) {
  for (const spec of SPECS) {
    for (const [p, ops] of Object.entries(spec.doc.paths)) {
      if (canon(p) !== canon(realPath)) continue;
      const op = ops[method.toLowerCase()];
      if (op) return { spec, op };
    }
  }
  return undefined;
}

// ---------- what GitHub sends: the recorded sessions of @octokit/fixtures ----------
const FIXTURES = join(dirname(require.resolve('@octokit/fixtures/package.json')), 'scenarios/api.github.com');
/** Component → documented keys in the order GitHub sent them. */
const recordedOrder = new Map();
/** Component → property → { value, created }: a setting's value in a recorded answer (a 201's first). */
const recordedDefaults = new Map();

const isSetting = (prop, value) =>
  typeof value === 'boolean' || value === 0 || value === '' || (typeof value === 'string' && Array.isArray(prop?.enum) && prop.enum.includes(value));

function refName(s) {
  const m = /^#\/components\/schemas\/(.+)$/.exec(s?.$ref ?? '');
  return m ? m[1] : undefined;
}

function walkRecorded(doc, s0, v, name, created) {
  if (!s0 || typeof s0 !== 'object') return;
  const nm = refName(s0) ?? name;
  const s = s0.$ref ? resolve(doc, s0.$ref) : s0;
  if (!s) return;
  for (const part of s.allOf ?? []) walkRecorded(doc, part, v, refName(part) ? undefined : nm, created);
  for (const alt of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) walkRecorded(doc, alt, v, undefined, created);
  if (Array.isArray(v)) {
    if (s.items) for (const x of v) walkRecorded(doc, s.items, x, undefined, created);
    return;
  }
  if (!v || typeof v !== 'object' || !s.properties) return;
  if (nm) {
    const keys = Object.keys(v).filter((k) => k in s.properties);
    if (keys.length > (recordedOrder.get(nm)?.length ?? 0)) recordedOrder.set(nm, keys);
    const defaults = recordedDefaults.get(nm) ?? new Map();
    recordedDefaults.set(nm, defaults);
    for (const k of keys) {
      const prop = s.properties[k].$ref ? resolve(doc, s.properties[k].$ref) : s.properties[k];
      const seen = defaults.get(k);
      if (isSetting(prop, v[k]) && (!seen || (created && !seen.created))) defaults.set(k, { value: v[k], created });
    }
  }
  for (const [k, x] of Object.entries(v)) if (s.properties[k]) walkRecorded(doc, s.properties[k], x, undefined, created);
}

function readRecordings() {
  const doc = SPECS[0].doc;
  const templates = Object.keys(doc.paths).map((t) => ({
    t,
    re: new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\}/g, '[^/]+')}/?$`),
  }));
  for (const dir of readdirSync(FIXTURES).sort()) {
    for (const rec of JSON.parse(readFileSync(join(FIXTURES, dir, 'normalized-fixture.json'), 'utf8'))) {
      if (!rec.response || typeof rec.response !== 'object' || !rec.scope.includes('api.github.com')) continue;
      const path = rec.path.split('?')[0];
      const found = templates.find(({ t, re }) => re.test(path) && doc.paths[t][rec.method]);
      const op = found && doc.paths[found.t][rec.method];
      const res0 = op?.responses?.[String(rec.status)];
      const res = res0?.$ref ? resolve(doc, res0.$ref) : res0;
      walkRecorded(doc, res?.content?.['application/json']?.schema, rec.response, undefined, rec.status === 201);
    }
  }
}
readRecordings();

/** Documented keys in GitHub's order: the recorded ones as recorded, each other one after its predecessor in the description. */
function githubOrder(keys, recorded) {
  if (!recorded?.length) return keys;
  const rset = new Set(recorded);
  const lead = [];
  const after = new Map();
  let anchor = null;
  for (const k of keys) {
    if (rset.has(k)) anchor = k;
    else if (anchor === null) lead.push(k);
    else after.set(anchor, [...(after.get(anchor) ?? []), k]);
  }
  return [...lead, ...recorded.flatMap((k) => [k, ...(after.get(k) ?? [])])];
}

/**
 * Optional properties GitHub sends only when they mean something: the renderer leaves them out unless
 * the object has them (a media type's body fields, a fork's `parent`, an issue that is a pull request,
 * the caller's `permissions`, an organization's admin view). Every other documented property is sent.
 */
const ORG_PUBLIC = new Set(
  'login id node_id url repos_url events_url hooks_url issues_url members_url public_members_url avatar_url description name company blog location email twitter_username is_verified has_organization_projects has_repository_projects public_repos public_gists followers following html_url type created_at updated_at archived_at'.split(
    ' ',
  ),
);
const CONDITIONAL = {
  '*': [
    'body_html', // media type html/full
    'body_text', // media type text/full
    'text_matches', // media type text-match (search)
    'starred_at', // media type star
    'permissions', // the caller's view of a repository (omitted for anonymous callers)
    'temp_clone_token', // GET /repos/{owner}/{repo} only
    'organization', // a repository an organization owns
    'parent', // forks
    'source', // forks
    'template_repository', // repositories generated from a template
    'security_and_analysis', // admins only
    'code_of_conduct', // repositories with one
    'master_branch', // retired spelling
    'anonymous_access_enabled', // GHES
    'code_search_index_status', // code search previews
  ],
  issue: ['pull_request', 'draft', 'repository'], // a pull request's issue; the cross-repository lists
  'nullable-issue': ['pull_request', 'draft', 'repository'],
  'simple-user': ['name', 'email'], // shown only where the account has made them public in that context
  'nullable-simple-user': ['name', 'email'],
  commit: ['stats', 'files'], // a single commit, not lists
  // The source import's fields depend on its state (the import model states exactly which it sends).
  import: '*optional*',
  'porter-author': '*optional*',
  'porter-large-file': '*optional*',
  // A branch's protection summary names only the settings in force.
  'branch-protection': '*optional*',
  'protected-branch-required-status-check': '*optional*',
  'organization-full': [], // filled below: the admin view
};
/**
 * Optional objects GitHub sends on every object that has them documented (an object nobody set is
 * otherwise a sign that it does not apply: a branch's `restrictions`, a release's discussion).
 */
const ALWAYS_OBJECTS = new Set(['reactions', 'sub_issues_summary', 'issue_dependencies_summary', 'plan']);
/** Optional links GitHub sends on every object: a sub-collection of the object (`<url>/forks`, `<url>/timeline`). */
const ALWAYS_LINKS = /^(forks|commits|comments|events|timeline|labels|assignees|reactions|members|repositories|hosted_runners)_url$/;
/**
 * Optional properties GitHub sends on every object of a component, though the rules above would hold
 * them back: every example answer of the description shows them.
 */
const SENT_ALWAYS = {
  'rule-suite': ['pushed_at'], // when the push happened, on every rule suite
  'gist-simple': ['owner', 'git_pull_url', 'git_push_url'], // a gist's owner and its Git remote
  'organization-role': ['source'], // where the role comes from (not a fork's source)
  'package-version': ['metadata'], // the package type's metadata (its type at least)
  'org-pre-receive-hook': ['configuration_url'], // where the hook is configured (GHES)
  'repository-pre-receive-hook': ['configuration_url'],
};
function conditionalOf(name, schema, doc) {
  const props = Object.keys(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  if (CONDITIONAL[name] === '*optional*') return props.filter((k) => !required.has(k));
  const names = new Set([...CONDITIONAL['*'], ...(CONDITIONAL[name] ?? [])]);
  if (name === 'organization-full') for (const k of props) if (!ORG_PUBLIC.has(k)) names.add(k);
  const recorded = new Set(name ? (recordedOrder.get(name) ?? []) : []);
  for (const k of props) {
    if (recorded.has(k) || SENT_ALWAYS[name]?.includes(k)) continue;
    const p0 = schema.properties[k];
    const p = p0.$ref ? resolve(doc, p0.$ref) : p0;
    if (!p || p.nullable) continue;
    const object = p.type === 'object' || (!p.type && (p.properties || p.allOf || p.oneOf || p.anyOf));
    // An optional object nobody set, and an optional link without GitHub's example of it, are sent only when the object has them.
    if (object && !ALWAYS_OBJECTS.has(k)) names.add(k);
    if (p.type === 'string' && /_url$/.test(k) && p.example === undefined && !ALWAYS_LINKS.test(k)) names.add(k);
    // An optional instant that cannot be null records an event that may not have happened (a pending review's `submitted_at`).
    if (p.type === 'string' && p.format === 'date-time') names.add(k);
    // Sent only in some states of the object, as the description says naming a setting's values ("only present
    // when processing, completed, or failed" of a job's `status`): only where the object has it.
    if (onlyInStates(p.description, schema, doc)) names.add(k);
  }
  return props.filter((k) => names.has(k) && !required.has(k) && !SENT_ALWAYS[name]?.includes(k));
}

/** Whether a property's description says it is sent only while a sibling's value is one of those it names. */
function onlyInStates(description, schema, doc) {
  const m = /\bonly present when ([^.)]*)/i.exec(description ?? '');
  if (!m) return false;
  const words = new Set(m[1].split(/[^A-Za-z_]+/).filter(Boolean));
  return Object.values(schema.properties ?? {}).some((v0) => {
    const v = v0?.$ref ? resolve(doc, v0.$ref) : v0;
    return Array.isArray(v?.enum) && v.enum.some((e) => words.has(e));
  });
}

/**
 * Links GitHub sends only while a sibling setting has one value, as the description says of each
 * ("… when `enabled_repositories` is set to `selected`", "Not present unless visibility was set to
 * `selected`"): property → [setting, value, the link's last path segment]. The segment is the longest
 * tail of the link's name that ends one of the description's paths (`selected_actions_url` →
 * `selected-actions`, `selected_repositories_url` → `repositories`).
 */
function linksWhen(schema, doc) {
  const out = {};
  for (const [k, v0] of Object.entries(schema.properties ?? {})) {
    if (!k.endsWith('_url') || (schema.required ?? []).includes(k)) continue;
    const v = v0?.$ref ? resolve(doc, v0.$ref) : v0;
    const m = /(?:when|unless) `?(\w+)`? (?:is|was) set to `(\w+)`/i.exec(v?.description ?? '') ?? selectionOf(k, schema, doc);
    if (!m || !schema.properties[m[1]]) continue;
    out[k] = [m[1], m[2], linkTail(k, doc)];
  }
  return out;
}
/** A `selected_…_url` link the description states no condition for: the one setting of the object whose values include `selected`. */
function selectionOf(k, schema, doc) {
  if (!k.startsWith('selected_')) return undefined;
  const settings = Object.entries(schema.properties).filter(([, p0]) => (p0?.$ref ? resolve(doc, p0.$ref) : p0)?.enum?.includes('selected'));
  return settings.length === 1 ? [null, settings[0][0], 'selected'] : undefined;
}
const pathTails = new Map();
function linkTail(name, doc) {
  if (!pathTails.has(doc)) pathTails.set(doc, new Set(Object.keys(doc.paths).map((p) => p.slice(p.lastIndexOf('/') + 1))));
  const tails = pathTails.get(doc);
  const words = name.replace(/_url$/, '').split('_');
  for (let i = 0; i < words.length; i++) {
    const t = words.slice(i).join('-');
    if (tails.has(t)) return t;
  }
  return words.join('-');
}

/** The `repository` component's documented defaults hold for every repository shape (full, minimal, nullable). */
function repositoryDefault(component, key) {
  if (!component || component === 'repository' || !/(^|-)repository$/.test(component)) return undefined;
  const d = SPECS[0].doc.components.schemas.repository.properties[key]?.default;
  return d === undefined || (d !== null && typeof d === 'object') ? undefined : { value: d };
}

// ---------- compaction ----------
/** Per description: component name → index in the shared table. */
const table = [];
const tableIndex = new Map();

function compact(spec, schema, depth = 0, component = undefined) {
  if (!schema || typeof schema !== 'object') return {};
  if (schema.$ref) {
    const m = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref);
    if (!m) return compact(spec, resolve(spec.doc, schema.$ref), depth);
    const id = `${spec.name === 'api.github.com' ? '' : `${spec.name}:`}${m[1]}`;
    // Descriptions other than api.github.com share its components when they are identical.
    const shared = spec.name === 'api.github.com' || sameAsDotcom(spec, m[1]);
    const key = shared ? m[1] : id;
    if (tableIndex.has(key)) return tableIndex.get(key);
    const src = shared ? SPECS[0] : spec;
    const idx = table.length;
    tableIndex.set(key, idx);
    table.push(null);
    table[idx] = compact(src, src.doc.components.schemas[m[1]], depth + 1, m[1]);
    return idx;
  }
  const out = {};
  if (schema.type) out.t = schema.type;
  if (schema.nullable) out.n = 1;
  if (schema.format) out.f = schema.format;
  if (schema.enum) out.e = schema.enum;
  if (schema.pattern) out.pt = schema.pattern;
  if (schema.minimum !== undefined) out.mn = schema.minimum;
  if (schema.minLength !== undefined) out.ml = schema.minLength;
  if (schema.minItems !== undefined) out.mi = schema.minItems;
  if (schema.example !== undefined && (schema.example === null || typeof schema.example !== 'object')) {
    // Long prose examples cost bytes for nothing: rendering needs a value of the right type and pattern.
    if (typeof schema.example !== 'string' || schema.example.length <= 120) out.x = schema.example;
  }
  if (schema.default !== undefined && (schema.default === null || typeof schema.default !== 'object')) out.d = schema.default;
  if (schema.properties) {
    out.p = {};
    const defaults = component ? recordedDefaults.get(component) : undefined;
    for (const k of githubOrder(Object.keys(schema.properties), component ? recordedOrder.get(component) : undefined)) {
      const v = schema.properties[k];
      let node = compact(spec, v, depth + 1);
      const d = defaults?.get(k) ?? repositoryDefault(component, k);
      const documented = (v.$ref ? resolve(spec.doc, v.$ref) : v)?.default;
      if (d && documented === undefined) node = typeof node === 'number' ? { l: [node], d: d.value } : { ...node, d: d.value };
      out.p[k] = node;
    }
    const c = conditionalOf(component, schema, spec.doc);
    const w = linksWhen(schema, spec.doc);
    for (const k of Object.keys(w)) if (!c.includes(k)) c.push(k);
    if (c.length) out.c = c;
    if (Object.keys(w).length) out.w = w;
  }
  if (Array.isArray(schema.required) && schema.required.length) out.q = schema.required;
  if (schema.items) out.i = compact(spec, schema.items, depth + 1);
  const alts = schema.oneOf ?? schema.anyOf;
  if (alts) out.o = alts.map((s) => compact(spec, s, depth + 1));
  if (schema.allOf) out.l = schema.allOf.map((s) => compact(spec, s, depth + 1));
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') out.ap = compact(spec, schema.additionalProperties, depth + 1);
  else if (schema.additionalProperties === true) out.ap = {};
  return out;
}

const sameCache = new Map();
function sameAsDotcom(spec, name) {
  const k = `${spec.name}:${name}`;
  if (!sameCache.has(k)) {
    const a = SPECS[0].doc.components.schemas[name];
    const b = spec.doc.components.schemas[name];
    sameCache.set(k, a !== undefined && JSON.stringify(a) === JSON.stringify(b));
  }
  return sameCache.get(k);
}

function resolve(doc, ref) {
  return ref
    .slice(2)
    .split('/')
    .reduce((a, k) => a?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

// ---------- build ----------
export function buildShapes() {
  const ops = {};
  const missing = [];
  for (const row of [...catalogRows(), ...IMPORT_ROWS]) {
    const key = `${row.method} ${row.path}`;
    const found = lookup(toReal(row.path), row.method);
    const spec = found?.spec ?? SPECS[0];
    const entry = { s: [], r: {}, h: {} };
    let responses;
    if (found) {
      responses = {};
      for (const [code, res0] of Object.entries(found.op.responses ?? {})) {
        if (!/^[23]\d\d$/.test(code)) continue;
        const res = res0.$ref ? resolve(spec.doc, res0.$ref) : res0;
        const schema = res.content?.['application/json']?.schema ?? res.content?.['application/scim+json']?.schema;
        responses[code] = {
          schema: schema ?? null,
          headers: Object.keys(res.headers ?? {}).map((h) => h.toLowerCase()),
          text: !schema && Boolean(res.content),
        };
      }
    } else missing.push(key);
    for (const [code, res] of Object.entries(responses ?? {})) {
      entry.s.push(Number(code));
      entry.r[code] = res.schema ? compact(spec, res.schema) : res.text ? 't' : null;
      if (res.headers.length) entry.h[code] = res.headers;
    }
    if (spec.name !== 'api.github.com' && found) entry.d = spec.name;
    // GHES documents other success statuses for a few shared operations (it adds a collaborator at
    // once, 204, where api.github.com invites, 201): answers on a GHES host follow GHES.
    if (spec.name === 'api.github.com') {
      const ghes = lookupIn(
        SPECS.find((x) => x.name === 'ghes-3.19'),
        toReal(row.path),
        row.method,
      );
      const codes = ghes ? successCodes(ghes.op).map(Number) : undefined;
      if (codes && codes.join() !== entry.s.join()) entry.hs = codes;
    }
    ops[key] = entry;
  }
  return { data: { S: table, O: ops }, missing };
}

function render(data) {
  const json = JSON.stringify(data);
  return `// GENERATED by scripts/generate-shapes.mjs from GitHub's OpenAPI descriptions (@octokit/openapi). Do not edit.
// biome-ignore-all format: generated data.

/**
 * Every catalog operation's documented success statuses, headers and compacted response schemas, as a
 * JSON string: parsed on the first catalog request (shapes/load.ts), so importing the library does not
 * pay for it.
 */
export const SHAPES_JSON: string = ${JSON.stringify(json)};
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { data, missing } = buildShapes();
  if (missing.length) console.error(`no description for (${missing.length}):\n  ${missing.join('\n  ')}`);
  const text = render(data);
  if (process.argv.includes('--check')) {
    if (readFileSync(OUT, 'utf8') !== text) {
      console.error('shapes/data.ts is stale: run node scripts/generate-shapes.mjs');
      process.exit(1);
    }
  } else writeFileSync(OUT, text);
  console.error(`${Object.keys(data.O).length} operations, ${data.S.length} shared schemas, ${(text.length / 1024).toFixed(0)} KB`);
}
