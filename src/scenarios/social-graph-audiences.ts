import { z } from 'zod';
import type { Fakes } from '../create-fakes.js';
import { type Duration, parseDuration } from '../store/duration.js';
import { defineScenario } from './define.js';

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

/** Custom audience scenarios (seed sections 2.4, 3, 5, 7). */
export const socialGraphAudienceScenarios = {
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
  }),

  audienceTermsNotAccepted: defineScenario({
    name: 'audienceTermsNotAccepted',
    description: 'An ad account whose Custom Audience terms are not accepted: creating an audience answers 2663.',
    service: 'socialGraph',
    reaches: 'ad account tos_accepted without custom_audience_tos (create → 2663)',
    options: z.object({}).strict(),
    handles: '{ adAccountId, audienceId, adSetId, token }',
    apply: (fakes): AudienceHandles => base(fakes, { tosAccepted: { customAudience: false } }),
  }),

  corporateTermsNotAccepted: defineScenario({
    name: 'corporateTermsNotAccepted',
    description: 'A business-owned ad account whose business has not accepted the corporate Custom Audience terms: creating an audience answers 2664.',
    service: 'socialGraph',
    reaches: 'business corporate audience terms not accepted (create → 2664)',
    options: z.object({}).strict(),
    handles: '{ adAccountId, audienceId, adSetId, token }',
    apply: (fakes): AudienceHandles => base(fakes, { tosAccepted: { customAudience: true, corporate: false } }),
  }),

  developmentApp: defineScenario({
    name: 'developmentApp',
    description: 'A token of a development-level app: audience reads answer 270.',
    service: 'socialGraph',
    reaches: 'app mode = development (audience read → 270)',
    options: z.object({}).strict(),
    handles: '{ adAccountId, audienceId, adSetId, token, appId }',
    apply(fakes): AudienceHandles & { appId: string } {
      const { id: appId } = fakes.socialGraph.seed.app({ mode: 'development', name: 'Dev app' });
      return { ...base(fakes, { appId, label: 'dev-app-user' }), appId };
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
  }),
};
