import { graphErrors } from '../errors.js';
import { PAGE_DEFAULTS, PAGE_DEPRECATED, PAGE_FIELD_TYPES } from '../schemas/page-fields.js';
import type { PageRecord } from '../state.js';
import { type FieldReadContext, type FieldSpec, type FieldTable, toGraphTime } from './fields.js';
import { pictureSource } from './picture.js';
import { type Principal, firstPageToken, tasksOn } from './tokens.js';

/** Ratings a Page needs before `overall_star_rating` is answered ("omitted with few or no ratings"). */
export const OVERALL_RATING_MIN = 5;

/**
 * A rating's stars: its `rating` (1-5), or for a recommendation without one, 5 when positive and 1
 * when negative. Undefined when it carries neither.
 */
export function starsOf(rating: { rating?: unknown; recommendation_type?: unknown }): number | undefined {
  if (typeof rating.rating === 'number') return rating.rating;
  if (rating.recommendation_type === 'positive') return 5;
  if (rating.recommendation_type === 'negative') return 1;
  return undefined;
}

const principalOf = (g: FieldReadContext) => g.principal as Principal;

/** Whether the caller holds a Page token of this Page. */
function ownPageToken(p: PageRecord, g: FieldReadContext): boolean {
  const rec = principalOf(g).record;
  return rec?.type === 'page' && p.id in rec.tasks;
}

const COMPUTED: Record<string, FieldSpec<PageRecord>['read']> = {
  id: (p) => p.id,
  is_published: (p) => p.published,
  is_webhooks_subscribed: (p, g) => p.subscriptions[g.principal.appId] !== undefined,
  store_number: (p) => p.fields.store_number,
  // New Page experience: fan_count answers followers_count.
  fan_count: (p) =>
    (p.fields.has_transitioned_to_new_page_experience ?? true) ? (p.fields.followers_count ?? p.fields.fan_count ?? 0) : (p.fields.fan_count ?? 0),
  // A user with a role gets the Page's token (the first seeded Page token; a made-up one in lenient
  // mode); a Page token of the Page gets itself, as Graph answers it.
  access_token: (p, g) => {
    const principal = principalOf(g);
    if (!principal.record) return `EAAsdPage${p.id}`;
    if (ownPageToken(p, g)) return principal.token ?? undefined;
    if (principal.record.type !== 'user' || (principal.record.tasks[p.id]?.length ?? 0) === 0) return undefined;
    return firstPageToken(g.state, p.id);
  },
  // Scale 1-5, normalised (one decimal), omitted with fewer than OVERALL_RATING_MIN ratings; a value
  // seeded in `fields` wins.
  overall_star_rating: (p) => {
    if (p.fields.overall_star_rating !== undefined) return p.fields.overall_star_rating;
    const r = p.ratings;
    if (!r || r.count < OVERALL_RATING_MIN) return undefined;
    return Math.round((r.sum / r.count) * 10) / 10;
  },
};

/**
 * `business` needs the business_management permission and an admin (the MANAGE task on the Page,
 * through a user or Page token): an app token, or a role without MANAGE, answers 200.
 */
function businessGuard(p: PageRecord, g: FieldReadContext): void {
  const principal = principalOf(g);
  if (!principal.record) return;
  if (principal.permissions !== 'all' && !principal.permissions.includes('business_management')) {
    throw graphErrors.permission('The business field requires the business_management permission and an admin of the business');
  }
  if (principal.record.type === 'app' || !tasksOn(principal, p.id).includes('MANAGE')) {
    throw graphErrors.permission(`The business field requires a Page or user access token of an admin (the MANAGE task) of Page ${p.id}`);
  }
}

/** `picture`: Graph's `{ data: ProfilePictureSource }`, sized by `.type()`, `.width()`, `.height()`. */
const PICTURE: FieldSpec<PageRecord> = {
  type: 'object',
  modifiers: ['type', 'width', 'height', 'redirect'],
  select: (p, sel, g) => {
    const data: Record<string, unknown> = pictureSource(p, sel.args, g.baseUrl ?? 'https://graph.facebook.com');
    if (!sel.sub) return { data };
    const out: Record<string, unknown> = {};
    for (const s of sel.sub) {
      if (!Object.hasOwn(data, s.name)) throw graphErrors.nonexistingField(s.name, 'ProfilePictureSource');
      out[s.name] = data[s.name];
    }
    return { data: out };
  },
};

/** The Page node's fields as a typed field table (the document's list, plus Graph's `picture`). */
export const PAGE_FIELDS: FieldTable<PageRecord> = Object.fromEntries([
  ...Object.entries(PAGE_FIELD_TYPES).map(([name, type]) => {
    const spec: FieldSpec<PageRecord> = {
      type,
      read:
        (Object.hasOwn(COMPUTED, name) ? COMPUTED[name] : undefined) ??
        (type === 'datetime'
          ? (p: PageRecord) => toGraphTime(p.fields[name] ?? PAGE_DEFAULTS[name])
          : (p: PageRecord) => p.fields[name] ?? PAGE_DEFAULTS[name]),
      ...(PAGE_DEPRECATED.has(name) ? { deprecated: true } : {}),
    };
    if (name === 'business') spec.guard = businessGuard;
    return [name, spec] as const;
  }),
  ['picture', PICTURE] as const,
]);
