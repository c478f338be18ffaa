import type { Draft } from 'immer';
import { nextId } from '../../../store/ids.js';
import { githubError } from '../core/errors.js';
import type { DeliveryRecord, HookRecord } from './schemas.js';
import type { HookJson } from './schemas.js';
import type { Account, RepoRecord } from '../core/schemas/repo.js';
import type { CodeHostingState } from '../state.js';
import { legacyNodeId } from '../core/shapes/account.js';
import { trimBase, webBase } from '../core/urls.js';
import { fullName } from '../core/lookup.js';

type S = CodeHostingState;

/** Where a hook lives: a repository or an organization. */
export type HookTarget = { kind: 'Repository'; repo: RepoRecord } | { kind: 'Organization'; org: Account };

/** The state key of a target's hook list. */
export function targetKey(t: HookTarget): string {
  return t.kind === 'Repository' ? `repo:${t.repo.id}` : `org:${t.org.login.toLowerCase()}`;
}

/** What a new hook gets. */
export interface NewHook {
  url: string;
  contentType?: 'json' | 'form';
  secret?: string | null;
  insecureSsl?: string;
  events?: string[];
  active?: boolean;
  now: string;
}

/** Creates a hook on a target. */
export function createHook(draft: Draft<S>, target: HookTarget, input: NewHook): HookRecord {
  const id = nextId(draft.counters, 'hook', 12345677);
  const rec: HookRecord = {
    id,
    target: targetKey(target),
    kind: target.kind,
    targetId: target.kind === 'Repository' ? target.repo.id : target.org.id,
    name: 'web',
    active: input.active ?? true,
    events: input.events ?? ['push'],
    config: { url: input.url, content_type: input.contentType ?? 'form', insecure_ssl: input.insecureSsl ?? '0', secret: input.secret ?? null },
    createdAt: input.now,
    updatedAt: input.now,
    lastResponse: { code: null, status: 'unused', message: null },
  };
  draft.hooks[id] = rec;
  draft.hooksByTarget[rec.target] ??= [];
  draft.hooksByTarget[rec.target]?.push(id);
  return rec;
}

/** Finds a hook of a target by id (404 when it belongs elsewhere). */
export function findHook(state: S | Draft<S>, target: HookTarget, id: number | undefined): HookRecord {
  const h = id === undefined ? undefined : (state.hooks[id] as HookRecord | undefined);
  if (!h || h.target !== targetKey(target)) throw githubError.notFound();
  return h;
}

/** Deletes a hook with its deliveries. */
export function deleteHook(draft: Draft<S>, id: number): void {
  const h = draft.hooks[id];
  if (!h) throw githubError.notFound();
  const list = draft.hooksByTarget[h.target];
  if (list) {
    const at = list.indexOf(id);
    if (at >= 0) list.splice(at, 1);
  }
  for (const d of draft.deliveriesByHook[id] ?? []) {
    delete draft.deliveries[d];
    const at = draft.deliveryOrder.indexOf(d);
    if (at >= 0) draft.deliveryOrder.splice(at, 1);
  }
  delete draft.deliveriesByHook[id];
  delete draft.hooks[id];
}

/** The hook collection URL of a target. */
export function hooksUrl(target: HookTarget, apiBase: string): string {
  const api = trimBase(apiBase);
  return target.kind === 'Repository' ? `${api}/repos/${fullName(target.repo)}/hooks` : `${api}/orgs/${target.org.login}/hooks`;
}

/** A hook's config as the API shows it (the secret masked). */
export function renderHookConfig(h: HookRecord): HookJson['config'] {
  const out: HookJson['config'] = { content_type: h.config.content_type, insecure_ssl: h.config.insecure_ssl, url: h.config.url };
  if (h.config.secret) out.secret = '********';
  return out;
}

/** GitHub's `hook` (repository) / `org-hook` JSON. */
export function renderHook(h: HookRecord, target: HookTarget, apiBase: string): HookJson {
  const url = `${hooksUrl(target, apiBase)}/${h.id}`;
  const base: Record<string, unknown> = {
    type: h.kind,
    id: h.id,
    name: h.name,
    active: h.active,
    events: [...h.events],
    config: renderHookConfig(h),
    updated_at: h.updatedAt,
    created_at: h.createdAt,
    url,
  };
  if (h.kind === 'Repository') base.test_url = `${url}/test`;
  base.ping_url = `${url}/pings`;
  base.deliveries_url = `${url}/deliveries`;
  if (h.kind === 'Repository') base.last_response = { ...h.lastResponse };
  // Built field by field to keep GitHub's key order; HookJsonSchema describes the result.
  return base as HookJson;
}

/** GitHub's delivery summary (`hook-delivery-item`). */
export function renderDeliveryItem(d: DeliveryRecord): Record<string, unknown> {
  return {
    id: d.id,
    guid: d.guid,
    delivered_at: d.deliveredAt,
    redelivery: d.redelivery,
    duration: d.duration,
    status: d.status,
    status_code: d.statusCode,
    event: d.event,
    action: d.action,
    installation_id: null,
    repository_id: d.repositoryId,
    throttled_at: null,
  };
}

/** GitHub's full delivery (`hook-delivery`) with request and response. */
export function renderDelivery(d: DeliveryRecord, apiBase: string, target: HookTarget): Record<string, unknown> {
  return {
    ...renderDeliveryItem(d),
    url: `${hooksUrl(target, apiBase)}/${d.hookId}/deliveries/${d.id}`,
    request: { headers: { ...d.requestHeaders }, payload: d.payload },
    response: { headers: { ...d.responseHeaders }, payload: d.responseBody },
  };
}

/**
 * GitHub's `organization-simple` (webhook payloads, `GET /orgs/{org}`, a team's organization), with
 * the identity every other answer gives the account.
 */
export function renderOrgSimple(org: Account, apiBase: string): Record<string, unknown> {
  const api = trimBase(apiBase);
  return {
    login: org.login,
    id: org.id,
    node_id: legacyNodeId('Organization', org.id),
    url: `${api}/orgs/${org.login}`,
    repos_url: `${api}/orgs/${org.login}/repos`,
    events_url: `${api}/orgs/${org.login}/events`,
    hooks_url: `${api}/orgs/${org.login}/hooks`,
    issues_url: `${api}/orgs/${org.login}/issues`,
    members_url: `${api}/orgs/${org.login}/members{/member}`,
    public_members_url: `${api}/orgs/${org.login}/public_members{/member}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${org.id}?v=4`,
    description: null,
    html_url: `${webBase(apiBase)}/${org.login}`,
  };
}
