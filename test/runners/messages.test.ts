// The messages a user meets first: asymmetric matchers in failure diffs (vitest and Jest), typos of
// scenario and seed-helper names in plain JavaScript, and the function named by node:test's assertions.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import { createFakes, scenarios } from 'stuntdouble';
import { assertReceived, assertReceivedTimes } from 'stuntdouble/node-test';
import { useFakes } from 'stuntdouble/vitest';
import { beforeAll, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const require = createRequire(import.meta.url);

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected a failure');
}

describe('asymmetric matchers print as what they match (vitest)', () => {
  const fakes = useFakes({ clock: '2024-04-01T00:00:00Z' });
  const patch = async () => {
    const { owner, repo } = fakes.apply(scenarios.importNeedsAuth({ owner: 'octo', repo: 'hello' }));
    await fetch(`https://api.github.com/repos/${owner}/${repo}/import`, {
      method: 'PATCH',
      headers: { authorization: 'token t', 'content-type': 'application/json' },
      body: JSON.stringify({ vcs_username: 'octocat', vcs_password: 'secret', tags: ['a', 'b'] }),
    });
  };

  it('objectContaining in the diff against the closest call', async () => {
    await patch();
    const text = message(() =>
      expect(fakes).toHaveReceived('PATCH /repos/{owner}/{repo}/import', { body: expect.objectContaining({ vcs_username: 'hubot' }) }),
    );
    expect(text).toContain("-   body: ObjectContaining {\n-     vcs_username: 'hubot'\n    }");
    expect(text).not.toMatch(/\$\$typeof|asymmetricMatcher|inverse|sample/);
  });

  it('nested matchers, arrayContaining, any() and stringMatching', async () => {
    await patch();
    const text = message(() =>
      expect(fakes).toHaveReceived('PATCH /repos/{owner}/{repo}/import', {
        body: expect.objectContaining({ vcs_username: expect.stringMatching(/^hu/), tags: expect.arrayContaining(['c']), n: expect.any(Number) }),
      }),
    );
    expect(text).toContain('ObjectContaining {');
    expect(text).toContain('StringMatching {');
    expect(text).toMatch(/ArrayContaining\(1\) \[/);
    expect(text).toContain('Any<Number> {}');
    expect(text).not.toMatch(/\$\$typeof|asymmetricMatcher|inverse/);
  });

  it('the negated message names the expectation the same way', async () => {
    await patch();
    const text = message(() =>
      expect(fakes).not.toHaveReceived('PATCH /repos/{owner}/{repo}/import', { body: expect.objectContaining({ vcs_username: 'octocat' }) }),
    );
    expect(text).toContain("matching { body: ObjectContaining { vcs_username: 'octocat' } }");
    expect(text).not.toMatch(/\$\$typeof|asymmetricMatcher/);
  });
});

describe('asymmetric matchers and typos under Jest', () => {
  const dir = join(here, 'fixtures/jest-messages');
  beforeAll(() => {
    rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(root, join(dir, 'node_modules/stuntdouble'), 'dir');
  });
  it('the Jest fixture passes: its failure diffs and typo errors read as under vitest', { timeout: 120_000 }, () => {
    const jestBin = join(dirname(require.resolve('jest/package.json')), 'bin/jest.js');
    const r = spawnSync(process.execPath, [jestBin, '--ci', '--no-cache'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '0' },
      timeout: 110_000,
    });
    const out = `${r.stdout}\n${r.stderr}`;
    expect(out).toMatch(/Tests:\s+2 passed, 2 total/);
    expect(r.status, out).toBe(0);
  });
});

