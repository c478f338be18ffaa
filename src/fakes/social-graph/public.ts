/** `stuntdouble/social-graph`: the Facebook Graph fake's types, errors and options. */
export { socialGraphService, SocialGraphOptionsSchema } from './index.js';
export type { SocialGraphFacade, SocialGraphOptions, SocialGraphState } from './index.js';
export type { AppSeed, PostSeed, TokenSeed } from './facade.js';
export type { DeliveryRecord, PageRecord, PostRecord, TokenRecord } from './state.js';
export { GraphError, graphErrors } from './errors.js';
export { appSecretProof } from './models/tokens.js';
export { signBody } from './models/webhooks.js';
export { socialGraphScenarios } from '../../scenarios/social-graph.js';
