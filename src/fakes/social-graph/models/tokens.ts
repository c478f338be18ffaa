import { appSecretProof } from './signing.js';
import type { FakeRequest } from '../../../http/request.js';
import type { AuthMode } from '../../service.js';
import { GraphError, graphErrors } from '../errors.js';
import { DEFAULT_APP_ID, type PageRecord, type SocialGraphState, type TokenRecord } from '../state.js';
import type { Draft } from 'immer';
import { nextId } from '../../../store/ids.js';
import { tableDelete, tableGet, tableSet } from '../../../store/table.js';

/** Every Page task (the values of `assigned_users` `tasks`). */
export const PAGE_TASKS = [
  'MANAGE',
  'CREATE_CONTENT',
  'MODERATE',
  'MESSAGING',
  'ADVERTISE',
  'ANALYZE',
  'MODERATE_COMMUNITY',
  'MANAGE_JOBS',
  'PAGES_MESSAGING',
  'PAGES_MESSAGING_SUBSCRIPTIONS',
  'READ_PAGE_MAILBOXES',
  'VIEW_MONETIZATION_INSIGHTS',
  'MANAGE_LEADS',
  'CASHIER_ROLE',
  'GLOBAL_STRUCTURE_MANAGEMENT',
  'PROFILE_PLUS_FULL_CONTROL',
  'PROFILE_PLUS_MANAGE',
  'PROFILE_PLUS_FACEBOOK_ACCESS',
  'PROFILE_PLUS_CREATE_CONTENT',
  'PROFILE_PLUS_MODERATE',
  'PROFILE_PLUS_MODERATE_DELEGATE_COMMUNITY',
  'PROFILE_PLUS_MESSAGING',
  'PROFILE_PLUS_ADVERTISE',
  'PROFILE_PLUS_ANALYZE',
  'PROFILE_PLUS_REVENUE',
  'PROFILE_PLUS_MANAGE_LEADS',
  'PROFILE_PLUS_GLOBAL_STRUCTURE_MANAGEMENT',
] as const;

/** Tasks a seeded Page or user token gets on its Page when the seed names none. */
export const DEFAULT_TASKS = ['MANAGE', 'CREATE_CONTENT', 'MODERATE', 'MESSAGING', 'ADVERTISE', 'ANALYZE'];

export { DEFAULT_PERMISSIONS } from '../permissions.js';

/** Who is calling: a seeded token, or (lenient mode) an unseeded token with full rights. */
export interface Principal {
  /** The raw token (needed to build `paging.next`); null when none was sent. */
  readonly token: string | null;
  /** Journal label: the seeded label, `'unseeded'`, or null. */
  readonly label: string | null;
  /** The seeded record; null for a full-rights lenient token. */
  readonly record: TokenRecord | null;
  readonly appId: string;
  /** `'all'` for a lenient token. */
  readonly permissions: readonly string[] | 'all';
}

/** Whether the permission model is on: strict mode, or any token seeded (O(1): the table counts). */
export function modelOn(state: SocialGraphState, auth: AuthMode): boolean {
  return auth === 'strict' || state.tokens.size > 0;
}

/** A seeded token by its string (O(1)), own keys only. */
export function getToken(state: SocialGraphState, token: string): TokenRecord | undefined {
  return tableGet(state.tokens, token);
}

/** What {@link putToken} stores: a token record without its index fields. */
export type TokenInput = Omit<TokenRecord, 'pageIds' | 'seq'>;

/**
 * Stores a seeded token (new, or replacing one with the same string) and keeps the Page token index
 * in step: every Page a Page token has tasks on lists it, in seed order (a replaced token keeps its
 * place). O(Pages of the token × Page tokens of each Page).
 * @example putToken(draft, { token: 'EAA...', type: 'page', tasks: { [pageId]: ['MANAGE'] }, ... })
 */
