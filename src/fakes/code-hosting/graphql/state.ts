/**
 * The GraphQL family keeps no slice: every object it answers is a REST family's record, read and written
 * through their operations (model/rest-models.ts), so `id` is the REST `node_id`. Its `graphql`
 * rate-limit windows live in the host's meters next to REST's (model/cost.ts), outside the state, and
 * its node-id index is a per-instance cache derived from the catalog records (model/node-ids.ts).
 */
export {};
