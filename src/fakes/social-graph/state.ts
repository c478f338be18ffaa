import type { Counters } from '../../store/ids.js';
import { type AudienceSlices, initialAudienceSlices } from './schemas/audience-state.js';

/** Task a token's user may perform on a Page (section 4.2 assigned_users enum, also used for access checks). */
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
  /** Granted permissions (`pages_read_engagement`, `pages_manage_posts`, `business_management`, ...). */
  permissions: string[];
  /** `session-invalid` answers 102, `invalidated` 190/460; `expiresAt` passed answers 190/463. */
  status: 'valid' | 'invalidated' | 'session-invalid';
  expiresAt: number | null;
  /** For restricted Pages: whether the token's user satisfies the restrictions (else 210). */
  meetsRestrictions: boolean;
}

/** A Page node. `fields` holds the stored values of section 2.2 fields, in their read shape. */
export interface PageRecord {
  id: string;
  published: boolean;
  restricted: boolean;
  fields: Record<string, unknown>;
  /** Subscribed fields per app id (subscribed_apps edge). */
  subscriptions: Record<string, string[]>;
  /** Tasks per assigned user id. */
  assignedUsers: Record<string, PageTask[]>;
  /** Location child Page ids by store number. */
  locations: Record<string, number>;
  /** Messaging is blocked for this Page (personas, thread control answer 230/551). */
  messagingBlocked: boolean;
  /** Business-claim outcome when another business claims this Page via owned_pages. */
  claim: 'ok' | 'already_has_access' | 'must_be_admin' | 'insufficient_permission' | 'linked_photoshare' | 'needs_password' | 'needs_2fa';
  /** Whether the Page is a location Page (store_location_descriptor allowed). */
  isLocation: boolean;
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

/** A scheduled-publish index entry: kept sorted by `at` so `dueAt` is O(1). */
export interface ScheduleEntry {
  at: number;
  postId: string;
}

/** A node record of a slice another module owns (audiences, ad accounts, ad sets). */
export type SliceRecord = { id: string } & Record<string, unknown>;

/** The social graph fake's state slice. */
export interface SocialGraphState {
  counters: Counters;
  pages: Record<string, PageRecord>;
  /**
   * Posts in buckets of 1024 by post number (`posts[bucket][id]`, see `getPost`): a write copies one
   * small bucket, not a record of every post (immer copies what it changes).
   */
  posts: Record<string, Record<string, PostRecord>>;
  users: Record<string, UserRecord>;
  objects: Record<string, ObjectRecord>;
  /** edges[nodeId][edgeName] = ids, oldest first: small edges (personas, lead forms, audiences, ...). */
  edges: Record<string, Record<string, string[]>>;
  /**
   * Post edges of a Page (feed, published_posts, scheduled_posts, visitor_posts, tagged) as chunked
   * id lists, oldest first (read newest first); see `models/id-list.ts`.
   */
  feeds: Record<string, Record<string, string[][]>>;
  apps: Record<string, AppRecord>;
  tokens: Record<string, TokenRecord>;
  urls: Record<string, SharedUrlRecord>;
  linkingTokens: Record<string, LinkingTokenRecord>;
  schedule: ScheduleEntry[];
  rateLimits: RateLimitRecord[];
  failures: FailureRecord[];
  deliveries: DeliveryRecord[];
  /** Custom audiences by id (issue 6). */
  audiences: AudienceSlices['audiences'];
  /** Ad accounts keyed by the numeric id, without `act_` (issue 6). */
  adAccounts: AudienceSlices['adAccounts'];
  /** Ad sets by id (issue 6). */
  adSets: AudienceSlices['adSets'];
  /** Due-time index of audience aging (issue 6). */
  audienceAging: AudienceSlices['audienceAging'];
}

/** The app every unseeded token belongs to (lenient mode) and the default app of seeded tokens. */
export const DEFAULT_APP_ID = '900000000000001';

/** The initial state: empty graph plus the default app. */
export function initialSocialGraphState(): SocialGraphState {
  return {
    counters: {},
    pages: {},
    posts: {},
    users: {},
    objects: {},
    edges: {},
    feeds: {},
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
    tokens: {},
    urls: {},
    linkingTokens: {},
    schedule: [],
    rateLimits: [],
    failures: [],
    deliveries: [],
    ...initialAudienceSlices(),
  };
}
