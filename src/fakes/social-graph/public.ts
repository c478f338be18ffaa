/** `stuntdouble/social-graph`: the Facebook Graph fake's types, errors and options. */
export { socialGraphService, SocialGraphOptionsSchema } from './index.js';
export type { SocialGraphFacade, SocialGraphOptions, SocialGraphState } from './index.js';
export { GraphError } from './errors.js';
export { socialGraphScenarios } from '../../scenarios/social-graph.js';