describe('typos of scenario and seed-helper names', () => {
  const node = (code: string) => spawnSync(process.execPath, ['-e', code], { cwd: root, encoding: 'utf8' });

  it('plain JavaScript (CommonJS): a misspelt scenario throws a named error with the nearest name', () => {
    const r = node("const { scenarios } = require('stuntdouble'); scenarios.importNeedAuth({ owner: 'o', repo: 'r' });");
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("UnknownNameError: stuntdouble: unknown scenario 'importNeedAuth' in scenarios. Did you mean 'importNeedsAuth'?");
    expect(r.stderr).not.toContain('is not a function');
  });

  it('plain JavaScript (ESM): a misspelt seed helper of each service names the nearest helper', () => {
    const r = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { createFakes } from 'stuntdouble';
         const fakes = createFakes({ guard: false });
         for (const [service, typo] of [['codeHosting', 'repoz'], ['socialGraph', 'pages'], ['modelCache', 'cachedContnt']]) {
           try { fakes[service].seed[typo]({}); } catch (e) { console.log(e.name + ': ' + e.message); }
         }`,
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(r.stdout).toContain("UnknownNameError: stuntdouble: unknown seed helper 'repoz' in fakes.codeHosting.seed. Did you mean 'repo'");
    expect(r.stdout).toContain("unknown seed helper 'pages' in fakes.socialGraph.seed. Did you mean 'page'");
    expect(r.stdout).toContain("unknown seed helper 'cachedContnt' in fakes.modelCache.seed. Did you mean 'cachedContent'");
  });

  it('a name far from every scenario still names the closest one', () => {
    expect(() => (scenarios as unknown as Record<string, () => void>).zzz?.()).toThrow(/unknown scenario 'zzz' in scenarios\. Did you mean '/);
  });

  it('listing, await, JSON, inspection and the runners’ printing still work on the wrapped objects', async () => {
    const fakes = createFakes({ guard: false });
    const seed = fakes.codeHosting.seed;
    expect(Object.keys(scenarios)).toContain('importNeedsAuth');
    expect('importNeedsAuth' in scenarios).toBe(true);
    expect('importNeedAuth' in scenarios).toBe(false);
    expect(Object.hasOwn(scenarios, 'importNeedAuth')).toBe(false);
    expect(Object.keys(seed)).toContain('repo');
    expect({ ...seed }.repo).toBe(seed.repo);
    expect(await Promise.resolve(scenarios)).toBe(scenarios); // await probes `then`
    expect(await Promise.resolve(fakes.socialGraph.seed)).toBe(fakes.socialGraph.seed);
    expect(JSON.stringify({ s: fakes.modelCache.seed })).toBe('{"s":{}}'); // toJSON probed, functions dropped
    expect(inspect(scenarios)).toContain('importNeedsAuth');
    expect(inspect(seed)).toContain('repo');
    expect(String(scenarios)).toBe('[object Object]');
    // vitest's pretty-format and equality (asymmetricMatch, $$typeof, nodeType, toJSON, @@__IMMUTABLE_...@@ probes).
    expect(scenarios).toEqual(scenarios);
    expect(seed).toStrictEqual(seed);
    expect({ seed }).toMatchObject({ seed: expect.anything() });
    expect(() => expect(seed).toBeNull()).toThrow(/expected .* to be null/);
    expect(() => expect(scenarios).toEqual({})).toThrow();
    expect(() => expect(fakes.modelCache.seed).toHaveProperty('nope')).toThrow(/nope/);
    expect(seed).toHaveProperty('repo');
    expect(vi_isMockProbe(seed)).toBe(false);
    // Symbols, private-looking and probed names read as undefined.
    const probe = scenarios as unknown as Record<string | symbol, unknown>;
    for (const key of [
      'then',
      'toJSON',
      'asymmetricMatch',
      '$$typeof',
      'nodeType',
      'tagName',
      '_isMockFunction',
      '@@__IMMUTABLE_ITERABLE__@@',
      '__esModule',
      Symbol.iterator,
      Symbol.toStringTag,
    ])
      expect(probe[key]).toBeUndefined();
  });
});

function vi_isMockProbe(value: unknown): boolean {
  return !!(value as { _isMockFunction?: boolean })._isMockFunction;
}

describe('node:test assertions name themselves', () => {
  it('assertReceived and assertReceivedTimes name their own function in a misspelt-route error', () => {
    const fakes = createFakes({ guard: false });
    const received = message(() => assertReceived(fakes, 'GET /repos/{owner}/{repo}/imprt' as never));
    expect(received).toContain('assertReceived()');
    expect(received).not.toContain('toHaveReceived()');
    expect(received).toContain('/repos/{owner}/{repo}/import');
    const times = message(() => assertReceivedTimes(fakes, 'GET /repos/{owner}/{repo}/imprt' as never, 1));
    expect(times).toContain('assertReceivedTimes()');
    expect(times).not.toContain('toHaveReceived');
    expect(message(() => assertReceived(fakes, 'GET /rate_limit', { stauts: 200 } as never))).toMatch(/unknown expectation key 'stauts' in assertReceived\(\)/);
  });
});
