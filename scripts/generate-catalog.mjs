#!/usr/bin/env node
// Generates src/fakes/code-hosting/core/catalog/catalog.ts from the code hosting seed (section 4.3) and GitHub's
// OpenAPI description (@octokit/openapi). Run: node scripts/generate-catalog.mjs [--check]
//
// The seed gives paths and methods (with abbreviations, expanded here exactly); OpenAPI gives the
// operation id, success status, required body fields, integer path parameters and list wrappers;
// the permission rule comes from the seed's table 5.1 where it speaks, else from GitHub's published
// fine-grained permission names by endpoint family (rules below, each row records its source).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TABLE_FAMILIES, classify, permissionFor } from './catalog-rules.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
// A verbatim extract of the seed's sections 4.3 and 5 lives next to this script (SEED_FILE overrides).
const seedPath = process.env.SEED_FILE ?? join(root, 'scripts/seed-catalog-extract.txt');
const OUT = join(root, 'src/fakes/code-hosting/core/catalog/catalog.ts');

/** Seed spelling → real spelling (kept in sync with src/fakes/code-hosting/core/catalog/aliases.ts). */
export const ALIASES = [
  ['dependency-bot', 'dependabot'],
  ['assistant', 'copilot'],
  ['platform', 'github'],
];
const toReal = (p) =>
  ALIASES.reduce(
    (s, [a, b]) =>
      s
        .split(`/${a}/`)
        .join(`/${b}/`)
        .replace(new RegExp(`/${a}$`), `/${b}`),
    p,
  );

const METHOD = /^(GET|POST|PUT|PATCH|DELETE)$/;
const R = '/repos/{owner}/{repo}';
const O = '/orgs/{org}';
const expandAbbr = (s) => s.replace(/\{r\}/g, R).replace(/\{o\}/g, O);

/** Extracts section 4.3's category paragraphs: `{ category, header, text }`. */
export function categoriesOf(seedText) {
  const start = seedText.indexOf('### 4.3');
  const end = seedText.indexOf('Categories that appear with no endpoint listed', start);
  const body = seedText.slice(start, end);
  const out = [];
  const re = /\*\*([a-z-]+)\*\*([^\n]*(?:\n- [^\n]*)*)/g;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const rest = m[2];
    const header = /^\s*\(([^)]*)\)/.exec(rest)?.[1] ?? '';
    out.push({ category: m[1], header, text: rest.replace(/^\s*\([^)]*\)/, '').replace(/^\s*:\s*/, '') });
  }
  return out;
}

const segs = (p) => p.split('/').filter(Boolean);
const join2 = (base, rel) => `${base.replace(/\/$/, '')}/${rel.replace(/^\//, '')}`;
const parentOf = (p) => `/${segs(p).slice(0, -1).join('/')}`;
const endsWithParam = (p) => /\}$/.test(p);

// Where the seed's "..." cannot be resolved by the general rule (see resolveDots).
const DOTS_EXCEPTIONS = {
  'teams|.../comments': '{o}/teams/{team_slug}/discussions/{discussion_number}',
  'teams|.../teams': '{o}/teams/{team_slug}',
  'deployments|.../{protection_rule_id}': '{r}/environments/{environment_name}/deployment_protection_rules',
};
// Relative items whose base the general rule picks wrong.
// Keyed by category and first segment: the seed lists branch protection's sub-resources relative to
// branches/{branch}, not to the category's base.
const REL_EXCEPTIONS = {
  'branches|protection': '{r}/branches/{branch}',
};

