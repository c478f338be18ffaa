import { z } from 'zod';
import type { Fakes } from '../create-fakes.js';
import { DEFAULT_PERMISSIONS, GRAPH_PERMISSIONS } from '../fakes/social-graph/permissions.js';
type GraphPermission = (typeof GRAPH_PERMISSIONS)[number];
import { defineScenario } from './define.js';
import { tableValues } from '../store/table.js';

const GRAPH = 'https://graph.facebook.com/v24.0';

/** What a Graph call answered through `fakes.fetch`. */
export interface WireAnswer {
  status: number;
  body: Record<string, unknown> & { error?: Record<string, unknown> };
  headers: Headers;
}

/** Calls the social graph fake as a Graph client would: the token in the query (GET) or the form body (POST/DELETE). */
export async function graph(
  fakes: Fakes,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  token: string,
  params: Record<string, string> = {},
): Promise<WireAnswer> {
  const all = new URLSearchParams({ ...params, access_token: token });
  const res =
    method === 'GET'
      ? await fakes.fetch(`${GRAPH}${path}?${all}`)
      : await fakes.fetch(`${GRAPH}${path}`, { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: all.toString() });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as WireAnswer['body']) : {}, headers: res.headers };
}

/** Throws `scenario: what` (with what the wire answered) unless `ok`. */
export function ensure(ok: boolean, scenario: string, what: string, got?: WireAnswer): void {
  if (!ok) throw new Error(`${scenario}: ${what}${got ? `; the wire answered ${got.status} ${JSON.stringify(got.body)}` : ''}`);
}

/** Throws unless the answer is a Graph error `code` (and `subcode`) in the real envelope (message, type, fbtrace_id). */
export function ensureGraphError(scenario: string, got: WireAnswer, code: number, opts: { subcode?: number; status?: number } = {}): void {
  const e = got.body.error;
  ensure(e !== undefined && e.code === code, scenario, `expected Graph error ${code}`, got);
  const err = e as Record<string, unknown>;
  ensure(
    typeof err.message === 'string' && typeof err.type === 'string' && typeof err.fbtrace_id === 'string',
    scenario,
    'the error envelope lacks message/type/fbtrace_id',
    got,
  );
  if (opts.subcode !== undefined) ensure(err.error_subcode === opts.subcode, scenario, `expected error_subcode ${opts.subcode}`, got);
  if (opts.status !== undefined) ensure(got.status === opts.status, scenario, `expected HTTP ${opts.status}`, got);
}

/**
 * Runs a call that must be refused and proves it left the social graph state as it was (on a
 * change, the state is put back and the check throws).
 */
export async function refused(fakes: Fakes, scenario: string, call: () => Promise<WireAnswer>): Promise<WireAnswer> {
  const before = fakes.snapshot();
  const got = await call();
  if (fakes.state.socialGraph !== before.socialGraph) {
    fakes.restore(before);
    throw new Error(
      `${scenario}: the call was expected to be refused without a change, but it changed the state; the wire answered ${got.status} ${JSON.stringify(got.body)}`,
    );
  }
  return got;
}

/**
 * Runs `fn` with the fake clock at `at`, then puts the clock and the whole state back (checks use
 * it to show a time-driven transition without leaving the scenario moved on).
 */
export async function atInstant<T>(fakes: Fakes, at: number, fn: () => Promise<T>): Promise<T> {
  const snap = fakes.snapshot();
  const was = fakes.clock.nowMs();
  try {
    fakes.clock.set(at);
    return await fn();
  } finally {
    fakes.clock.set(was);
    fakes.restore(snap);
  }
}

/** A token that reads the Page: a seeded, valid token with a task on it, or any token when none is seeded (lenient). */
export function readerToken(fakes: Fakes, pageId: string): string {
  const now = fakes.clock.nowMs();
  // A scenario check, not a request: one pass over the seeded tokens is fine here; the first seeded wins.
  let best: { token: string; seq: number } | undefined;
  for (const r of tableValues(fakes.state.socialGraph.tokens)) {
    if (r.type === 'app' || r.status !== 'valid' || (r.expiresAt !== null && r.expiresAt <= now) || (r.tasks[pageId]?.length ?? 0) === 0) continue;
    if (!best || r.seq < best.seq) best = r;
  }
  return best?.token ?? 'stuntdouble-check-token';
}

