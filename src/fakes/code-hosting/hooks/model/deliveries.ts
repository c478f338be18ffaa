import { createHmac } from 'node:crypto';
import type { Draft } from 'immer';
import { nextId } from '../../../../store/ids.js';
import type { GitHubHost } from '../../core/context.js';
import type { DeliveryRecord, HookRecord } from '../schemas.js';
import type { CodeHostingState } from '../../state.js';

type S = CodeHostingState;

/** A deterministic GUID (`0b989ba4-242f-11e5-81e1-c7b6966d2516` form) from a delivery id. */
export function deliveryGuid(id: number): string {
  const h = (x: number) => {
    let v = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d);
    v = Math.imul(v ^ (v >>> 12), 0x297a2d39);
    return ((v ^ (v >>> 15)) >>> 0).toString(16).padStart(8, '0');
  };
  const a = h(id);
  const b = h(id + 0x1234567);
  const c = h(id * 7 + 3);
  const d = h(id * 13 + 11);
  return `${a}-${b.slice(0, 4)}-11ee-${c.slice(0, 4)}-${c.slice(4)}${d}`;
}

/** `sha256=<hex HMAC-SHA256 of the body with the secret>`, as GitHub signs deliveries. */
export function signature256(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** What one delivery sends. */
export interface DeliveryInput {
  event: string;
  action?: string | null;
  payload: Record<string, unknown>;
  repositoryId: number | null;
  redelivery?: boolean;
  /** ISO instant. */
  now: string;
}

/**
 * Records a delivery of an event to a hook (headers, exact body, signature) and returns its id.
 * The POST itself happens after the change lands: see {@link sendDeliveries}.
 */
export function recordDelivery(draft: Draft<S>, hook: HookRecord, input: DeliveryInput): number {
  const id = nextId(draft.counters, 'delivery', 12345678900);
  const guid = deliveryGuid(id);
  const json = JSON.stringify(input.payload);
  const body = hook.config.content_type === 'form' ? `payload=${encodeURIComponent(json)}` : json;
  const headers: Record<string, string> = {
    accept: '*/*',
    'content-type': hook.config.content_type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
    'user-agent': 'GitHub-Hookshot/stuntdouble',
    'x-github-delivery': guid,
    'x-github-event': input.event,
    'x-github-hook-id': String(hook.id),
    'x-github-hook-installation-target-id': String(hook.targetId),
    'x-github-hook-installation-target-type': hook.kind === 'Repository' ? 'repository' : 'organization',
  };
  if (hook.config.secret) {
    headers['x-hub-signature'] = `sha1=${createHmac('sha1', hook.config.secret).update(body).digest('hex')}`;
    headers['x-hub-signature-256'] = signature256(hook.config.secret, body);
  }
  const rec: DeliveryRecord = {
    id,
    guid,
    hookId: hook.id,
    event: input.event,
    action: input.action ?? null,
    url: hook.config.url,
    deliveredAt: input.now,
    redelivery: input.redelivery ?? false,
    repositoryId: input.repositoryId,
    requestHeaders: headers,
    payload: input.payload,
    body,
    statusCode: 0,
    status: 'pending',
    responseBody: null,
    responseHeaders: {},
    duration: 0,
  };
  draft.deliveries[id] = rec;
  draft.deliveryOrder.push(id);
  draft.deliveriesByHook[hook.id] ??= [];
  draft.deliveriesByHook[hook.id]?.push(id);
  return id;
}

/** Hooks of a repository (and of its owning organization) that subscribe to an event and are active. */
export function hooksFor(state: S | Draft<S>, repoId: number, orgLogin: string | null, event: string): HookRecord[] {
  const ids = [...(state.hooksByTarget[`repo:${repoId}`] ?? []), ...(orgLogin ? (state.hooksByTarget[`org:${orgLogin.toLowerCase()}`] ?? []) : [])];
  const out: HookRecord[] = [];
  for (const id of ids) {
    const h = state.hooks[id] as HookRecord | undefined;
    if (h?.active && (h.events.includes(event) || h.events.includes('*'))) out.push(h);
  }
  return out;
}

/**
 * POSTs recorded deliveries to their hook URLs with global `fetch`, then records the answer.
 * Runs through `host.after`, so it happens after the change lands and `fakes.flush()` awaits it.
 */
export function sendDeliveries(host: GitHubHost, ids: readonly number[]): void {
  for (const id of ids) {
    host.after(async (cancelled) => {
      const d = host.state.deliveries[id];
      if (!d) return;
      let statusCode = 0;
      let status: string;
      let responseBody: string | null = null;
      const responseHeaders: Record<string, string> = {};
      try {
        // Bounded like GitHub's own 10 s delivery timeout, so `fakes.flush()` cannot hang on an unreachable host.
        const res = await fetch(d.url, {
          method: 'POST',
          headers: d.requestHeaders,
          body: d.body,
          signal: AbortSignal.any([cancelled, AbortSignal.timeout(10_000)]),
        });
        statusCode = res.status;
        responseBody = await res.text();
        res.headers.forEach((v, k) => {
          responseHeaders[k] = v;
        });
        status = res.ok ? 'OK' : `Invalid HTTP Response: ${res.status}`;
      } catch (err) {
        status = `failed to connect to host: ${err instanceof Error ? err.message : String(err)}`;
      }
      // Reset or uninstalled meanwhile: the record may be gone or reused; leave state alone.
      if (cancelled.aborted) return;
      host.update((draft) => {
        const rec = draft.deliveries[id];
        if (!rec) return;
        rec.statusCode = statusCode;
        rec.status = status;
        rec.responseBody = responseBody;
        rec.responseHeaders = responseHeaders;
        const hook = draft.hooks[rec.hookId];
        if (hook) hook.lastResponse = { code: statusCode || null, status: statusCode >= 200 && statusCode < 300 ? 'active' : 'failed', message: status };
      });
    });
  }
}
