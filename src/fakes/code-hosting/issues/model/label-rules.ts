import { putResource } from '../../core/catalog/engine.js';
import type { CatalogSlice, Resource } from '../../core/catalog/state.js';
import { githubError } from '../../core/errors.js';
import { labelKey } from './keys.js';
import { LIMITS, tooLong } from './limits.js';

/**
 * A repository's labels as GitHub keeps them: the nine it creates with every new repository, and the
 * rules a label's fields follow (a six-digit hex color, sent with or without `#`; a name of at most 50
 * characters; a description of at most 100; names unique regardless of case).
 */

/** The labels GitHub gives every repository it creates, with their colors and descriptions. */
export const DEFAULT_LABELS: readonly Readonly<{ name: string; color: string; description: string }>[] = Object.freeze([
  { name: 'bug', color: 'd73a4a', description: "Something isn't working" },
  { name: 'documentation', color: '0075ca', description: 'Improvements or additions to documentation' },
  { name: 'duplicate', color: 'cfd3d7', description: 'This issue or pull request already exists' },
  { name: 'enhancement', color: 'a2eeef', description: 'New feature or request' },
  { name: 'good first issue', color: '7057ff', description: 'Good for newcomers' },
  { name: 'help wanted', color: '008672', description: 'Extra attention is needed' },
  { name: 'invalid', color: 'e4e669', description: "This doesn't seem right" },
  { name: 'question', color: 'd876e3', description: 'Further information is requested' },
  { name: 'wontfix', color: 'ffffff', description: 'This will not be worked on' },
]);

/** Stores GitHub's default labels in a repository just created (`rp`: `/repos/<owner>/<name>`). */
export function addDefaultLabels(catalog: CatalogSlice, counters: Record<string, number>, rp: string, baseUrl: string, now: string): void {
  for (const l of DEFAULT_LABELS) {
    putResource(catalog, counters, '/repos/{owner}/{repo}/labels/{name}', labelKey(rp, l.name), { ...l, default: true }, { baseUrl, now });
  }
}

const labelError = (field: string, code: 'invalid' | 'missing_field' | 'already_exists', value?: string) =>
  githubError.validation([{ resource: 'Label', code, field, ...(value !== undefined ? { value } : {}) }]);

const tooLongError = (field: string, max: number) =>
  githubError.validation([{ resource: 'Label', code: 'custom', field, message: `${field} is too long (maximum is ${max} characters)` }]);

/** A label color as stored: six hex digits without `#`; 422 `invalid` otherwise. */
export function labelColor(v: unknown): string {
  const s = typeof v === 'string' ? v.replace(/^#/, '') : '';
  if (!/^[0-9a-fA-F]{6}$/.test(s)) throw labelError('color', 'invalid', typeof v === 'string' ? v : undefined);
  return s;
}

/** 422 when a label name is missing or longer than GitHub allows, or a description is too long. */
export function checkLabelFields(name: unknown, description: unknown): void {
  if (typeof name !== 'string' || name.trim() === '') throw labelError('name', 'missing_field');
  if (tooLong(name, LIMITS.labelName)) throw tooLongError('name', LIMITS.labelName);
  if (tooLong(description, LIMITS.labelDescription)) throw tooLongError('description', LIMITS.labelDescription);
}

/** 422 `invalid` (with the value, as GitHub answers) for a name sent on an issue that cannot become a label. */
export function checkNameOnIssue(name: string): void {
  if (name.trim() === '' || tooLong(name, LIMITS.labelName)) throw labelError('name', 'invalid', name);
}

/** 422 `already_exists` for a name another label of the repository has (any case). */
export function labelTaken(): Error {
  return labelError('name', 'already_exists');
}

/** The label record of a create (`POST /repos/{owner}/{repo}/labels`): GitHub's gray when no color is sent. */
export function newLabel(body: Resource): Resource {
  checkLabelFields(body.name, body.description);
  return {
    name: body.name,
    color: body.color === undefined ? 'ededed' : labelColor(body.color),
    description: typeof body.description === 'string' ? body.description : null,
    default: false,
  };
}
