/**
 * Shared set-up of the GraphQL tests: a fakes instance with `octo/hello`, GitHub's own GraphQL client
 * (`@octokit/graphql`) and REST client (`@octokit/rest`) pointed at it through the interceptors.
 */
import { graphql as octokitGraphql } from '@octokit/graphql';
import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';

/** The repository every test starts with. */
export const R = { owner: 'octo', repo: 'hello' } as const;

/** The GraphQL answer body as a plain object (tests index into it). */
// biome-ignore lint/suspicious/noExplicitAny: GraphQL answers are JSON documents the tests read freely.
export type Json = any;

/** A fakes instance with the two clients. */
export interface World {
  fakes: Fakes;
  rest: Octokit;
  gql: typeof octokitGraphql;
  /** POSTs a GraphQL body through `fakes.fetch` and answers status, headers and parsed body (no client in between). */
  raw(query: string, variables?: Record<string, unknown>, token?: string | null): Promise<{ status: number; headers: Record<string, string>; body: Json }>;
}

/** Creates and installs a fakes instance with `octo/hello` and clients acting with `token`. */
export function world(opts: Parameters<typeof createFakes>[0] = {}, token = 'ghp_test'): World {
  const fakes = createFakes({ clock: '2024-05-01T00:00:00Z', ...opts }).install();
  fakes.codeHosting.seed.repo({ ...R });
  const rest = new Octokit({ auth: token, request: { retries: 0 } });
  const gql = octokitGraphql.defaults({ headers: { authorization: `token ${token}` } });
  return {
    fakes,
    rest,
    gql,
    async raw(query, variables = {}, t = token) {
      const res = await fakes.fetch('https://api.github.com/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(t ? { authorization: `bearer ${t}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.json() };
    },
  };
}

/** The errors of a rejected `@octokit/graphql` call (its `GraphqlResponseError`). */
export async function gqlErrors(p: Promise<unknown>): Promise<Json[]> {
  try {
    await p;
  } catch (e) {
    const errors = (e as { errors?: Json[] }).errors;
    if (errors) return errors;
    throw e;
  }
  throw new Error('expected the GraphQL call to fail');
}
