// createFakes' service options and the handles of the facades are typed from zod schemas (checked by `npm run typecheck`).
import { type FakesOptions, createFakes } from 'stuntdouble';
import {
  HookJsonSchema,
  type HookJson,
  type ImportJson,
  ImportJsonSchema,
  type ImportStatus,
  type RepositoryJson,
  RepositoryJsonSchema,
} from 'stuntdouble/code-hosting';
import { type CachedContentJson, CachedContentJsonSchema } from 'stuntdouble/model-cache';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { DOCUMENT_IMPORT_STATES } from '../code-hosting/import-statuses.js';

describe('service options types', () => {
  it('each service key has its schema input type, not unknown', () => {
    expectTypeOf<NonNullable<FakesOptions['codeHosting']>>().toHaveProperty('importProgress');
    expectTypeOf<NonNullable<FakesOptions['socialGraph']>['baseUrls']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<NonNullable<FakesOptions['modelCache']>['baseUrls']>().toEqualTypeOf<string[] | undefined>();
    const wrong = () =>
      createFakes({
        // @ts-expect-error: not an option of the code hosting fake
        codeHosting: { importProgres: 'poll' },
      });
    expect(wrong).toThrow(/codeHosting/);
    const fakes = createFakes({ codeHosting: { importProgress: 'manual' } });
    expect(fakes.options.codeHosting?.importProgress).toBe('manual');
  });
});

describe('handles typed from the JSON they return', () => {
  it('seed.repo and seed.hook return GitHub-shaped JSON types that describe the values', () => {
    const fakes = createFakes();
    const repo = fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello', private: true });
    expectTypeOf(fakes.codeHosting.seed.repo).returns.toEqualTypeOf<RepositoryJson>();
    expectTypeOf(repo.full_name).toEqualTypeOf<string>();
    expectTypeOf(repo.owner.login).toEqualTypeOf<string>();
    expectTypeOf(repo.description).toEqualTypeOf<string | null>();
    expectTypeOf(repo.private).toEqualTypeOf<boolean>();
    expect(RepositoryJsonSchema.parse(repo)).toMatchObject({ full_name: 'octo/hello', private: true, owner: { login: 'octo' } });

    const hook = fakes.codeHosting.seed.hook({ owner: 'octo', repo: 'hello', url: 'https://hooks.example.com/in', secret: 's' });
    const orgHook = fakes.codeHosting.seed.hook({ owner: 'octo-org', url: 'https://hooks.example.com/org' });
    expectTypeOf(fakes.codeHosting.seed.hook).returns.toEqualTypeOf<HookJson>();
    expectTypeOf(hook.config.url).toEqualTypeOf<string>();
    expectTypeOf(hook.type).toEqualTypeOf<'Repository' | 'Organization'>();
    // Every key the fake sends is described (strict: nothing left untyped).
    expect(HookJsonSchema.strict().parse(hook)).toMatchObject({ type: 'Repository', config: { url: 'https://hooks.example.com/in', secret: '********' } });
    expect(HookJsonSchema.strict().parse(orgHook)).toMatchObject({ type: 'Organization' });
  });

  it('imports.start/advance/pin/get return the import JSON type, in every state', () => {
    const fakes = createFakes({ codeHosting: { importProgress: 'manual' } });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    fakes.codeHosting.seed.origin({ url: 'https://svn.example.com/app', vcs: 'subversion' });
    expectTypeOf(fakes.codeHosting.imports.start).returns.toEqualTypeOf<ImportJson>();
    expectTypeOf(fakes.codeHosting.imports.advance).returns.toEqualTypeOf<ImportJson>();
    expectTypeOf(fakes.codeHosting.imports.pin).returns.toEqualTypeOf<ImportJson>();
    expectTypeOf(fakes.codeHosting.imports.get).returns.toEqualTypeOf<ImportJson | undefined>();
    const started = fakes.codeHosting.imports.start('octo', 'hello', { vcs_url: 'https://svn.example.com/app' });
    expectTypeOf(started.status).toEqualTypeOf<ImportStatus>();
    expectTypeOf(started.vcs_url).toEqualTypeOf<string>();
    expect(ImportJsonSchema.strict().parse(started).status).toBe('detecting');
    expect(ImportJsonSchema.strict().parse(fakes.codeHosting.imports.advance('octo', 'hello')).status).not.toBe('detecting');
    const statuses: ImportStatus[] = [...DOCUMENT_IMPORT_STATES];
    for (const status of statuses) {
      const pinned = fakes.codeHosting.imports.pin('octo', 'hello', status);
      expect(ImportJsonSchema.strict().parse(pinned).status, status).toBe(status);
      expect(ImportJsonSchema.strict().parse(fakes.codeHosting.imports.get('octo', 'hello'))).toEqual(pinned);
    }
  });

  it('modelCache.get returns the CachedContent JSON type (Vertex and Gemini API)', () => {
    const fakes = createFakes();
    expectTypeOf(fakes.modelCache.get).returns.toEqualTypeOf<CachedContentJson | undefined>();
    const vertex = fakes.modelCache.seed.cachedContent({ api: 'vertex', displayName: 'docs' });
    const gemini = fakes.modelCache.seed.cachedContent({ api: 'gemini' });
    const v = fakes.modelCache.get(vertex.name);
    expectTypeOf(v?.expireTime).toEqualTypeOf<string | undefined>();
    expectTypeOf(v?.usageMetadata.totalTokenCount).toEqualTypeOf<number | undefined>();
    expect(CachedContentJsonSchema.strict().parse(v)).toMatchObject({ name: vertex.name, displayName: 'docs' });
    expect(CachedContentJsonSchema.strict().parse(fakes.modelCache.get(gemini.name))).toMatchObject({ name: gemini.name, displayName: '' });
    expect(fakes.modelCache.get('cachedContents/none')).toBeUndefined();
  });
});
