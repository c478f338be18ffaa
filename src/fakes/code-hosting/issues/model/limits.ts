import { githubError } from '../../core/errors.js';

/**
 * GitHub's size limits on issues, pulls, comments and labels, answered as GitHub answers them (422),
 * so a test cannot pass with an input GitHub refuses, and an input of any size costs a bounded amount
 * of work (a 100,000-label issue is refused before any label is looked at).
 *
 * The messages are GitHub's recorded ones: `title is too long (maximum is 256 characters)`, `body is
 * too long (maximum is 65536 characters)` (resource `Issue`, code `custom`), a comment's `Body is too
 * long (maximum is 65536 characters)` (resource `IssueComment`, code `unprocessable`, field `data`),
 * `Validation Failed. Issues cannot have more than 100 labels`, a label's `name is too long (maximum
 * is 50 characters)`. GitHub keeps the first 10 assignees of an issue and drops the rest silently.
 */
export const LIMITS = Object.freeze({
  title: 256,
  body: 65_536,
  labels: 100,
  assignees: 10,
  labelName: 50,
  labelDescription: 100,
});

/** Characters of a string as GitHub counts them (code points), cheap for short strings. */
function chars(s: string, max: number): number {
  if (s.length <= max) return s.length;
  let n = 0;
  for (const _ of s) {
    n++;
    if (n > max) break;
  }
  return n;
}

/** Whether a string is longer than `max` characters. */
export function tooLong(s: unknown, max: number): boolean {
  return typeof s === 'string' && chars(s, max) > max;
}

const tooLongError = (resource: string, field: string, max: number, code: 'custom' | 'unprocessable' = 'custom', label = field) =>
  githubError.validation([{ resource, code, field, message: `${label} is too long (maximum is ${max} characters)` }]);

/** 422 when an issue's (or pull's) title or body is over GitHub's limit. */
export function checkIssueText(resource: string, title: unknown, body: unknown): void {
  if (tooLong(title, LIMITS.title)) throw tooLongError(resource, 'title', LIMITS.title);
  if (tooLong(body, LIMITS.body)) throw tooLongError(resource, 'body', LIMITS.body);
}

/** 422 when a comment body is over GitHub's limit (GitHub's own shape: field `data`, code `unprocessable`). */
export function checkCommentBody(resource: string, body: unknown): void {
  if (tooLong(body, LIMITS.body)) throw tooLongError(resource, 'data', LIMITS.body, 'unprocessable', 'Body');
}

/** 422 when more labels than GitHub allows on one issue are sent (checked before any label is stored). */
export function checkLabelCount(count: number): void {
  if (count > LIMITS.labels) throw githubError.validation([], undefined, `Validation Failed. Issues cannot have more than ${LIMITS.labels} labels`);
}

/** The assignees GitHub keeps: the first ten. */
export function keptAssignees(logins: string[]): string[] {
  return logins.length > LIMITS.assignees ? logins.slice(0, LIMITS.assignees) : logins;
}
