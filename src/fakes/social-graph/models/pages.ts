import type { Draft } from 'immer';
import { nextId } from '../../../store/ids.js';
import { GraphError } from '../errors.js';
import type { PageRecord, SocialGraphState } from '../state.js';
import { type IdList, type IdSeq, appendId, seqOf } from './id-list.js';
import type { GraphContext } from './registry.js';
import { tableGet, tableSet } from '../../../store/table.js';

/** What `seed.page` takes. */
export type { PageSeed } from '../schemas/seeds.js';
import type { PageSeed } from '../schemas/seeds.js';

/** A Page by id (O(1)), own keys only. */
export function getPage(state: SocialGraphState, id: string): PageRecord | undefined {
  return tableGet(state.pages, id);
}

/** A Page by id in a draft. */
export function draftPage(draft: Draft<SocialGraphState>, id: string): Draft<PageRecord> | undefined {
  return tableGet(draft.pages, id);
}

/**
 * The key of a pair of ids in an index table (`<page id>` and a user id, a Page-scoped id, ...): the
 * length prefix keeps it unambiguous whatever characters the ids hold.
 */
export function pairKey(a: string, b: string): string {
  return `${a.length}:${a}/${b}`;
}

/** Creates a Page in a draft; ids come from the `page` counter. */
export function createPage(draft: Draft<SocialGraphState>, seed: PageSeed): PageRecord {
  const id = seed.id ?? String(nextId(draft.counters, 'page', 100_000_000_000_000));
  const page: PageRecord = {
    id,
    published: seed.published ?? true,
    restricted: seed.restricted ?? false,
    fields: { name: seed.name ?? `Page ${id}`, link: `https://www.facebook.com/${id}`, ...(seed.fields ?? {}) },
    subscriptions: {},
    locationCount: 0,
    messagingBlocked: seed.messagingBlocked ?? false,
    claim: seed.claim ?? 'ok',
    isLocation: seed.isLocation ?? false,
  };
  if (seed.parentPageId !== undefined) {
    const parent = draftPage(draft, seed.parentPageId);
    if (!parent) throw new Error(`stuntdouble: seed.page: no parent Page ${seed.parentPageId}`);
    const storeNumber = seed.storeNumber ?? parent.locationCount + 1;
    const pos = appendId(edgeList(draft, parent.id, 'locations'), id);
    parent.locationCount += 1;
    parent.fields.is_chain = true;
    page.isLocation = true;
    page.location = { parentId: parent.id, pos, storeNumber };
    page.fields.store_number = storeNumber;
    page.fields.parent_page = { id: parent.id, name: parent.fields.name };
  }
  tableSet(draft.pages, id, page);
  return page;
}

/** Whether a Page is listed now on the `locations` edge of `parentId` (a re-seeded Page may have moved). */
export function isLocationOf(child: PageRecord | undefined, parentId: string): child is PageRecord & { location: NonNullable<PageRecord['location']> } {
  return child?.location?.parentId === parentId;
}

/** The ordered id list of an edge in a draft (chunked, see `id-list.ts`), created on first use. */
export function edgeList(draft: Draft<SocialGraphState>, nodeId: string, edge: string): Draft<IdList> {
  let byNode = tableGet(draft.edges, nodeId);
  if (!byNode) {
    tableSet(draft.edges, nodeId, {});
    byNode = tableGet(draft.edges, nodeId) as Draft<Record<string, IdList>>;
  }
  let list = Object.hasOwn(byNode, edge) ? byNode[edge] : undefined;
  if (!list) {
    list = [];
    byNode[edge] = list;
  }
  return list;
}

/** The stored chunked list of an edge, if any (read-only). */
export function edgeChunks(state: SocialGraphState, nodeId: string, edge: string): IdList | undefined {
  const byNode = tableGet(state.edges, nodeId);
  return byNode && Object.hasOwn(byNode, edge) ? byNode[edge] : undefined;
}

/** A read view of an edge's ordered ids (O(1) per position; `''` marks a removed entry). */
export function edgeIds(state: SocialGraphState, nodeId: string, edge: string): IdSeq {
  return seqOf(edgeChunks(state, nodeId, edge));
}

/** The Page of an edge call, or 100/33. */
export function pageOf(g: GraphContext, id: string): PageRecord {
  const p = getPage(g.ctx.state, id);
  if (!p) throw new GraphError(100, `Unsupported request. Object with ID '${id}' is not a Page`, { subcode: 33, type: 'GraphMethodException' });
  return p;
}
