import { z } from 'zod';
import type { Fakes } from '../create-fakes.js';
import { type Duration, parseDuration } from '../store/duration.js';
import { defineScenario } from './define.js';
import { type WireAnswer, atInstant, ensure, ensureGraphError, graph, refused } from './social-graph.js';

/** What every audience scenario returns. */
export interface AudienceHandles {
  /** `act_<id>`, as `new AdAccount(id)` takes it. */
  adAccountId: string;
  /** The audience the scenario is about. */
  audienceId: string;
  /** An ad set targeting that audience. */
  adSetId: string;
  /** An access token with ads permissions (seeded: the permission model is on). */
  token: string;
}

/** A fake-clock duration such as '90s', '10m', '2h', '3d'. */
const duration = z.string().refine((v) => {
  try {
    parseDuration(v);
    return true;
  } catch {
    return false;
  }
}, "a duration such as '90s', '10m', '2h' or '3d'");

const FlagField = z.enum(['name', 'description', 'rule']);
const WEBSITE_RULE = { inclusions: { operator: 'or', rules: [{ event_sources: [{ id: '1234567890', type: 'pixel' }], retention_seconds: 2592000 }] } };

function adsToken(fakes: Fakes, label: string, appId?: string): string {
  return fakes.socialGraph.seed.token({ type: 'user', label, permissions: ['ads_management', 'ads_read', 'business_management'], ...(appId ? { appId } : {}) });
}

function base(
  fakes: Fakes,
  opts: { tosAccepted?: boolean | { customAudience?: boolean; corporate?: boolean }; count?: number; name?: string; appId?: string; label?: string },
) {
  const sg = fakes.socialGraph;
  const { id: adAccountId } = sg.seed.adAccount({ tosAccepted: opts.tosAccepted ?? true });
  const { id: audienceId } = sg.seed.audience({ adAccountId, name: opts.name ?? 'Newsletter subscribers', count: opts.count ?? 5000 });
  const { id: adSetId } = sg.seed.adSet({ adAccountId, name: 'Retargeting', audienceIds: [audienceId] });
  return { adAccountId, audienceId, adSetId, token: adsToken(fakes, opts.label ?? 'ads-user', opts.appId) };
}

async function readAudience(fakes: Fakes, h: AudienceHandles, fields: string): Promise<WireAnswer> {
  return graph(fakes, 'GET', `/${h.audienceId}`, h.token, { fields });
}

async function readAdSet(fakes: Fakes, h: AudienceHandles): Promise<WireAnswer> {
  return graph(fakes, 'GET', `/${h.adSetId}`, h.token, { fields: 'status,effective_status,issues_info' });
}

/** Proves the audience reads operation_status.code `code` and its ad set reads `effective`. */
async function checkStatus(fakes: Fakes, name: string, h: AudienceHandles, code: number, effective: string): Promise<void> {
  const a = await readAudience(fakes, h, 'operation_status,fields_violating_integrity_policy');
  const status = a.body.operation_status as { code?: number } | undefined;
  ensure(a.status === 200 && status?.code === code, name, `the audience should read operation_status.code ${code}`, a);
  const flagged = a.body.fields_violating_integrity_policy as unknown[] | undefined;
  ensure((code === 471) === (Array.isArray(flagged) && flagged.length > 0), name, 'fields_violating_integrity_policy does not match operation_status', a);
  const s = await readAdSet(fakes, h);
  ensure(s.status === 200 && s.body.effective_status === effective, name, `the ad set should read effective_status ${effective}`, s);
  const issues = (s.body.issues_info as unknown[] | undefined) ?? [];
  ensure((effective === 'WITH_ISSUES') === issues.length > 0, name, `the ad set's issues_info does not match ${effective}`, s);
}

/** Proves creating an audience in the account is refused with `code`, without a change. */
async function checkCreateRefused(fakes: Fakes, name: string, h: AudienceHandles, code: number): Promise<void> {
  const got = await refused(fakes, name, () =>
    graph(fakes, 'POST', `/${h.adAccountId}/customaudiences`, h.token, { name: 'stuntdouble check', customer_file_source: 'USER_PROVIDED_ONLY' }),
  );
  ensureGraphError(name, got, code, { status: 400 });
}