const duration = z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?(ms|s|m|h|d)$/)]);

function pageFor(fakes: Fakes, pageId: string | undefined, name: string): string {
  if (pageId !== undefined) {
    if (!fakes.socialGraph.page(pageId)) throw new TypeError(`stuntdouble: no Page ${pageId}; seed it first or omit pageId`);
    return pageId;
  }
  return fakes.socialGraph.seed.page({ name }).id;
}

/** A Page with a feed of N published posts. */
export const pageWithFeed = defineScenario({
  name: 'pageWithFeed',
  description: 'A published Page whose feed holds `posts` published posts (newest last seeded), seeded in one update.',
  service: 'socialGraph',
  reaches: 'page.feed = N posts',
  options: z
    .object({ posts: z.number().int().min(0).max(1_000_000).default(5), name: z.string().default('Cafe'), pageToken: z.boolean().default(false) })
    .strict(),
  handles: '{ pageId, postIds, token? } (token: a Page token when pageToken is true; seeding it turns the permission model on)',
  apply: (fakes, o) => {
    const pageId = fakes.socialGraph.seed.page({ name: o.name }).id;
    const { ids } = fakes.socialGraph.seed.posts({ pageId, count: o.posts });
    const token = o.pageToken ? fakes.socialGraph.seed.token({ type: 'page', pageId, label: 'page-token' }) : undefined;
    return { pageId, postIds: ids, ...(token ? { token } : {}) };
  },
  // Pages through GET /{page}/feed (100 a page): a big feed costs posts/100 requests.
  async check(fakes, h: { pageId: string; postIds: string[]; token?: string }, o) {
    const token = h.token ?? readerToken(fakes, h.pageId);
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const got = await graph(fakes, 'GET', `/${h.pageId}/feed`, token, { limit: '100', fields: 'id,is_published', ...(after ? { after } : {}) });
      ensure(got.status === 200 && Array.isArray(got.body.data), 'pageWithFeed', `GET /${h.pageId}/feed did not list posts`, got);
      const data = got.body.data as { id: string; is_published: boolean }[];
      for (const post of data) {
        ensure(post.is_published === true, 'pageWithFeed', `post ${post.id} reads is_published ${String(post.is_published)}`);
        seen.push(post.id);
      }
      const paging = got.body.paging as { next?: string; cursors?: { after?: string } } | undefined;
      after = paging?.cursors?.after;
      if (!paging?.next || !after || data.length === 0) break;
    }
    ensure(seen.length === o.posts, 'pageWithFeed', `the feed lists ${seen.length} posts, expected ${o.posts}`);
    const want = new Set(h.postIds);
    ensure(
      seen.every((id) => want.has(id)),
      'pageWithFeed',
      'the feed lists posts the scenario did not seed',
    );
  },
});

/** A scheduled post that publishes when the fake clock passes its time. */
export const scheduledPost = defineScenario({
  name: 'scheduledPost',
  description: 'A Page with one scheduled (unpublished) post due `in` from now; advancing the fake clock past it publishes it.',
  service: 'socialGraph',
  reaches: 'post scheduled (is_published = false) → published at scheduled_publish_time',
  options: z.object({ in: duration.default('1h'), message: z.string().default('Scheduled hello'), pageId: z.string().optional() }).strict(),
  handles: '{ pageId, postId, publishAt (ISO) }',
  apply: (fakes, o) => {
    const pageId = pageFor(fakes, o.pageId, 'Cafe');
    const at = fakes.clock.nowMs() + (typeof o.in === 'number' ? o.in : parseIn(o.in));
    const { id } = fakes.socialGraph.seed.post({ pageId, message: o.message, published: false, scheduledAt: at });
    return { pageId, postId: id, publishAt: new Date(at).toISOString() };
  },
  /**
   * Reads the post unpublished with its scheduled_publish_time, then moves the fake clock to
   * publishAt, reads it published, and puts the clock and the state back (the scenario is unchanged).
   */
  async check(fakes, h) {
    const token = readerToken(fakes, h.pageId);
    const at = Date.parse(h.publishAt);
    const before = await graph(fakes, 'GET', `/${h.postId}`, token, { fields: 'is_published,scheduled_publish_time' });
    ensure(before.status === 200 && before.body.is_published === false, 'scheduledPost', 'the post should read is_published false', before);
    ensure(
      Number(before.body.scheduled_publish_time) === Math.floor(at / 1000),
      'scheduledPost',
      `scheduled_publish_time should be ${Math.floor(at / 1000)}`,
      before,
    );
    const after = await atInstant(fakes, at, () => graph(fakes, 'GET', `/${h.postId}`, token, { fields: 'is_published,created_time' }));
    ensure(
      after.status === 200 && after.body.is_published === true,
      'scheduledPost',
      'at scheduled_publish_time the post should read is_published true',
      after,
    );
  },
});