/** Parses one category's text into `[{ path, methods, raw }]` (paths with seed spelling, abbreviations expanded). */
export function parseCategory({ category, header, text }) {
  const rows = [];
  let under = /^under (.+)$/.exec(header)?.[1];
  under = under ? expandAbbr(under) : undefined;
  let prev;
  let dotsBase;
  let relBase;
  const add = (path, methods, raw) => {
    for (const m of methods) rows.push({ path, method: m, raw });
    prev = path;
  };
  const bullets = text.includes('\n- ') || text.startsWith('- ') ? text.split(/\n- |^- /).filter((b) => b.trim()) : [text];
  for (let bullet of bullets) {
    bullet = bullet.trim();
    let bulletUnder = under;
    const pre = /^(?:Org|Repository) \(([^)]*)\/\.\.\.\):\s*/.exec(bullet);
    if (pre) {
      bulletUnder = expandAbbr(pre[1]);
      bullet = bullet.slice(pre[0].length);
    }
    const envPre = /^Environment secrets and variables:\s*/.exec(bullet);
    if (envPre) bullet = bullet.slice(envPre[0].length);
    prev = undefined;
    dotsBase = undefined;
    relBase = undefined;
    const items = bullet
      .split(/;\s+|\.\s+(?=[A-Z/{.])/)
      .map((s) => s.trim().replace(/\.$/, ''))
      .filter(Boolean);
    let localUnder = bulletUnder;
    for (let item of items) {
      const raw = item;
      const u = /^(?:[Uu]nder|Legacy forms under) ([^:]+):\s*(.*)$/.exec(item);
      if (u) {
        localUnder = expandAbbr(u[1]);
        item = u[2];
        prev = undefined;
        dotsBase = undefined;
      }
      item = item.replace(/^Also /, '');
      // Special phrases, expanded from rows already parsed.
      const same = /^(.*) (?:with the same methods as the org forms|as the org form)$/.exec(item);
      if (same) {
        for (const rel of same[1].split(/,\s*|\s+and\s+/)) {
          const orgPath = join2(`${O}/actions`, rel);
          const methods = rows.filter((r) => r.path === orgPath).map((r) => r.method);
          if (methods.length === 0) throw new Error(`no org form for ${rel}`);
          add(join2(localUnder, rel), methods, raw);
        }
        continue;
      }
      if (item === 'the same two paths under {r}') {
        for (const r of rows.filter((x) => x.path.startsWith(`${O}/pre-receive-hooks`)).slice()) {
          rows.push({ path: r.path.replace(O, R), method: r.method, raw });
        }
        continue;
      }
      if (item === 'discussions and comments as above') {
        const src = `${O}/teams/{team_slug}`;
        for (const r of rows.filter((x) => x.path.startsWith(`${src}/discussions`)).slice()) {
          rows.push({ path: r.path.replace(src, localUnder), method: r.method, raw });
        }
        continue;
      }
      // "METHODS path, path" or "path[, path] METHODS" or "path: METHODS".
      const words = item.replace(/:/g, ' ').replace(/,/g, ' , ').split(/\s+/).filter(Boolean);
      const methods = words.filter((w) => METHOD.test(w));
      const pathList = words
        .filter((w) => !METHOD.test(w) && w !== 'each')
        .join(' ')
        .split(/\s*,\s*/)
        .map((s) => s.trim())
        .filter(Boolean);
      if (methods.length === 0 || pathList.length === 0) throw new Error(`cannot parse item '${raw}' in ${category}`);
      let first;
      pathList.forEach((p0, i) => {
        let path;
        if (i > 0 && segs(p0).length === 1 && first) path = join2(parentOf(first), p0);
        else path = resolve(category, p0, localUnder);
        if (i === 0) first = path;
        add(path, methods, raw);
      });
    }
  }
  return rows;

  function resolve(cat, p0, localUnder) {
    if (p0 === 'base') return localUnder;
    if (p0.startsWith('{r}') || p0.startsWith('{o}') || p0.startsWith('/')) {
      dotsBase = undefined;
      return expandAbbr(p0);
    }
    if (p0.startsWith('.../')) {
      const rel = p0.slice(4);
      const exc = DOTS_EXCEPTIONS[`${cat}|${p0}`];
      if (exc) return join2(expandAbbr(exc), rel);
      const first = segs(rel)[0];
      const ps = segs(prev);
      const at = ps.lastIndexOf(first);
      let base;
      if (at >= 0) base = `/${ps.slice(0, at).join('/')}`;
      else if (first.startsWith('{')) base = prev;
      else if (dotsBase) base = dotsBase;
      else {
        base = prev;
        while (!endsWithParam(base)) base = parentOf(base);
      }
      dotsBase = base;
      return join2(base, rel);
    }
    dotsBase = undefined;
    const first = segs(p0)[0];
    const exc = REL_EXCEPTIONS[`${cat}|${first}`];
    if (exc) return join2(expandAbbr(exc), p0);
    if (localUnder) return join2(localUnder, p0);
    if (prev) {
      const ps = segs(prev);
      const at = ps.lastIndexOf(first);
      if (at >= 0) {
        relBase = `/${ps.slice(0, at).join('/')}`;
        return join2(relBase, p0);
      }
    }
    if (relBase) return join2(relBase, p0);
    if (prev) return join2(parentOf(prev), p0);
    throw new Error(`no base for '${p0}' in ${cat}`);
  }
}

