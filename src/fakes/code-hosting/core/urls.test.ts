import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repoPrefixEnd } from './urls.js';

describe('repoPrefixEnd', () => {
  it('finds what /^\\/repos\\/([^/]+)\\/([^/]+)/ matches, for any key', () => {
    const segment = fc.constantFrom('', 'o', 'Octo', 'r', 'a%2Fb', 'x\ny', 'repos');
    const key = fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`);
    const prefixed = fc.array(segment, { maxLength: 4 }).map((parts) => `/repos/${parts.join('/')}`);
    fc.assert(
      fc.property(fc.oneof(key, prefixed), (k) => {
        const m = /^\/repos\/([^/]+)\/([^/]+)/.exec(k);
        expect(repoPrefixEnd(k)).toBe(m ? m[0].length : -1);
      }),
      { numRuns: 2000 },
    );
  });
});
