// Each service's parts (routes, models, schemas, tables: dist/parts/<service>) load on the first
// createFakes(), not at import, and then share the package's module instances: an error class a
// service's seed helpers throw is the one the entry exports. Run against the built package, in fresh
// processes (the CommonJS build, the ES module build through Node's require() of an ES module, and the
// ES module build where that is off, which loads the parts at import instead).
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function node(args: string[], script: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [...args, '-e', script], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

// Seeds through each service's facade (a misspelt key throws the entry's UnknownNameError) and sends
// one request to each; prints one JSON line.
const exercise = `
const fakes = createFakes();
const typo = (f) => { try { f(); return 'no error'; } catch (e) { return e instanceof UnknownNameError ? 'UnknownNameError' : String(e); } };
const errors = [
  typo(() => fakes.codeHosting.seed.repo({ owner: 'octo', name: 'hello', privte: true })),
  typo(() => fakes.socialGraph.seed.page({ id: '1', name: 'p', fan_cont: 3 })),
  typo(() => fakes.modelCache.seed.cachedContent({ modle: 'gemini-2.0-flash-001' })),
];
const statuses = [];
for (const url of ['https://api.github.com/rate_limit', 'https://graph.facebook.com/v24.0/me', 'https://generativelanguage.googleapis.com/v1beta/cachedContents']) {
  statuses.push((await fakes.fetch(url)).status);
}
const routes = ['codeHosting', 'socialGraph', 'modelCache'].map((s) => fakes.routes(s).length > 0);
console.log(JSON.stringify({ errors, statuses, routes }));`;

const expected = {
  errors: ['UnknownNameError', 'UnknownNameError', 'UnknownNameError'],
  // GitHub's rate limit answers anyone; Graph's /me needs a token (400); the Gemini list needs a key (403).
  statuses: [200, 400, 403],
  routes: [true, true, true],
};

const last = (out: string) =>
  JSON.parse(
    out
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .pop() ?? 'null',
  );

describe('service parts load on first use', () => {
  it('CommonJS: require() loads no service part; the first createFakes() loads all three, which then serve', () => {
    const r = node(
      [],
      `const parts = () => Object.keys(require.cache).filter((f) => /[\\\\/]dist[\\\\/]parts[\\\\/]/.test(f)).map((f) => f.replace(/.*[\\\\/]/, '')).sort();
const { createFakes, UnknownNameError } = require('stuntdouble');
require('stuntdouble/code-hosting'); require('stuntdouble/social-graph'); require('stuntdouble/model-cache');
const atImport = parts();
(async () => {
${exercise}
console.log(JSON.stringify({ atImport, afterCreate: parts() }));
})();`,
    );
    expect(r.status, r.out).toBe(0);
    const lines = r.out
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    expect(JSON.parse(lines[0] ?? 'null')).toEqual(expected);
    expect(JSON.parse(lines[1] ?? 'null')).toEqual({ atImport: [], afterCreate: ['code-hosting.cjs', 'model-cache.cjs', 'social-graph.cjs'] });
  });

  it('ES modules: the parts a createFakes() loads share the entry’s module instances', () => {
    const r = node(['--input-type=module'], `import { createFakes, UnknownNameError } from 'stuntdouble';\n${exercise}`);
    expect(r.status, r.out).toBe(0);
    expect(last(r.out)).toEqual(expected);
  });

  it.runIf(process.features.require_module !== undefined)("ES modules without Node's require() of an ES module: the parts load at import", () => {
    const r = node(['--no-experimental-require-module', '--input-type=module'], `import { createFakes, UnknownNameError } from 'stuntdouble';\n${exercise}`);
    expect(r.status, r.out).toBe(0);
    expect(last(r.out)).toEqual(expected);
  });
});
