import { json } from '../../../http/response.js';
import { GraphError, graphErrors } from '../errors.js';
import { type Selected, renderFields, selectionOf, checkSelection } from '../models/fields.js';
import { listEdgeNodes, requireEdgeRead } from '../models/edge-nodes.js';
import { pageOf } from '../models/pages.js';
import { requirePageAccess } from '../models/tokens.js';
import { tableGet } from '../../../store/table.js';
import { PAGE_INSIGHTS_METRICS } from '../schemas/insights-metrics.js';
import { pictureSource } from '../models/picture.js';
import type { EdgeSpec, GraphContext } from '../models/registry.js';
import { INSIGHT_PERIODS } from '../schemas/edge-seeds.js';
import { PAGE_EDGE_TABLE, type PageEdgeRow } from '../schemas/page-edge-table.js';
import type { FieldTable } from '../models/fields.js';
import type { ObjectRecord, PageRecord } from '../state.js';

const LIMIT_FAMILY: Readonly<Record<string, EdgeSpec['limitFamily']>> = {
  instagram_accounts: 'photoshare',
  conversations: 'messaging',
  thread_owner: 'messaging',
  messenger_profile: 'messaging',
  custom_labels: 'messaging',
  custom_user_settings: 'messaging',
  secondary_receivers: 'messaging',
};

/** The generic reader of a table row: access check, then the paged node list. */
function genericRead(row: PageEdgeRow) {
  return (g: GraphContext, id: string) => {
    const page = pageOf(g, id);
    requireEdgeRead(g, page, row);
    return json(200, listEdgeNodes(g, page, row));
  };
}

function row(edge: string): PageEdgeRow {
  return PAGE_EDGE_TABLE[edge] as PageEdgeRow;
}

/** Graph's answer for a metric name it does not know. */
const invalidMetric = () => graphErrors.param('The value must be a valid insights metric');

/** Whether a metric is one Graph knows for Pages, or one seeded for this Page (any period; O(periods)). */
function knownMetric(g: GraphContext, pageId: string, metric: string): boolean {
  if (PAGE_INSIGHTS_METRICS.has(metric)) return true;
  return INSIGHT_PERIODS.some((p) => tableGet(g.ctx.state.objects, `${pageId}/insights/${metric}/${p}`) !== undefined);
}

/**
 * Who may read insights: a Page access token of the Page (Graph's reference: "A Page access token
 * requested by a person who can perform the ANALYZE task on the Page"), with the ANALYZE task and the
 * `read_insights` permission. Another token answers 190, a Page token without either 200.
 */
function requireInsights(g: GraphContext, page: PageRecord): void {
  requireEdgeRead(g, page, row('insights'));
  requirePageAccess(g.principal, page, { tasks: ['ANALYZE'], permissions: ['read_insights'], pageToken: true, what: 'Reading Page insights' });
}

/**
 * An insights time bound (`since`/`until`): Unix seconds or a date Graph's strtotime reads (ISO
 * `2024-03-01`, `2024-03-01T00:00:00+0000`); epoch ms.
 */
function insightBound(name: string, raw: unknown): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const s = String(raw);
  const ms = /^\d{1,11}$/.test(s) ? Number(s) * 1000 : /^\d{4}-\d\d-\d\d/.test(s) ? Date.parse(s.replace(/([+-]\d\d)(\d\d)$/, '$1:$2')) : Number.NaN;
  if (!Number.isFinite(ms)) throw graphErrors.param(`Param ${name} must be a valid Unix timestamp or date: ${s.slice(0, 100)}`);
  return ms;
}

/**
 * insights: the seeded metrics, filtered by `metric` (comma list, or the path segment of
 * `/{page-id}/insights/{metric}`), `period` (also a path segment) and the `since`/`until` window
 * (values whose `end_time` falls after `since` and not after `until`).
 */
