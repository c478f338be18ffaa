import { json } from '../../../http/response.js';
import { checkAccountRateLimit } from '../models/ad-accounts.js';
import { AD_SET_FIELDS, renderAdSet, requireAdSet, updateAdSet } from '../models/ad-sets.js';
import { type GraphContext, type NodeType, registerNodeType } from '../models/registry.js';
import { UpdateAdSetParams } from '../schemas/ad-set-params.js';
import type { AdSetRecord, AudienceSlices } from '../schemas/audience-state.js';
import { parseParams } from '../schemas/audience-wire.js';
import { renderedTable, requireAds, select } from './audiences-http.js';
import { getAdAccount, getAdSet } from '../models/audiences/store.js';

/** The `fields=` table of an AdSet node. */
export const AD_SET_TABLE = renderedTable(AD_SET_FIELDS);

const slices = (g: GraphContext) => g.ctx.state as unknown as AudienceSlices;

function gate(g: GraphContext, id: string, method: string): AdSetRecord {
  const s = requireAdSet(slices(g), id, method) as AdSetRecord;
  const acc = getAdAccount(slices(g), s.accountId);
  if (acc) checkAccountRateLimit(acc, g.now);
  return s;
}

/** `AdSet` node: read (effective_status, issues_info), update (name, status, targeting) and delete (status DELETED). */
export const adSetType: NodeType<AdSetRecord> = {
  type: 'AdSet',
  op: 'adSet',
  find: (state, id) => getAdSet(state as unknown as AudienceSlices, id),
  fields: AD_SET_TABLE as unknown as NodeType<AdSetRecord>['fields'],
  defaultFields: ['id'],
  GET: (g, id) => {
    const s = gate(g, id, 'GET');
    requireAds(g, 'read', 'Reading an ad set');
    return json(200, select(g, AD_SET_TABLE, 'AdSet', renderAdSet(slices(g), s), ['id']));
  },
  POST: (g, id) => {
    gate(g, id, 'POST');
    requireAds(g, 'write', 'Updating an ad set');
    const p = parseParams(UpdateAdSetParams, g.params);
    g.ctx.update((d) => updateAdSet(d as unknown as AudienceSlices, id, p, g.now));
    const body: Record<string, unknown> = { success: true };
    const s = getAdSet(slices(g), id);
    if (p.fields && s) Object.assign(body, select(g, AD_SET_TABLE, 'AdSet', renderAdSet(slices(g), s), ['id'], p.fields));
    return json(200, body);
  },
  DELETE: (g, id) => {
    gate(g, id, 'DELETE');
    requireAds(g, 'write', 'Deleting an ad set');
    g.ctx.update((d) => updateAdSet(d as unknown as AudienceSlices, id, { status: 'DELETED' }, g.now));
    return json(200, { success: true });
  },
  edges: {},
};

registerNodeType(adSetType);
