import { type FakeResponse, json } from '../../../http/response.js';
import { graphErrors } from '../errors.js';
import { type FieldTable, type Selected, renderFields, selectionOf } from '../models/fields.js';
import type { IdSeq } from '../models/id-list.js';
import { pageIds, pagedBody, readLimit } from '../models/paging.js';
import type { GraphContext } from '../models/registry.js';
import { hasPermission } from '../models/tokens.js';

/** A field table over an already rendered object: every listed field reads its own key. */
export function renderedTable(fields: readonly string[]): FieldTable<Record<string, unknown>> {
  const table: Record<string, { type: 'object'; read: (r: Record<string, unknown>) => unknown }> = {};
  for (const f of fields) table[f] = { type: 'object', read: (r) => r[f] };
  return table;
}

/** Selects `fields=` from a rendered object (2500 for a selection that does not parse, 100 for unknown fields). */
export function select(
  g: GraphContext,
  table: FieldTable<Record<string, unknown>>,
  typeName: string,
  full: Record<string, unknown>,
  defaults: readonly string[],
  fields: unknown = g.params.fields,
): Record<string, unknown> {
  const selection: Selected[] = selectionOf(fields, defaults);
  return renderFields(table, typeName, full, selection, g.read);
}

/**
 * Checks what an ads call needs in the permission model: `ads_management` to write, `ads_read`
 * (or `ads_management`) to read. Every call of a development-level app answers 270 ("Development-level
 * apps are refused" for custom audiences: reads, creates, updates, deletes, user uploads, sharing).
 */
export function requireAds(g: GraphContext, mode: 'read' | 'write', what: string): void {
  if (Object.hasOwn(g.ctx.state.apps, g.principal.appId) && g.ctx.state.apps[g.principal.appId]?.mode === 'development') throw graphErrors.developmentApp();
  if (!g.principal.record) return;
  const ok =
    mode === 'write' ? hasPermission(g.principal, 'ads_management') : hasPermission(g.principal, 'ads_read') || hasPermission(g.principal, 'ads_management');
  if (!ok) throw graphErrors.permission(`${what} requires the '${mode === 'write' ? 'ads_management' : 'ads_read'}' permission`);
}

/** A paged edge answer over an ordered id list, with absolute `paging.next` URLs the SDK cursor can follow. */
export function edgePage(g: GraphContext, ids: IdSeq, render: (id: string) => Record<string, unknown> | undefined): FakeResponse {
  const limit = readLimit(g.params.limit);
  const w = pageIds(ids, { scope: g.ctx.path.replace(/\/+$/, ''), limit, after: g.params.after, before: g.params.before });
  const data: Record<string, unknown>[] = [];
  for (const id of w.ids) {
    const row = render(id);
    if (row) data.push(row);
  }
  const version = g.version ? `/${g.version}` : '';
  return json(
    200,
    pagedBody({ baseUrl: g.ctx.baseUrl, path: `${version}${g.ctx.path}`, query: g.ctx.req.query, accessToken: g.principal.token, limit }, w, data),
  );
}

/** A paged edge answer over rows computed for this request (no stored ids): cursors hold the row's position. */
export function edgeRows(g: GraphContext, rows: ReadonlyArray<Record<string, unknown>>): FakeResponse {
  return edgePage(
    g,
    rows.map((_, i) => String(i)),
    (i) => rows[Number(i)],
  );
}
