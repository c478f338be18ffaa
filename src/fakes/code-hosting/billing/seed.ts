/**
 * The billing family has no seeder of its own: `seed.resource('/organizations/<org>/settings/billing/budgets/<id>', settings)`
 * stores the budget as a generic catalog record, which its reads and updates use as they are.
 */
export {};