/** A post that was scheduled and has published at its scheduled_publish_time. */
export const publishedPost = defineScenario({
  name: 'publishedPost',
  description:
    'A Page with one post that was scheduled for `ago` before now and has published at that time (created_time = the scheduled time); the clock is not moved.',
  service: 'socialGraph',
  reaches: 'post published at its scheduled_publish_time (is_published = true)',
  options: z.object({ ago: duration.default('1h'), message: z.string().default('Scheduled hello'), pageId: z.string().optional() }).strict(),
  handles: '{ pageId, postId, publishedAt (ISO) }',
  apply: (fakes, o) => {
    const pageId = pageFor(fakes, o.pageId, 'Cafe');
    const at = fakes.clock.nowMs() - (typeof o.ago === 'number' ? o.ago : parseIn(o.ago));
    const { id } = fakes.socialGraph.seed.post({ pageId, message: o.message, published: false, scheduledAt: at });
    // A zero clock move evaluates the due schedule now (publishing the post) without moving time.
    fakes.clock.advance(0);
    return { pageId, postId: id, publishedAt: new Date(at).toISOString() };
  },
  async check(fakes, h) {
    const token = readerToken(fakes, h.pageId);
    const post = await graph(fakes, 'GET', `/${h.postId}`, token, { fields: 'is_published,created_time' });
    ensure(post.status === 200 && post.body.is_published === true, 'publishedPost', 'the post should read is_published true', post);
    const created = Date.parse(String(post.body.created_time).replace(/\+0000$/, 'Z'));
    ensure(
      created === Math.floor(Date.parse(h.publishedAt) / 1000) * 1000,
      'publishedPost',
      `created_time should be the scheduled time ${h.publishedAt}`,
      post,
    );
    const listed = await graph(fakes, 'GET', `/${h.pageId}/published_posts`, token, { limit: '1', fields: 'id' });
    const first = (listed.body.data as { id: string }[] | undefined)?.[0];
    ensure(first?.id === h.postId, 'publishedPost', 'the post should be the newest of published_posts', listed);
  },
});

function parseIn(d: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(d) as RegExpExecArray;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'ms'];
  return Math.round(Number(m[1]) * unit);
}

/** An unpublished Page: only Page/user tokens with a role can read it. */
export const unpublishedPage = defineScenario({
  name: 'unpublishedPage',
  description: 'An unpublished Page with a Page token (reads it) and an app token (gets 100/33). Seeds tokens: the permission model is on.',
  service: 'socialGraph',
  reaches: 'page.is_published = false',
  options: z.object({ name: z.string().default('Hidden Cafe') }).strict(),
  handles: '{ pageId, pageToken, appToken }',
  apply: (fakes, o) => {
    const pageId = fakes.socialGraph.seed.page({ name: o.name, published: false }).id;
    const pageToken = fakes.socialGraph.seed.token({ type: 'page', pageId, label: 'page-token' });
    const appToken = fakes.socialGraph.seed.token({ type: 'app', label: 'app-token' });
    return { pageId, pageToken, appToken };
  },
  async check(fakes, h) {
    const page = await graph(fakes, 'GET', `/${h.pageId}`, h.pageToken, { fields: 'id,is_published' });
    ensure(page.status === 200 && page.body.is_published === false, 'unpublishedPage', 'the Page token should read is_published false', page);
    ensureGraphError('unpublishedPage', await graph(fakes, 'GET', `/${h.pageId}`, h.appToken, { fields: 'id' }), 100, { subcode: 33 });
  },
});

