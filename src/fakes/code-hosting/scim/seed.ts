/**
 * The scim family has no seeder of its own: users and groups seeded by path
 * (`seed.resource('/scim/v2/enterprises/<enterprise>/Groups/<id>', ...)`) are generic catalog records,
 * answered with their `meta` as they are.
 */
export {};
