export { INTERACTION_LIMIT_OPS } from './ops.js';
export { type InteractionLimitSlice, initialInteractionLimitSlice } from './model.js';
