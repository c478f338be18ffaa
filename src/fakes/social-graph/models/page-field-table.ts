import { graphErrors } from '../errors.js';
import { PAGE_DEFAULTS, PAGE_DEPRECATED, PAGE_FIELD_TYPES } from '../schemas/page-fields.js';
import type { PageRecord } from '../state.js';
import { type FieldSpec, type FieldTable, toGraphTime } from './fields.js';
import { type Principal, firstPageToken } from './tokens.js';

const COMPUTED: Record<string, FieldSpec<PageRecord>['read']> = {
  id: (p) => p.id,
  is_published: (p) => p.published,
  is_webhooks_subscribed: (p, g) => p.subscriptions[g.principal.appId] !== undefined,
  store_number: (p) => p.fields.store_number,
  // New Page experience: fan_count answers followers_count.
  fan_count: (p) =>
    (p.fields.has_transitioned_to_new_page_experience ?? true) ? (p.fields.followers_count ?? p.fields.fan_count ?? 0) : (p.fields.fan_count ?? 0),
  // A user with a role gets the Page's token (the first seeded Page token; a made-up one in lenient mode).
  access_token: (p, g) => {
    const principal = g.principal as Principal;
    if (!principal.record) return `EAAsdPage${p.id}`;
    if (principal.record.type !== 'user' || (principal.record.tasks[p.id]?.length ?? 0) === 0) return undefined;
    return firstPageToken(g.state, p.id);
  },
};

/** The Page node's fields as a typed field table. */
export const PAGE_FIELDS: FieldTable<PageRecord> = Object.fromEntries(
  Object.entries(PAGE_FIELD_TYPES).map(([name, type]) => {
    const spec: FieldSpec<PageRecord> = {
      type,
      read:
        COMPUTED[name] ??
        (type === 'datetime'
          ? (p: PageRecord) => toGraphTime(p.fields[name] ?? PAGE_DEFAULTS[name])
          : (p: PageRecord) => p.fields[name] ?? PAGE_DEFAULTS[name]),
      ...(PAGE_DEPRECATED.has(name) ? { deprecated: true } : {}),
    };
    if (name === 'business') {
      spec.guard = (_p, g) => {
        if (g.principal.permissions !== 'all' && !g.principal.permissions.includes('business_management')) {
          throw graphErrors.permission('The business field requires the business_management permission and an admin of the business');
        }
      };
    }
    return [name, spec];
  }),
);
