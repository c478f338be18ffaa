// The marks that scripts/run-snippets.mjs reads (CI runs every marked example verbatim, on both Node
// legs): every complete example is marked, every marked set-up has an install line, and the examples
// name version-independent routes.
import { describe, expect, it } from 'vitest';
import { RUNNERS, fences, installSpecs, pages, plan } from '../../scripts/snippets.mjs';

const root = new URL('../..', import.meta.url).pathname;
const all = pages(root).flatMap((p) => fences(root, p));

describe('runnable examples in README.md and docs/', () => {
  it('every example that imports stuntdouble is marked runnable, or is a file a runnable example uses (so CI runs it)', () => {
    const used = new Set(plan(root).flatMap((g) => g.files.map((f) => `${f.page}:${f.line}`)));
    const unmarked = all
      .filter((f) => /from 'stuntdouble|require\('stuntdouble/.test(f.code) && !f.attrs.runnable && !used.has(`${f.page}:${f.line}`))
      .map((f) => `${f.page}:${f.line}`);
    expect(unmarked).toEqual([]);
  });

  it('the server-mode client examples are marked too (curl, gh, PyGithub against port 4010)', () => {
    const clients = all.filter((f) => /127\.0\.0\.1:4010\/(github|graph|gemini)|base_url="http:\/\/127/.test(f.code) && /^(sh|python|js)$/.test(f.lang));
    const unmarked = clients.filter((f) => !f.attrs.runnable && !/pytest|GITHUB_API_URL/.test(f.code)).map((f) => `${f.page}:${f.line}`);
    expect(unmarked).toEqual([]);
  });

  it('marks name known runners, and install blocks hold npm install lines only', () => {
    for (const f of all) {
      if (f.attrs.runnable) expect(RUNNERS, `${f.page}:${f.line}`).toContain(f.attrs.runnable);
      if (f.attrs.install) expect(() => installSpecs(f.code), `${f.page}:${f.line}`).not.toThrow();
    }
  });

  it('every set-up with examples installs stuntdouble on both Node legs, and the plan covers the runners', () => {
    for (const major of [20, 24]) {
      const groups = plan(root, { major });
      expect(groups.length).toBeGreaterThan(15);
      for (const g of groups) expect(g.specs, `${g.page} [${g.group}]`).toContain('stuntdouble');
      const runners = new Set(groups.flatMap((g) => g.blocks.map((b) => b.attrs.runnable)));
      expect([...runners].sort()).toEqual(['jest', 'node', 'node-test', 'python', 'sh', 'vitest']);
    }
  });

  it('on Node 20 the pages install @octokit/rest 21 (22 wants Node 22), and 22 on later Nodes', () => {
    const vitestPage = (major: number) => plan(root, { major, only: ['docs/runners/vitest.md'] })[0]?.specs;
    expect(vitestPage(20)).toContain('@octokit/rest@21');
    expect(vitestPage(24)).toContain('@octokit/rest');
    expect(vitestPage(24)).not.toContain('@octokit/rest@21');
  });

  it('the Jest page sets up ts-jest with TypeScript 6 and again with TypeScript 5, typed test globals included', () => {
    const jest = plan(root, { major: 24, only: ['docs/runners/jest.md'] });
    const tsJest = jest.filter((g) => g.group === 'ts-jest');
    expect(tsJest.map((g) => g.specs.find((s) => s.startsWith('typescript')))).toEqual(['typescript@6', 'typescript@5']);
    for (const pkg of ['ts-jest', '@types/jest', '@types/node', '@octokit/rest@20', 'jest']) expect(tsJest[0]?.specs).toContain(pkg);
    const tsconfig = tsJest[0]?.files.find((f) => f.attrs.file === 'tsconfig.json');
    expect(JSON.parse(tsconfig?.code ?? '{}').compilerOptions.types).toEqual(['jest', 'node']);
    expect(jest.map((g) => g.group).sort()).toEqual(['babel', 'esm', 'ts-jest', 'ts-jest']);
  });

  it('examples name model-cache routes in their version-independent {version} form', () => {
    const versioned = all
      .filter((f) => /(toHaveReceived|toHaveReceivedTimes|assertReceived)\([^)]*'(GET|POST|PATCH|DELETE) \/v1(beta1?)?\//.test(f.code.replace(/\n/g, ' ')))
      .map((f) => `${f.page}:${f.line}`);
    expect(versioned).toEqual([]);
  });
});
