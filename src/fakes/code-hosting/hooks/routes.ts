import { empty, json } from '../../../http/response.js';
import { type AccessRule, type Principal, authorize } from '../core/auth.js';
import type { GitHubRouteContext } from '../core/context.js';
import { githubError } from '../core/errors.js';
import { objectBody, paginate, parseBody, positiveInt } from '../core/http-helpers.js';
import { recordDelivery, sendDeliveries } from './model/deliveries.js';
import {
  type HookTarget,
  createHook,
  deleteHook,
  findHook,
  renderDelivery,
  renderDeliveryItem,
  renderHook,
  renderHookConfig,
  renderOrgSimple,
  targetKey,
} from './model.js';
import { renderRepo } from '../repos/model.js';
import { accountOf, findAccount } from '../core/lookup.js';
import { renderAccount } from '../core/shapes/account.js';
import { handled } from '../core/route.js';
import type { FamilyRoute } from '../core/family.js';
import { EVENT_ALIASES, hookEvents } from './model/events.js';
import { ROWS_BY_KEY, ruleFor } from '../core/catalog/table.js';
import { CreateHookBodySchema, type HookRecord, HookConfigInputSchema, UpdateHookBodySchema } from './schemas.js';
import type { CodeHostingState } from '../state.js';
import { loadOrg, loadRepo } from '../core/load.js';
import { renderAs } from '../core/shapes/answer.js';
import { repoView } from '../repos/model.js';
import { DEFAULT_LOGIN } from '../core/shapes/render.js';

/** Permission rules of the hook families' collections (the catalog table's rows). */
const RULES = {
  repoHooksRead: ruleFor('GET /repos/{owner}/{repo}/hooks'),
  repoHooksWrite: ruleFor('POST /repos/{owner}/{repo}/hooks'),
  orgHooksRead: ruleFor('GET /orgs/{org}/hooks'),
  orgHooksWrite: ruleFor('POST /orgs/{org}/hooks'),
} satisfies Record<string, AccessRule>;

type Scope = 'repo' | 'org';

/** The catalog table's rule of a hook route (its own classic scopes), else the family's rule. */
function tableRule(method: string, path: string, fallback: { read: AccessRule; write: AccessRule }): AccessRule {
  return ROWS_BY_KEY.has(`${method} ${path}`) ? ruleFor(`${method} ${path}`) : method === 'GET' ? fallback.read : fallback.write;
}

function rules(scope: Scope): { read: AccessRule; write: AccessRule } {
  return scope === 'repo' ? { read: RULES.repoHooksRead, write: RULES.repoHooksWrite } : { read: RULES.orgHooksRead, write: RULES.orgHooksWrite };
}

function loadTarget(ctx: GitHubRouteContext, p: Principal, scope: Scope, rule: AccessRule): HookTarget {
  if (scope === 'repo') return { kind: 'Repository', repo: loadRepo(ctx, p, rule) };
  const org = loadOrg(ctx);
  // Organization hooks are never public: no token → 401, a token without the permission or scope → 403;
  // a user who is not an owner of the organization → 404.
  // The route, for an organization role holding `manage_organization_webhooks`.
  authorize(ctx, p, rule, { private: false, org: org.login, route: `${ctx.req.method} /orgs/{org}/hooks` });
  return { kind: 'Organization', org };
}

function insecure(v: string | number | undefined): string | undefined {
  return v === undefined ? undefined : String(v);
}

/** A delivery's payload context: repository or organization, plus the sender. */
function eventContext(ctx: GitHubRouteContext, target: HookTarget, login: string | null): Record<string, unknown> {
  const sender = renderAccount(accountOf(ctx.state, login ?? (target.kind === 'Repository' ? target.repo.ownerLogin : target.org.login)), ctx.baseUrl);
  if (target.kind === 'Organization') return { organization: renderOrgSimple(target.org, ctx.baseUrl), sender };
  const owner = findAccount(ctx.state, target.repo.ownerLogin);
  return {
    repository: renderRepo(ctx.state, target.repo, ctx.baseUrl),
    ...(owner?.type === 'Organization' ? { organization: renderOrgSimple(owner, ctx.baseUrl) } : {}),
    sender,
  };
}

function deliverNow(ctx: GitHubRouteContext, hook: HookRecord, target: HookTarget, event: string, payload: Record<string, unknown>): void {
  const now = ctx.clock.now().toISOString();
  const id = ctx.update((d) => {
    const h = d.hooks[hook.id];
    if (!h) throw githubError.notFound();
    return recordDelivery(d, h, { event, payload, repositoryId: target.kind === 'Repository' ? target.repo.id : null, now });
  });
  sendDeliveries(ctx.host, [id]);
}

