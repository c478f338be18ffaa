import { nextId } from '../../../../store/ids.js';
import { tableGet, tableSet } from '../../../../store/table.js';
import { putResource } from '../../core/catalog/engine.js';
import type { Resource } from '../../core/catalog/state.js';
import { githubError } from '../../core/errors.js';
import type { SeedEnv } from '../../core/family.js';
import type { CodeHostingState } from '../../state.js';

/**
 * Self-hosted runners of a repository or organization and their labels. A runner keeps the id its path
 * gives it when seeded (`/repos/o/r/actions/runners/1` reads back as id 1). Its labels are GitHub's
 * `runner-label` objects: the read-only ones it was seeded with (`self-hosted`, its OS, ...) and the
 * custom ones the label routes add, set and remove; every label route answers the runner's labels.
 */

export const RUNNER_DOCS = 'https://docs.github.com/rest/actions/self-hosted-runners';

/** At most this many custom labels a write may send (GitHub's `maxItems`). */
const MAX_LABELS = 100;

type Label = { id: number; name: string; type: 'read-only' | 'custom' };

/** The labels a record holds (names or objects), as GitHub's label objects. */
function labelsOf(rec: Resource): Label[] {
  const raw = Array.isArray(rec.labels) ? rec.labels : [];
  return raw.map((l, i) => {
    if (typeof l === 'string') return { id: i + 1, name: l, type: 'read-only' as const };
    const o = (l ?? {}) as Resource;
    return {
      id: typeof o.id === 'number' ? o.id : i + 1,
      name: String(o.name ?? ''),
      type: o.type === 'custom' ? ('custom' as const) : ('read-only' as const),
    };
  });
}

/** Seeds a runner at its path's id (named `runner-<id>` unless the body names it). */
export function seedRunner(state: CodeHostingState, template: string, key: string, body: Resource, env: SeedEnv): Resource {
  const id = Number(key.slice(key.lastIndexOf('/') + 1));
  return putResource(
    state.catalog,
    state.counters,
    template,
    key,
    { id, name: `runner-${id}`, os: 'linux', status: 'online', busy: false, ...body, labels: labelsOf(body) },
    env,
  );
}

/** The runner record of a labels path (`.../runners/{id}/labels[/name]`), or GitHub's 404. */
export function runnerOf(state: CodeHostingState, labelsKey: string): { key: string; rec: Resource } {
  const key = labelsKey.replace(/\/labels(\/[^/]*)?$/, '');
  const rec = tableGet(state.catalog.records, key);
  if (!rec) throw githubError.notFound(RUNNER_DOCS);
  return { key, rec };
}

/** Custom label names sent as `{ labels: [...] }`: 422 when missing, empty or over GitHub's maximum. */
export function sentRunnerLabels(body: Resource, allowEmpty: boolean): string[] {
  const v = body.labels;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || x === '') || (!allowEmpty && v.length === 0) || v.length > MAX_LABELS)
    throw githubError.validation([{ resource: 'Runner', code: 'invalid', field: 'labels' }], RUNNER_DOCS);
  return [...new Set(v as string[])];
}

/** The answer of every label route: the runner's labels. */
export function labelsAnswer(rec: Resource): { total_count: number; labels: Label[] } {
  const labels = labelsOf(rec);
  return { total_count: labels.length, labels };
}

/** Sets a runner's custom labels (read-only labels stay), keeping the ids of names it already had. */
export function setCustomLabels(state: CodeHostingState, key: string, rec: Resource, names: readonly string[]): Resource {
  const have = labelsOf(rec);
  const fixed = have.filter((l) => l.type === 'read-only');
  const fixedNames = new Set(fixed.map((l) => l.name.toLowerCase()));
  const byName = new Map(have.filter((l) => l.type === 'custom').map((l) => [l.name.toLowerCase(), l]));
  const custom: Label[] = [];
  for (const name of names) {
    if (fixedNames.has(name.toLowerCase()) || custom.some((l) => l.name.toLowerCase() === name.toLowerCase())) continue;
    custom.push(byName.get(name.toLowerCase()) ?? { id: nextId(state.counters, 'runner-label', 100), name, type: 'custom' });
  }
  const next = { ...rec, labels: [...fixed, ...custom] };
  tableSet(state.catalog.records, key, next);
  return next;
}

/** A runner's custom label names. */
export function customNames(rec: Resource): string[] {
  return labelsOf(rec)
    .filter((l) => l.type === 'custom')
    .map((l) => l.name);
}