export function putToken(draft: Draft<SocialGraphState>, input: TokenInput): TokenRecord {
  const old = tableGet(draft.tokens, input.token);
  const seq = old?.seq ?? nextId(draft.counters, 'tokenSeq', 0);
  const record: TokenRecord = { ...input, pageIds: Object.keys(input.tasks), seq };
  const index = draft.indexes.pageTokens;
  if (old?.type === 'page') {
    for (const pageId of old.pageIds) {
      const list = tableGet(index, pageId);
      if (!list) continue;
      const at = list.indexOf(input.token);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0) tableDelete(index, pageId);
    }
  }
  tableSet(draft.tokens, input.token, record);
  if (record.type === 'page') {
    for (const pageId of record.pageIds) {
      const list = tableGet(index, pageId);
      if (!list) {
        tableSet(index, pageId, [input.token]);
        continue;
      }
      // In seed order: after every token seeded before this one.
      let at = list.length;
      while (at > 0 && (tableGet(draft.tokens, list[at - 1] as string)?.seq ?? 0) > seq) at--;
      list.splice(at, 0, input.token);
    }
  }
  return record;
}

/** The first Page token seeded for a Page (its `access_token` field, `/me/accounts`), O(1). */
export function firstPageToken(state: SocialGraphState, pageId: string): string | undefined {
  return tableGet(state.indexes.pageTokens, pageId)?.[0];
}

/** The access token of a request: query, body (form or JSON), or `Authorization: Bearer|OAuth`. */
export function tokenOf(req: FakeRequest): string | null {
  const q = req.query.access_token;
  if (typeof q === 'string' && q !== '') return q;
  if (Array.isArray(q) && q[0]) return q[0];
  const b = req.body;
  if (b && typeof b === 'object' && !(b instanceof Uint8Array)) {
    const t = (b as Record<string, unknown>).access_token;
    if (typeof t === 'string' && t !== '') return t;
  }
  const h = /^(?:Bearer|OAuth)\s+(\S+)/i.exec(req.headers.authorization ?? '');
  return h?.[1] ?? null;
}

function proofOf(req: FakeRequest): string | null {
  const q = req.query.appsecret_proof;
  if (typeof q === 'string') return q;
  const b = req.body as Record<string, unknown> | undefined;
  return b && typeof b === 'object' && typeof b.appsecret_proof === 'string' ? b.appsecret_proof : null;
}

export { appSecretProof } from './signing.js';

/**
 * Identifies the caller: 104 without a token, 190 (or 102, 190/460, 190/463) for a bad one in the
 * permission model, full rights for any token in lenient mode. Checks `appsecret_proof` when sent
 * or required by the app: a wrong proof answers Graph's `(#100) Invalid appsecret_proof provided in the
 * API argument`, or, with `signature: true` (the operations whose errors the document lists 104 for:
 * subscribed_apps and number verification), `(#104) Incorrect signature`.
 * @example const principal = authenticate(ctx.state, ctx.auth, ctx.req, ctx.clock.nowMs())
 */
export function authenticate(state: SocialGraphState, auth: AuthMode, req: FakeRequest, now: number, opts: { signature?: boolean } = {}): Principal {
  const token = tokenOf(req);
  if (token === null) throw graphErrors.missingToken();
  const record = getToken(state, token);
  if (!record) {
    if (modelOn(state, auth)) throw graphErrors.invalidToken();
    return { token, label: 'unseeded', record: null, appId: DEFAULT_APP_ID, permissions: 'all' };
  }
  if (record.status === 'session-invalid') throw graphErrors.sessionInvalid();
  if (record.status === 'invalidated') throw graphErrors.invalidatedToken();
  if (record.expiresAt !== null && record.expiresAt <= now) throw graphErrors.expiredToken(new Date(record.expiresAt));
  const app = state.apps[record.appId];
  const proof = proofOf(req);
  if (app && (proof !== null || app.requireAppSecretProof)) {
    if (proof === null) throw graphErrors.proofRequired();
    if (proof !== appSecretProof(token, app.secret)) throw opts.signature ? graphErrors.incorrectSignature() : graphErrors.badProof();
  }
  return { token, label: record.label, record, appId: record.appId, permissions: record.permissions };
}

