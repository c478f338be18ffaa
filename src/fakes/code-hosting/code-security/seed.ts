/**
 * The code-security family has no seeder of its own: configurations seeded by path
 * (`seed.resource('/orgs/<org>/code-security/configurations/<id>', ...)`) are generic catalog records,
 * which its defaults name as they are.
 */
export {};