function readInsights(g: GraphContext, id: string) {
  const r = row('insights');
  const page = pageOf(g, id);
  requireInsights(g, page);
  const rawMetric = g.params.metric;
  const metrics = rawMetric === undefined ? null : (Array.isArray(rawMetric) ? rawMetric.join(',') : String(rawMetric)).split(',').map((m) => m.trim());
  for (const m of metrics ?? []) if (!knownMetric(g, page.id, m)) throw invalidMetric();
  const period = g.params.period;
  if (period !== undefined && !(INSIGHT_PERIODS as readonly unknown[]).includes(period)) {
    throw graphErrors.param(`Param period must be one of {${INSIGHT_PERIODS.join(', ')}}`);
  }
  const since = insightBound('since', g.params.since);
  const until = insightBound('until', g.params.until);
  const include = (o: ObjectRecord) => (metrics === null || metrics.includes(String(o.fields.name))) && (period === undefined || o.fields.period === period);
  const body = listEdgeNodes(g, page, r, { include });
  if (since !== undefined || until !== undefined) {
    const inWindow = (v: unknown) => {
      const end = Date.parse(String((v as { end_time?: unknown }).end_time ?? '').replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
      return (since === undefined || end > since) && (until === undefined || end <= until);
    };
    for (const m of body.data as Array<Record<string, unknown>>) if (Array.isArray(m.values)) m.values = m.values.filter(inWindow);
  }
  return json(200, body);
}

/** picture: a 302 to the image by default; `redirect=false|0` answers the ProfilePictureSource JSON. */
function readPicture(g: GraphContext, id: string) {
  const page = pageOf(g, id);
  requirePicture(g, page);
  const source = pictureSource(page, g.params, g.ctx.baseUrl);
  const redirect = g.params.redirect;
  if (redirect === 'false' || redirect === '0' || redirect === false || redirect === 0) {
    const selection = selectionOf(g.params.fields, row('picture').defaults);
    const table: FieldTable<Record<string, unknown>> = Object.fromEntries(
      row('picture').fields.map((f) => [f, { type: 'object' as const, read: (o: Record<string, unknown>) => o[f] }]),
    );
    checkSelection(table, 'ProfilePictureSource', selection);
    const data = renderFields(table, 'ProfilePictureSource', source, selection as Selected[], g.read);
    delete data.id;
    return json(200, { data });
  }
  return { status: 302, headers: { location: source.url, 'content-type': 'image/jpeg', 'content-length': '0' }, body: '' };
}

function requirePicture(g: GraphContext, page: PageRecord): void {
  requireEdgeRead(g, page, row('picture'));
}

/** threads: deprecated in favour of conversations; Graph answers code 12. */
function readThreads(g: GraphContext, id: string): never {
  pageOf(g, id);
  throw new GraphError(12, 'threads edge is deprecated for versions v2.4 and higher. Please use the conversations edge instead', { type: 'OAuthException' });
}

/** The Page Inbox app: owner of every thread no app has taken control of. */
export const PAGE_INBOX_APP_ID = '263902037430900';

/** thread_owner: which app controls the conversation with `recipient` (a Page-scoped id). */
function readThreadOwner(g: GraphContext, id: string) {
  const page = pageOf(g, id);
  requireEdgeRead(g, page, row('thread_owner'));
  const recipient = g.params.recipient;
  if (recipient === undefined || recipient === '') throw graphErrors.param('The parameter recipient is required');
  if (typeof recipient !== 'string' || !/^\d{1,32}$/.test(recipient)) throw graphErrors.param('Param recipient must be a Page-scoped user id');
  const owner = page.fields.thread_owner as { psid?: string; app_id?: string } | undefined;
  const appId = owner?.psid === recipient && owner.app_id ? owner.app_id : PAGE_INBOX_APP_ID;
  return json(200, { data: [{ thread_owner: { app_id: appId } }] });
}

const CUSTOM: Readonly<Record<string, EdgeSpec>> = {
  insights: { GET: readInsights, pathParams: ['metric', 'period'] },
  picture: { GET: readPicture },
  threads: { GET: readThreads },
  thread_owner: { GET: readThreadOwner, limitFamily: 'messaging' },
};

/**
 * The Page edges served from the edge table: every `objects` and `pages` row through one generic
 * reader, plus the hand-written ones with behaviour (insights filters, picture redirect, threads
 * deprecation, thread owner). Post views and older hand-written edges live in feed.ts / page-edges.ts.
 */
export const tableEdges: Record<string, EdgeSpec> = Object.fromEntries([
  ...Object.values(PAGE_EDGE_TABLE)
    .filter((r) => r.kind === 'objects' || r.kind === 'pages')
    .map((r): [string, EdgeSpec] => {
      const family = LIMIT_FAMILY[r.edge];
      return [r.edge, { GET: genericRead(r), ...(family ? { limitFamily: family } : {}) }];
    }),
  ...Object.entries(CUSTOM),
]);
