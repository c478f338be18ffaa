// Reads the fenced examples of README.md and docs/ that are marked to run, and plans how to run them.
// Used by scripts/run-snippets.mjs (which runs them) and test/readme/snippets.test.ts (which checks
// the marking). No dependencies.
//
// A fence's info string is its language, then words: ```ts runnable=vitest
//   runnable=<runner>  a complete example, run as is: vitest | jest | node-test | node | sh | python
//   server             (with runnable) needs the server the page starts: `npx stuntdouble serve` on port 4010
//   file=<path>        where the block goes in the project (a test file, a config file); package.json
//                      blocks are merged into the project's package.json
//   install            (sh) the page's install line(s): `npm i -D ...`
//   node=<major>       (install) only on that Node major; `node=20` `node=22+`
//   variant=<spec>     (install) run the group again with this package spec in place of the same package
//   group=<name>       blocks of one set-up on a page (its install line, files and tests); default "main";
//                      install blocks without group= set up every group that has none of its own
//   also=<group,...>   (runnable) the block runs in these groups of the page too
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The runners a block can name. */
export const RUNNERS = ['vitest', 'jest', 'node-test', 'node', 'sh', 'python'];

/** The published pages: README.md and every page under docs/. */
export function pages(root) {
  const docs = readdirSync(join(root, 'docs'), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
  return ['README.md', ...docs.sort()];
}

/** Splits an info string into its language and attributes (`key=value`, or a bare word: `true`). */
export function parseInfo(info) {
  const [lang = '', ...words] = info.trim().split(/\s+/);
  const attrs = {};
  for (const w of words) {
    const eq = w.indexOf('=');
    if (eq < 0) attrs[w] = true;
    else {
      const k = w.slice(0, eq);
      const v = w.slice(eq + 1);
      // Repeated keys (variant=a variant=b) collect into a list.
      attrs[k] = k in attrs ? [].concat(attrs[k], v) : v;
    }
  }
  return { lang, attrs };
}

/** Every fenced block of a page: `{ page, line, lang, attrs, code }` (line is the fence's, 1-based). */
export function fences(root, page) {
  const lines = readFileSync(join(root, page), 'utf8').split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, ticks, info] = open;
    const body = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      if (lines[j].trim() === ticks) break;
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
    }
    out.push({ page, line: i + 1, ...parseInfo(info), code: `${body.join('\n')}\n` });
    i = j;
  }
  return out;
}

function nodeMatches(range, major) {
  if (range === undefined) return true;
  const m = /^(\d+)(\+)?$/.exec(String(range));
  if (!m) throw new Error(`node=${range}: expected a major (20) or a major and up (22+)`);
  return m[2] ? major >= Number(m[1]) : major === Number(m[1]);
}

/** The package specs of `npm i -D ...` lines (`npm install --save-dev`, `npm i -D`), in order. */
export function installSpecs(code) {
  const specs = [];
  for (const raw of code.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const m = /^npm (?:i|install|add)\b(.*)$/.exec(line);
    if (!m) throw new Error(`an install block holds npm install lines only: '${line}'`);
    for (const w of m[1].trim().split(/\s+/)) if (w && !w.startsWith('-')) specs.push(w);
  }
  return specs;
}

/** The package name of a spec: `@octokit/rest@20` → `@octokit/rest`. */
export function specName(spec) {
  const at = spec.indexOf('@', 1);
  return at < 0 ? spec : spec.slice(0, at);
}

/** Merges specs: a later spec of the same package replaces an earlier one, in place. */
export function mergeSpecs(...lists) {
  const byName = new Map();
  for (const list of lists) for (const s of list) byName.set(specName(s), s);
  return [...byName.values()];
}

/**
 * The groups to run: per page and group, its install specs (for this Node major), its files, its
 * runnable blocks; one more group per `variant=`. Blocks in a group keep the page's order.
 */
export function plan(root, { major = Number(process.versions.node.split('.')[0]), only = [] } = {}) {
  const groups = [];
  for (const page of pages(root)) {
    if (only.length && !only.some((o) => page.includes(o))) continue;
    const byGroup = new Map();
    const pageInstalls = [];
    const pageVariants = [];
    for (const f of fences(root, page)) {
      const { attrs } = f;
      if (!attrs.runnable && !attrs.install && !attrs.file) continue;
      const name = attrs.group ?? 'main';
      if (!byGroup.has(name)) byGroup.set(name, { page, group: name, installs: [], files: [], blocks: [], variants: [] });
      const g = byGroup.get(name);
      if (attrs.install && attrs.group === undefined) {
        // An install block without group= is the page's: it sets up every group without one of its own.
        if (nodeMatches(attrs.node, major)) pageInstalls.push(installSpecs(f.code));
        if (attrs.variant) pageVariants.push(...[].concat(attrs.variant));
        continue;
      }
      if (attrs.install) {
        if (nodeMatches(attrs.node, major)) g.installs.push(installSpecs(f.code));
        if (attrs.variant) g.variants.push(...[].concat(attrs.variant));
      } else if (attrs.runnable) g.blocks.push(f);
      else g.files.push(f);
    }
    // A block with also=<group,...> runs in those groups too (one test file, several set-ups).
    const extra = [];
    for (const g of byGroup.values())
      for (const b of g.blocks)
        for (const other of String(b.attrs.also ?? '')
          .split(',')
          .filter(Boolean))
          extra.push([other, b]);
    for (const [other, b] of extra) {
      if (!byGroup.has(other)) throw new Error(`${page}:${b.line}: also=${other} names no group of the page`);
      byGroup.get(other).blocks.push(b);
    }
    for (const g of byGroup.values()) {
      if (g.blocks.length === 0) continue;
      const own = g.installs.length > 0;
      const specs = mergeSpecs(...(own ? g.installs : pageInstalls));
      groups.push({ ...g, specs, variant: undefined });
      for (const v of own ? g.variants : pageVariants) groups.push({ ...g, specs: mergeSpecs(specs, [v]), variant: v });
    }
  }
  return groups;
}
