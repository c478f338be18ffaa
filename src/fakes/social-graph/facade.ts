import type { ServiceHost } from '../service.js';
import { parseDuration, type Duration } from '../../store/duration.js';
import { nextId } from '../../store/ids.js';
import { toEpochMs } from '../../store/clock.js';
import { toReal } from './aliases.js';
import { type AudienceFacade, audienceFacade, describeAudiences } from './models/audiences/facade.js';
import { type EdgeSeeds, edgeSeeds } from './models/edge-seed-facade.js';
import { rememberHost } from './models/hosts.js';
import { LIMIT_CODES } from './models/limits.js';
import { type PageSeed, createPage, draftPage, edgeChunks, getPage } from './models/pages.js';
import { createPost, createPostsBulk, getPost, postCount } from './models/posts.js';
import { type ScheduleEntry, scheduleEntries } from './models/schedule.js';
import { tableGet, tableSet } from '../../store/table.js';
import { chunkedLength, liveIds } from './models/id-list.js';
import { DEFAULT_PERMISSIONS, DEFAULT_TASKS, PAGE_TASKS, putToken } from './models/tokens.js';
import { ensureUser, putUser } from './models/users.js';
import type { SocialGraphOptions } from './options.js';
import { unseenUrl } from './routes/shared-url.js';
import {
  DEFAULT_APP_ID,
  type AppRecord,
  type DeliveryRecord,
  type ObjectRecord,
  type PageRecord,
  type PostRecord,
  type SharedUrlRecord,
  type SocialGraphState,
  type TokenRecord,
} from './state.js';

/** What `seed.post` takes. */
export interface PostSeed {
  pageId: string;
  message?: string;
  link?: string;
  /** false: an unpublished post. */
  published?: boolean;
  /** A scheduled post publishing at this instant (ISO, Date or epoch ms). */
  scheduledAt?: string | Date | number;
  /** A visitor post by this profile id (seed it with `seed.user`). */
  fromId?: string;
  /** Creation time (ISO, Date or epoch ms); default the fake clock's now. */
  createdTime?: string | Date | number;
  /** Pages this post tags (it shows on their `tagged` edge). */
  tagsPages?: string[];
  /** Other post fields in read shape. */
  fields?: Record<string, unknown>;
  /** A post made for ads: listed on the Page's `ads_posts` edge. */
  adPost?: boolean;
}

/** What `seed.token` takes. */
export interface TokenSeed {
  type: 'page' | 'user' | 'app';
  /** The Page a Page token belongs to, or a Page a user token has tasks on. */
  pageId?: string;
  /** Tasks on `pageId` (default MANAGE, CREATE_CONTENT, MODERATE, MESSAGING, ADVERTISE, ANALYZE; none for app tokens). */
  tasks?: string[];
  /** Tasks on several Pages (merged with pageId/tasks). */
  pageTasks?: Record<string, string[]>;
  /** Granted permissions (default: every Page, leads, ads and business permission). */
  permissions?: string[];
  /** App the token belongs to (default the built-in app). */
  appId?: string;
  /** The journal records this instead of the token. */
  label?: string;
  /** The token string (default generated). */
  token?: string;
  userId?: string;
  /** `session-invalid` → 102, `invalidated` → 190/460. */
  status?: TokenRecord['status'];
  /** Expiry on the fake clock → 190/463 after it. */
  expiresAt?: string | Date | number;
  /** For restricted Pages: false makes reads answer 210. Default true. */
  meetsRestrictions?: boolean;
}

/** What `seed.app` takes. */
export interface AppSeed {
  id?: string;
  secret?: string;
  name?: string;
  mode?: 'live' | 'development';
  features?: string[];
  /** Where Page webhooks are POSTed. */
  callbackUrl?: string;
  requireAppSecretProof?: boolean;
}

