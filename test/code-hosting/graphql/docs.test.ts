// docs/code-hosting-graphql.md lists the fields the fake resolves. The list is rendered from the
// resolver map, so it cannot go stale: this test fails when it differs, and rewrites it when run with
// STUNTDOUBLE_UPDATE_DOCS=1 (`STUNTDOUBLE_UPDATE_DOCS=1 npx vitest run test/code-hosting/graphql/docs.test.ts`).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RESOLVERS } from '../../../src/fakes/code-hosting/graphql/model/resolvers/index.js';

const DOC = fileURLToPath(new URL('../../../docs/code-hosting-graphql.md', import.meta.url));
const START = '<!-- resolved-fields:start (generated from the resolver map by test/code-hosting/graphql/docs.test.ts) -->';
const END = '<!-- resolved-fields:end -->';

/** The list as the docs print it: one line per type, its fields sorted. */
function rendered(): string {
  const lines = Object.entries(RESOLVERS)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([type, fields]) =>
        `- **${type}**: ${Object.keys(fields)
          .sort()
          .map((f) => `\`${f}\``)
          .join(', ')}`,
    );
  return `${START}\n${lines.join('\n')}\n${END}`;
}

describe('docs/code-hosting-graphql.md', () => {
  it('lists exactly the fields the resolver map resolves', () => {
    const text = readFileSync(DOC, 'utf8');
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    expect(start, 'the generated list markers are missing').toBeGreaterThanOrEqual(0);
    const current = text.slice(start, end + END.length);
    if (process.env.STUNTDOUBLE_UPDATE_DOCS === '1' && current !== rendered()) writeFileSync(DOC, text.replace(current, rendered()));
    else expect(current).toBe(rendered());
  });
});