/** The reactions paragraph: bases × (GET, POST on base/reactions; DELETE on base/reactions/{reaction_id}). */
export function parseReactions(text) {
  const bases = /Bases: (.*?)\. The legacy/.exec(text)[1].split(/;\s*/).map(expandAbbr);
  const rows = [];
  for (const b of bases) {
    rows.push(
      { path: `${b}/reactions`, method: 'GET' },
      { path: `${b}/reactions`, method: 'POST' },
      { path: `${b}/reactions/{reaction_id}`, method: 'DELETE' },
    );
  }
  const legacy = ['/teams/{team_id}/discussions/{discussion_number}', '/teams/{team_id}/discussions/{discussion_number}/comments/{comment_number}'];
  for (const b of legacy) rows.push({ path: `${b}/reactions`, method: 'GET' }, { path: `${b}/reactions`, method: 'POST' });
  return rows.map((r) => ({ ...r, raw: 'reaction bases' }));
}

/** The packages paragraph: the same shape under {o}, /user and /users/{username}. */
export function parsePackages(cat) {
  const rows = [];
  for (const scope of [O, '/user', '/users/{username}']) {
    for (const r of parseCategory({ ...cat, header: `under ${scope}` })) rows.push({ ...r, raw: `packages under ${scope}` });
  }
  return rows;
}

/** Every row of section 4.3, deduplicated, in seed order. */
export function seedRows(seedText) {
  const out = [];
  const seen = new Set();
  for (const cat of categoriesOf(seedText)) {
    let rows;
    if (cat.category === 'reactions') rows = parseReactions(cat.text);
    else if (cat.category === 'packages') rows = parsePackages(cat);
    else rows = parseCategory(cat);
    for (const r of rows) {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ category: cat.category, ...r });
    }
  }
  return out;
}

// ---------- OpenAPI ----------
// The team discussions, retired from the current descriptions, come from the last one that had them
// (scripts/retired/team-discussions.json, extracted from @octokit/openapi 22.0.0).
const specs = [
  ...['api.github.com', 'ghec', 'ghes-3.19', 'ghes-3.18', 'ghes-3.17'].map((n) => ({
    name: n,
    doc: require(`@octokit/openapi/generated/${n}.json`),
  })),
  { name: 'octokit-openapi-22.0.0', doc: JSON.parse(readFileSync(join(root, 'scripts/retired/team-discussions.json'), 'utf8')) },
];
const canon = (p) => p.replace(/\{[^}]+\}/g, '{}');
const index = new Map();
for (const s of specs) {
  for (const [p, ops] of Object.entries(s.doc.paths)) {
    const k = canon(p);
    if (!index.has(k)) index.set(k, []);
    index.get(k).push({ spec: s, path: p, ops });
  }
}
function deref(doc, o) {
  let x = o;
  for (let i = 0; i < 10 && x && x.$ref; i++)
    x = x.$ref
      .slice(2)
      .split('/')
      .reduce((a, k) => a?.[k], doc);
  return x;
}
/** Looks a (real-spelling) path + method up in the OpenAPI descriptions. */
function lookup(realPath, method) {
  for (const c of index.get(canon(realPath)) ?? []) {
    const op = c.ops[method.toLowerCase()];
    if (op) return { doc: c.spec.doc, spec: c.spec.name, path: c.path, op, method: method.toLowerCase(), pathParams: c.ops.parameters ?? [] };
  }
  return undefined;
}
function details(found) {
  const { doc, op } = found;
  const codes = Object.keys(op.responses ?? {})
    .filter((c) => /^2\d\d$/.test(c))
    .sort();
  // Creating methods answer 201 when they create (the other code is for an existing resource);
  // dispatch-style POSTs answer 204 (200 only on request of run details).
  const verb = found.method;
  let status = Number(codes[0] ?? 200);
  if ((verb === 'post' || verb === 'put') && codes.includes('201')) status = 201;
  else if (verb === 'post' && codes.includes('204')) status = 204;
  const other = codes.map(Number).find((c) => c !== status);
  const updateStatus = verb === 'put' && status === 201 && other ? other : undefined;
  const params = [...found.pathParams, ...(op.parameters ?? [])].map((p) => deref(doc, p)).filter((p) => p?.in === 'path');
  const intParams = params.filter((p) => ['integer', 'number'].includes(deref(doc, p.schema)?.type)).map((p) => p.name);
  const body = deref(doc, op.requestBody);
  const bodySchema = deref(doc, body?.content?.['application/json']?.schema);
  const required = Array.isArray(bodySchema?.required) ? bodySchema.required : [];
  const res = deref(doc, op.responses?.[String(status)]);
  const resSchema = deref(doc, res?.content?.['application/json']?.schema);
  let listKey;
  let returnsArray = false;
  let hasNumber = false;
  // A list GitHub answers in one of several item shapes (`anyOf` arrays: stargazers with or without
  // `starred_at`) is a list too.
  const alternatives = resSchema?.anyOf ?? resSchema?.oneOf;
  if (resSchema?.type === 'array') returnsArray = true;
  else if (Array.isArray(alternatives) && alternatives.length > 0 && alternatives.every((a) => deref(doc, a)?.type === 'array')) returnsArray = true;
  else if (resSchema?.type === 'object' && resSchema.properties?.total_count) {
    listKey = Object.entries(resSchema.properties).find(([, v]) => deref(doc, v)?.type === 'array')?.[0];
  }
  if (resSchema) {
    const props = resSchema.properties ?? Object.assign({}, ...(resSchema.allOf ?? []).map((s) => deref(doc, s)?.properties ?? {}));
    hasNumber = Boolean(props.number);
  }
  return { operationId: op.operationId, status, updateStatus, intParams, required, listKey, returnsArray, hasNumber };
}

