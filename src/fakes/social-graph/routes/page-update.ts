import { json } from '../../../http/response.js';
import { GraphError, codeError, graphErrors } from '../errors.js';
import { checkSelection, renderFields, selectionOf } from '../models/fields.js';
import { PAGE_FIELDS } from '../models/page-field-table.js';
import { validateHours } from '../models/hours.js';
import { parseParams } from '../models/params.js';
import type { GraphContext } from '../models/registry.js';
import { hasPermission, requirePageAccess, requirePageRead } from '../models/tokens.js';
import { gUrl } from '../schemas/coerce.js';
import { type PageUpdate, PageUpdateSchema } from '../schemas/page-update.js';
import type { PageRecord } from '../state.js';
import { draftPage, getPage } from '../models/pages.js';
import { tableGet } from '../../../store/table.js';

const PLAIN = [
  'about',
  'company_overview',
  'culinary_team',
  'description',
  'directed_by',
  'displayed_message_response_time',
  'general_info',
  'general_manager',
  'genre',
  'impressum',
  'mission',
  'phone',
  'plot_outline',
  'price_range',
  'public_transit',
  'store_location_descriptor',
  'website',
  'emails',
  'attire',
  'differently_open_offerings',
  'pickup_options',
  'food_styles',
  'is_always_open',
  'is_permanently_closed',
  'parking',
  'payment_options',
  'restaurant_services',
  'restaurant_specialties',
  'contact_address',
  'start_info',
  'gen_ai_provenance_type',
] as const;

const COVER_CONTROLS = ['focus_x', 'focus_y', 'zoom_scale_x', 'zoom_scale_y', 'offset_x', 'offset_y', 'no_feed_story', 'no_notification'] as const;

/** Keeps valid http(s) URLs once each, in order (invalid ones and duplicates are dropped, as the service does). */
export function filterOptionUrls(list: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const u of list) if (gUrl.safeParse(u).success && !seen.has(u)) seen.add(u);
  return [...seen];
}

function checkSpherical(p: PageUpdate): void {
  const m = p.spherical_metadata;
  if (!m) return;
  if (p.cover === undefined) throw graphErrors.param('Param spherical_metadata can only be set when uploading a new image (cover)');
  if (m.InitialViewRollDegrees !== undefined) throw graphErrors.param('Param spherical_metadata[InitialViewRollDegrees] is not supported');
  if (
    m.CroppedAreaImageWidthPixels + m.CroppedAreaLeftPixels > m.FullPanoWidthPixels ||
    m.CroppedAreaImageHeightPixels + m.CroppedAreaTopPixels > m.FullPanoHeightPixels
  ) {
    throw graphErrors.param('Param spherical_metadata: the cropped area must fit in the full panorama');
  }
  if ((m.ProjectionType === 'cylindrical' || m.ProjectionType === 'cubestrip') && m.FullPanoHeightPixels * 2 !== m.FullPanoWidthPixels) {
    throw graphErrors.param(`Param spherical_metadata: for ${m.ProjectionType} FullPanoHeightPixels must equal FullPanoWidthPixels / 2`);
  }
}

function checkRules(g: GraphContext, page: PageRecord, p: PageUpdate): void {
  const status = p.temporary_status?.toLowerCase() ?? (page.fields.temporary_status as string | undefined);
  if (p.differently_open_offerings && status !== 'differently_open') {
    throw graphErrors.param('Param differently_open_offerings is used only with temporary_status DIFFERENTLY_OPEN');
  }
  if (p.hours) validateHours(p.hours);
  if (p.hours && Object.keys(p.hours).length > 0 && (p.is_always_open === true || (p.is_always_open === undefined && page.fields.is_always_open === true))) {
    throw graphErrors.param('Param hours cannot be set on a Page that is always open (is_always_open)');
  }
  const loc = p.location;
  if (loc && ((loc.latitude !== undefined && Math.abs(loc.latitude) > 90) || (loc.longitude !== undefined && Math.abs(loc.longitude) > 180))) {
    throw codeError(160);
  }
  if (loc && (loc.latitude === undefined) !== (loc.longitude === undefined) && !p.ignore_coordinate_warnings) throw codeError(160);
  if (p.store_location_descriptor !== undefined) {
    if (!page.isLocation) throw codeError(374);
    if (p.store_location_descriptor.trim() === '') throw codeError(375);
  }
  const controls = COVER_CONTROLS.filter((k) => p[k] !== undefined);
  if (controls.length > 0 && p.cover === undefined) throw graphErrors.param(`Param ${controls[0]} needs cover`);
  if (p.cover !== undefined) {
    if (!hasPermission(g.principal, 'business_management')) throw codeError(283);
    const photo = tableGet(g.ctx.state.objects, p.cover);
    if (photo?.type !== 'Photo' || photo.ownerId !== page.id) throw codeError(320);
  }
  checkSpherical(p);
  if (p.start_info?.date && p.start_info.type === 'Unspecified')
    throw graphErrors.param('Param start_info[date] needs a start_info[type] other than Unspecified');
}

