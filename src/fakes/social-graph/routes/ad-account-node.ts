import { json } from '../../../http/response.js';
import { bareAccountId, checkAccountRateLimit, renderAdAccount, requireAdAccount } from '../models/ad-accounts.js';
import { createAdSet, renderAdSet } from '../models/ad-sets.js';
import { createAudience } from '../models/audiences/crud.js';
import { renderAudience } from '../models/audiences/render.js';
import { removeUsersOfAnyAudience } from '../models/audiences/users.js';
import { type GraphContext, type NodeType, registerNodeType } from '../models/registry.js';
import { CreateAdSetParams } from '../schemas/ad-set-params.js';
import { CreateAudienceParams, UsersParams } from '../schemas/audience-params.js';
import type { AdAccountRecord, AudienceSlices } from '../schemas/audience-state.js';
import { parseParams } from '../schemas/audience-wire.js';
import { edgePage, renderedTable, requireAds, select } from './audiences-http.js';
import { AUDIENCE_TABLE, audienceFields } from './audiences-node.js';
import { AD_SET_TABLE } from './ad-set-node.js';
import { getAdAccount, getAdSet, getAudience } from '../models/audiences/store.js';
import { seqOf } from '../models/id-list.js';

/** Fields of an AdAccount node this fake answers. */
export const AD_ACCOUNT_FIELDS = ['id', 'account_id', 'name', 'currency', 'timezone_name', 'account_status', 'tos_accepted', 'business'] as const;
const AD_ACCOUNT_TABLE = renderedTable(AD_ACCOUNT_FIELDS);

const slices = (g: GraphContext) => g.ctx.state as unknown as AudienceSlices;

/** The account of the request after its rate limit (80003). */
function gate(g: GraphContext, id: string, method: string): AdAccountRecord {
  const acc = requireAdAccount(slices(g), id, method) as AdAccountRecord;
  checkAccountRateLimit(acc, g.now);
  return acc;
}

/** `AdAccount` node (`act_<id>`): read, and the audience and ad set edges. */
export const adAccountType: NodeType<AdAccountRecord> = {
  type: 'AdAccount',
  op: 'adAccount',
  find: (state, id) => (id.startsWith('act_') ? getAdAccount(state as unknown as AudienceSlices, bareAccountId(id)) : undefined),
  fields: AD_ACCOUNT_TABLE as unknown as NodeType<AdAccountRecord>['fields'],
  defaultFields: ['id', 'account_id'],
  GET: (g, id) => {
    const acc = gate(g, id, 'GET');
    requireAds(g, 'read', 'Reading an ad account');
    return json(200, select(g, AD_ACCOUNT_TABLE, 'AdAccount', renderAdAccount(acc), ['id', 'account_id']));
  },
  edges: {
    customaudiences: {
      GET: (g, id) => {
        const acc = gate(g, id, 'GET');
        requireAds(g, 'read', 'Reading custom audiences');
        const state = slices(g);
        return edgePage(g, seqOf(acc.audienceIds), (aid) => {
          const a = getAudience(state, aid);
          return a ? select(g, AUDIENCE_TABLE, 'CustomAudience', renderAudience(state, a), ['id']) : undefined;
        });
      },
      POST: (g, id) => {
        gate(g, id, 'POST');
        requireAds(g, 'write', 'Creating a custom audience');
        const p = parseParams(CreateAudienceParams, g.params);
        const res = g.ctx.update((d) => createAudience(d as unknown as AudienceSlices, id, p, g.now));
        const a = getAudience(slices(g), res.id);
        // The document's return type: `{ id }` plus a message string.
        const body: Record<string, unknown> = {
          id: res.id,
          message: res.created ? 'The audience was created.' : 'An identical audience exists (enable_fetch_or_create): its id is returned.',
        };
        if (p.fields && a) Object.assign(body, audienceFields(g, a, p.fields));
        return json(200, body);
      },
    },
    adsets: {
      GET: (g, id) => {
        const acc = gate(g, id, 'GET');
        requireAds(g, 'read', 'Reading ad sets');
        const state = slices(g);
        return edgePage(g, seqOf(acc.adSetIds), (sid) => {
          const s = getAdSet(state, sid);
          return s ? select(g, AD_SET_TABLE, 'AdSet', renderAdSet(state, s), ['id']) : undefined;
        });
      },
      POST: (g, id) => {
        gate(g, id, 'POST');
        requireAds(g, 'write', 'Creating an ad set');
        const p = parseParams(CreateAdSetParams, g.params);
        const sid = g.ctx.update((d) => createAdSet(d as unknown as AudienceSlices, id, p, g.now));
        const s = getAdSet(slices(g), sid);
        const body: Record<string, unknown> = { id: sid };
        if (p.fields && s) Object.assign(body, select(g, AD_SET_TABLE, 'AdSet', renderAdSet(slices(g), s), ['id'], p.fields));
        return json(200, body);
      },
    },
    usersofanyaudience: {
      DELETE: (g, id) => {
        gate(g, id, 'DELETE');
        requireAds(g, 'write', 'Removing people from audiences');
        const p = parseParams(UsersParams, g.params);
        return json(
          200,
          g.ctx.update((d) => removeUsersOfAnyAudience(d as unknown as AudienceSlices, id, p, g.now)),
        );
      },
    },
  },
};

registerNodeType(adAccountType);
