export { knownAccount } from './model.js';
export { USER_OPS } from './ops.js';