/**
 * A Page update takes the parameters of the document's list only: any other one (`name`, which Graph
 * does not let an app change, a typo such as `abuot`) is error 100 naming it, and nothing changes, so
 * a client never reads `{ success: true }` for a change that did not happen.
 */
function refuseUnknownParams(params: Record<string, unknown>): void {
  const known = PageUpdateSchema.shape;
  const unknown = Object.keys(params).find((k) => !Object.hasOwn(known, k));
  if (unknown === undefined) return;
  throw new GraphError(100, `Param ${unknown.slice(0, 100)} is not a parameter of a Page update`, {
    type: 'OAuthException',
    userTitle: 'Invalid Parameter',
    userMsg: `A Page update takes ${Object.keys(known)
      .filter((k) => k !== 'fields')
      .join(', ')}.`,
  });
}

/** POST /{page_id}: updates a Page with every parameter validated; read-after-write with `fields`. */
export function updatePage(g: GraphContext, id: string) {
  const page = getPage(g.ctx.state, id);
  if (!page) throw new GraphError(100, `Unsupported post request. Object with ID '${id}' does not exist`, { subcode: 33, type: 'GraphMethodException' });
  requirePageRead(g.ctx.state, g.principal, page);
  requirePageAccess(g.principal, page, { tasks: ['MANAGE'], permissions: ['pages_manage_metadata'], pageToken: true, what: 'Updating a Page' });
  refuseUnknownParams(g.params);
  const p = parseParams(PageUpdateSchema, g.params);
  checkRules(g, page, p);
  const selection = g.params.fields !== undefined ? selectionOf(g.params.fields, ['id']) : null;
  if (selection) checkSelection(PAGE_FIELDS, 'Page', selection);
  g.ctx.update((d) => {
    const dp = draftPage(d, id) as PageRecord;
    const f = dp.fields;
    for (const k of PLAIN) if (p[k] !== undefined) f[k] = p[k];
    if (p.temporary_status) f.temporary_status = p.temporary_status.toLowerCase();
    if (p.category_list) f.category_list = p.category_list.map((cid) => ({ id: cid, name: `Category ${cid}` }));
    if (p.delivery_and_pickup_option_info) {
      const kept = filterOptionUrls(p.delivery_and_pickup_option_info);
      if (kept.length === 0) delete f.delivery_and_pickup_option_info;
      else f.delivery_and_pickup_option_info = kept;
    }
    if (p.hours) {
      if (Object.keys(p.hours).length === 0) delete f.hours;
      else f.hours = p.hours;
    }
    if (p.is_always_open === true) delete f.hours;
    if (p.location) {
      f.location = { ...((f.location as object) ?? {}), ...p.location };
      if (p.location.street && p.location.city) f.single_line_address = `${p.location.street}, ${p.location.city}`;
    }
    if (p.is_published !== undefined) dp.published = p.is_published;
    if (p.is_webhooks_subscribed !== undefined) {
      if (p.is_webhooks_subscribed) dp.subscriptions[g.principal.appId] ??= [];
      else delete dp.subscriptions[g.principal.appId];
    }
    if (p.cover !== undefined) {
      f.cover = {
        cover_id: p.cover,
        id: p.cover,
        offset_x: p.offset_x ?? 50,
        offset_y: p.offset_y ?? 50,
        source: `https://scontent.xx.fbcdn.net/v/cover/${p.cover}.jpg`,
        ...(p.spherical_metadata ? { spherical: true } : {}),
      };
    }
    const handshakes = [...(p.begin_crossposting_handshake ?? []), ...(p.accept_crossposting_handshake ?? [])];
    if (handshakes.length > 0) f.crossposting = handshakes;
  });
  if (selection) return json(200, { success: true, ...renderFields(PAGE_FIELDS, 'Page', getPage(g.ctx.state, id) as PageRecord, selection, g.read) });
  return json(200, { success: true });
}
