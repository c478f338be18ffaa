import { type Family, opRoutes } from '../core/family.js';
import { SCIM_OPS } from './routes.js';

/** Provisioned enterprise users and groups (SCIM): their `meta`, SCIM PATCH operations. */
export const family: Family = { name: 'scim', routes: opRoutes(SCIM_OPS) };
