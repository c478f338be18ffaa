import { z } from 'zod';
import type { Fakes } from '../create-fakes.js';
import { defineScenario } from './define.js';

const duration = z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?(ms|s|m|h|d)$/)]);

function pageFor(fakes: Fakes, pageId: string | undefined, name: string): string {
  if (pageId !== undefined) {
    if (!fakes.state.socialGraph.pages[pageId]) throw new TypeError(`stuntdouble: no Page ${pageId}; seed it first or omit pageId`);
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
});

/** A scheduled post that publishes when the fake clock passes its time. */
export const scheduledPost = defineScenario({
  name: 'scheduledPost',
  description: 'A Page with one scheduled (unpublished) post due `in` from now; advancing the fake clock past it publishes it.',
  service: 'socialGraph',
  reaches: 'post.is_published = false (scheduled) → true at scheduled_publish_time',
  options: z.object({ in: duration.default('1h'), message: z.string().default('Scheduled hello'), pageId: z.string().optional() }).strict(),
  handles: '{ pageId, postId, publishAt (ISO) }',
  apply: (fakes, o) => {
    const pageId = pageFor(fakes, o.pageId, 'Cafe');
    const at = fakes.clock.nowMs() + (typeof o.in === 'number' ? o.in : parseIn(o.in));
    const { id } = fakes.socialGraph.seed.post({ pageId, message: o.message, published: false, scheduledAt: at });
    return { pageId, postId: id, publishAt: new Date(at).toISOString() };
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
});

/** A Page token without a permission (200 where it is needed). */
export const missingPermission = defineScenario({
  name: 'missingPermission',
  description: 'A Page token granted every default permission except `permission` (default pages_manage_posts): operations needing it answer 200.',
  service: 'socialGraph',
  reaches: 'token lacks permission → 200',
  options: z.object({ permission: z.string().default('pages_manage_posts'), pageId: z.string().optional() }).strict(),
  handles: '{ pageId, token }',
  apply: (fakes, o) => {
    const pageId = pageFor(fakes, o.pageId, 'Cafe');
    const all = [
      'pages_show_list',
      'pages_read_engagement',
      'pages_read_user_content',
      'pages_manage_posts',
      'pages_manage_metadata',
      'pages_manage_engagement',
      'pages_manage_ads',
      'pages_messaging',
      'leads_retrieval',
      'business_management',
    ];
    const token = fakes.socialGraph.seed.token({ type: 'page', pageId, label: 'limited-token', permissions: all.filter((p) => p !== o.permission) });
    return { pageId, token };
  },
});

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
  unpublishedPage,
  restrictedPage,
  invalidToken,
  missingPermission,
  pageRateLimited,
  photoshareRateLimited,
  leadgenRateLimited,
  messagingRateLimited,
};
