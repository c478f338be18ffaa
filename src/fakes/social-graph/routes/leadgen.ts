import { json } from '../../../http/response.js';
import { nextId } from '../../../store/ids.js';
import { GraphError, codeError, graphErrors } from '../errors.js';
import { listEdgeNodes } from '../models/edge-nodes.js';
import { edgeList, getPage } from '../models/pages.js';
import { appendId } from '../models/id-list.js';
import { tableGet, tableSet } from '../../../store/table.js';
import { PAGE_EDGE_TABLE, type PageEdgeRow } from '../schemas/page-edge-table.js';
import { parseParams } from '../models/params.js';
import { type EdgeSpec, type GraphContext, registerNodeType } from '../models/registry.js';
import { edgeFieldTable } from '../models/edge-nodes.js';
import { graphTime, renderFields, selectionOf } from '../models/fields.js';
import { requirePageAccess } from '../models/tokens.js';
import { LEADGEN_KEYS, type LeadgenForm, LeadgenFormSchema } from '../schemas/leadgen.js';
import type { ObjectRecord, PageRecord } from '../state.js';

const NEED = { tasks: ['ADVERTISE', 'MANAGE', 'MANAGE_LEADS'], permissions: ['pages_manage_ads', 'leads_retrieval'], what: 'Managing lead forms' } as const;

function page(g: GraphContext, id: string): PageRecord {
  const p = getPage(g.ctx.state, id);
  if (!p) throw new GraphError(100, `Unsupported request. Object with ID '${id}' is not a Page`, { subcode: 33, type: 'GraphMethodException' });
  return p;
}

/** Rules beyond shape: CUSTOM questions need a label, unique keys, button types need their target, a valid phone (192). */
function checkForm(f: LeadgenForm, hasUpload: boolean): void {
  const keys = new Set<string>();
  for (const q of f.questions) {
    if (q.type === 'CUSTOM' && !q.label) throw graphErrors.param('Param questions: a CUSTOM question needs a label');
    if (q.key !== undefined) {
      if (keys.has(q.key)) throw graphErrors.param(`Param questions: duplicate question key ${q.key}`);
      keys.add(q.key);
    }
  }
  const t = f.thank_you_page;
  if (t) {
    if (t.button_type === 'VIEW_WEBSITE' && !t.website_url)
      throw graphErrors.param('Param thank_you_page[website_url] is required with button_type VIEW_WEBSITE');
    if (t.button_type === 'CALL_BUSINESS' && !t.business_phone_number)
      throw graphErrors.param('Param thank_you_page[business_phone_number] is required with button_type CALL_BUSINESS');
    if (t.business_phone_number !== undefined && !/^\+?[\d\s()-]{6,20}$/.test(t.business_phone_number)) throw codeError(192);
  }
  if (hasUpload && t?.button_type !== 'VIEW_ON_FACEBOOK') throw graphErrors.param('Param upload_gated_file needs thank_you_page[button_type] VIEW_ON_FACEBOOK');
}

const FORM_ROW = PAGE_EDGE_TABLE.leadgen_forms as PageEdgeRow;

/** A lead form node (`GET /{form-id}`): readable by whoever may manage the Page's lead forms. */
registerNodeType<ObjectRecord>({
  type: 'LeadgenForm',
  op: 'leadgenForm',
  find: (state, id) => {
    const o = tableGet(state.objects, id);
    return o?.type === 'leadgen_form' ? o : undefined;
  },
  fields: edgeFieldTable(FORM_ROW),
  defaultFields: FORM_ROW.defaults,
  pageOf: (o) => o.ownerId,
  GET: (g, id) => {
    const form = tableGet(g.ctx.state.objects, id) as ObjectRecord;
    const p = page(g, form.ownerId);
    requirePageAccess(g.principal, p, NEED);
    return json(200, renderFields(edgeFieldTable(FORM_ROW), 'LeadgenForm', form, selectionOf(g.params.fields, FORM_ROW.defaults), g.read));
  },
  edges: {},
});

/** leadgen_forms: POST with every parameter validated (unknown parameters answer 105), GET lists. */
export const leadgenEdges: Record<string, EdgeSpec> = {
  leadgen_forms: {
    limitFamily: 'leadgen',
    GET: (g, id) => {
      const p = page(g, id);
      requirePageAccess(g.principal, p, NEED);
      return json(200, listEdgeNodes(g, p, PAGE_EDGE_TABLE.leadgen_forms as PageEdgeRow));
    },
    POST: (g, id) => {
      const p = page(g, id);
      requirePageAccess(g.principal, p, NEED);
      const extra = Object.keys(g.params).filter((k) => !LEADGEN_KEYS.has(k));
      if (extra.length > 0)
        throw new GraphError(105, `The number of parameters exceeded the maximum for this operation (unexpected: ${extra.join(', ')})`, {
          type: 'GraphMethodException',
        });
      const f = parseParams(LeadgenFormSchema, g.params);
      checkForm(f, f.upload_gated_file !== undefined);
      const fid = g.ctx.update((d) => {
        const oid = String(nextId(d.counters, 'object', 300_000_000_000_000));
        const { upload_gated_file: _u, fields: _f, ...stored } = f;
        tableSet(d.objects, oid, {
          id: oid,
          type: 'leadgen_form',
          ownerId: id,
          fields: { ...stored, locale: f.locale ?? 'EN_US', status: 'ACTIVE', created_time: graphTime(g.now), page_id: id, leads_count: 0 },
        });
        appendId(edgeList(d, id, 'leadgen_forms'), oid);
        return oid;
      });
      return json(200, { id: fid });
    },
  },
};
