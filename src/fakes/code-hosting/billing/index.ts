import { type Family, opRoutes } from '../core/family.js';
import { BILLING_OPS } from './routes.js';

/** An organization's billing budgets: create and update from their bodies. */
export const family: Family = { name: 'billing', routes: opRoutes(BILLING_OPS) };
