import type { Draft } from 'immer';
import { nextId } from '../../../store/ids.js';
import { GraphError } from '../errors.js';
import type { PageRecord, SocialGraphState } from '../state.js';
import { type IdList, type IdSeq, seqOf } from './id-list.js';
import type { GraphContext } from './registry.js';

/** What `seed.page` takes. */
export interface PageSeed {
  id?: string;
  name?: string;
  published?: boolean;
  restricted?: boolean;
  isLocation?: boolean;
  messagingBlocked?: boolean;
  claim?: PageRecord['claim'];
  /** Makes this a location (child) Page of that parent with this store number. */
  parentPageId?: string;
  storeNumber?: number;
  /** Any other section 2.2 field values, in their read shape. */
  fields?: Record<string, unknown>;
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
    assignedUsers: {},
    locations: {},
    messagingBlocked: seed.messagingBlocked ?? false,
    claim: seed.claim ?? 'ok',
    isLocation: seed.isLocation ?? false,
  };
  if (seed.parentPageId !== undefined) {
    const parent = draft.pages[seed.parentPageId];
    if (!parent) throw new Error(`stuntdouble: seed.page: no parent Page ${seed.parentPageId}`);
    const storeNumber = seed.storeNumber ?? Object.keys(parent.locations).length + 1;
    parent.locations[id] = storeNumber;
    parent.fields.is_chain = true;
    page.isLocation = true;
    page.fields.store_number = storeNumber;
    page.fields.parent_page = { id: parent.id, name: parent.fields.name };
  }
  draft.pages[id] = page;
  draft.edges[id] ??= {};
  return page;
}

/** The ordered id list of an edge in a draft, created on first use. */
export function edgeList(draft: Draft<SocialGraphState>, nodeId: string, edge: string): string[] {
  let byNode = draft.edges[nodeId];
  if (!byNode) {
    byNode = {};
    draft.edges[nodeId] = byNode;
  }
  let list = byNode[edge];
  if (!list) {
    list = [];
    byNode[edge] = list;
  }
  return list;
}

/** The ordered id list of an edge (read-only), empty when none. */
export function edgeIds(state: SocialGraphState, nodeId: string, edge: string): readonly string[] {
  return state.edges[nodeId]?.[edge] ?? [];
}

/** A Page's chunked post edge (feed, published_posts, ...) in a draft, created on first use. */
export function feedList(draft: Draft<SocialGraphState>, pageId: string, edge: string): Draft<IdList> {
  let byPage = draft.feeds[pageId];
  if (!byPage) {
    byPage = {};
    draft.feeds[pageId] = byPage;
  }
  let list = byPage[edge];
  if (!list) {
    list = [];
    byPage[edge] = list;
  }
  return list;
}

/** A read view of a Page's post edge. */
export function feedIds(state: SocialGraphState, pageId: string, edge: string): IdSeq {
  return seqOf(state.feeds[pageId]?.[edge]);
}

/** The Page of an edge call, or 100/33. */
export function pageOf(g: GraphContext, id: string): PageRecord {
  const p = g.ctx.state.pages[id];
  if (!p) throw new GraphError(100, `Unsupported request. Object with ID '${id}' is not a Page`, { subcode: 33, type: 'GraphMethodException' });
  return p;
}
