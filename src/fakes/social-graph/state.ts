import type { Counters } from '../../store/ids.js';
import type { Chunked, IdList } from './models/id-list.js';
import { type ScheduleIndex, emptySchedule } from './models/schedule.js';
import { type Table, emptyTable } from '../../store/table.js';
import { type AudienceSlices, initialAudienceSlices } from './schemas/audience-state.js';

export type { Table } from '../../store/table.js';
export type { ScheduleEntry, ScheduleIndex } from './models/schedule.js';
export type { Chunked, IdList } from './models/id-list.js';

/** Task a token's user may perform on a Page (the values of `assigned_users` `tasks`, also used for access checks). */
export type PageTask = string;

/** An app known to the fake: its secret signs webhooks and `appsecret_proof`. */
export interface AppRecord {
  id: string;
  name: string;
  secret: string;
  /** `development` apps are refused by routes that need a live app (error 270). */
  mode: 'live' | 'development';
  /** App features such as `page_public_content_access`, `page_public_metadata_access`. */
  features: string[];
  /** Where Page webhooks are POSTed; null records deliveries without sending them. */
  callbackUrl: string | null;
  /** When true every call must carry a valid `appsecret_proof`. */
  requireAppSecretProof: boolean;
}

/** A seeded access token. */
export interface TokenRecord {
  token: string;
  /** The journal records this label instead of the secret. */
  label: string;
  type: 'page' | 'user' | 'app';
  appId: string;
  /** The user behind a user/page token (page tokens are issued to a user too). */
  userId: string | null;
  /** Tasks per Page id (a Page token holds tasks on its own Page). */
  tasks: Record<string, PageTask[]>;
  /** The keys of `tasks` in their order, kept when the token is seeded (`me` of a Page token, `/me/accounts` pages). */
  pageIds: string[];
  /** Seed order of the token string (kept when a seed replaces the token): orders a Page's tokens. */
  seq: number;
  /** Granted permissions (`pages_read_engagement`, `pages_manage_posts`, `business_management`, ...). */
  permissions: string[];
  /** `session-invalid` answers 102, `invalidated` 190/460; `expiresAt` passed answers 190/463. */
  status: 'valid' | 'invalidated' | 'session-invalid';
  expiresAt: number | null;
  /** For restricted Pages: whether the token's user satisfies the restrictions (else 210). */
  meetsRestrictions: boolean;
}

/** A Page node. `fields` holds the stored values of its other fields, in their read shape. */
export interface PageRecord {
  id: string;
  published: boolean;
  restricted: boolean;
  fields: Record<string, unknown>;
  /** Subscribed fields per app id (subscribed_apps edge). */
  subscriptions: Record<string, string[]>;
  /** Location child Pages listed now (the `locations` edge, `edges[id].locations`, holds them in order). */
  locationCount: number;
  /** A location Page: its parent and its position on the parent's `locations` edge. */
  location?: { parentId: string; pos: number; storeNumber: number };
  /** Messaging is blocked for this Page (personas, thread control answer 230/551). */
  messagingBlocked: boolean;
  /** Business-claim outcome when another business claims this Page via owned_pages. */
  claim: 'ok' | 'already_has_access' | 'must_be_admin' | 'insufficient_permission' | 'linked_photoshare' | 'needs_password' | 'needs_2fa';
  /** Whether the Page is a location Page (store_location_descriptor allowed). */
  isLocation: boolean;
  /** Stars of the Page's ratings, summed as they are seeded (its `overall_star_rating` without a scan). */
  ratings?: { count: number; sum: number };
}

/** A post on a Page feed. Times are epoch milliseconds of the fake clock. */
export interface PostRecord {
  id: string;
  pageId: string;
  /** Author: the Page itself or a visitor profile id. */
  fromId: string;
  kind: 'page' | 'visitor';
  published: boolean;
  /** Set while the post waits for its scheduled time. */
  scheduledAt: number | null;
  createdTime: number;
  updatedTime: number;
  /** Pages tagged by this post (it then shows on their `tagged` edge and feed). */
  taggedPageIds: string[];
  /** A post made for ads: listed on the Page's `ads_posts` edge. */
  adPost?: boolean;
  /** Other stored fields in their read shape (message, link, place, targeting, ...). */
  fields: Record<string, unknown>;
  /** Where the post is filed: position per `<node id>/<edge>` list, so a delete tombstones it in O(1). */
  filed: Record<string, number>;
  /** Order among posts scheduled for the same instant (set while the post waits in the schedule). */
  scheduleSeq?: number;
}

/** A profile (user) node: visitors, assigned users, messaging recipients. */
export interface UserRecord {
  id: string;
  name: string;
  /** Page-scoped ids by Page id (account linking, thread control). */
  psids: Record<string, string>;
}

/** Any other small node (persona, lead form, photo): typed by `type`. */
export interface ObjectRecord {
  id: string;
  type: string;
  ownerId: string;
  fields: Record<string, unknown>;
}

/** A URL known to the shared-URL node. */
export interface SharedUrlRecord {
  id: string;
  engagement: { reaction_count: number; comment_count: number; share_count: number; comment_plugin_count: number };
  og_object: Record<string, unknown> | null;
  app_links: Record<string, unknown> | null;
  scrapedAt: number | null;
  /** false: the service cannot see the URL, so posts linking it fail. */
  reachable: boolean;
}

/** An account linking token: resolves to the Page-scoped id of a user for 5 minutes. */
export interface LinkingTokenRecord {
  pageId: string;
  psid: string;
  expiresAt: number;
  /** The user blocked messages from the Page (read answers 230). */
  blocked: boolean;
}

