export { INTERACTION_LIMIT_OPS } from './routes.js';
export { type InteractionLimitSlice, initialInteractionLimitSlice } from './state.js';