/** Whether the principal holds a permission. */
export function hasPermission(p: Principal, permission: string): boolean {
  return p.permissions === 'all' || p.permissions.includes(permission);
}

/** Tasks the principal holds on a Page (every task for a lenient token). */
export function tasksOn(p: Principal, pageId: string): readonly string[] {
  if (!p.record) return PAGE_TASKS;
  return p.record.tasks[pageId] ?? [];
}

/** Throws 200 unless the principal holds every permission named. */
export function requirePermissions(p: Principal, permissions: readonly string[], what: string): void {
  const missing = permissions.filter((x) => !hasPermission(p, x));
  if (missing.length > 0) {
    throw graphErrors.permission(`${what} requires the ${missing.map((m) => `'${m}'`).join(' and ')} permission${missing.length > 1 ? 's' : ''}`);
  }
}

/** What an operation on a Page needs: the token kinds, tasks and permissions that allow it. */
export interface PageAccess {
  /** Any one of these tasks. */
  tasks: readonly string[];
  /** All of these permissions. */
  permissions: readonly string[];
  /** Only a Page token of this Page will do (posting, Page settings). */
  pageToken?: boolean;
  /** Words for the error message, e.g. `Publishing to a Page`. */
  what: string;
}

/**
 * Checks a write (or privileged read) on a Page: the token type, a task and the permissions.
 * @example requirePageAccess(g.principal, page, { tasks: ['CREATE_CONTENT'], permissions: ['pages_manage_posts'], pageToken: true, what: 'Posting' })
 */
export function requirePageAccess(p: Principal, page: PageRecord, need: PageAccess): void {
  if (!p.record) return;
  if (need.pageToken && (p.record.type !== 'page' || !(page.id in p.record.tasks))) {
    throw graphErrors.permission(
      `${need.what} requires a Page access token of Page ${page.id}${need.tasks.length > 0 ? ` with the ${need.tasks.join(' or ')} task` : ''}`,
    );
  }
  const tasks = tasksOn(p, page.id);
  if (need.tasks.length > 0 && !need.tasks.some((t) => tasks.includes(t))) {
    throw graphErrors.permission(`${need.what} requires the ${need.tasks.join(' or ')} task on Page ${page.id}`);
  }
  requirePermissions(p, need.permissions, need.what);
}

/**
 * Who may read a Page (and its feed): unpublished Pages only to Page/user tokens with a role;
 * published Pages to holders of MODERATE with `pages_read_engagement`, or to apps with the public
 * content/metadata feature; restricted Pages never to app tokens, and only to users meeting the
 * restrictions (210).
 */
export function requirePageRead(state: SocialGraphState, p: Principal, page: PageRecord): void {
  const rec = p.record;
  if (!rec) return;
  const hasRole = (rec.tasks[page.id]?.length ?? 0) > 0;
  if (!page.published) {
    if (rec.type === 'app' || !hasRole) {
      throw new GraphError(
        100,
        `Unsupported get request. Object with ID '${page.id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
        { subcode: 33, type: 'GraphMethodException' },
      );
    }
    return;
  }
  if (page.restricted) {
    if (rec.type === 'app') throw graphErrors.permission('A restricted Page can be read only with a Page or user access token');
    if (!hasRole && !rec.meetsRestrictions) throw new GraphError(210, 'User not visible', { type: 'OAuthException' });
  }
  if (hasRole && rec.type !== 'app') {
    if (!tasksOn(p, page.id).includes('MODERATE') && !tasksOn(p, page.id).includes('MANAGE')) {
      throw graphErrors.permission(`Reading Page ${page.id} requires the MODERATE task`);
    }
    requirePermissions(p, ['pages_read_engagement'], 'Reading Page content');
    return;
  }
  const features = state.apps[rec.appId]?.features ?? [];
  if (!features.includes('page_public_content_access') && !features.includes('page_public_metadata_access')) throw graphErrors.publicAccess();
}
