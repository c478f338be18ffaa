import { NODE_TYPE_FIELDS, PAGE_EDGE_NODE_TYPES } from './graph-node-fields.js';

/**
 * How an edge's rows are kept:
 * - `objects`: small nodes owned by the Page (`state.objects`, ordered in `state.edges[page][edge]`);
 * - `pages`: other Page nodes (`state.edges[page][edge]` holds their ids, rendered as Pages);
 * - `posts`: a view over the one post store (`state.feeds[page][list]`, filed when a post is written);
 * - `custom`: a hand-written handler (behaviour lives there).
 */
export type PageEdgeKind = 'objects' | 'pages' | 'posts' | 'custom';

/** Who may read an edge beyond reading the Page: anyone who can read it, a role holder, or only a Page token of the Page. */
export type PageEdgeAccess = 'public' | 'role' | 'pageToken';

/** One Page edge: the data the generic edge handler renders it from. */
export interface PageEdgeRow {
  /** The edge name Graph uses (`/{page-id}/<edge>`). */
  readonly edge: string;
  /** The node type Graph returns (from the Business SDK, see graph-node-fields.ts). */
  readonly nodeType: string;
  readonly kind: PageEdgeKind;
  /** Fields answered when `fields=` is absent. */
  readonly defaults: readonly string[];
  /** Every field `fields=` may select: the node type's fields plus `extra` (`id` only where the node type has one). */
  readonly fields: readonly string[];
  readonly access: PageEdgeAccess;
  /** `posts` views: the post list of the Page they read. */
  readonly postList?: string;
  /** Listed in the order added (tabs by position, settings, roles); otherwise newest first. */
  readonly oldestFirst: boolean;
}

interface RowSpec {
  kind?: PageEdgeKind;
  defaults?: readonly string[];
  /** Fields Graph answers on this edge that the SDK class does not list. */
  extra?: readonly string[];
  access?: PageEdgeAccess;
  postList?: string;
  oldestFirst?: boolean;
}

/**
 * Every Page edge the social graph document names (its list of Page edges by returned node type),
 * in Graph's spelling. Default fields follow Graph's reference pages; an edge with no stated default
 * answers `id` (and `name` where its node type has one), as Graph does for most nodes.
 */
const SPECS: Readonly<Record<string, RowSpec>> = {
  ab_tests: { defaults: ['name', 'id'], access: 'role' },
  ads_posts: { kind: 'posts', postList: 'ads_posts', access: 'role' },
  agencies: { defaults: ['name', 'id'], access: 'role' },
  albums: { defaults: ['created_time', 'name', 'id'] },
  // People (names and ids of users): a Page token of the Page only (section 5; Graph's assigned_users
  // reference asks for a Page access token of a person with the MANAGE task).
  assigned_users: { kind: 'custom', defaults: ['id', 'name', 'tasks'], extra: ['tasks'], oldestFirst: true, access: 'pageToken' },
  audio_media_copyrights: { access: 'role' },
  blocked: { defaults: ['name', 'id'], access: 'pageToken' },
  businessprojects: { defaults: ['name', 'id'], access: 'role' },
  call_to_actions: { defaults: ['type', 'id'] },
  canvas_elements: { defaults: ['element'], access: 'role' },
  canvases: { defaults: ['name', 'id'], access: 'role' },
  chat_plugin: { defaults: ['welcome_screen_greeting', 'theme_color'], access: 'role' },
  commerce_orders: { defaults: ['id', 'order_status', 'created', 'last_updated'], access: 'pageToken' },
  conversations: { defaults: ['id', 'updated_time'], extra: ['messages'], access: 'pageToken' },
  crosspost_whitelisted_pages: { kind: 'pages', access: 'role' },
  ctx_optimization_eligibility: { defaults: ['ctm'], access: 'role' },
  custom_labels: { defaults: ['page_label_name', 'id'], access: 'pageToken' },
  custom_user_settings: { defaults: ['page_level_persistent_menu', 'user_level_persistent_menu'], access: 'pageToken' },
  fantasy_games: { defaults: ['name', 'id'] },
  feed: { kind: 'custom' },
  global_brand_children: { kind: 'pages' },
  image_copyrights: { access: 'role' },
  // Insights: a Page token with the ANALYZE task and read_insights (checked by the insights reader).
  insights: { oldestFirst: true, kind: 'custom', defaults: ['name', 'period', 'values', 'title', 'description', 'id'], access: 'pageToken' },
  instagram_accounts: { defaults: ['id'], access: 'role' },
  leadgen_forms: { kind: 'custom', defaults: ['id', 'locale', 'name', 'status'] },
  likes: { kind: 'pages' },
  live_videos: { defaults: ['status', 'stream_url', 'secure_stream_url', 'embed_html', 'id'], access: 'role' },
  locations: { kind: 'custom', defaults: ['store_number', 'id'], oldestFirst: true },
  media_fingerprints: { access: 'role' },
  messaging_feature_review: { defaults: ['feature', 'status'], access: 'pageToken' },
  messenger_call_settings: { defaults: ['audio_enabled', 'video', 'call_hours', 'call_routing', 'icon_enabled'], access: 'pageToken' },
  messenger_lead_forms: { access: 'pageToken' },
  messenger_profile: { defaults: ['get_started', 'greeting', 'ice_breakers', 'persistent_menu', 'whitelisted_domains'], access: 'pageToken' },
  personas: { kind: 'custom', defaults: ['name', 'profile_picture_url', 'id'] },
  photos: { defaults: ['created_time', 'name', 'id'] },
  picture: { kind: 'custom', defaults: ['height', 'is_silhouette', 'url', 'width'] },
  posts: { kind: 'posts', postList: 'published_posts' },
  product_catalogs: { defaults: ['name', 'id'], access: 'role' },
  published_posts: { kind: 'posts', postList: 'published_posts' },
  ratings: { defaults: ['created_time', 'recommendation_type', 'review_text', 'reviewer'] },
  roles: { oldestFirst: true, defaults: ['name', 'id', 'tasks'], extra: ['tasks', 'role', 'perms'], access: 'pageToken' },
  scheduled_posts: { kind: 'posts', postList: 'scheduled_posts', access: 'role' },
  secondary_receivers: { defaults: ['name', 'id'], access: 'pageToken' },
  settings: { oldestFirst: true, defaults: ['setting', 'value'], access: 'role' },
  shop_setup_status: { defaults: ['shop_setup', 'payment_setup', 'marketplace_approval_status'], access: 'role' },
  store_locations: { defaults: ['store_code', 'full_address', 'id'], access: 'role' },
  subscribed_apps: { kind: 'custom', defaults: ['category', 'link', 'name', 'id', 'subscribed_fields'], extra: ['subscribed_fields', 'category'] },
  tabs: { oldestFirst: true, defaults: ['id', 'name', 'link', 'is_permanent', 'position', 'is_non_connection_landing_tab'], access: 'role' },
  tagged: { kind: 'posts', postList: 'tagged' },
  thread_owner: { kind: 'custom', defaults: ['thread_owner'], access: 'pageToken' },
  threads: { kind: 'custom' },
  video_copyright_rules: { defaults: ['name', 'id'], access: 'role' },
  video_lists: { defaults: ['title', 'id'] },
  videos: {
    defaults: ['description', 'updated_time', 'id'],
    extra: ['created_time', 'description', 'length', 'permalink_url', 'picture', 'published', 'source', 'title', 'updated_time'],
  },
  visitor_posts: { kind: 'posts', postList: 'visitor_posts' },
};