/** A real-spelling path in the seed's spelling (`/copilot/` → `/assistant/`), segment by segment. */
const toSeed = (p) =>
  p
    .split('/')
    .map((s) => ALIASES.find(([, real]) => real === s)?.[0] ?? s)
    .join('/');
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Rows of the families the seed's table 5.1 names beyond section 4.3 (catalog-rules.mjs TABLE_FAMILIES):
 * every operation GitHub's descriptions have under the family's path, the first description that has
 * it first, skipping what section 4.3 already lists.
 */
export function tableRows(seedRowList) {
  const seen = new Set(seedRowList.map((r) => `${r.method} ${canon(toReal(r.path))}`));
  const out = [];
  for (const fam of TABLE_FAMILIES) {
    for (const s of specs) {
      for (const [p, ops] of Object.entries(s.doc.paths)) {
        if (p !== fam.prefix && !p.startsWith(`${fam.prefix}/`)) continue;
        for (const m of HTTP_METHODS) {
          const op = ops[m];
          if (!op) continue;
          const key = `${m.toUpperCase()} ${canon(p)}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const category = toSeed(op['x-github']?.category ?? 'orgs');
          out.push({ category, path: toSeed(p), method: m.toUpperCase(), raw: `table 5.1: ${fam.words}` });
        }
      }
    }
  }
  return out;
}

// ---------- build ----------
export function buildCatalog(seedText) {
  const fromSeed = seedRows(seedText);
  const rows = [...fromSeed, ...tableRows(fromSeed)];
  const missing = [];
  const built = rows.map((r) => {
    const real = toReal(r.path);
    const found = lookup(real, r.method);
    if (!found) missing.push(`${r.method} ${r.path}`);
    const d = found
      ? details(found)
      : {
          operationId: undefined,
          status: r.method === 'POST' ? 201 : r.method === 'DELETE' ? 204 : 200,
          intParams: [],
          required: [],
          returnsArray: false,
          hasNumber: false,
        };
    return {
      category: r.category,
      method: r.method,
      path: r.path,
      realPath: real,
      operationId:
        d.operationId ??
        `${r.category}/${r.method.toLowerCase()}-${segs(r.path)
          .filter((s) => !s.startsWith('{'))
          .slice(-2)
          .join('-')}`,
      status: d.status,
      updateStatus: d.updateStatus,
      required: d.required,
      intParams: d.intParams,
      listKey: d.listKey,
      returnsArray: d.returnsArray,
      hasNumber: d.hasNumber,
      openapi: found ? found.spec : null,
      description: found?.op.description ?? '',
      fromTable: r.raw?.startsWith('table 5.1') ?? false,
    };
  });
  // Per-row resource kind and permission rule.
  const byPath = new Map();
  for (const r of built) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r]);
  for (const r of built) {
    Object.assign(r, classify(r, byPath));
    Object.assign(r, permissionFor(r));
  }
  return { rows: built, missing };
}

function render(rows) {
  const lines = rows.map((r) => {
    const o = {
      category: r.category,
      method: r.method,
      path: r.path,
      operationId: r.operationId,
      status: r.status,
      kind: r.kind,
      required: r.required,
      intParams: r.intParams,
      permission: r.permission,
      permissionSource: r.permissionSource,
      scopes: r.scopes,
    };
    if (r.updateStatus) o.updateStatus = r.updateStatus;
    if (r.listKey) o.listKey = r.listKey;
    if (r.numbered) o.numbered = true;
    if (r.itemKey) o.itemKey = r.itemKey;
    if (r.uatOnly) o.uatOnly = true;
    if (r.publicRead) o.publicRead = true;
    if (!r.openapi) o.openapi = false;
    if (r.fromTable) o.fromTable = true;
    return JSON.stringify(o);
  });
  // The rows are stored as JSON text, one row a line, in a template literal that JSON.parse reads at
  // import: V8 parses a string and JSON.parse builds the rows faster than it compiles the same rows as
  // object literals. Escapes keep the text a literal: backslashes, backticks and `${`.
  const jsonText = `[\n${lines.join(',\n')}\n]`.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  return `// GENERATED by scripts/generate-catalog.mjs from the endpoint list and permission table (scripts/seed-catalog-extract.txt) and @octokit/openapi. Do not edit.
// biome-ignore-all format: generated data table.

/** How the generic engine serves a row. */
export type CatalogKind = 'list' | 'create' | 'item' | 'singleton' | 'action' | 'set-collection' | 'clear-collection' | 'redirect';

/** One path + method the code hosting fake serves from its catalog, with the rule that guards it. */
export interface CatalogRow {
  /** Endpoint family (\`actions\`, \`issues\`, ...). */
  category: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * Path template. A few segments are in a neutral spelling (\`dependency-bot\`, \`assistant\`, \`platform\`);
   * \`realSpelling\` gives GitHub's, and the fake serves both (\`PATH_ALIASES\`).
   */
  path: string;
  /** GitHub's operation id (OpenAPI \`operationId\`). */
  operationId: string;
  /** Success status. */
  status: number;
  /** Status of a PUT that replaces an existing resource (201 is for creating it). */
  updateStatus?: number;
  kind: CatalogKind;
  /** Required JSON body fields (422 \`missing_field\` when absent). */
  required: string[];
  /** Path parameters typed integer (a non-integer value answers 404). */
  intParams: string[];
  /** Accepted permissions in the header format: \`a=read,b=write\` (all of) joined by \`; \` (any of); '' = none needed. */
  permission: string;
  /**
   * Where \`permission\` comes from: \`'permission-table'\`, stuntdouble's own table of the permission each
   * endpoint family needs; \`'github-fgpat'\`, GitHub's published fine-grained token permission for the family;
   * \`'public'\`, public data that needs none. A note in parentheses may follow, for a rule that mixes
   * sources (\`'permission-table (Administration) + github-fgpat (Pages)'\`).
   */
  permissionSource: \`\${'permission-table' | 'github-fgpat' | 'public'}\${string}\`;
  /**
   * Classic token (OAuth) scopes accepted, any one (\`X-Accepted-OAuth-Scopes\`): as GitHub's OpenAPI description
   * states them, else by the permission's category. \`repo\` also covers \`public_repo\` on public repositories.
   */
  scopes: string[];
  /** Lists wrapped in an object (\`{ total_count, workflow_runs }\`): the array's key. */
  listKey?: string;
  /** Created items get a per-repository \`number\`. */
  numbered?: boolean;
  /** Body field naming a created item (\`name\` for labels); default the generated id or number. */
  itemKey?: string;
  /** Only user access tokens (not installation tokens) may call it. */
  uatOnly?: boolean;
  /** Readable by anyone (no token, no scope, no permission) on a public resource; otherwise a token is required. */
  publicRead?: boolean;
  /** False when the path is not in GitHub's OpenAPI description (served by the fake only). */
  openapi?: false;
  /** True for rows added because the permission table names their family (endpoints beyond the base list). */
  fromTable?: true;
}

/** Every catalog row (${rows.length}). */
export const CATALOG: readonly CatalogRow[] = JSON.parse(\`${jsonText}\`);
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const seedText = readFileSync(seedPath, 'utf8');
  const { rows, missing } = buildCatalog(seedText);
  if (process.argv.includes('--list')) for (const r of rows) console.log(r.method, r.path, r.kind, r.status, r.permission, r.operationId);
  if (missing.length) console.error(`not in OpenAPI (${missing.length}):\n  ${missing.join('\n  ')}`);
  const text = render(rows);
  if (process.argv.includes('--check')) {
    if (readFileSync(OUT, 'utf8') !== text) {
      console.error('catalog.ts is stale: run node scripts/generate-catalog.mjs');
      process.exit(1);
    }
  } else writeFileSync(OUT, text);
  console.error(`${rows.length} rows`);
}
