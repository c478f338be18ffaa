/**
 * The identity promise in its strictest form: after a rejected request `fakes.snapshot()` is the very
 * same object, bookkeeping included. Services that keep per-request bookkeeping (GitHub's rate-limit
 * usage) in the state tree break it; they are listed in KNOWN_FAILURES and run as `it.fails`.
 */
import { createFakes } from 'stuntdouble';
import { describe, expect, it } from 'vitest';
import { itUnlessKnown } from './harness.js';

const REJECTED = {
  codeHosting: { method: 'GET', url: 'https://api.github.com/orgs/nobody/actions/permissions', headers: {} },
  socialGraph: { method: 'GET', url: 'https://graph.facebook.com/v24.0/nothing_here_9', headers: {} },
  modelCache: { method: 'GET', url: 'https://generativelanguage.googleapis.com/v1beta/cachedContents/nothing', headers: {} },
} as const;

describe('a rejected request leaves fakes.snapshot() the same object', () => {
  for (const [service, req] of Object.entries(REJECTED)) {
    (itUnlessKnown(it, `identity ${service}`) as typeof it)(`${service}: ${req.method} ${req.url}`, async () => {
      const fakes = createFakes({ clock: '2025-06-01T12:00:00Z' });
      const before = fakes.snapshot();
      const res = await fakes.handle({ ...req, headers: { ...req.headers } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(fakes.snapshot()).toBe(before);
    });
  }
});