function row(edge: string, spec: RowSpec): PageEdgeRow {
  const nodeType = PAGE_EDGE_NODE_TYPES[edge];
  if (nodeType === undefined) throw new Error(`page-edge-table: Graph has no Page edge ${edge}`);
  const own = (NODE_TYPE_FIELDS[nodeType] ?? 'id').split(' ');
  // Node types without an `id` (Recommendation, PageSettings, ChatPlugin, ...) answer none, as Graph does.
  const fields = [...new Set([...(own.includes('id') ? ['id'] : []), ...own, ...(spec.extra ?? [])])];
  const defaults = spec.defaults ?? (fields.includes('name') ? ['name', 'id'] : ['id']);
  if (defaults.length === 0) throw new Error(`page-edge-table: ${edge} has no default fields`);
  const unknown = defaults.filter((f) => !fields.includes(f));
  if (unknown.length > 0) throw new Error(`page-edge-table: ${edge} defaults name fields ${nodeType} lacks: ${unknown.join(', ')}`);
  return {
    edge,
    nodeType,
    kind: spec.kind ?? 'objects',
    defaults,
    fields,
    access: spec.access ?? 'public',
    oldestFirst: spec.oldestFirst ?? false,
    ...(spec.postList ? { postList: spec.postList } : {}),
  };
}

/** Every Page edge of the document, by edge name. */
export const PAGE_EDGE_TABLE: Readonly<Record<string, PageEdgeRow>> = Object.fromEntries(Object.entries(SPECS).map(([e, s]) => [e, row(e, s)]));

/**
 * The `messages` edge of a conversation (`/{conversation-id}/messages`) and its Message nodes
 * (`/{message-id}`): newest first, `id` and `created_time` by default, readable as the conversation is
 * (a Page token of the Page).
 */
export const MESSAGE_ROW: PageEdgeRow = {
  edge: 'messages',
  nodeType: 'Message',
  kind: 'objects',
  defaults: ['id', 'created_time'],
  fields: ['id', 'created_time', 'from', 'to', 'message', 'attachments', 'shares', 'sticker', 'tags'],
  access: 'pageToken',
  oldestFirst: false,
};

/** Edges of edge nodes, by the Page edge their node is on: a conversation's `messages`. */
export const EDGE_NODE_EDGES: Readonly<Record<string, Readonly<Record<string, PageEdgeRow>>>> = { conversations: { messages: MESSAGE_ROW } };