/** A restricted Page: app tokens refused, users must meet the restrictions. */
export const restrictedPage = defineScenario({
  name: 'restrictedPage',
  description: 'A published, restricted Page: a Page token reads it; a user token of a user who fails the restrictions gets 210; an app token gets 200.',
  service: 'socialGraph',
  reaches: 'page published, restricted',
  options: z.object({ name: z.string().default('Bar 21+') }).strict(),
  handles: '{ pageId, pageToken, userToken, appToken }',
  apply: (fakes, o) => {
    const pageId = fakes.socialGraph.seed.page({ name: o.name, restricted: true }).id;
    const pageToken = fakes.socialGraph.seed.token({ type: 'page', pageId, label: 'page-token' });
    const userToken = fakes.socialGraph.seed.token({ type: 'user', label: 'restricted-user', meetsRestrictions: false });
    const appToken = fakes.socialGraph.seed.token({ type: 'app', label: 'app-token' });
    return { pageId, pageToken, userToken, appToken };
  },
  async check(fakes, h) {
    const page = await graph(fakes, 'GET', `/${h.pageId}`, h.pageToken, { fields: 'id,is_published' });
    ensure(page.status === 200 && page.body.is_published === true, 'restrictedPage', 'the Page token should read the published Page', page);
    ensureGraphError('restrictedPage', await graph(fakes, 'GET', `/${h.pageId}`, h.userToken, { fields: 'id' }), 210);
    ensureGraphError('restrictedPage', await graph(fakes, 'GET', `/${h.pageId}`, h.appToken, { fields: 'id' }), 200);
  },
});

/** A token the service does not accept (190). */
export const invalidToken = defineScenario({
  name: 'invalidToken',
  description: 'Turns the permission model on and hands out a token the service rejects with 190 (also an expired one: 190/463).',
  service: 'socialGraph',
  reaches: 'token invalid → 190',
  options: z.object({ pageId: z.string().optional() }).strict(),
  handles: '{ pageId, token, expiredToken, validToken }',
  apply: (fakes, o) => {
    const pageId = pageFor(fakes, o.pageId, 'Cafe');
    const validToken = fakes.socialGraph.seed.token({ type: 'page', pageId, label: 'page-token' });
    const expiredToken = fakes.socialGraph.seed.token({ type: 'page', pageId, label: 'expired-token', expiresAt: fakes.clock.nowMs() - 1000 });
    return { pageId, token: 'EAAinvalid-token-not-issued', expiredToken, validToken };
  },
  async check(fakes, h) {
    const bad = await graph(fakes, 'GET', `/${h.pageId}`, h.token, { fields: 'id' });
    ensureGraphError('invalidToken', bad, 190, { status: 400 });
    ensure(bad.body.error?.type === 'OAuthException' && bad.body.error.error_subcode === undefined, 'invalidToken', 'expected a plain 190 OAuthException', bad);
    ensure(bad.headers.get('www-authenticate')?.includes('invalid_token') === true, 'invalidToken', 'expected a WWW-Authenticate invalid_token header', bad);
    ensureGraphError('invalidToken', await graph(fakes, 'GET', `/${h.pageId}`, h.expiredToken, { fields: 'id' }), 190, { subcode: 463, status: 400 });
    const ok = await graph(fakes, 'GET', `/${h.pageId}`, h.validToken, { fields: 'id' });
    ensure(ok.status === 200 && ok.body.id === h.pageId, 'invalidToken', 'the valid token should read the Page', ok);
  },
});

