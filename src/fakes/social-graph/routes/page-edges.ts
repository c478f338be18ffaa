import { json } from '../../../http/response.js';
import { nextId } from '../../../store/ids.js';
import { codeError, graphErrors } from '../errors.js';
import { listEdgeNodes, requireEdgeRead } from '../models/edge-nodes.js';
import { appendId, removeAt } from '../models/id-list.js';
import { draftPage, edgeIds, edgeList, getPage, isLocationOf, pageOf, pairKey } from '../models/pages.js';
import { tableDelete, tableGet, tableSet } from '../../../store/table.js';
import { getUser, knowsPsid } from '../models/users.js';
import { PAGE_EDGE_TABLE, type PageEdgeRow } from '../schemas/page-edge-table.js';
import { parseParams } from '../models/params.js';
import type { EdgeSpec, GraphContext } from '../models/registry.js';
import { requirePageAccess, requirePageRead } from '../models/tokens.js';
import {
  AssignUserSchema,
  LocationsDeleteSchema,
  NlpConfigSchema,
  NumberVerificationSchema,
  OwnedPageSchema,
  PersonaSchema,
  TakeThreadControlSchema,
  UnassignUserSchema,
} from '../schemas/page-edges.js';
import type { PageRecord } from '../state.js';
import { leadgenEdges } from './leadgen.js';
import { subscribedAppsEdge } from './subscribed-apps.js';

const ok = () => json(200, { success: true });
const MESSAGING = { tasks: ['MESSAGING', 'PAGES_MESSAGING', 'MANAGE'], permissions: ['pages_messaging'], pageToken: true } as const;
const MANAGE = { tasks: ['MANAGE'], permissions: ['pages_manage_metadata'] } as const;

/** The verification code the fake "sends" to a number: its last six digits. */
export function verificationCodeFor(number: string): string {
  return number.replace(/\D/g, '').slice(-6).padStart(6, '0');
}

function numberVerification(g: GraphContext, id: string) {
  const page = pageOf(g, id);
  requirePageAccess(g.principal, page, { ...MANAGE, pageToken: true, what: 'Verifying a WhatsApp number' });
  const p = parseParams(NumberVerificationSchema, g.params);
  const digits = p.whatsapp_number.replace(/[\s()-]/g, '');
  const display = digits.startsWith('+') ? digits : `+${digits}`;
  if (!/^\+?\d{8,15}$/.test(digits)) {
    return json(200, {
      error_message: 'The phone number is not a valid WhatsApp number',
      verification_status: 'NOT_VERIFIED',
      whatsapp_number_type: 0,
      whatsapp_display_number: display,
    });
  }
  if (p.verification_code === undefined) {
    return json(200, { error_message: '', verification_status: 'CODE_SENT', whatsapp_number_type: 1, whatsapp_display_number: display });
  }
  if (p.verification_code !== verificationCodeFor(digits)) {
    return json(200, {
      error_message: 'The verification code is incorrect',
      verification_status: 'NOT_VERIFIED',
      whatsapp_number_type: 1,
      whatsapp_display_number: display,
    });
  }
  g.ctx.update((d) => {
    const dp = draftPage(d, id) as PageRecord;
    dp.fields.whatsapp_number = display;
    dp.fields.has_whatsapp_number = true;
  });
  return json(200, { error_message: '', verification_status: 'VERIFIED', whatsapp_number_type: 1, whatsapp_display_number: display });
}

const OWNED_OUTCOME: Record<Exclude<PageRecord['claim'], 'ok'>, number> = {
  needs_password: 413,
  needs_2fa: 415,
  already_has_access: 3944,
  must_be_admin: 3977,
  insufficient_permission: 3982,
  linked_photoshare: 42001,
};

