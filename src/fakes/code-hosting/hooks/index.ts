import type { Family } from '../core/family.js';
import { webhookRoutes } from './routes.js';

/** Repository and organization webhooks, their configuration and deliveries. */
export const family: Family = { name: 'hooks', routes: webhookRoutes };
