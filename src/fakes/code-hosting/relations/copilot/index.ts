export { COPILOT_OPS } from './ops.js';
export { type CopilotSlice, initialCopilotSlice } from './model.js';
