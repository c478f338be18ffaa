// createFakes' service options are typed from each service's zod schema (checked by `npm run typecheck`).
import { type FakesOptions, createFakes } from 'stuntdouble';
import { describe, expect, expectTypeOf, it } from 'vitest';

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
