import { z } from 'zod';
import { AdSetStatus } from './audience-state.js';
import { jsonObject, numericId } from './audience-wire.js';

/** Statuses a client may set on an ad set. */
const SettableStatus = AdSetStatus;

/** `POST /act_{ad_account_id}/adsets`: the parameters the minimal ad set model reads (others are ignored). */
export const CreateAdSetParams = z.object({
  name: z.string().min(1).max(400),
  status: SettableStatus.default('ACTIVE'),
  campaign_id: numericId.optional(),
  targeting: jsonObject.default({}),
  fields: z.string().optional(),
});
/** Parsed ad set create parameters. */
export type CreateAdSetParams = z.output<typeof CreateAdSetParams>;

/** `POST /{adset_id}`: name, status and targeting. */
export const UpdateAdSetParams = z.object({
  name: z.string().min(1).max(400).optional(),
  status: SettableStatus.optional(),
  targeting: jsonObject.optional(),
  fields: z.string().optional(),
});
/** Parsed ad set update parameters. */
export type UpdateAdSetParams = z.output<typeof UpdateAdSetParams>;
