import { createHmac } from 'node:crypto';
import { signBody } from './signing.js';
import type { Draft } from 'immer';
import { nextId } from '../../../store/ids.js';
import type { DeliveryRecord, PostRecord, SocialGraphState } from '../state.js';
import { appendId, chunkedAt } from './id-list.js';
import { draftPage, getPage } from './pages.js';
import { getUser } from './users.js';

/** What a webhook queue needs from its host: `after` for the post-commit send, `update` to record the result. */
export interface WebhookHost {
  after(fn: (signal: AbortSignal) => void | Promise<void>): void;
}

export { signBody } from './signing.js';

/** Graph's feed change value for a post event. */
export function feedValue(state: SocialGraphState, post: PostRecord, verb: 'add' | 'edited' | 'remove', now: number): Record<string, unknown> {
  const page = getPage(state, post.fromId);
  const value: Record<string, unknown> = {
    from: { id: post.fromId, name: page ? page.fields.name : (getUser(state, post.fromId)?.name ?? post.fromId) },
    item: post.fields.link ? 'share' : 'status',
    post_id: post.id,
    verb,
    created_time: Math.floor((verb === 'add' ? post.createdTime : now) / 1000),
    is_hidden: post.fields.is_hidden === true,
  };
  if (post.fields.message !== undefined && verb !== 'remove') value.message = post.fields.message;
  if (post.fields.link !== undefined && verb !== 'remove') value.link = post.fields.link;
  if (verb !== 'remove') value.published = post.published ? 1 : 0;
  return value;
}

/**
 * Queues `feed` change deliveries for a post event to every app subscribed to the Page's `feed`
 * field. Records each delivery in the draft (same change as the event); the POST to the app's
 * callback URL runs after the change lands, and its status is recorded then.
 */
export function queueFeedWebhooks(
  draft: Draft<SocialGraphState>,
  host: WebhookHost & { update(recipe: (d: Draft<SocialGraphState>) => void): void },
  post: PostRecord,
  verb: 'add' | 'edited' | 'remove',
  now: number,
): void {
  // Unpublished posts make no feed story; only publishing, edits of published posts and removals do.
  if (verb !== 'remove' && !post.published) return;
  const page = draftPage(draft, post.pageId);
  if (!page) return;
  for (const [appId, fields] of Object.entries(page.subscriptions)) {
    if (!fields.includes('feed')) continue;
    const app = draft.apps[appId];
    if (!app) continue;
    const payload = {
      object: 'page',
      entry: [{ id: page.id, time: Math.floor(now / 1000), changes: [{ field: 'feed', value: feedValue(draft as SocialGraphState, post, verb, now) }] }],
    };
    const body = JSON.stringify(payload);
    const headers = {
      'content-type': 'application/json',
      'x-hub-signature-256': signBody(body, app.secret),
      'x-hub-signature': `sha1=${createHmac('sha1', app.secret).update(body).digest('hex')}`,
      'user-agent': 'facebookexternalua',
    };
    const seq = nextId(draft.counters, 'delivery', 0);
    // Deliveries are numbered from 1 in the order they are recorded: delivery n sits at position n - 1.
    appendId<DeliveryRecord>(draft.deliveries, { seq, appId, url: app.callbackUrl, headers, body: payload, status: null, error: null });
    const url = app.callbackUrl;
    if (url === null) continue;
    host.after(async (signal) => {
      let status: number | null = null;
      let error: string | null = null;
      try {
        const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]) });
        status = res.status;
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
      // Reset or uninstalled meanwhile: the record may be gone or reused; leave state alone.
      if (signal.aborted) return;
      host.update((d) => {
        const rec = chunkedAt(d.deliveries, seq - 1);
        if (rec && rec.seq === seq) {
          rec.status = status;
          rec.error = error;
        }
      });
    });
  }
}
