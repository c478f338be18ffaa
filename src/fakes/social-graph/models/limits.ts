import { GraphError, codeError } from '../errors.js';
import type { FailureRecord, RateLimitRecord, SocialGraphState } from '../state.js';

/** Which rate-limit code answers a family of calls. */
export const LIMIT_CODES = { page: 80001, photoshare: 80002, leadgen: 80005, messaging: 80006 } as const;

/** Usage headers of a throttled answer (percentages, as Graph reports them). */
export function usageHeaders(code: number): Record<string, string> {
  const usage = JSON.stringify({ call_count: 100, total_cputime: 25, total_time: 40 });
  const headers: Record<string, string> = { 'x-app-usage': usage };
  if (code !== 80002) headers['x-page-usage'] = usage;
  if (code === 80002) headers['x-business-use-case-usage'] = JSON.stringify({});
  return headers;
}

function active(r: RateLimitRecord, now: number): boolean {
  return r.until === null || r.until > now;
}

/**
 * Throws the rate-limit error for a call on a Page when a scenario throttles it: 80001 for any
 * Page call, 80002/80005/80006 for the photoshare, leadgen and messaging families.
 */
export function checkRateLimit(state: SocialGraphState, pageId: string | null, family: keyof typeof LIMIT_CODES | null, now: number): void {
  if (state.rateLimits.length === 0 || pageId === null) return;
  for (const r of state.rateLimits) {
    if (!active(r, now) || (r.pageId !== null && r.pageId !== pageId)) continue;
    if (r.code === LIMIT_CODES.page || (family !== null && r.code === LIMIT_CODES[family])) {
      const base = codeError(r.code);
      throw new GraphError(r.code, base.message, { type: 'OAuthException', isTransient: true, headers: usageHeaders(r.code) });
    }
  }
}

/** The index of the first seeded failure matching an operation on a node, or -1. */
export function matchFailure(failures: readonly FailureRecord[], operation: string, nodeId: string | null): number {
  return failures.findIndex((f) => (f.operation === '*' || f.operation === operation) && (f.nodeId === null || f.nodeId === nodeId));
}

/** The error a seeded failure answers. */
export function failureError(f: FailureRecord): GraphError {
  return codeError(f.code, f.message, f.subcode);
}
