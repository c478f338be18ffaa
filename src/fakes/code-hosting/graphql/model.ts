import { json } from '../../../http/response.js';
import { type Principal, authenticate } from '../core/auth.js';
import type { GitHubRouteContext } from '../core/context.js';
import { GitHubError } from '../core/errors.js';
import { githubBody } from '../core/http-helpers.js';
import { GRAPHQL_DOCS, UNSERVED_TAG } from './model/constants.js';
import { consumePoints, graphqlRateHeaders, peekPoints } from './model/cost.js';
import type { GraphqlRequest } from './model/types.js';

export { graphqlRateResource } from './model/cost.js';
export type { GraphqlOutcome, GraphqlRequest } from './model/types.js';

/**
 * GitHub's GraphQL API over the REST state: a request authenticates like REST, its document is read,
 * and the executor (model/execute.ts, loaded on the first GraphQL request: it pulls in the `graphql`
 * package and GitHub's schema) runs it with resolvers that call the REST families' operations
 * (model/rest-models.ts). GraphQL meters its own `graphql` rate-limit resource in points (model/cost.ts).
 */

/** GitHub's 401 for a GraphQL call without a token (it serves no anonymous GraphQL). */
function requiresAuthentication(): GitHubError {
  return new GitHubError(401, 'This endpoint requires you to be authenticated.', {
    documentationUrl: `${GRAPHQL_DOCS}/guides/forming-calls-with-graphql#authenticating-with-graphql`,
  });
}

/** The request document, or the error body GitHub answers for a malformed one (HTTP 200, like GitHub). */
function readRequest(ctx: GitHubRouteContext): GraphqlRequest | { error: string } {
  let raw: unknown;
  try {
    raw = githubBody(ctx);
  } catch {
    throw new GitHubError(400, 'Problems parsing JSON', { documentationUrl: GRAPHQL_DOCS });
  }
  const b = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  if (typeof b.query !== 'string' || b.query.trim() === '') return { error: 'A query attribute must be specified and must be a string.' };
  let variables: unknown = b.variables ?? {};
  // Some clients send the variables as a JSON string.
  if (typeof variables === 'string') {
    try {
      variables = variables.trim() === '' ? {} : JSON.parse(variables);
    } catch {
      return { error: 'Variables are invalid JSON.' };
    }
  }
  if (variables === null) variables = {};
  if (typeof variables !== 'object' || Array.isArray(variables)) return { error: 'Variables are invalid JSON.' };
  const operationName = typeof b.operationName === 'string' && b.operationName !== '' ? b.operationName : null;
  return { query: b.query, variables: variables as Record<string, unknown>, operationName };
}

/** Answers one GraphQL request (`POST /graphql`): always HTTP 200 with `data` and/or `errors`, except for the 401 and a body that is no JSON. */
export async function answerGraphql(ctx: GitHubRouteContext): Promise<ReturnType<typeof json>> {
  let principal: Principal;
  try {
    principal = authenticate(ctx);
  } catch (err) {
    // An unknown token (permission model on): REST's 401, with the GraphQL documentation's link.
    if (err instanceof GitHubError && err.status === 401) throw new GitHubError(401, err.message, { documentationUrl: GRAPHQL_DOCS });
    throw err;
  }
  if (principal.kind === 'anonymous') throw requiresAuthentication();
  const who = principal.token?.label ?? 'unseeded';
  const request = readRequest(ctx);
  if ('error' in request) {
    ctx.meta.operation = 'graphql:query';
    return json(200, { errors: [{ message: request.error }] }, graphqlRateHeaders(peekPoints(ctx, who)));
  }
  const { runGraphql } = await import('./model/execute.js');
  const outcome = runGraphql(ctx, principal, request, (points) => consumePoints(ctx, who, points));
  ctx.meta.operation = outcome.operation;
  if (outcome.unserved.length) {
    ctx.meta.tags.push(UNSERVED_TAG);
    ctx.meta.unserved = `GitHub GraphQL: ${outcome.operation} selected ${outcome.unserved.map((f) => `\`${f}\``).join(', ')}, which stuntdouble does not serve yet`;
  }
  return json(200, outcome.body, graphqlRateHeaders(peekPoints(ctx, who)));
}

/** Operation ids GraphQL calls are journaled under besides `graphql:<OperationName>`. */
export const GRAPHQL_OPERATIONS = ['graphql:query', 'graphql:mutation', 'graphql:*'];

/**
 * Where GitHub Enterprise Server answers GraphQL for a REST base URL: `https://<host>/api/graphql`
 * next to `https://<host>/api/v3` (answered on the REST host too, not listed as a base URL).
 */
export function graphqlBaseUrls(baseUrls: readonly string[]): string[] {
  return baseUrls.filter((b) => /\/api\/v3\/?$/.test(b)).map((b) => b.replace(/\/v3\/?$/, '/graphql'));
}

/** The routing path of a request on such a GraphQL URL (it is its own base URL, so its path is `/`). */
export function graphqlPath(req: { url: URL }, path: string): string | undefined {
  return path === '/' && /\/api\/graphql\/?$/.test(req.url.pathname) ? '/graphql' : undefined;
}
