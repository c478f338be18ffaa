import { graphErrors } from '../errors.js';
import { PAGE_DEFAULTS, PAGE_DEPRECATED, PAGE_FIELD_TYPES } from '../schemas/page-fields.js';
import type { PageRecord } from '../state.js';
import type { FieldSpec, FieldTable } from './fields.js';

const COMPUTED: Record<string, FieldSpec<PageRecord>['read']> = {
  id: (p) => p.id,
  is_published: (p) => p.published,
  is_webhooks_subscribed: (p, g) => p.subscriptions[g.principal.appId] !== undefined,
  store_number: (p) => p.fields.store_number,
};

/** Section 2.2 as a typed field table. */
export const PAGE_FIELDS: FieldTable<PageRecord> = Object.fromEntries(
  Object.entries(PAGE_FIELD_TYPES).map(([name, type]) => {
    const spec: FieldSpec<PageRecord> = {
      type,
      read: COMPUTED[name] ?? ((p: PageRecord) => p.fields[name] ?? PAGE_DEFAULTS[name]),
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
