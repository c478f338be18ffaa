import type { ServiceHost } from '../../service.js';
import type { CatalogState } from '../core/catalog/pipeline.js';
import { rateTable } from '../core/catalog/rate-limit.js';

/** Marks the rate limit of a token label (or every identity when omitted) as used up: the next call answers 403. */
export function exhaustRateLimit<S extends CatalogState, O>(host: ServiceHost<S, O>, label?: string): void {
  const nowSec = Math.floor(host.clock.nowMs() / 1000);
  const rate = rateTable(host);
  const keys = label ? [`core:${label}`] : ['core:*'];
  for (const k of keys) {
    const w = rate[k];
    if (w && w.reset > nowSec) w.exhausted = true;
    else rate[k] = { used: 0, reset: nowSec + 3600, exhausted: true };
  }
}