/** A Page token without a permission (200 where it is needed). */
export const missingPermission = defineScenario({
  name: 'missingPermission',
  description: 'A Page token granted every default permission except `permission` (default pages_manage_posts): operations needing it answer 200.',
  service: 'socialGraph',
  reaches: 'token lacks permission → 200',
  options: z.object({ permission: z.enum(GRAPH_PERMISSIONS).describe('permission').default('pages_manage_posts'), pageId: z.string().optional() }).strict(),
  handles: '{ pageId, token }',
  apply: (fakes, o) => {
    const pageId = pageFor(fakes, o.pageId, 'Cafe');
    const permissions = DEFAULT_PERMISSIONS.filter((p) => p !== o.permission) as GraphPermission[];
    const token = fakes.socialGraph.seed.token({ type: 'page', pageId, label: 'limited-token', permissions });
    return { pageId, token };
  },
  /**
   * Probes the missing permission with a call that needs it and must answer 200 without a change:
   * pages_manage_posts (POST feed), pages_read_engagement (GET feed), pages_show_list (GET me/accounts).
   * For another permission it proves the token is otherwise valid (it reads the Page).
   */
  async check(fakes, h, o) {
    const probes: Record<string, () => Promise<WireAnswer>> = {
      pages_manage_posts: () => graph(fakes, 'POST', `/${h.pageId}/feed`, h.token, { message: 'stuntdouble check' }),
      pages_read_engagement: () => graph(fakes, 'GET', `/${h.pageId}/feed`, h.token),
      pages_show_list: () => graph(fakes, 'GET', '/me/accounts', h.token),
    };
    const probe = probes[o.permission];
    if (probe) {
      ensureGraphError('missingPermission', await refused(fakes, 'missingPermission', probe), 200);
      return;
    }
    const page = await graph(fakes, 'GET', `/${h.pageId}`, h.token, { fields: 'id' });
    ensure(page.status === 200, 'missingPermission', 'the token should still read the Page', page);
  },
});

/** The read each throttled family answers with its code (and one that stays open, for the narrower families). */
const LIMIT_PROBES = { page: 'feed', photoshare: 'instagram_accounts', leadgen: 'leadgen_forms', messaging: 'personas' } as const;

function rateLimited(name: string, family: 'page' | 'photoshare' | 'leadgen' | 'messaging', code: number, what: string) {
  return defineScenario({
    name,
    description: `Throttles ${what} of a Page: they answer ${code} with X-App-Usage / X-Page-Usage headers, for \`for\` of fake time (default until reset).`,
    service: 'socialGraph',
    reaches: `rate limited → ${code}`,
    options: z.object({ pageId: z.string().optional(), for: duration.optional() }).strict(),
    handles: '{ pageId }',
    apply: (fakes, o) => {
      const pageId = pageFor(fakes, o.pageId, 'Cafe');
      fakes.socialGraph.rateLimit({ family, pageId, ...(o.for !== undefined ? { for: o.for as number } : {}) });
      return { pageId };
    },
    // Proves the throttle while it is active (a `for` window that has passed by the check's time fails it).
    async check(fakes, h) {
      const token = readerToken(fakes, h.pageId);
      const got = await graph(fakes, 'GET', `/${h.pageId}/${LIMIT_PROBES[family]}`, token);
      ensureGraphError(name, got, code, { status: 403 });
      ensure(got.body.error?.is_transient === true, name, 'a rate-limit error is transient', got);
      const usage = got.headers.get('x-app-usage');
      ensure(usage !== null && (JSON.parse(usage) as { call_count?: number }).call_count === 100, name, 'expected X-App-Usage with call_count 100', got);
      const second = code === 80002 ? 'x-business-use-case-usage' : 'x-page-usage';
      ensure(got.headers.get(second) !== null, name, `expected a ${second} header`, got);
      if (family !== 'page') {
        const open = await graph(fakes, 'GET', `/${h.pageId}`, token, { fields: 'id' });
        ensure(open.status === 200, name, `only ${family} calls are throttled: a plain Page read should answer 200`, open);
      }
    },
  });
}

/** Every call on the Page answers 80001. */
export const pageRateLimited = rateLimited('pageRateLimited', 'page', 80001, 'every call');
/** Linked photo-app (Instagram) calls answer 80002. */
export const photoshareRateLimited = rateLimited('photoshareRateLimited', 'photoshare', 80002, 'linked photo-app (instagram_accounts) calls');
/** leadgen_forms calls answer 80005. */
export const leadgenRateLimited = rateLimited('leadgenRateLimited', 'leadgen', 80005, 'lead generation (leadgen_forms) calls');
/** Messaging calls (personas, take_thread_control, nlp_configs) answer 80006. */
export const messagingRateLimited = rateLimited('messagingRateLimited', 'messaging', 80006, 'messaging (personas, take_thread_control, nlp_configs) calls');

/** Scenarios of this area, by name. */
export const socialGraphScenarios = {
  pageWithFeed,
  scheduledPost,
  publishedPost,
  unpublishedPage,
  restrictedPage,
  invalidToken,
  missingPermission,
  pageRateLimited,
  photoshareRateLimited,
  leadgenRateLimited,
  messagingRateLimited,
};
