import { json } from '../../../http/response.js';
import type { RouteSpec } from '../../service.js';
import { type Principal, authenticate } from '../auth.js';
import type { GitHubRouteContext } from '../context.js';
import { GitHubError } from '../errors.js';
import { githubBody } from '../http-helpers.js';
import type { CodeHostingOptions } from '../options.js';
import type { CodeHostingState } from '../state.js';
import { GRAPHQL_DOCS, UNSERVED_TAG } from './constants.js';
import { consumePoints, graphqlRateHeaders, peekPoints } from './cost.js';

/**
 * `POST /graphql` (and `POST /api/graphql`, GitHub Enterprise Server's spelling next to `/api/v3`):
 * thin. Authenticates like REST, reads the request document, and hands it to the executor, which is
 * loaded on the first GraphQL request (it pulls in the `graphql` package and GitHub's schema).
 */

/** The request document of a GraphQL call. */
export interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | null;
}

/** What the executor answers: the response body, the operation's name for the journal, the points it cost. */
export interface GraphqlOutcome {
  body: Record<string, unknown>;
  /** `graphql:<OperationName>`, or `graphql:query` / `graphql:mutation` for an anonymous operation. */
  operation: string;
  /** Rate-limit points (0 for a request rejected before execution). */
  cost: number;
  /** Schema fields the query selected that the fake does not resolve (`Type.field`). */
  unserved: string[];
}

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

async function handle(ctx: GitHubRouteContext): Promise<ReturnType<typeof json>> {
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
  const { runGraphql } = await import('./execute.js');
  const outcome = runGraphql(ctx, principal, request, (points) => consumePoints(ctx, who, points));
  ctx.meta.operation = outcome.operation;
  if (outcome.unserved.length) {
    ctx.meta.tags.push(UNSERVED_TAG);
    ctx.meta.unserved = `GitHub GraphQL: ${outcome.operation} selected ${outcome.unserved.map((f) => `\`${f}\``).join(', ')}, which stuntdouble does not serve yet`;
  }
  return json(200, outcome.body, graphqlRateHeaders(peekPoints(ctx, who)));
}

/** The GraphQL endpoint under both of GitHub's spellings. */
export const graphqlRoutes: RouteSpec<CodeHostingState, CodeHostingOptions>[] = ['/graphql', '/api/graphql'].map((path) => ({
  method: 'POST',
  path,
  operation: 'graphql:query',
  handler: (ctx) => handle(ctx),
}));

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