/** `fakes.socialGraph`: seed helpers and controls of the social graph fake (audiences, ad accounts and ad sets from `AudienceFacade`). */
export interface SocialGraphFacade extends Omit<AudienceFacade, 'seed'> {
  /** Base URLs this fake answers on. */
  readonly baseUrls: readonly string[];
  readonly seed: {
    /** A Page → `{ id }`. */
    page(seed?: PageSeed): { id: string };
    /** One post → `{ id: '<page_id>_<n>' }`. */
    post(seed: PostSeed): { id: string };
    /** Many posts in ONE update (oldest first, a second apart, ending at the fake clock's now). */
    posts(seed: { pageId: string; count: number; message?: string | ((i: number) => string); published?: boolean }): { ids: string[] };
    /** An access token → the token string. */
    token(seed: TokenSeed): string;
    /** An app → `{ id, secret }`. */
    app(seed?: AppSeed): { id: string; secret: string };
    /** A profile (visitor, assigned user, messaging recipient) → `{ id }`. */
    user(seed?: { id?: string; name?: string; psids?: Record<string, string> }): { id: string };
    /** What lives at a URL for the shared-URL node (`reachable: false` makes posts linking it fail). */
    url(seed: {
      url: string;
      engagement?: Partial<SharedUrlRecord['engagement']>;
      ogObject?: Record<string, unknown> | null;
      appLinks?: Record<string, unknown>;
      reachable?: boolean;
    }): { id: string };
    /** An account linking token for a Page, valid 5 minutes on the fake clock → the token. */
    accountLinkingToken(seed: { pageId: string; psid?: string; blocked?: boolean }): string;
    /** The next matching calls answer this error (codes with no natural trigger). */
    failure(seed: { operation: string; nodeId?: string; code: number; subcode?: number; message?: string; times?: number | null }): void;
    /** Subscribes an app to a Page's webhook fields. */
    subscription(seed: { pageId: string; appId?: string; fields: string[] }): void;
  } & AudienceFacade['seed'] &
    EdgeSeeds;
  /** Throttles calls: 80001 (Page), 80002 (photoshare), 80005 (leadgen), 80006 (messaging), for a duration of fake time. */
  rateLimit(opts: { family: keyof typeof LIMIT_CODES; pageId?: string; for?: Duration }): void;
  /** A post by id (state is bucketed; this is the O(1) lookup), or undefined. */
  post(id: string): PostRecord | undefined;
  /** A Page by id (O(1)), or undefined. */
  page(id: string): PageRecord | undefined;
  /** A small node (persona, lead form, photo, insight, ...) by id (O(1)), or undefined. */
  object(id: string): ObjectRecord | undefined;
  /** What the shared-URL node knows about a URL (seeded or scraped), or undefined. */
  url(url: string): SharedUrlRecord | undefined;
  /** The live ids on a node's edge, oldest first (`'feed'`, `'personas'`, `'leadgen_forms'`, ...); O(edge size). */
  edge(nodeId: string, edge: string): string[];
  /** Scheduled posts waiting to publish, earliest first; O(number scheduled). */
  scheduled(): ScheduleEntry[];
  /** Webhook deliveries, in order. */
  readonly deliveries: readonly DeliveryRecord[];
  /** One-line summary. */
  describe(): string;
}

/** The flat delivery list of a state's chunks, built once per chunk list (the state is immutable). */
const FLAT = new WeakMap<object, readonly DeliveryRecord[]>();
function flatDeliveries(chunks: SocialGraphState['deliveries']): readonly DeliveryRecord[] {
  let flat = FLAT.get(chunks);
  if (!flat) {
    flat = Object.freeze(chunks.flat());
    FLAT.set(chunks, flat);
  }
  return flat;
}

function ms(at: string | Date | number): number {
  return toEpochMs(at);
}

