export { STATUS_OPS, STATUS_PATHS } from './ops.js';
