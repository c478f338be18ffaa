/**
 * The GraphQL family has no seed helpers and no seeder: it stores nothing of its own. What a GraphQL
 * query reads is the REST families' state, seeded through their helpers (`seed.repo`, `seed.issue`,
 * `seed.resource`, scenarios), and what a mutation writes goes through the REST operations.
 */
export {};
