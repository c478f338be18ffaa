import type { CatalogSlice, Resource } from './state.js';
import { tableGet } from '../../../../store/table.js';

const ISSUE_LIKE = /^(\/repos\/[^/]+\/[^/]+)\/(issues|pulls)(\/|$)/;

/**
 * Request fields GitHub answers in another form: label names sent on an issue or pull request that the repository lacks are created, as GitHub does
 * (default color `ededed`), so the answer and later label reads show the same label objects.
 * `put` stores one record (the engine's `putResource`).
 */
export function prepareReferences(slice: CatalogSlice, op: { key: string; body: Resource }, put: (template: string, key: string, rec: Resource) => void): void {
  // File contents arrive base64-encoded (PUT contents): stored as such, answered without re-encoding.
  if (/\/contents\/[^/]+$/.test(op.key) && typeof op.body.content === 'string') op.body.encoding = 'base64';
  // Git refs are sent as `sha` and answered as `object: { type, sha }`.
  if (/\/git\/refs(\/[^/]+)?$/.test(op.key) && typeof op.body.sha === 'string') op.body.object = { type: 'commit', sha: op.body.sha };
  const m = ISSUE_LIKE.exec(op.key);
  const labels = op.body.labels;
  if (!m || !Array.isArray(labels)) return;
  for (const l of labels) {
    const name =
      typeof l === 'string' ? l : typeof l === 'object' && l && typeof (l as Resource).name === 'string' ? ((l as Resource).name as string) : undefined;
    if (!name) continue;
    const key = `${m[1]}/labels/${encodeURIComponent(name)}`;
    if (!tableGet(slice.records, key)) put('/repos/{owner}/{repo}/labels/{name}', key, { name, color: 'ededed', description: null, default: false });
  }
}