/** Page edges of sections 4.2/4.3 besides the feed. */
export const pageEdges: Record<string, EdgeSpec> = {
  assigned_users: {
    GET: (g, id) => {
      const page = pageOf(g, id);
      const row = PAGE_EDGE_TABLE.assigned_users as PageEdgeRow;
      requireEdgeRead(g, page, row);
      requirePageAccess(g.principal, page, { ...MANAGE, what: 'Reading assigned users' });
      const state = g.ctx.state;
      const source = {
        ids: edgeIds(state, id, 'assigned_users'),
        get: (uid: string) => ({
          id: uid,
          type: 'AssignedUser',
          ownerId: id,
          fields: {
            name: getUser(state, uid)?.name ?? `User ${uid}`,
            tasks: tableGet(state.indexes.assignments, pairKey(id, uid))?.tasks,
            user_type: 'SYSTEM_USER',
          },
        }),
      };
      return json(200, listEdgeNodes(g, page, row, { source }));
    },
    POST: (g, id) => {
      const page = pageOf(g, id);
      requirePageAccess(g.principal, page, { ...MANAGE, permissions: ['business_management'], what: 'Assigning users' });
      const p = parseParams(AssignUserSchema, g.params);
      g.ctx.update((d) => {
        const key = pairKey(id, p.user);
        const tasks = p.tasks ?? ['MANAGE'];
        const existing = tableGet(d.indexes.assignments, key);
        if (existing) existing.tasks = tasks;
        else tableSet(d.indexes.assignments, key, { tasks, pos: appendId(edgeList(d, id, 'assigned_users'), p.user) });
      });
      return ok();
    },
    DELETE: (g, id) => {
      const page = pageOf(g, id);
      requirePageAccess(g.principal, page, { ...MANAGE, permissions: ['business_management'], what: 'Removing assigned users' });
      const p = parseParams(UnassignUserSchema, g.params);
      const key = pairKey(id, p.user);
      const assigned = tableGet(g.ctx.state.indexes.assignments, key);
      if (!assigned) throw graphErrors.param(`User ${p.user} is not assigned to Page ${id}`);
      g.ctx.update((d) => {
        removeAt(edgeList(d, id, 'assigned_users'), assigned.pos, p.user);
        tableDelete(d.indexes.assignments, key);
      });
      return ok();
    },
  },
  locations: {
    GET: (g, id) => {
      const page = pageOf(g, id);
      requirePageRead(g.ctx.state, g.principal, page);
      const state = g.ctx.state;
      // A listed child that was re-seeded elsewhere since is skipped (O(1) per entry).
      const source = { ids: edgeIds(state, id, 'locations'), get: () => undefined };
      const includeId = (cid: string) => isLocationOf(getPage(state, cid), id);
      return json(200, listEdgeNodes(g, page, PAGE_EDGE_TABLE.locations as PageEdgeRow, { source, includeId }));
    },
    DELETE: (g, id) => {
      const page = pageOf(g, id);
      requirePageAccess(g.principal, page, { ...MANAGE, what: 'Removing Page locations' });
      const p = parseParams(LocationsDeleteSchema, g.params);
      const state = g.ctx.state;
      if (p.location_page_ids.some((cid) => !isLocationOf(getPage(state, cid), id))) throw codeError(371);
      const results = p.location_page_ids.map((cid) => {
        const storeNumber = getPage(state, cid)?.location?.storeNumber;
        return { child_id: cid, success: storeNumber !== undefined && p.store_numbers.includes(storeNumber) };
      });
      g.ctx.update((d) => {
        const dp = draftPage(d, id) as PageRecord;
        for (const r of results) {
          if (!r.success) continue;
          const child = draftPage(d, r.child_id);
          // Listed twice in one call: the first removal took it off already.
          if (!child?.location || child.location.parentId !== id) continue;
          removeAt(edgeList(d, id, 'locations'), child.location.pos, r.child_id);
          dp.locationCount -= 1;
          child.isLocation = false;
          delete child.location;
          delete child.fields.parent_page;
        }
      });
      return json(200, { status: results.every((r) => r.success), data: results });
    },
  },
  page_whatsapp_number_verification: { POST: numberVerification },
  take_thread_control: {
    limitFamily: 'messaging',
    POST: (g, id) => {
      const page = pageOf(g, id);
      requirePageAccess(g.principal, page, { ...MESSAGING, what: 'Taking thread control' });
      const p = parseParams(TakeThreadControlSchema, g.params);
      const known = knowsPsid(g.ctx.state, id, p.recipient.id);
      if (!known || page.messagingBlocked) throw codeError(551);
      g.ctx.update((d) => {
        (draftPage(d, id) as PageRecord).fields.thread_owner = { psid: p.recipient.id, app_id: g.principal.appId, metadata: p.metadata ?? null };
      });
      return ok();
    },
  },
  personas: {
    limitFamily: 'messaging',
    GET: (g, id) => {
      const page = pageOf(g, id);
      requirePageRead(g.ctx.state, g.principal, page);
      return json(200, listEdgeNodes(g, page, PAGE_EDGE_TABLE.personas as PageEdgeRow));
    },
    POST: (g, id) => {
      const page = pageOf(g, id);
      requirePageAccess(g.principal, page, { ...MESSAGING, what: 'Creating a persona' });
      const p = parseParams(PersonaSchema, g.params);
      if (page.messagingBlocked) throw codeError(230);
      const pid = g.ctx.update((d) => {
        const oid = String(nextId(d.counters, 'object', 300_000_000_000_000));
        tableSet(d.objects, oid, {
          id: oid,
          type: (PAGE_EDGE_TABLE.personas as PageEdgeRow).nodeType,
          ownerId: id,
          fields: { name: p.name, profile_picture_url: p.profile_picture_url },
        });
        appendId(edgeList(d, id, 'personas'), oid);
        return oid;
      });
      return json(200, { id: pid });
    },
  },
  owned_pages: {
    POST: (g, id) => {
      const page = pageOf(g, id);
      requirePageAccess(g.principal, page, { tasks: ['MANAGE'], permissions: ['business_management'], what: 'Claiming a Page' });
      const p = parseParams(OwnedPageSchema, g.params);
      const target = getPage(g.ctx.state, p.page_id);
      if (!target) throw graphErrors.param(`Param page_id must be a valid Page id: ${p.page_id}`);
      if (target.claim !== 'ok') throw codeError(OWNED_OUTCOME[target.claim]);
      g.ctx.update((d) => {
        appendId(edgeList(d, id, 'owned_pages'), p.page_id);
        (draftPage(d, p.page_id) as PageRecord).claim = 'already_has_access';
      });
      const body: Record<string, unknown> = { access_status: 'CONFIRMED' };
      if (g.params.fields !== undefined) body.id = p.page_id;
      return json(200, body);
    },
  },
  nlp_configs: {
    limitFamily: 'messaging',
    POST: (g, id) => {
      const page = pageOf(g, id);
      requirePageAccess(g.principal, page, { ...MESSAGING, what: 'Configuring built-in NLP' });
      const p = parseParams(NlpConfigSchema, g.params);
      if (p.model === 'CUSTOM' && !p.custom_token) throw graphErrors.param('Param custom_token is required with model CUSTOM');
      g.ctx.update((d) => {
        const dp = draftPage(d, id) as PageRecord;
        dp.fields.nlp_config = { ...((dp.fields.nlp_config as object) ?? {}), ...p };
      });
      return ok();
    },
  },
  subscribed_apps: subscribedAppsEdge,
  ...leadgenEdges,
};