/** A hook route's answer in the documented shape of its operation (the one renderer of the catalog). */
function shaped(
  ctx: GitHubRouteContext,
  p: Principal,
  target: HookTarget,
  operation: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const key = ctx.req.url.pathname.slice(new URL(ctx.baseUrl).pathname.replace(/\/$/, '').length);
  const rc = {
    baseUrl: ctx.baseUrl,
    now: ctx.clock.now().toISOString(),
    login: p.login ?? ctx.options.defaultLogin ?? DEFAULT_LOGIN,
    records: ctx.state.catalog.records,
    accounts: ctx.state.accounts,
    ...(target.kind === 'Repository' ? { repo: repoView(target.repo, { state: ctx.state, apiBase: ctx.baseUrl }) } : {}),
  };
  return json(status, renderAs(operation, status, body, key, rc), headers);
}

function hookRoutes(scope: Scope): FamilyRoute[] {
  const base = scope === 'repo' ? '/repos/{owner}/{repo}/hooks' : '/orgs/{org}/hooks';
  const access = rules(scope);
  const hookOf = (ctx: GitHubRouteContext, target: HookTarget) => findHook(ctx.state, target, positiveInt(ctx.params.hook_id));
  return [
    handled({
      method: 'GET',
      path: base,
      access: tableRule('GET', base, access),
      handler: (ctx, p) => {
        const target = loadTarget(ctx, p, scope, tableRule('GET', base, access));
        const ids = ctx.state.hooksByTarget[targetKey(target)] ?? [];
        const page = paginate(
          ctx,
          ids.map((id) => ctx.state.hooks[id]).filter((h): h is HookRecord => h !== undefined),
        );
        return shaped(
          ctx,
          p,
          target,
          `GET ${base}`,
          200,
          page.items.map((h) => renderHook(h, target, ctx.baseUrl)),
          page.headers,
        );
      },
    }),
    handled({
      method: 'POST',
      path: base,
      access: tableRule('POST', base, access),
      handler: (ctx, p) => {
        const target = loadTarget(ctx, p, scope, tableRule('POST', base, access));
        const body = parseBody(CreateHookBodySchema, objectBody(ctx), 'Hook');
        if (body.name !== undefined && body.name !== 'web') throw githubError.validation([{ resource: 'Hook', code: 'invalid', field: 'name' }]);
        const url = body.config?.url;
        if (!url) throw githubError.validation([{ resource: 'Hook', code: 'custom', message: 'Config must contain URL.' }]);
        const events = hookEvents(body.events ?? ['push']);
        const now = ctx.clock.now().toISOString();
        const context = eventContext(ctx, target, p.login);
        const [id, pingId] = ctx.update((d) => {
          for (const existing of d.hooksByTarget[targetKey(target)] ?? []) {
            const h = d.hooks[existing];
            if (h && h.config.url === url && h.events.join() === events.join()) {
              throw githubError.validation([
                { resource: 'Hook', code: 'custom', message: `Hook already exists on this ${scope === 'repo' ? 'repository' : 'organization'}` },
              ]);
            }
          }
          const secret = body.config?.secret;
          const ins = insecure(body.config?.insecure_ssl);
          const created = createHook(d, target, {
            url,
            events,
            now,
            ...(body.config?.content_type ? { contentType: body.config.content_type } : {}),
            ...(secret ? { secret } : {}),
            ...(ins !== undefined ? { insecureSsl: ins } : {}),
            ...(body.active !== undefined ? { active: body.active } : {}),
          });
          // Like GitHub, a new hook is pinged at once.
          const ping = { zen: 'Keep it logically awesome.', hook_id: created.id, hook: renderHook(created, target, ctx.baseUrl), ...context };
          const delivery = recordDelivery(d, created, {
            event: 'ping',
            payload: ping,
            repositoryId: target.kind === 'Repository' ? target.repo.id : null,
            now,
          });
          return [created.id, delivery] as const;
        });
        sendDeliveries(ctx.host, [pingId]);
        const hook = ctx.state.hooks[id] as HookRecord;
        const out = renderHook(hook, target, ctx.baseUrl);
        return shaped(ctx, p, target, `POST ${base}`, 201, out, { location: String(out.url) });
      },
    }),
    handled({
      method: 'GET',
      path: `${base}/{hook_id}`,
      access: tableRule('GET', `${base}/{hook_id}`, access),
      handler: (ctx, p) => {
        const target = loadTarget(ctx, p, scope, tableRule('GET', `${base}/{hook_id}`, access));
        return shaped(ctx, p, target, `GET ${base}/{hook_id}`, 200, renderHook(hookOf(ctx, target), target, ctx.baseUrl));
      },
    }),
    handled({
      method: 'PATCH',
      path: `${base}/{hook_id}`,
      access: tableRule('PATCH', `${base}/{hook_id}`, access),
      handler: (ctx, p) => {
        const target = loadTarget(ctx, p, scope, tableRule('PATCH', `${base}/{hook_id}`, access));
        const hook = hookOf(ctx, target);
        const body = parseBody(UpdateHookBodySchema, objectBody(ctx), 'Hook');
        const now = ctx.clock.now().toISOString();
        ctx.update((d) => {
          const h = d.hooks[hook.id];
          if (!h) throw githubError.notFound();
          if (body.config) {
            if (!body.config.url) throw githubError.validation([{ resource: 'Hook', code: 'custom', message: 'Config must contain URL.' }]);
            // Like GitHub, a config in this call replaces the old one: a secret not repeated is removed.
            h.config = {
              url: body.config.url,
              content_type: body.config.content_type ?? h.config.content_type,
              insecure_ssl: insecure(body.config.insecure_ssl) ?? '0',
              secret: body.config.secret ?? null,
            };
          }
          if (body.events) h.events = hookEvents(body.events);
          if (body.add_events) for (const e of hookEvents(body.add_events)) if (!h.events.includes(e)) h.events.push(e);
          if (body.remove_events) {
            const gone = body.remove_events.map((e) => EVENT_ALIASES[e] ?? e);
            h.events = h.events.filter((e) => !gone.includes(e));
          }
          if (body.active !== undefined) h.active = body.active;
          h.updatedAt = now;
        });
        return shaped(ctx, p, target, `PATCH ${base}/{hook_id}`, 200, renderHook(ctx.state.hooks[hook.id] as HookRecord, target, ctx.baseUrl));
      },
    }),
    handled({
      method: 'DELETE',
      path: `${base}/{hook_id}`,
      access: tableRule('DELETE', `${base}/{hook_id}`, access),
      handler: (ctx, p) => {
        const target = loadTarget(ctx, p, scope, tableRule('DELETE', `${base}/{hook_id}`, access));
        const hook = hookOf(ctx, target);
        ctx.update((d) => deleteHook(d, hook.id));
        return empty(204);
      },
    }),
    handled({
      method: 'GET',
      path: `${base}/{hook_id}/config`,
      access: tableRule('GET', `${base}/{hook_id}/config`, access),
      handler: (ctx, p) => {
        const target = loadTarget(ctx, p, scope, tableRule('GET', `${base}/{hook_id}/config`, access));
        return shaped(ctx, p, target, `GET ${base}/{hook_id}/config`, 200, renderHookConfig(hookOf(ctx, target)));
      },
    }),
    handled({
      method: 'PATCH',
      path: `${base}/{hook_id}/config`,
      access: tableRule('PATCH', `${base}/{hook_id}/config`, access),
      handler: (ctx, p) => {
        const target = loadTarget(ctx, p, scope, tableRule('PATCH', `${base}/{hook_id}/config`, access));
        const hook = hookOf(ctx, target);
        const body = parseBody(HookConfigInputSchema, objectBody(ctx), 'Hook');
        ctx.update((d) => {
          const h = d.hooks[hook.id];
          if (!h) throw githubError.notFound();
          if (body.url !== undefined) h.config.url = body.url;
          if (body.content_type !== undefined) h.config.content_type = body.content_type;
          if (body.secret !== undefined) h.config.secret = body.secret || null;
          const ins = insecure(body.insecure_ssl);
          if (ins !== undefined) h.config.insecure_ssl = ins;
        });
        return shaped(ctx, p, target, `PATCH ${base}/{hook_id}/config`, 200, renderHookConfig(ctx.state.hooks[hook.id] as HookRecord));
      },
    }),
    handled({
      method: 'GET',
      path: `${base}/{hook_id}/deliveries`,
      access: tableRule('GET', `${base}/{hook_id}/deliveries`, access),
      handler: (ctx, p) => {
        const target = loadTarget(ctx, p, scope, tableRule('GET', `${base}/{hook_id}/deliveries`, access));
        const hook = hookOf(ctx, target);
        // Newest first, like GitHub.
        const ids = [...(ctx.state.deliveriesByHook[hook.id] ?? [])].reverse();
        const page = paginate(ctx, ids);
        return shaped(
          ctx,
          p,
          target,
          `GET ${base}/{hook_id}/deliveries`,
          200,
          page.items.map((id) => renderDeliveryItem(ctx.state.deliveries[id] as NonNullable<CodeHostingState['deliveries'][string]>)),
          page.headers,
        );
      },
    }),
    handled({
      method: 'GET',
      path: `${base}/{hook_id}/deliveries/{delivery_id}`,
      access: tableRule('GET', `${base}/{hook_id}/deliveries/{delivery_id}`, access),
      handler: (ctx, p) => {
        const target = loadTarget(ctx, p, scope, tableRule('GET', `${base}/{hook_id}/deliveries/{delivery_id}`, access));
        const hook = hookOf(ctx, target);
        const id = positiveInt(ctx.params.delivery_id);
        const d = id === undefined ? undefined : ctx.state.deliveries[id];
        if (!d || d.hookId !== hook.id) throw githubError.notFound();
        return shaped(ctx, p, target, `GET ${base}/{hook_id}/deliveries/{delivery_id}`, 200, renderDelivery(d, ctx.baseUrl, target));
      },
    }),
    handled({
      method: 'POST',
      path: `${base}/{hook_id}/deliveries/{delivery_id}/attempts`,
      access: tableRule('POST', `${base}/{hook_id}/deliveries/{delivery_id}/attempts`, access),
      handler: (ctx, p) => {
        const target = loadTarget(ctx, p, scope, tableRule('POST', `${base}/{hook_id}/deliveries/{delivery_id}/attempts`, access));
        const hook = hookOf(ctx, target);
        const id = positiveInt(ctx.params.delivery_id);
        const orig = id === undefined ? undefined : ctx.state.deliveries[id];
        if (!orig || orig.hookId !== hook.id) throw githubError.notFound();
        const now = ctx.clock.now().toISOString();
        const newId = ctx.update((d) => {
          const h = d.hooks[hook.id];
          if (!h) throw githubError.notFound();
          const nid = recordDelivery(d, h, {
            event: orig.event,
            action: orig.action,
            payload: orig.payload,
            repositoryId: orig.repositoryId,
            redelivery: true,
            now,
          });
          const rec = d.deliveries[nid];
          // A redelivery carries the original delivery's GUID.
          if (rec) {
            rec.guid = orig.guid;
            rec.requestHeaders['x-github-delivery'] = orig.guid;
          }
          return nid;
        });
        sendDeliveries(ctx.host, [newId]);
        return shaped(ctx, p, target, `POST ${base}/{hook_id}/deliveries/{delivery_id}/attempts`, 202, {});
      },
    }),
    handled({
      method: 'POST',
      path: `${base}/{hook_id}/pings`,
      access: tableRule('POST', `${base}/{hook_id}/pings`, access),
      handler: (ctx, p) => {
        const target = loadTarget(ctx, p, scope, tableRule('POST', `${base}/{hook_id}/pings`, access));
        const hook = hookOf(ctx, target);
        const payload = {
          zen: 'Keep it logically awesome.',
          hook_id: hook.id,
          hook: renderHook(hook, target, ctx.baseUrl),
          ...eventContext(ctx, target, p.login),
        };
        deliverNow(ctx, hook, target, 'ping', payload);
        return empty(204);
      },
    }),
    ...(scope === 'repo'
      ? [
          handled({
            method: 'POST',
            path: `${base}/{hook_id}/tests`,
            access: tableRule('POST', `${base}/{hook_id}/tests`, access),
            handler: (ctx, p) => {
              const target = loadTarget(ctx, p, scope, tableRule('POST', `${base}/{hook_id}/tests`, access));
              const hook = hookOf(ctx, target);
              if (hook.active && (hook.events.includes('push') || hook.events.includes('*')) && target.kind === 'Repository') {
                const zero = '0000000000000000000000000000000000000000';
                const payload = {
                  ref: `refs/heads/${target.repo.defaultBranch}`,
                  before: zero,
                  after: zero,
                  created: false,
                  deleted: false,
                  forced: false,
                  base_ref: null,
                  compare: `${renderRepo(ctx.state, target.repo, ctx.baseUrl).html_url}/compare/${zero.slice(0, 12)}...${zero.slice(0, 12)}`,
                  commits: [],
                  head_commit: null,
                  pusher: { name: p.login ?? target.repo.ownerLogin, email: null },
                  ...eventContext(ctx, target, p.login),
                };
                deliverNow(ctx, hook, target, 'push', payload);
              }
              return empty(204);
            },
          }),
        ]
      : []),
  ];
}

/** Repository and organization webhook routes. */
export const webhookRoutes: FamilyRoute[] = [...hookRoutes('repo'), ...hookRoutes('org')];
