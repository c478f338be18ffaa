import { plain } from '../../../store/store.js';
import { tableGet, tableSet } from '../../../store/table.js';
import type { Resource } from '../core/catalog/state.js';
import { githubError } from '../core/errors.js';
import type { CodeHostingState } from '../state.js';
import { DEFAULT_FOR_NEW_REPOS, DEFAULT_TYPES, type DefaultsRecord, configurationsKey, defaultsKey } from './state.js';

/**
 * Default code security configurations of an organization: which configuration new repositories of
 * each type get. Setting a configuration as the default for `all` makes it the default of public and of
 * private and internal repositories (replacing the configuration that was), `public` or
 * `private_and_internal` for that type only, `none` removes it from every type it was the default of.
 */

const DOCS = 'https://docs.github.com/rest/code-security/configurations';

/** A configuration of the organization, or 404. */
export function configurationOf(state: CodeHostingState, org: string, id: string): Resource {
  const rec = tableGet(state.catalog.records, `${configurationsKey(org)}/${encodeURIComponent(id)}`);
  if (!rec) throw githubError.notFound(DOCS);
  return rec;
}

const defaultsOf = (state: CodeHostingState, org: string): DefaultsRecord => (tableGet(state.catalog.records, defaultsKey(org)) ?? {}) as DefaultsRecord;

/** What a configuration is the default for now: `all`, one type, or `none`. */
export function defaultFor(d: DefaultsRecord, id: string): (typeof DEFAULT_FOR_NEW_REPOS)[number] {
  const types = DEFAULT_TYPES.filter((t) => d[t] === id);
  return types.length === DEFAULT_TYPES.length ? 'all' : (types[0] ?? 'none');
}

/** Sets a configuration as the default for new repositories of `value`'s types (422 for a value GitHub does not take). */
export function setDefault(state: CodeHostingState, org: string, id: string, value: unknown): { value: string; configuration: Resource } {
  const configuration = configurationOf(state, org, id);
  if (!(DEFAULT_FOR_NEW_REPOS as readonly unknown[]).includes(value)) {
    throw githubError.validation([{ resource: 'CodeSecurityConfiguration', code: 'invalid', field: 'default_for_new_repos' }], DOCS);
  }
  const next: DefaultsRecord = { ...defaultsOf(state, org) };
  for (const t of DEFAULT_TYPES) {
    const applies = value === 'all' || value === t;
    if (applies) next[t] = id;
    else if (next[t] === id) delete next[t];
  }
  tableSet(state.catalog.records, defaultsKey(org), next as Resource);
  return { value: defaultFor(next, id), configuration: plain(configuration) };
}

/** The organization's default configurations: one entry per configuration (`all` when it is both types' default), configurations that still exist only. */
export function defaultConfigurations(state: CodeHostingState, org: string): Resource[] {
  const d = defaultsOf(state, org);
  const out: Resource[] = [];
  const seen = new Set<string>();
  for (const t of DEFAULT_TYPES) {
    const id = d[t];
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    const configuration = tableGet(state.catalog.records, `${configurationsKey(org)}/${encodeURIComponent(id)}`);
    if (configuration) out.push({ default_for_new_repos: defaultFor(d, id), configuration });
  }
  return out;
}
