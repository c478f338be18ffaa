export { knownAccount } from './model.js';
export { USER_OPS } from './routes.js';
