import { type Family, opRoutes } from '../core/family.js';
import { ARTIFACTS_OPS } from './routes.js';

/** Artifact metadata: a cluster's deployment-record jobs. */
export const family: Family = { name: 'artifacts', routes: opRoutes(ARTIFACTS_OPS) };
