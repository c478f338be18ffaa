import { json } from '../../../http/response.js';
import { GraphError } from '../errors.js';
import { checkAccountRateLimit } from '../models/ad-accounts.js';
import { requireAudience, updateAudience } from '../models/audiences/crud.js';
import { deleteAudience, setAudienceSharing } from '../models/audiences/lifecycle.js';
import { AUDIENCE_DEFAULT_FIELDS, AUDIENCE_FIELDS, audienceAdAccounts, audienceHealth, renderAudience, sharedAccountInfo } from '../models/audiences/render.js';
import { changeUsers } from '../models/audiences/users.js';
import { type GraphContext, type NodeType, registerNodeType } from '../models/registry.js';
import { ReadAudienceQuery, ShareAudienceParams, UPDATABLE_FIELDS, UpdateAudienceParams, UsersParams } from '../schemas/audience-params.js';
import type { AudienceRecord, AudienceSlices } from '../schemas/audience-state.js';
import { parseParams } from '../schemas/audience-wire.js';
import { edgePage, edgeRows, renderedTable, requireAds, select } from './audiences-http.js';
import { getAdAccount, getAudience } from '../models/audiences/store.js';

/** The `fields=` table of a CustomAudience node. */
export const AUDIENCE_TABLE = renderedTable(AUDIENCE_FIELDS);

const slices = (g: GraphContext) => g.ctx.state as unknown as AudienceSlices;

/** Checks the owner account's rate limit (80003) before any audience call. */
function accountGate(g: GraphContext, a: AudienceRecord): void {
  const acc = getAdAccount(slices(g), a.accountId);
  if (acc) checkAccountRateLimit(acc, g.now);
}

/** Renders the selected fields of an audience for the viewer of this request. */
export function audienceFields(g: GraphContext, a: AudienceRecord, fields: unknown = g.params.fields): Record<string, unknown> {
  const q = parseParams(ReadAudienceQuery, g.params);
  const state = slices(g);
  if (q.ad_account_id !== undefined && !a.sharedWith.includes(q.ad_account_id) && q.ad_account_id !== a.accountId) {
    throw new GraphError(100, `Ad account ${q.ad_account_id} cannot use custom audience ${a.id}: it is neither the owner nor a recipient of a share`);
  }
  const full = renderAudience(state, a, q.ad_account_id !== undefined ? { viewerAccountId: q.ad_account_id } : {});
  return select(g, AUDIENCE_TABLE, 'CustomAudience', full, AUDIENCE_DEFAULT_FIELDS, fields);
}

function readable(g: GraphContext, id: string): AudienceRecord {
  const a = requireAudience(slices(g), id, 'GET') as AudienceRecord;
  accountGate(g, a);
  requireAds(g, 'read', 'Reading a custom audience');
  return a;
}

