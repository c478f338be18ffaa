import type { Family } from '../core/family.js';
import { NOTIFICATION_ROUTES, NOTIFICATION_ROWS } from './routes.js';

/** Notifications and threads, made by the fake's own activity. */
export const family: Family = { name: 'notifications', rows: NOTIFICATION_ROWS, routes: NOTIFICATION_ROUTES };
