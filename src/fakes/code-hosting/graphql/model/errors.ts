import type { GraphQLError } from 'graphql';
import { GitHubError, type Principal, forbiddenMessage } from './rest-models.js';

/**
 * GraphQL errors as GitHub answers them. Errors found while executing carry GitHub's `type`
 * (`NOT_FOUND`, `FORBIDDEN`, `UNPROCESSABLE`, ...) next to `message`, `path` and `locations`; errors
 * of the document itself (syntax, validation) carry `extensions.code` instead (see validation.ts).
 */

/** An execution error with GitHub's `type`. */
export class GqlError extends Error {
  readonly isGqlError = true;
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'GqlError';
  }
}

/** The error of a field GitHub's schema has and the fake does not resolve yet. */
export class UnservedFieldError extends GqlError {
  constructor(readonly field: string) {
    super(
      'UNSERVED_FIELD',
      `stuntdouble does not serve the field \`${field}\` of GitHub's GraphQL schema yet (the fake answers no value for it rather than a made-up one; the fields it serves are listed in docs/code-hosting-graphql.md)`,
    );
  }
}

/** GitHub's NOT_FOUND: `Could not resolve to a Repository with the name 'octo/nope'.` */
export function notFound(what: string): GqlError {
  return new GqlError('NOT_FOUND', `Could not resolve to ${what}.`);
}

/** Pagination arguments GitHub refuses (`first`/`last` missing, out of range, a bad cursor). */
export function paginationError(type: string, message: string): GqlError {
  return new GqlError(type, message);
}

/** The text of a REST validation error (`422`), as GitHub's GraphQL mutations word theirs. */
function unprocessableMessage(err: GitHubError): string {
  const issues = err.extra.errors ?? [];
  const parts = issues.map(
    (i) =>
      i.message ??
      (i.field
        ? `${i.resource ?? 'Resource'} ${i.field} is ${i.code === 'missing_field' ? 'missing' : i.code === 'already_exists' ? 'already taken' : 'invalid'}`
        : i.code),
  );
  return parts.length ? parts.join(', ') : err.message;
}

/**
 * The GraphQL error for a REST error a model threw while a resolver read or wrote through it: 404 →
 * NOT_FOUND (`what` names the object, as GitHub does), 403 → FORBIDDEN (a classic token without the
 * scope → INSUFFICIENT_SCOPES), 422/409/405 → UNPROCESSABLE, anything else → the status's text.
 */
export function fromRest(err: unknown, what: string, principal: Principal, field?: string): unknown {
  if (!(err instanceof GitHubError)) return err;
  if (err.status === 404) return notFound(what);
  if (err.status === 403) {
    const token = principal.token;
    if (token?.type === 'classic' && field)
      return new GqlError(
        'INSUFFICIENT_SCOPES',
        `Your token has not been granted the required scopes to execute this query. The '${field}' field requires one of the following scopes: ['repo'], but your token has only been granted the: [${token.scopes.map((s) => `'${s}'`).join(', ')}] scopes. Please modify your token's scopes at: https://github.com/settings/tokens.`,
      );
    return new GqlError('FORBIDDEN', token ? forbiddenMessage(token.type) : err.message);
  }
  if (err.status === 401) return new GqlError('FORBIDDEN', err.message);
  if (err.status === 422 || err.status === 409 || err.status === 405) return new GqlError('UNPROCESSABLE', unprocessableMessage(err));
  return new GqlError('INTERNAL', err.message);
}

/** Whether an error a resolver threw is one the fake means (a GitHub error), not a bug of the fake. */
export function isServiceError(err: unknown): boolean {
  return err instanceof GqlError || err instanceof GitHubError;
}

/** One execution error in GitHub's JSON form (`type`, `path`, `locations`, `message`). */
export function renderExecutionError(e: GraphQLError): Record<string, unknown> {
  const original = e.originalError;
  const out: Record<string, unknown> = {};
  if (original instanceof GqlError) out.type = original.type;
  if (e.path) out.path = e.path;
  if (e.locations) out.locations = e.locations.map((l) => ({ line: l.line, column: l.column }));
  out.message = original instanceof GqlError ? original.message : e.message;
  return out;
}
