#!/usr/bin/env node
// Extracts the team-discussion operations (retired from GitHub's current REST descriptions) from the
// last @octokit/openapi release that had them, into scripts/retired/team-discussions.json: a small
// OpenAPI document (the operations' paths and every component they reference, transitively) that
// generate-catalog.mjs, generate-shapes.mjs and the conformance test read like any other description.
//
// Run once, with that release unpacked somewhere (it is not a dependency):
//   npm pack @octokit/openapi@22.0.0 && tar xzf octokit-openapi-22.0.0.tgz
//   node scripts/extract-retired-description.mjs package/generated/api.github.com.json
//   npx biome format --write scripts/retired/team-discussions.json
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'scripts/retired/team-discussions.json');
const SOURCE = '@octokit/openapi 22.0.0, generated/api.github.com.json';

/** Paths of the retired operations: team discussions, their comments and reactions (org and legacy forms). */
const RETIRED = /\/discussions(\/|$)/;

export function extract(doc) {
  const paths = {};
  for (const [p, item] of Object.entries(doc.paths)) if (RETIRED.test(p)) paths[p] = item;
  const components = {};
  const seen = new Set();
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/') && !seen.has(v)) {
        seen.add(v);
        const [, , kind, name] = v.split('/');
        const target = doc.components[kind][name];
        components[kind] ??= {};
        components[kind][name] = target;
        walk(target);
      } else walk(v);
    }
  };
  walk(paths);
  for (const kind of Object.keys(components)) components[kind] = Object.fromEntries(Object.entries(components[kind]).sort(([a], [b]) => a.localeCompare(b)));
  return { openapi: doc.openapi, info: { title: `Retired team discussions, from ${SOURCE}`, version: doc.info.version }, paths, components };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const src = process.argv[2];
  if (!src) {
    console.error('usage: node scripts/extract-retired-description.mjs <path to api.github.com.json of @octokit/openapi 22.0.0>');
    process.exit(2);
  }
  const out = extract(JSON.parse(readFileSync(src, 'utf8')));
  writeFileSync(OUT, `${JSON.stringify(out, null, 2)}\n`);
  console.error(`${Object.keys(out.paths).length} paths, ${Object.values(out.components).reduce((n, c) => n + Object.keys(c).length, 0)} components → ${OUT}`);
}
