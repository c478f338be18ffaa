import { type Family, opRoutes } from '../core/family.js';
import { EVENT_OPS } from './routes.js';

/** Activity events (GitHub's Events API), derived from the writes the fake saw. */
export const family: Family = { name: 'events', routes: opRoutes(EVENT_OPS) };
