import { read } from '../core/catalog/engine.js';
import type { Resource } from '../core/catalog/state.js';
import type { RelationOp } from '../core/family.js';
import { budgetView, createBudget, updateBudget } from './model.js';
import { BUDGETS } from './state.js';

/**
 * Budget writes answer as GitHub does: `{ message, budget }`, the budget as stored after the write (its
 * settings from the body, GitHub's defaults for a new budget). Reads answer the same budget object
 * (a budget seeded by path too); deletes are the generic engine's (a budget is a catalog record).
 */

const create: RelationOp = (rc) => {
  const { rec } = createBudget(rc.state, rc.op.key, rc.op.body, rc.op);
  return { status: 200, body: { message: 'Budget successfully created.', budget: budgetView(rec) } };
};

const update: RelationOp = (rc) => {
  const rec = updateBudget(rc.state, rc.op.key, rc.op.body, rc.op);
  return { status: 200, body: { message: 'Budget successfully updated.', budget: budgetView(rec) } };
};

const get: RelationOp = (rc) => {
  const out = read(rc.state.catalog, rc.op);
  return { ...out, body: budgetView(out.body as Resource) };
};

const list: RelationOp = (rc) => {
  const out = read(rc.state.catalog, rc.op);
  const body = out.body as Resource;
  return { ...out, body: { ...body, budgets: (body.budgets as Resource[]).map(budgetView) } };
};

/** Budget operations by `METHOD template`. */
export const BILLING_OPS: Readonly<Record<string, RelationOp>> = {
  [`GET ${BUDGETS}`]: list,
  [`POST ${BUDGETS}`]: create,
  [`GET ${BUDGETS}/{budget_id}`]: get,
  [`PATCH ${BUDGETS}/{budget_id}`]: update,
};