/** `CustomAudience` node: read, update, delete, and its edges (ad sets, ads, sessions, ...). */
export const customAudienceType: NodeType<AudienceRecord> = {
  type: 'CustomAudience',
  op: 'customAudience',
  find: (state, id) => getAudience(state as unknown as AudienceSlices, id),
  fields: AUDIENCE_TABLE as unknown as NodeType<AudienceRecord>['fields'],
  defaultFields: AUDIENCE_DEFAULT_FIELDS,
  GET: (g, id) => json(200, audienceFields(g, readable(g, id))),
  POST: (g, id) => {
    const a = requireAudience(slices(g), id, 'POST') as AudienceRecord;
    accountGate(g, a);
    requireAds(g, 'write', 'Updating a custom audience');
    // An update names only parameters it takes: anything else is refused, never silently dropped.
    const unknown = Object.keys(g.params).find((k) => !Object.hasOwn(UpdateAudienceParams.shape, k));
    if (unknown !== undefined) {
      throw new GraphError(100, `Param ${unknown.slice(0, 100)} is not a parameter of a custom audience update`, {
        userTitle: 'Invalid Parameter',
        userMsg: `An audience update takes ${UPDATABLE_FIELDS.join(', ')}.`,
      });
    }
    const p = parseParams(UpdateAudienceParams, g.params);
    g.ctx.update((d) => updateAudience(d as unknown as AudienceSlices, id, p, g.now));
    const body: Record<string, unknown> = { success: true, message: 'The audience was updated.' };
    if (p.fields) {
      const after = getAudience(slices(g), id);
      if (after) Object.assign(body, audienceFields(g, after, p.fields));
    }
    return json(200, body);
  },
  DELETE: (g, id) => {
    const a = requireAudience(slices(g), id, 'DELETE') as AudienceRecord;
    accountGate(g, a);
    const acc = getAdAccount(slices(g), a.accountId);
    if (acc?.deleteRateLimitedUntil != null && g.now < acc.deleteRateLimitedUntil) {
      throw new GraphError(613, 'Calls to this api have exceeded the rate limit.', { type: 'OAuthException' });
    }
    requireAds(g, 'write', 'Deleting a custom audience');
    g.ctx.update((d) => deleteAudience(d as unknown as AudienceSlices, id, g.now));
    return json(200, { success: true });
  },
  edges: {
    users: {
      POST: (g, id) => usersChange(g, id, 'add'),
      DELETE: (g, id) => usersChange(g, id, 'remove'),
    },
    adaccounts: {
      POST: (g, id) => share(g, id, 'share'),
      DELETE: (g, id) => share(g, id, 'unshare'),
      GET: (g, id) => {
        const a = readable(g, id);
        return edgeRows(
          g,
          audienceAdAccounts(a).map((row) => select(g, AD_ACCOUNT_ROW, 'CustomAudienceAdAccount', row, ['id'])),
        );
      },
    },
    ads: {
      // The minimal ad model has ad sets only: no ads exist, so the edge is always empty.
      GET: (g, id) => {
        readable(g, id);
        return edgeRows(g, []);
      },
    },
    health: {
      GET: (g, id) => edgeRows(g, pickRows(g, HEALTH_ROW, 'CustomAudienceHealth', audienceHealth(readable(g, id), g.now))),
    },
    sessions: {
      GET: (g, id) => {
        const a = readable(g, id);
        const wanted = g.params.session_id === undefined ? undefined : String(g.params.session_id);
        const ids = a.sessions.filter((s) => wanted === undefined || s.session_id === wanted).map((s) => s.session_id);
        const byId = new Map(a.sessions.map((s) => [s.session_id, s]));
        return edgePage(g, ids, (sid) => pickRows(g, SESSION_ROW, 'CustomAudienceSession', [{ ...(byId.get(sid) as object) }])[0]);
      },
    },
    shared_account_info: {
      GET: (g, id) => edgeRows(g, pickRows(g, SHARED_ROW, 'CustomAudiencesharedAccountInfo', sharedAccountInfo(slices(g), readable(g, id)))),
    },
  },
};

const AD_ACCOUNT_ROW = renderedTable(['id', 'account_id']);
const HEALTH_ROW = renderedTable(['calculated_date', 'processed_date', 'approximate_count_lower_bound', 'approximate_count_upper_bound', 'operation_status']);
const SESSION_ROW = renderedTable(['session_id', 'start_time', 'end_time', 'num_received', 'num_matched', 'num_invalid_entries', 'progress', 'stage']);
const SHARED_ROW = renderedTable(['account_id', 'account_name', 'business_id', 'business_name', 'sharing_status']);

/** Edge rows without an id: every field unless `fields=` selects some (unknown fields → 100). */
function pickRows(
  g: GraphContext,
  table: ReturnType<typeof renderedTable>,
  typeName: string,
  rows: Array<Record<string, unknown>>,
): Array<Record<string, unknown>> {
  if (g.params.fields === undefined || g.params.fields === '') return rows;
  return rows.map((row) => select(g, table, typeName, row, Object.keys(table)));
}

function share(g: GraphContext, id: string, mode: 'share' | 'unshare') {
  const a = requireAudience(slices(g), id, mode === 'share' ? 'POST' : 'DELETE') as AudienceRecord;
  accountGate(g, a);
  requireAds(g, 'write', 'Sharing a custom audience');
  const p = parseParams(ShareAudienceParams, g.params);
  g.ctx.update((d) => setAudienceSharing(d as unknown as AudienceSlices, id, p.adaccounts, mode, p.replace === true));
  return json(200, { success: true });
}

function usersChange(g: GraphContext, id: string, mode: 'add' | 'remove') {
  const a = requireAudience(slices(g), id, mode === 'add' ? 'POST' : 'DELETE') as AudienceRecord;
  accountGate(g, a);
  requireAds(g, 'write', 'Changing the people of a custom audience');
  const p = parseParams(UsersParams, g.params);
  const result = g.ctx.update((d) => changeUsers(d as unknown as AudienceSlices, id, p, mode, g.now));
  return json(200, result);
}

registerNodeType(customAudienceType);
