import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type GraphQLSchema, type IntrospectionQuery, buildClientSchema } from 'graphql';

declare const __STUNTDOUBLE_CJS__: boolean | undefined;

/**
 * GitHub's GraphQL schema, as `@octokit/graphql-schema` publishes it (the introspection result GitHub
 * serves). Built once per process on the first GraphQL request, never at import: parsing the 5 MB
 * introspection JSON and building the schema takes a few hundred milliseconds. `buildClientSchema` is
 * used rather than `buildSchema(schema.graphql)`: the SDL of the published schema defines two fields
 * twice and does not build without `assumeValidSDL`, while the introspection result builds and validates.
 */

const PACKAGE = '@octokit/graphql-schema';
let cached: GraphQLSchema | undefined;

/** Where the package's `schema.json` is (the package exports only its ESM entry, so it is found by path). */
function schemaJsonPath(): string {
  const req: NodeJS.Require = typeof __STUNTDOUBLE_CJS__ !== 'undefined' && __STUNTDOUBLE_CJS__ ? require : createRequire(import.meta.url);
  for (const dir of req.resolve.paths(PACKAGE) ?? []) {
    const file = join(dir, PACKAGE, 'schema.json');
    if (existsSync(file)) return file;
  }
  throw new Error(`stuntdouble: ${PACKAGE} is not installed; the GraphQL fake needs it (npm install ${PACKAGE})`);
}

/** GitHub's schema (built on first use, then shared: a schema is immutable). */
export function githubSchema(): GraphQLSchema {
  if (cached) return cached;
  const parsed = JSON.parse(readFileSync(schemaJsonPath(), 'utf8')) as { data?: IntrospectionQuery } & Partial<IntrospectionQuery>;
  cached = buildClientSchema((parsed.data ?? parsed) as IntrospectionQuery);
  return cached;
}
