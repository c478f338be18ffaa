import { json } from '../../../http/response.js';
import type { FakeResponse } from '../../../http/response.js';

/** GitHub's generic documentation link, used when no page-specific one applies. */
export const DOCS = 'https://docs.github.com/rest';

/** One entry of a validation-error body. */
export interface ValidationIssue {
  resource?: string;
  field?: string;
  code: 'missing' | 'missing_field' | 'invalid' | 'already_exists' | 'unprocessable' | 'custom';
  message?: string;
  index?: number;
  value?: string | number | string[] | null;
}

/** A GitHub REST error, rendered as `basic-error` or `validation-error` by `renderGitHubError`. */
export class GitHubError extends Error {
  readonly isServiceError = true;
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { documentationUrl?: string; errors?: ValidationIssue[]; headers?: Record<string, string>; body?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'GitHubError';
  }
}

/** Constructors for the errors GitHub answers most. */
export const githubError = {
  /** 404 Not Found (also what GitHub answers for a resource the token may not see). */
  notFound: (documentationUrl = DOCS) => new GitHubError(404, 'Not Found', { documentationUrl }),
  /** 401 Bad credentials. */
  badCredentials: () => new GitHubError(401, 'Bad credentials', { documentationUrl: DOCS }),
  /** 403 with a message and optional headers (e.g. `X-Accepted-GitHub-Permissions`). */
  forbidden: (message: string, documentationUrl = DOCS, headers?: Record<string, string>) =>
    new GitHubError(403, message, { documentationUrl, ...(headers ? { headers } : {}) }),
  /** 422 Validation Failed with its `errors` list. */
  validation: (errors: ValidationIssue[], documentationUrl = DOCS, message = 'Validation Failed') =>
    new GitHubError(422, message, { documentationUrl, errors }),
  /** 400 with a message. */
  badRequest: (message: string, documentationUrl = DOCS) => new GitHubError(400, message, { documentationUrl }),
  /**
   * A SCIM error (the description's `scim-error`): SCIM's error schema, `detail` and `scimType` (RFC 7644
   * §3.12), the status as a number, beside GitHub's `message` and `documentation_url`.
   */
  scim: (status: number, detail: string, scimType: string, documentationUrl = DOCS) =>
    new GitHubError(status, detail, {
      documentationUrl,
      body: { schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status, detail, scimType },
    }),
  /** 503 (by default: under maintenance). */
  unavailable: (message = 'Unavailable due to service under maintenance', documentationUrl = DOCS) => new GitHubError(503, message, { documentationUrl }),
  /** 500 Server Error (a bug in the fake). */
  internal: () => new GitHubError(500, 'Server Error', { documentationUrl: DOCS }),
};

/** The one place GitHub error bodies are built. Anything not a GitHubError is a bug in the fake: 500. */
export function renderGitHubError(err: unknown): FakeResponse {
  const e = err instanceof GitHubError ? err : githubError.internal();
  const body: Record<string, unknown> = { message: e.message, documentation_url: e.extra.documentationUrl ?? DOCS };
  if (e.extra.errors) body.errors = e.extra.errors;
  // GitHub's newer error bodies carry the status as a string (a body of the error's own may say otherwise).
  if (!e.extra.errors && e.status >= 400) body.status = String(e.status);
  if (e.extra.body) Object.assign(body, e.extra.body);
  return json(e.status, body, e.extra.headers ?? {});
}
