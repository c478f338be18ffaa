import type { ServiceHost } from '../service.js';
import { parseDuration } from '../../store/duration.js';
import { nextId } from '../../store/ids.js';
import { toEpochMs } from '../../store/clock.js';
import { toReal } from './aliases.js';
import { type AudienceFacade, audienceFacade, describeAudiences } from './models/audiences/facade.js';
import { type EdgeSeeds, edgeSeeds } from './models/edge-seed-facade.js';
import { rememberHost } from './models/hosts.js';
import { LIMIT_CODES } from './models/limits.js';
import { createPage, draftPage, edgeChunks, getPage } from './models/pages.js';
import { PAGE_FIELDS } from './models/page-field-table.js';
import { graphOperations } from './routes/graph.js';
import { parseInput } from '../../util/parse.js';
import { unknownName } from '../../util/suggest.js';
import {
  type AppSeed,
  AppSeedSchema,
  type FailureSeed,
  FailureSeedSchema,
  type PageSeed,
  PageSeedSchema,
  type PostSeed,
  PostSeedSchema,
  type RateLimitInput,
  RateLimitSchema,
  type SubscriptionSeed,
  SubscriptionSeedSchema,
  type TokenSeed,
  TokenSeedSchema,
  type UserSeed,
  UserSeedSchema,
} from './schemas/seeds.js';
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
} from './state.js';

export type { AppSeed, PostSeed, TokenSeed } from './schemas/seeds.js';

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
    user(seed?: UserSeed): { id: string };
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
    failure(seed: FailureSeed): void;
    /** Subscribes an app to a Page's webhook fields. */
    subscription(seed: SubscriptionSeed): void;
  } & AudienceFacade['seed'] &
    EdgeSeeds;
  /** Throttles calls: 80001 (Page), 80002 (photoshare), 80005 (leadgen), 80006 (messaging), for a duration of fake time. */
  rateLimit(opts: RateLimitInput): void;
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

/**
 * The `fields` of `seed.page` in the real spelling: names in the document's neutral spelling
 * (`chatapp_number`, `connected_photoshare_account`) are stored under Graph's (`whatsapp_number`,
 * `connected_instagram_account`); a name the Page node does not have is a named error with the nearest
 * field, never a value no read can return.
 */
function pageSeedFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const real = toReal(key);
    if (!Object.hasOwn(PAGE_FIELDS, real)) throw unknownName('Page field', key, Object.keys(PAGE_FIELDS), 'socialGraph.seed.page({ fields })');
    out[real] = value;
  }
  return out;
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
      page: (input = {}) => {
        const seed = parseInput(PageSeedSchema, input, 'socialGraph.seed.page()');
        const fields = seed.fields === undefined ? undefined : pageSeedFields(seed.fields);
        return host.update((d) => ({ id: createPage(d, { ...seed, ...(fields ? { fields } : {}) }).id }));
      },
      post: (input) => {
        const seed = parseInput(PostSeedSchema, input, 'socialGraph.seed.post()');
        return host.update((d) => {
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
        });
      },
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
      token: (input) => {
        const seed = parseInput(TokenSeedSchema, input, 'socialGraph.seed.token()');
        return host.update((d) => {
          const n = nextId(d.counters, 'token', 0);
          const token = seed.token ?? `EAAsd${seed.type}${n}ZD`;
          const tasks: Record<string, string[]> = { ...(seed.pageTasks ?? {}) };
          if (seed.pageId) {
            if (!draftPage(d, seed.pageId)) throw new Error(`stuntdouble: seed.token: no Page ${seed.pageId}; seed it first`);
            tasks[seed.pageId] = (seed.tasks ?? (seed.type === 'app' ? [] : DEFAULT_TASKS)).map(toReal);
          }
          for (const list of Object.values(tasks)) {
            const bad = list.find((t) => !(PAGE_TASKS as readonly string[]).includes(t));
            if (bad !== undefined) throw unknownName('task', bad, PAGE_TASKS, 'socialGraph.seed.token()');
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
            permissions: seed.permissions?.map(toReal) ?? DEFAULT_PERMISSIONS,
            status: seed.status ?? 'valid',
            expiresAt: seed.expiresAt === undefined ? null : ms(seed.expiresAt),
            meetsRestrictions: seed.meetsRestrictions ?? true,
          });
          return token;
        });
      },
      app: (input = {}) => {
        const seed = parseInput(AppSeedSchema, input, 'socialGraph.seed.app()');
        return host.update((d) => {
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
        });
      },
      user: (input = {}) => {
        const seed = parseInput(UserSeedSchema, input, 'socialGraph.seed.user()');
        return host.update((d) => {
          const id = seed.id ?? String(nextId(d.counters, 'user', 500_000_000_000_000));
          putUser(d, { id, name: seed.name ?? `User ${id}`, psids: { ...(seed.psids ?? {}) } });
          return { id };
        });
      },
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
      failure: (input) => {
        const seed = parseInput(FailureSeedSchema, input, 'socialGraph.seed.failure()');
        if (seed.operation !== '*' && !graphOperations().includes(seed.operation))
          throw unknownName('operation', seed.operation, ['*', ...graphOperations()], 'socialGraph.seed.failure()');
        host.update((d) => {
          d.failures.push({
            operation: seed.operation,
            nodeId: seed.nodeId ?? null,
            code: seed.code,
            subcode: seed.subcode ?? null,
            message: seed.message ?? null,
            times: seed.times === undefined ? 1 : seed.times,
          });
        });
      },
      subscription: (input) => {
        const seed = parseInput(SubscriptionSeedSchema, input, 'socialGraph.seed.subscription()');
        host.update((d) => {
          const page = draftPage(d, seed.pageId);
          if (!page) throw new Error(`stuntdouble: seed.subscription: no Page ${seed.pageId}`);
          page.subscriptions[seed.appId ?? DEFAULT_APP_ID] = seed.fields.map(toReal);
        });
      },
    },
    rateLimit: (input) => {
      const opts = parseInput(RateLimitSchema, input, 'socialGraph.rateLimit()');
      host.update((d) => {
        d.rateLimits.push({
          code: LIMIT_CODES[opts.family],
          pageId: opts.pageId ?? null,
          until: opts.for === undefined ? null : now() + parseDuration(opts.for),
        });
      });
    },
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
