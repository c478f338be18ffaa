import { json } from '../../http/response.js';
import type { FakeResponse } from '../../http/response.js';

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

/** A GitHub REST error, rendered as `basic-error` or `validation-error` by {@link renderGitHubError}. */
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
  notFound: (documentationUrl = DOCS) => new GitHubError(404, 'Not Found', { documentationUrl }),
  badCredentials: () => new GitHubError(401, 'Bad credentials', { documentationUrl: DOCS }),
  forbidden: (message: string, documentationUrl = DOCS, headers?: Record<string, string>) =>
    new GitHubError(403, message, { documentationUrl, ...(headers ? { headers } : {}) }),
  validation: (errors: ValidationIssue[], documentationUrl = DOCS, message = 'Validation Failed') =>
    new GitHubError(422, message, { documentationUrl, errors }),
  badRequest: (message: string, documentationUrl = DOCS) => new GitHubError(400, message, { documentationUrl }),
  unavailable: (message = 'Unavailable due to service under maintenance', documentationUrl = DOCS) => new GitHubError(503, message, { documentationUrl }),
  internal: () => new GitHubError(500, 'Server Error', { documentationUrl: DOCS }),
};

/** The one place GitHub error bodies are built. Anything not a GitHubError is a bug in the fake: 500. */
export function renderGitHubError(err: unknown): FakeResponse {
  const e = err instanceof GitHubError ? err : githubError.internal();
  const body: Record<string, unknown> = { message: e.message, documentation_url: e.extra.documentationUrl ?? DOCS };
  if (e.extra.errors) body.errors = e.extra.errors;
  if (e.extra.body) Object.assign(body, e.extra.body);
  // GitHub's newer error bodies carry the status as a string.
  if (!e.extra.errors) body.status = String(e.status);
  return json(e.status, body, e.extra.headers ?? {});
}