/** Custom audience scenarios (aging, integrity review, permissions, error codes). */
export const socialGraphAudienceScenarios = {
  audienceInUse: defineScenario({
    name: 'audienceInUse',
    description: 'A customer-file audience in normal standing (operation_status 200, no integrity flags) targeted by an active ad set.',
    service: 'socialGraph',
    reaches: 'custom audience unflagged (operation_status.code = 200) used by an active ad set',
    options: z.object({ name: z.string().default('Newsletter subscribers'), count: z.number().int().min(100).default(5000) }).strict(),
    handles: '{ adAccountId, audienceId, adSetId, token }',
    apply: (fakes, o): AudienceHandles => base(fakes, { name: o.name, count: o.count }),
    check: (fakes, h) => checkStatus(fakes, 'audienceInUse', h, 200, 'ACTIVE'),
  }),

  audienceFlagged: defineScenario({
    name: 'audienceFlagged',
    description:
      'An audience flagged by integrity review (operation_status 471, fields_violating_integrity_policy) used by an active ad set, which reads effective_status WITH_ISSUES with one issues_info entry.',
    service: 'socialGraph',
    reaches: 'custom audience flagged (operation_status.code = 471)',
    options: z
      .object({
        fields: z.array(FlagField).min(1).default(['name']),
        subtype: z.enum(['WEBSITE', 'APP', 'ENGAGEMENT', 'CUSTOM']).default('WEBSITE'),
        name: z.string().default('Visitors of the diabetes care page'),
      })
      .strict(),
    handles: '{ adAccountId, audienceId, adSetId, token }',
    apply(fakes, o): AudienceHandles {
      const sg = fakes.socialGraph;
      const { id: adAccountId } = sg.seed.adAccount();
      const rule = o.subtype === 'ENGAGEMENT' ? [{ object_id: '1122334455', event_name: 'video_watched' }] : o.subtype === 'CUSTOM' ? undefined : WEBSITE_RULE;
      const { id: audienceId } = sg.seed.audience({
        adAccountId,
        name: o.name,
        description: 'People who read about diabetes care',
        subtype: o.subtype,
        count: 5000,
        ...(rule ? { rule } : {}),
      });
      const { id: adSetId } = sg.seed.adSet({ adAccountId, name: 'Care reminders', audienceIds: [audienceId] });
      sg.audiences.flag(audienceId, o.fields);
      return { adAccountId, audienceId, adSetId, token: adsToken(fakes, 'ads-user') };
    },
    check: (fakes, h) => checkStatus(fakes, 'audienceFlagged', h, 471, 'WITH_ISSUES'),
  }),

  lookalikeFlagged: defineScenario({
    name: 'lookalikeFlagged',
    description: 'A flagged lookalike audience (any edit answers 100/1713228) made from a customer-file audience, used by an active ad set.',
    service: 'socialGraph',
    reaches: 'lookalike audience flagged (operation_status.code = 471)',
    options: z.object({ fields: z.array(FlagField).min(1).default(['name']) }).strict(),
    handles: '{ adAccountId, audienceId, adSetId, token, originAudienceId }',
    apply(fakes, o): AudienceHandles & { originAudienceId: string } {
      const sg = fakes.socialGraph;
      const { id: adAccountId } = sg.seed.adAccount();
      const { id: originAudienceId } = sg.seed.audience({ adAccountId, name: 'Loan applicants', count: 5000 });
      const { id: audienceId } = sg.seed.audience({ adAccountId, name: 'Lookalike (US, 1%) - Loan applicants', lookalikeOf: originAudienceId, ratio: 0.01 });
      const { id: adSetId } = sg.seed.adSet({ adAccountId, name: 'Prospecting', audienceIds: [audienceId] });
      sg.audiences.flag(audienceId, o.fields);
      return { adAccountId, audienceId, adSetId, token: adsToken(fakes, 'ads-user'), originAudienceId };
    },
    async check(fakes, h) {
      await checkStatus(fakes, 'lookalikeFlagged', h, 471, 'WITH_ISSUES');
      const a = await readAudience(fakes, h, 'subtype');
      ensure(a.body.subtype === 'LOOKALIKE', 'lookalikeFlagged', 'the audience should be a LOOKALIKE', a);
    },
  }),

  audienceTermsNotAccepted: defineScenario({
    name: 'audienceTermsNotAccepted',
    description: 'An ad account whose Custom Audience terms are not accepted: creating an audience answers 2663.',
    service: 'socialGraph',
    reaches: 'ad account tos_accepted without custom_audience_tos (create → 2663)',
    options: z.object({}).strict(),
    handles: '{ adAccountId, audienceId, adSetId, token }',
    apply: (fakes): AudienceHandles => base(fakes, { tosAccepted: { customAudience: false } }),
    check: (fakes, h) => checkCreateRefused(fakes, 'audienceTermsNotAccepted', h, 2663),
  }),

  corporateTermsNotAccepted: defineScenario({
    name: 'corporateTermsNotAccepted',
    description: 'A business-owned ad account whose business has not accepted the corporate Custom Audience terms: creating an audience answers 2664.',
    service: 'socialGraph',
    reaches: 'business corporate audience terms not accepted (create → 2664)',
    options: z.object({}).strict(),
    handles: '{ adAccountId, audienceId, adSetId, token }',
    apply: (fakes): AudienceHandles => base(fakes, { tosAccepted: { customAudience: true, corporate: false } }),
    check: (fakes, h) => checkCreateRefused(fakes, 'corporateTermsNotAccepted', h, 2664),
  }),

  developmentApp: defineScenario({
    name: 'developmentApp',
    description: 'A token of a development-level app: every custom audience call (read, create, update, delete, user upload) answers 270.',
    service: 'socialGraph',
    reaches: 'app mode = development (every audience call → 270)',
    options: z.object({}).strict(),
    handles: '{ adAccountId, audienceId, adSetId, token, appId }',
    apply(fakes): AudienceHandles & { appId: string } {
      const { id: appId } = fakes.socialGraph.seed.app({ mode: 'development', name: 'Dev app' });
      return { ...base(fakes, { appId, label: 'dev-app-user' }), appId };
    },
    async check(fakes, h) {
      ensureGraphError('developmentApp', await readAudience(fakes, h, 'name'), 270);
    },
  }),

  audienceWithLookalikes: defineScenario({
    name: 'audienceWithLookalikes',
    description: 'A customer-file audience that is the source of lookalikes: deleting it answers 2656 until they are deleted.',
    service: 'socialGraph',
    reaches: 'audience with lookalike_audience_ids (delete → 2656)',
    options: z.object({ lookalikes: z.number().int().min(1).max(20).default(1), count: z.number().int().min(100).default(5000) }).strict(),
    handles: '{ adAccountId, audienceId, adSetId, token, lookalikeIds }',
    apply(fakes, o): AudienceHandles & { lookalikeIds: string[] } {
      const h = base(fakes, { count: o.count, name: 'Customers' });
      const lookalikeIds: string[] = [];
      for (let i = 0; i < o.lookalikes; i++) {
        lookalikeIds.push(
          fakes.socialGraph.seed.audience({
            adAccountId: h.adAccountId,
            name: `Lookalike ${i + 1}% - Customers`,
            lookalikeOf: h.audienceId,
            ratio: (i + 1) / 100,
          }).id,
        );
      }
      return { ...h, lookalikeIds };
    },
    async check(fakes, h) {
      const a = await readAudience(fakes, h, 'lookalike_audience_ids');
      ensure(
        JSON.stringify(a.body.lookalike_audience_ids) === JSON.stringify(h.lookalikeIds),
        'audienceWithLookalikes',
        'lookalike_audience_ids should list the lookalikes',
        a,
      );
      ensureGraphError(
        'audienceWithLookalikes',
        await refused(fakes, 'audienceWithLookalikes', () => graph(fakes, 'DELETE', `/${h.audienceId}`, h.token)),
        2656,
      );
    },
  }),

  staleAudience: defineScenario({
    name: 'staleAudience',
    description: 'An audience no active ad set has used for almost two years (its ad set is paused): it is deleted once the fake clock passes two years.',
    service: 'socialGraph',
    reaches: 'audience unused by any active ad set, due for automatic deletion',
    options: z.object({ dueIn: duration.default('1d') }).strict(),
    handles: '{ adAccountId, audienceId, adSetId, token, deletesAt }',
    apply(fakes, o): AudienceHandles & { deletesAt: string } {
      const sg = fakes.socialGraph;
      const now = fakes.clock.nowMs();
      const dueMs = parseDuration(o.dueIn);
      const unusedSince = new Date(now + dueMs);
      unusedSince.setUTCFullYear(unusedSince.getUTCFullYear() - 2);
      const { id: adAccountId } = sg.seed.adAccount();
      const { id: audienceId } = sg.seed.audience({ adAccountId, name: 'Spring sale 2023 visitors', count: 3000, unusedFor: now - unusedSince.getTime() });
      const { id: adSetId } = sg.seed.adSet({ adAccountId, name: 'Spring sale', status: 'PAUSED', audienceIds: [audienceId] });
      const deletes = sg.audiences.get(audienceId)?.lastUsedAt ?? now;
      const at = new Date(deletes);
      at.setUTCFullYear(at.getUTCFullYear() + 2);
      return { adAccountId, audienceId, adSetId, token: adsToken(fakes, 'ads-user'), deletesAt: new Date(at.getTime() + 1).toISOString() };
    },
    /**
     * Reads delete_time = deletesAt and the paused ad set, then moves the fake clock to deletesAt,
     * reads the audience gone (100/33), and puts the clock and the state back.
     */
    async check(fakes, h) {
      const at = Date.parse(h.deletesAt);
      const a = await readAudience(fakes, h, 'name,delete_time');
      ensure(
        a.status === 200 && a.body.delete_time === Math.floor(at / 1000),
        'staleAudience',
        `the audience should read delete_time ${Math.floor(at / 1000)}`,
        a,
      );
      const s = await readAdSet(fakes, h);
      ensure(s.body.effective_status === 'PAUSED', 'staleAudience', 'its only ad set should be paused (no active ad set uses it)', s);
      const gone = await atInstant(fakes, at, () => readAudience(fakes, h, 'name'));
      ensureGraphError('staleAudience', gone, 100, { subcode: 33 });
    },
  }),

  adAccountRateLimited: defineScenario({
    name: 'adAccountRateLimited',
    description: 'Too many calls to the ad account: every call on it (and its audiences and ad sets) answers 80003 for a while of fake time.',
    service: 'socialGraph',
    reaches: 'ad account throttled (80003)',
    options: z.object({ for: duration.default('1h') }).strict(),
    handles: '{ adAccountId, audienceId, adSetId, token }',
    apply(fakes, o): AudienceHandles {
      const h = base(fakes, {});
      fakes.socialGraph.adAccounts.rateLimit(h.adAccountId, { for: o.for as Duration });
      return h;
    },
    async check(fakes, h) {
      for (const got of [
        await readAudience(fakes, h, 'name'),
        await readAdSet(fakes, h),
        await graph(fakes, 'GET', `/${h.adAccountId}`, h.token, { fields: 'id' }),
      ]) {
        ensureGraphError('adAccountRateLimited', got, 80003, { status: 403 });
        ensure(got.headers.get('x-business-use-case-usage') !== null, 'adAccountRateLimited', 'expected an X-Business-Use-Case-Usage header', got);
      }
    },
  }),

  audienceDeleteRateLimited: defineScenario({
    name: 'audienceDeleteRateLimited',
    description: 'Audience deletes of the ad account exceed the rate limit: DELETE answers 613 for a while of fake time.',
    service: 'socialGraph',
    reaches: 'audience delete throttled (613)',
    options: z.object({ for: duration.default('1h') }).strict(),
    handles: '{ adAccountId, audienceId, adSetId, token }',
    apply(fakes, o): AudienceHandles {
      const h = base(fakes, {});
      fakes.socialGraph.adAccounts.rateLimitDeletes(h.adAccountId, { for: o.for as Duration });
      return h;
    },
    async check(fakes, h) {
      ensureGraphError(
        'audienceDeleteRateLimited',
        await refused(fakes, 'audienceDeleteRateLimited', () => graph(fakes, 'DELETE', `/${h.audienceId}`, h.token)),
        613,
      );
      const a = await readAudience(fakes, h, 'name');
      ensure(a.status === 200, 'audienceDeleteRateLimited', 'reads of the audience are not throttled', a);
    },
  }),
};
