export { STATUS_OPS, STATUS_PATHS } from './routes.js';
