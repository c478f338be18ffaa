/**
 * The billing family keeps no slice of its own: an organization's budgets are catalog records
 * (`catalog.records`), each at `/organizations/<org>/settings/billing/budgets/<id>` and listed in its
 * collection, as the generic engine stores them; the family decides what a create or an update
 * stores and answers.
 */
export const BUDGETS = '/organizations/{org}/settings/billing/budgets';

/** The catalog key of a budget. */
export const budgetKey = (collection: string, id: string) => `${collection}/${encodeURIComponent(id)}`;
