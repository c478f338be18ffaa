/** `stuntdouble/social-graph`: the Facebook Graph fake's types, errors and options. */
export { socialGraphService, SocialGraphOptionsSchema } from '../fakes/social-graph/index.js';
export type { SocialGraphFacade, SocialGraphOptions, SocialGraphState } from '../fakes/social-graph/index.js';
export type { AppSeed, FailureSeed, PageSeed, PostSeed, RateLimitInput, SubscriptionSeed, TokenSeed, UserSeed } from '../fakes/social-graph/schemas/seeds.js';
export { GRAPH_PERMISSIONS } from '../fakes/social-graph/permissions.js';
export type { AssignmentRecord, DeliveryRecord, PageRecord, PostRecord, SocialGraphIndexes, Table, TokenRecord } from '../fakes/social-graph/state.js';
export { GraphError, graphErrors } from '../fakes/social-graph/errors.js';
export { appSecretProof, signBody } from '../fakes/social-graph/models/signing.js';
export { socialGraphScenarios } from '../scenarios/social-graph.js';