/** A rate-limit condition (scenario): answers the code with usage headers while active. */
export interface RateLimitRecord {
  /** 80001 page, 80002 photoshare, 80005 leadgen, 80006 messaging. */
  code: number;
  /** Page it applies to; null for every Page. */
  pageId: string | null;
  /** Fake-clock instant when the window ends (null: never). */
  until: number | null;
}

/** A seeded failure: the next matching calls answer this error (for codes with no natural trigger). */
export interface FailureRecord {
  /** Operation id as journaled (e.g. `page.update`, `page/personas.create`), or `*`. */
  operation: string;
  nodeId: string | null;
  code: number;
  subcode: number | null;
  message: string | null;
  /** Calls left; null for every call. */
  times: number | null;
}

/** One webhook delivery (or attempt) to an app's callback URL. */
export interface DeliveryRecord {
  seq: number;
  appId: string;
  url: string | null;
  /** Headers sent, including `x-hub-signature-256`. */
  headers: Record<string, string>;
  body: unknown;
  /** The callback's HTTP status; null when not sent (no callback URL) or failed. */
  status: number | null;
  error: string | null;
}

/** A user assigned to a Page (`assigned_users`): tasks, and the position on the Page's edge list. */
export interface AssignmentRecord {
  tasks: PageTask[];
  pos: number;
}

/**
 * Secondary indexes: alternative ways to find records, kept in the same update as the records they
 * index (seeding included), so snapshot and restore keep them consistent.
 */
export interface SocialGraphIndexes {
  /** Page tokens of each Page id, in seed order: a Page's `access_token` field and `/me/accounts`. */
  pageTokens: Table<string[]>;
  /** Users by `<page id> <Page-scoped id>`: who a thread-control recipient is. */
  psids: Table<string[]>;
  /** Assigned users by `<page id> <user id>`. */
  assignments: Table<AssignmentRecord>;
}

/** A node record of a slice another module owns (audiences, ad accounts, ad sets). */
export type SliceRecord = { id: string } & Record<string, unknown>;

/**
 * The social graph fake's state slice. Every collection a request can write or grow is a
 * {@link Table} (read one record with `fakes.socialGraph.page(id)`, `post(id)`, `object(id)`, `url(url)`;
 * the ids on an edge with `edge(nodeId, edge)`) or a chunked list, so a write copies a few small
 * buckets, never the whole collection.
 */
export interface SocialGraphState {
  counters: Counters;
  pages: Table<PageRecord>;
  posts: Table<PostRecord>;
  users: Table<UserRecord>;
  objects: Table<ObjectRecord>;
  /**
   * Ordered lists of each node by edge name (`tableGet(edges, nodeId)?.[edge]`), oldest first, in
   * chunks (see `models/id-list.ts`): the Page post edges (feed, published_posts, scheduled_posts,
   * visitor_posts, tagged, ads_posts) and the small-node edges (personas, lead forms, photos, ...).
   */
  edges: Table<Record<string, IdList>>;
  /** Apps: configuration (seeded only, never written by a request). */
  apps: Record<string, AppRecord>;
  tokens: Table<TokenRecord>;
  urls: Table<SharedUrlRecord>;
  linkingTokens: Table<LinkingTokenRecord>;
  /** Scheduled publishes in time order (earliest O(1), insert and remove O(log n)). */
  schedule: ScheduleIndex;
  /** Rate-limit conditions: configuration set by scenarios. */
  rateLimits: RateLimitRecord[];
  /** Seeded failures: configuration set by scenarios, used up by matching calls. */
  failures: FailureRecord[];
  /** Webhook deliveries in order, in chunks; delivery `seq` n is at position n - 1. */
  deliveries: Chunked<DeliveryRecord>;
  /** Secondary indexes (see {@link SocialGraphIndexes}). */
  indexes: SocialGraphIndexes;
  /** Custom audiences by id (issue 6). */
  audiences: AudienceSlices['audiences'];
  /** Ad accounts keyed by the numeric id, without `act_` (issue 6). */
  adAccounts: AudienceSlices['adAccounts'];
  /** Ad sets by id (issue 6). */
  adSets: AudienceSlices['adSets'];
  /** Due-time index of audience aging (issue 6). */
  audienceAging: AudienceSlices['audienceAging'];
  /** Secondary indexes of audiences (fetch-or-create matches, people). */
  audienceIndexes: AudienceSlices['audienceIndexes'];
}

/** The app every unseeded token belongs to (lenient mode) and the default app of seeded tokens. */
export const DEFAULT_APP_ID = '900000000000001';

/** The initial state: empty graph plus the default app. */
export function initialSocialGraphState(): SocialGraphState {
  return {
    counters: {},
    pages: emptyTable(),
    posts: emptyTable(),
    users: emptyTable(),
    objects: emptyTable(),
    edges: emptyTable(),
    apps: {
      [DEFAULT_APP_ID]: {
        id: DEFAULT_APP_ID,
        name: 'stuntdouble',
        secret: 'stuntdouble-app-secret',
        mode: 'live',
        features: ['page_public_content_access', 'page_public_metadata_access'],
        callbackUrl: null,
        requireAppSecretProof: false,
      },
    },
    tokens: emptyTable(),
    urls: emptyTable(),
    linkingTokens: emptyTable(),
    schedule: emptySchedule(),
    rateLimits: [],
    failures: [],
    deliveries: [],
    indexes: { pageTokens: emptyTable(), psids: emptyTable(), assignments: emptyTable() },
    ...initialAudienceSlices(),
  };
}
