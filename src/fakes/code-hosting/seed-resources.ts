import type { Draft } from 'immer';
import type { ServiceHost } from '../service.js';
import { nextId } from '../../store/ids.js';
import { htmlUrl, putResource } from './core/catalog/engine.js';
import type { CatalogState } from './core/catalog/pipeline.js';
import type { CodeHostingState } from './state.js';
import { canonicalKey } from './core/catalog/canonical.js';
import type { Resource } from './core/catalog/state.js';
import { concreteKey, keyPrefix, parentDepth, templateOf } from './core/catalog/table.js';
import type { RelationSeeder, SeededItem } from './core/family.js';
import { seederFor } from './families.js';
import { tableGet, tableSetMany } from '../../store/table.js';
import { keyListPushMany } from '../../store/key-list.js';

/**
 * Seeds any catalog resource by its concrete path (either spelling), e.g.
 * `seedResource(host, '/repos/o/r/issues/1', { title: 'Bug' })`: stored under that key, listed in its
 * parent collection, with `id`, `url`, `html_url`, timestamps filled in. Returns the stored resource.
 */
export function seedResource<S extends CatalogState, O>(host: ServiceHost<S, O>, path: string, body: Resource = {}): Resource {
  const found = templateOf(path.split('?')[0] as string);
  if (!found) throw new Error(`stuntdouble: '${path}' is no path of the code hosting catalog`);
  const key = canonicalKey(host.state as unknown as CodeHostingState, concreteKey(found.template, found.params));
  const now = host.clock.now().toISOString();
  const seeder = seederFor(found.template);
  if (seeder) {
    const env = { baseUrl: host.baseUrls[0] as string, now };
    return host.update((draft) => seeder.put(draft as unknown as CodeHostingState, [{ template: found.template, key, body }], env)[0] as Resource);
  }
  return host.update((draft) =>
    putResource((draft as Draft<CatalogState>).catalog, (draft as Draft<CatalogState>).counters, found.template, key, body, {
      baseUrl: host.baseUrls[0] as string,
      now,
    }),
  );
}

/** Seeds many resources in one update (benchmarks, paging tests): records are built outside the draft. */
export function seedResources<S extends CatalogState, O>(host: ServiceHost<S, O>, items: ReadonlyArray<readonly [path: string, body: Resource]>): number {
  const now = host.clock.now().toISOString();
  const baseUrl = host.baseUrls[0] as string;
  const current = host.state.catalog;
  const all = items.map(([path, body]) => {
    const found = templateOf(path);
    if (!found) throw new Error(`stuntdouble: '${path}' is no path of the code hosting catalog`);
    return { template: found.template, key: canonicalKey(host.state as unknown as CodeHostingState, concreteKey(found.template, found.params)), body };
  });
  host.update((draft) => {
    const d = draft as Draft<CatalogState>;
    const records: Record<string, Resource> = {};
    const added: Record<string, string[]> = {};
    // Families with their own models (issues, files, releases, ...) store their items themselves, in this
    // update, after the generic records: consecutive items of one family go together, in the caller's order.
    const runs: Array<[RelationSeeder, SeededItem[]]> = [];
    for (const r of all) {
      const seeder = seederFor(r.template);
      if (!seeder) continue;
      const last = runs[runs.length - 1];
      if (last && last[0] === seeder) last[1].push(r);
      else runs.push([seeder, [r]]);
    }
    for (const r of all) {
      if (seederFor(r.template)) continue;
      const prev = tableGet(current.records, r.key) ?? records[r.key];
      const id = prev?.id ?? r.body.id ?? nextId(d.counters, 'catalog', 1000);
      records[r.key] = {
        id,
        node_id: `CR_${Number(id).toString(36)}`,
        ...r.body,
        url: `${baseUrl}${r.key}`,
        html_url: htmlUrl(baseUrl, r.key),
        created_at: prev?.created_at ?? r.body.created_at ?? now,
        updated_at: now,
      };
      const depth = parentDepth(r.template);
      if (prev || depth === undefined) continue;
      const parent = keyPrefix(r.key, depth);
      const list = added[parent];
      if (list) list.push(r.key);
      else added[parent] = [r.key];
    }
    tableSetMany(d.catalog.records, Object.entries(records));
    for (const [parent, keys] of Object.entries(added)) keyListPushMany(d.catalog.lists, parent, keys);
    for (const [seeder, items] of runs) seeder.put(draft as unknown as CodeHostingState, items, { baseUrl, now });
  });
  return all.length;
}
