// The package bundles the parts of zod it uses (tsup.config.ts: a copy of zod is cheaper to load than
// zod's own modules), while its types speak the user's zod. These tests hold the two together: the
// user's schemas in stuntdouble's API, and stuntdouble's exported schemas in the user's zod.
import { createRequire } from 'node:module';
import { createFakes, defineScenario } from 'stuntdouble';
import { CodeHostingOptionsSchema, RepositoryJsonSchema } from 'stuntdouble/code-hosting';
import { describeOptions } from 'stuntdouble/scenarios';
import { expect, it } from 'vitest';
import { z } from 'zod';

it('the built package carries no import of zod at run time (its own copy, tree-shaken)', async () => {
  const { readFileSync, readdirSync } = await import('node:fs');
  const dist = new URL('../../dist/', import.meta.url);
  const code = readdirSync(dist).filter((f) => /\.(c?js)$/.test(f));
  const importing = code.filter((f) => /from ["']zod["']|require\(["']zod["']\)/.test(readFileSync(new URL(f, dist), 'utf8')));
  expect(importing).toEqual([]);
  // Tree-shaken: no locale but English (a source importing zod otherwise than `import { z } from 'zod';`
  // escapes tsup.config.ts's rewrite and pulls in all of zod, German included).
  expect(code.filter((f) => readFileSync(new URL(f, dist), 'utf8').includes('Eingabe'))).toEqual([]);
  // Its declarations still name the user's zod.
  expect(readFileSync(new URL('scenarios.d.ts', dist), 'utf8')).toMatch(/from 'zod'/);
  // The CommonJS build loads without zod's own modules too.
  const require = createRequire(import.meta.url);
  expect(typeof require('stuntdouble').createFakes).toBe('function');
});

it("a user's zod schema drives defineScenario: validation, defaults, and its described options", () => {
  const scenario = defineScenario({
    name: 'userZod',
    service: 'codeHosting',
    description: 'A scenario whose options come from the user’s zod.',
    handles: '{ n }',
    options: z.object({ n: z.number().int().min(1).default(2).describe('how many repositories') }).strict(),
    apply: (fakes, { n }) => {
      for (let i = 0; i < n; i++) fakes.codeHosting.seed.repo({ owner: 'octo', repo: `r${i}` });
      return { n };
    },
  });
  expect(() => scenario({ n: 0 })).toThrow(/scenario userZod: invalid options: n/);
  expect(() => scenario({ m: 1 } as never)).toThrow(/m/);
  const fakes = createFakes();
  expect(fakes.apply(scenario())).toEqual({ n: 2 });
  // The description the user's zod registered (zod keeps its registry on globalThis) reaches the docs.
  expect(describeOptions(scenario.optionsSchema)).toEqual(['`n`: integer (default `2`) — how many repositories']);
});

it("stuntdouble's exported schemas work inside the user's zod", () => {
  expect(CodeHostingOptionsSchema instanceof z.ZodType).toBe(true);
  const wrapped = z.object({ github: CodeHostingOptionsSchema.partial() });
  expect(wrapped.safeParse({ github: {} }).success).toBe(true);
  expect(wrapped.safeParse({ github: { importsRetireAt: 7 } }).success).toBe(false);
  const listed = z.array(RepositoryJsonSchema);
  expect(listed.safeParse([{}]).success).toBe(false);
  const err = listed.safeParse([{}]).error;
  expect(err instanceof z.ZodError).toBe(true);
});
