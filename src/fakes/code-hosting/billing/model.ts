import { nextId } from '../../../store/ids.js';
import { plain } from '../../../store/store.js';
import { tableGet } from '../../../store/table.js';
import { putResource } from '../core/catalog/engine.js';
import type { Resource } from '../core/catalog/state.js';
import { githubError } from '../core/errors.js';
import type { CodeHostingState } from '../state.js';
import { BUDGETS, budgetKey } from './state.js';

/**
 * Budgets of an organization's billing: what a create stores (the body's settings over GitHub's
 * defaults for a new budget), what an update changes (the fields its body names), and the budget
 * object GitHub answers (`id`, scope, entity, amount, SKU, type, alerting).
 */

const DOCS = 'https://docs.github.com/rest/billing/budgets';
const SCOPES = ['organization', 'repository', 'multi_user_customer', 'user'] as const;
const TYPES = ['BundlePricing', 'ProductPricing', 'SkuPricing'] as const;
/** The settings of a budget a create or update body may name (the description's request body). */
const SETTINGS = [
  'budget_amount',
  'prevent_further_usage',
  'budget_alerting',
  'budget_scope',
  'budget_entity_name',
  'budget_type',
  'budget_product_sku',
  'user',
];

/** A budget id as GitHub spells it (a UUID), from the store's counter: deterministic. */
export function budgetId(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${hex}`;
}

const invalid = (field: string) => githubError.validation([{ resource: 'Budget', code: 'invalid', field }], DOCS);

/** The settings a body names, checked against the description's types and values (422 naming the field). */
function settingsOf(body: Resource): Resource {
  const out: Resource = {};
  for (const k of SETTINGS) if (body[k] !== undefined) out[k] = body[k];
  if (out.budget_amount !== undefined && !(Number.isInteger(out.budget_amount) && (out.budget_amount as number) >= 0)) throw invalid('budget_amount');
  if (out.prevent_further_usage !== undefined && typeof out.prevent_further_usage !== 'boolean') throw invalid('prevent_further_usage');
  if (out.budget_scope !== undefined && !(SCOPES as readonly unknown[]).includes(out.budget_scope)) throw invalid('budget_scope');
  if (out.budget_type !== undefined && !(TYPES as readonly unknown[]).includes(out.budget_type)) throw invalid('budget_type');
  const a = out.budget_alerting;
  if (a !== undefined) {
    const ok =
      typeof a === 'object' &&
      a !== null &&
      !Array.isArray(a) &&
      ((a as Resource).will_alert === undefined || typeof (a as Resource).will_alert === 'boolean') &&
      ((a as Resource).alert_recipients === undefined ||
        (Array.isArray((a as Resource).alert_recipients) && ((a as Resource).alert_recipients as unknown[]).every((x) => typeof x === 'string')));
    if (!ok) throw invalid('budget_alerting');
  }
  return out;
}

/** GitHub's budget object of a stored record: its id is the last segment of its path (seeded ones too). */
export function budgetView(rec: Resource): Resource {
  const url = typeof rec.url === 'string' ? rec.url : String(rec.id);
  const out: Resource = { id: decodeURIComponent(url.slice(url.lastIndexOf('/') + 1)) };
  for (const k of SETTINGS) if (rec[k] !== undefined) out[k] = plain(rec[k]);
  return out;
}

/**
 * Creates a budget of the organization's collection `collection` from the body: its settings, with
 * GitHub's values for a new budget where the body is silent (the organization as scope, no entity
 * name, no alerting and nobody to alert). Answers the stored key and record.
 */
export function createBudget(state: CodeHostingState, collection: string, body: Resource, env: { baseUrl: string; now: string }) {
  const settings = settingsOf(body);
  const alerting = (settings.budget_alerting ?? {}) as Resource;
  const rec: Resource = {
    budget_scope: 'organization',
    budget_entity_name: '',
    ...settings,
    budget_alerting: { will_alert: alerting.will_alert ?? false, alert_recipients: alerting.alert_recipients ?? [] },
  };
  const id = budgetId(nextId(state.counters, 'budget'));
  rec.id = id;
  const key = budgetKey(collection, id);
  return { key, rec: putResource(state.catalog, state.counters, `${BUDGETS}/{budget_id}`, key, rec, env) };
}

/** Updates the settings the body names of a budget (404 for a budget that does not exist); alerting merges field by field. */
export function updateBudget(state: CodeHostingState, key: string, body: Resource, env: { baseUrl: string; now: string }): Resource {
  const prev = tableGet(state.catalog.records, key);
  if (!prev) throw githubError.notFound(DOCS);
  const settings = settingsOf(body);
  const alerting = settings.budget_alerting as Resource | undefined;
  const next: Resource = { ...prev, ...settings };
  if (alerting) next.budget_alerting = { ...((prev.budget_alerting as Resource | undefined) ?? {}), ...alerting };
  return putResource(state.catalog, state.counters, `${BUDGETS}/{budget_id}`, key, next, env);
}