/** Builds `fakes.socialGraph`. */
export function socialGraphFacade(host: ServiceHost<SocialGraphState, SocialGraphOptions>): SocialGraphFacade {
  rememberHost(host);
  const now = () => host.clock.nowMs();
  const ads = audienceFacade(host);
  return {
    ...ads,
    baseUrls: host.baseUrls,
    seed: {
      ...ads.seed,
      ...edgeSeeds(host),
      page: (seed = {}) => host.update((d) => ({ id: createPage(d, seed).id })),
      post: (seed) =>
        host.update((d) => {
          if (!draftPage(d, seed.pageId)) throw new Error(`stuntdouble: seed.post: no Page ${seed.pageId}; seed it first`);
          const fields: Record<string, unknown> = { ...(seed.fields ?? {}) };
          if (seed.message !== undefined) fields.message = seed.message;
          if (seed.link !== undefined) fields.link = seed.link;
          const scheduledAt = seed.scheduledAt === undefined ? null : ms(seed.scheduledAt);
          if (scheduledAt !== null) fields.scheduled_publish_time = Math.floor(scheduledAt / 1000);
          const post = createPost(
            d,
            {
              pageId: seed.pageId,
              ...(seed.fromId ? { fromId: seed.fromId } : {}),
              published: seed.published ?? true,
              scheduledAt,
              taggedPageIds: seed.tagsPages ?? [],
              fields,
              ...(seed.adPost ? { adPost: true } : {}),
              ...(seed.createdTime !== undefined ? { createdTime: ms(seed.createdTime) } : {}),
            },
            now(),
          );
          return { id: post.id };
        }),
      posts: (seed) =>
        host.update((d) => {
          if (!draftPage(d, seed.pageId)) throw new Error(`stuntdouble: seed.posts: no Page ${seed.pageId}; seed it first`);
          const t = now();
          const inputs = Array.from({ length: seed.count }, (_, i) => ({
            pageId: seed.pageId,
            published: seed.published ?? true,
            fields: { message: typeof seed.message === 'function' ? seed.message(i) : `${seed.message ?? 'Post'} ${i + 1}` },
            createdTime: t - (seed.count - 1 - i) * 1000,
          }));
          const ids = createPostsBulk(d, inputs, t);
          return { ids };
        }),
      token: (seed) =>
        host.update((d) => {
          const n = nextId(d.counters, 'token', 0);
          const token = seed.token ?? `EAAsd${seed.type}${n}ZD`;
          const tasks: Record<string, string[]> = { ...(seed.pageTasks ?? {}) };
          if (seed.pageId) {
            if (!draftPage(d, seed.pageId)) throw new Error(`stuntdouble: seed.token: no Page ${seed.pageId}; seed it first`);
            tasks[seed.pageId] = (seed.tasks ?? (seed.type === 'app' ? [] : DEFAULT_TASKS)).map(toReal);
          }
          for (const list of Object.values(tasks)) {
            const bad = list.filter((t) => !(PAGE_TASKS as readonly string[]).includes(t));
            if (bad.length > 0) throw new TypeError(`stuntdouble: seed.token: unknown task(s) ${bad.join(', ')}; use ${PAGE_TASKS.join(', ')}`);
          }
          if (seed.type === 'page' && !seed.pageId) throw new Error('stuntdouble: seed.token: a Page token needs pageId');
          const appId = seed.appId ?? DEFAULT_APP_ID;
          const userId = seed.type === 'app' ? null : (seed.userId ?? String(nextId(d.counters, 'user', 500_000_000_000_000)));
          if (userId !== null) ensureUser(d, userId);
          if (!Object.hasOwn(d.apps, appId)) throw new Error(`stuntdouble: seed.token: no app ${appId}; seed it with seed.app first`);
          putToken(d, {
            token,
            label: seed.label ?? `${seed.type}-token-${n}`,
            type: seed.type,
            appId,
            userId,
            tasks,
            permissions: seed.permissions ?? DEFAULT_PERMISSIONS,
            status: seed.status ?? 'valid',
            expiresAt: seed.expiresAt === undefined ? null : ms(seed.expiresAt),
            meetsRestrictions: seed.meetsRestrictions ?? true,
          });
          return token;
        }),
      app: (seed = {}) =>
        host.update((d) => {
          const id = seed.id ?? String(nextId(d.counters, 'app', 900_000_000_000_001));
          const app: AppRecord = {
            id,
            name: seed.name ?? `App ${id}`,
            secret: seed.secret ?? `secret-${id}`,
            mode: seed.mode ?? 'live',
            features: seed.features ?? ['page_public_content_access', 'page_public_metadata_access'],
            callbackUrl: seed.callbackUrl ?? null,
            requireAppSecretProof: seed.requireAppSecretProof ?? false,
          };
          d.apps[id] = app;
          return { id, secret: app.secret };
        }),
      user: (seed = {}) =>
        host.update((d) => {
          const id = seed.id ?? String(nextId(d.counters, 'user', 500_000_000_000_000));
          putUser(d, { id, name: seed.name ?? `User ${id}`, psids: { ...(seed.psids ?? {}) } });
          return { id };
        }),
      url: (seed) =>
        host.update((d) => {
          const base = unseenUrl(seed.url, now());
          tableSet(d.urls, seed.url, {
            ...base,
            engagement: { ...base.engagement, ...(seed.engagement ?? {}) },
            og_object: seed.ogObject === undefined ? base.og_object : seed.ogObject,
            app_links: seed.appLinks ?? null,
            reachable: seed.reachable ?? true,
          });
          return { id: seed.url };
        }),
      accountLinkingToken: (seed) =>
        host.update((d) => {
          const n = nextId(d.counters, 'linking', 0);
          const token = `ALT${n}sd`;
          tableSet(d.linkingTokens, token, {
            pageId: seed.pageId,
            psid: seed.psid ?? String(7_000_000_000_000_000 + n),
            expiresAt: now() + 5 * 60_000,
            blocked: seed.blocked ?? false,
          });
          return token;
        }),
      failure: (seed) =>
        host.update((d) => {
          d.failures.push({
            operation: seed.operation,
            nodeId: seed.nodeId ?? null,
            code: seed.code,
            subcode: seed.subcode ?? null,
            message: seed.message ?? null,
            times: seed.times === undefined ? 1 : seed.times,
          });
        }),
      subscription: (seed) =>
        host.update((d) => {
          const page = draftPage(d, seed.pageId);
          if (!page) throw new Error(`stuntdouble: seed.subscription: no Page ${seed.pageId}`);
          page.subscriptions[seed.appId ?? DEFAULT_APP_ID] = seed.fields.map(toReal);
        }),
    },
    rateLimit: (opts) =>
      host.update((d) => {
        d.rateLimits.push({
          code: LIMIT_CODES[opts.family],
          pageId: opts.pageId ?? null,
          until: opts.for === undefined ? null : now() + parseDuration(opts.for),
        });
      }),
    post: (id) => getPost(host.state, id),
    page: (id) => getPage(host.state, id),
    object: (id) => tableGet(host.state.objects, id),
    url: (url) => tableGet(host.state.urls, url),
    edge: (nodeId, edge) => liveIds(edgeChunks(host.state, nodeId, edge)),
    scheduled: () => scheduleEntries(host.state.schedule),
    get deliveries() {
      return flatDeliveries(host.state.deliveries);
    },
    describe() {
      const s = host.state;
      return `${s.pages.size} pages, ${postCount(s)} posts, ${s.tokens.size} tokens, ${chunkedLength(s.deliveries)} deliveries, ${describeAudiences(s)}`;
    },
  };
}
