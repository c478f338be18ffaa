import type { Draft } from 'immer';
import type { ServiceHost } from '../../service.js';
import { putResource } from './engine.js';
import type { CatalogState } from './routes.js';
import type { Resource } from './state.js';
import { concreteKey, templateOf } from './table.js';

/**
 * Seeds any catalog resource by its concrete path (either spelling), e.g.
 * `seedResource(host, '/repos/o/r/issues/1', { title: 'Bug' })`: stored under that key, listed in its
 * parent collection, with `id`, `url`, `html_url`, timestamps filled in. Returns the stored resource.
 */
export function seedResource<S extends CatalogState, O>(host: ServiceHost<S, O>, path: string, body: Resource = {}): Resource {
  const found = templateOf(path.split('?')[0] as string);
  if (!found) throw new Error(`stuntdouble: '${path}' is no path of the code hosting catalog`);
  const key = concreteKey(found.template, found.params);
  const now = host.clock.now().toISOString();
  return host.update((draft) =>
    putResource((draft as Draft<CatalogState>).catalog, (draft as Draft<CatalogState>).counters, found.template, key, body, {
      baseUrl: host.baseUrls[0] as string,
      now,
    }),
  );
}

/** Seeds many resources of one collection in one update (benchmarks, paging tests). */
export function seedResources<S extends CatalogState, O>(host: ServiceHost<S, O>, items: ReadonlyArray<readonly [path: string, body: Resource]>): number {
  const now = host.clock.now().toISOString();
  const resolved = items.map(([path, body]) => {
    const found = templateOf(path);
    if (!found) throw new Error(`stuntdouble: '${path}' is no path of the code hosting catalog`);
    return { template: found.template, key: concreteKey(found.template, found.params), body };
  });
  host.update((draft) => {
    const d = draft as Draft<CatalogState>;
    for (const r of resolved) putResource(d.catalog, d.counters, r.template, r.key, r.body, { baseUrl: host.baseUrls[0] as string, now });
  });
  return resolved.length;
}

/** Marks the rate limit of a token label (or every identity when omitted) as used up: the next call answers 403. */
export function exhaustRateLimit<S extends CatalogState, O>(host: ServiceHost<S, O>, label?: string): void {
  const nowSec = Math.floor(host.clock.nowMs() / 1000);
  host.update((draft) => {
    const rate = (draft as Draft<CatalogState>).catalog.rate;
    const keys = label ? [`core:${label}`] : ['core:*'];
    for (const k of keys) {
      const w = rate[k];
      if (w && w.reset > nowSec) w.exhausted = true;
      else rate[k] = { used: 0, reset: nowSec + 3600, exhausted: true };
    }
  });
}
