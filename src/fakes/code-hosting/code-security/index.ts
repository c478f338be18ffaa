import { type Family, opRoutes } from '../core/family.js';
import { CODE_SECURITY_OPS } from './routes.js';

/** The default code security configurations of an organization (new repositories by type). */
export const family: Family = { name: 'code-security', routes: opRoutes(CODE_SECURITY_OPS) };
