import type { DeliveryRecord, HookRecord } from './schemas.js';

/**
 * The webhooks family's part of the code hosting state: repository and organization hooks and their
 * deliveries, with the indexes that list them. These fields sit at the top of `fakes.state.codeHosting`.
 */
export interface HookFields {
  /** Webhooks keyed by id. */
  hooks: Record<string, HookRecord>;
  /** Hook target (`repo:<id>` / `org:<login>`) → hook ids. */
  hooksByTarget: Record<string, number[]>;
  /** Deliveries keyed by id. */
  deliveries: Record<string, DeliveryRecord>;
  /** Delivery ids in order. */
  deliveryOrder: number[];
  /** Hook id → delivery ids. */
  deliveriesByHook: Record<string, number[]>;
}

/** No hooks, no deliveries. */
export function initialHookFields(): HookFields {
  return { hooks: {}, hooksByTarget: {}, deliveries: {}, deliveryOrder: [], deliveriesByHook: {} };
}
