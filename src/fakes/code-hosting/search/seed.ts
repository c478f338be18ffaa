/**
 * The search family has no seed helpers: it finds what the other families seeded (`seed.repo`,
 * `seed.issue`, `seed.pullRequest`, accounts, topics and languages seeded by path).
 */
export {};
