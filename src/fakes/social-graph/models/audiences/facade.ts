import type { Draft } from 'immer';
import type { ServiceHost } from '../../../service.js';
import { parseDuration, type Duration } from '../../../../store/duration.js';
import type { AudienceSubtype } from '../../schemas/audience-params.js';
import type { AudienceRecord, AudienceSlices, FlaggableField } from '../../schemas/audience-state.js';
import { type AdAccountSeed, bareAccountId, seedAdAccount } from '../ad-accounts.js';
import { adSetEffectiveStatus, createAdSet } from '../ad-sets.js';
import { audienceSize, insertAudience } from './crud.js';
import { flagAudience, reviewAudience, shareAudience } from './lifecycle.js';
import { addMember, readPayload } from './users.js';
import { eachAudience, getAdAccount, getAdSet, getAudience } from './store.js';
import { chunkedLength } from '../id-list.js';

/** What `seed.audience()` accepts. */
export interface AudienceSeed {
  /** The owning ad account (`act_<id>` or the numeric id). */
  adAccountId: string;
  name?: string;
  description?: string;
  /** Default `CUSTOM` (a customer-file audience). */
  subtype?: AudienceSubtype;
  customerFileSource?: 'USER_PROVIDED_ONLY' | 'PARTNER_PROVIDED_ONLY' | 'BOTH_USER_AND_PARTNER_PROVIDED';
  /** Number of people without identifiers (default 0; lookalikes default to 200,000). */
  count?: number;
  /** Hashed identifiers added as people (`{schema, data}` as the users edge takes it). */
  users?: { schema: string | string[]; data: Array<string | string[]> };
  /** A rule (website, app, video and engagement audiences); a JSON object or its text. */
  rule?: unknown;
  /** Makes a lookalike of this audience id. */
  lookalikeOf?: string;
  /** Lookalike ratio (default 0.01). */
  ratio?: number;
  /** Other ad accounts it is shared to. */
  sharedWith?: string[];
  /** How long no active ad set has used it (ages it toward the two-year deletion). */
  unusedFor?: Duration;
  /** Other parameters kept as given (claim_objective, pixel_id, retention_days, ...). */
  params?: Record<string, unknown>;
}

/** What `seed.adSet()` accepts. */
export interface AdSetSeed {
  adAccountId: string;
  name?: string;
  status?: 'ACTIVE' | 'PAUSED';
  /** Audiences in `targeting.custom_audiences`. */
  audienceIds?: string[];
}

/** The audience part of `fakes.socialGraph`: seed helpers and integrity/limit controls. */
export interface AudienceFacade {
  seed: {
    /** Adds an ad account. @example const { id } = fakes.socialGraph.seed.adAccount({ tosAccepted: true }) // id = 'act_…' */
    adAccount(seed?: AdAccountSeed): { id: string; accountId: string };
    /** Adds a custom audience. @example fakes.socialGraph.seed.audience({ adAccountId, count: 5000 }) */
    audience(seed: AudienceSeed): { id: string };
    /** Adds many customer-file audiences to one account in ONE update (benchmarks, paging). */
    audiences(seed: { adAccountId: string; count: number; size?: number; name?: (i: number) => string }): { ids: string[] };
    /** Adds an ad set targeting audiences. */
    adSet(seed: AdSetSeed): { id: string };
  };
  audiences: {
    /** Integrity review flags an audience: operation_status 471 and the violating fields. @example fakes.socialGraph.audiences.flag(id, ['name']) */
    flag(audienceId: string, fields?: FlaggableField[]): void;
    /** A review clears the flag. */
    review(audienceId: string): void;
    /** Shares an audience with other ad accounts. */
    share(audienceId: string, adAccountIds: string[]): void;
    /** The stored audience, or undefined (deleted or unknown). */
    get(audienceId: string): AudienceRecord | undefined;
    /** Number of people in an audience. */
    size(audienceId: string): number;
  };
  adAccounts: {
    /** Every call on the account answers 80003 for a while (default 1 hour of fake time). */
    rateLimit(adAccountId: string, opts?: { for?: Duration }): void;
    /** Audience deletes of the account answer 613 for a while (default 1 hour). */
    rateLimitDeletes(adAccountId: string, opts?: { for?: Duration }): void;
    /** Accepts (or revokes) terms of an account. */
    setTerms(adAccountId: string, terms: { customAudience?: boolean; corporate?: boolean }): void;
  };
  adSets: {
    /** `effective_status` of an ad set as a read would answer it. */
    effectiveStatus(adSetId: string): string | undefined;
  };
}

function account(d: Draft<AudienceSlices>, id: string) {
  const acc = getAdAccount(d, bareAccountId(id));
  if (!acc) throw new TypeError(`stuntdouble: no ad account ${id}; seed it with seed.adAccount()`);
  return acc;
}

/**
 * Builds the audience facade over the social graph host (spread into `fakes.socialGraph`).
 * @example const a = audienceFacade(host); a.seed.adAccount({ tosAccepted: false })
 */
export function audienceFacade<S extends AudienceSlices, O>(host: ServiceHost<S, O>): AudienceFacade {
  const update = <R>(fn: (d: Draft<AudienceSlices>) => R): R => host.update((d) => fn(d as unknown as Draft<AudienceSlices>));
  const state = () => host.state as AudienceSlices;
  return {
    seed: {
      adAccount(seed = {}) {
        const accountId = update((d) => seedAdAccount(d, seed));
        return { id: `act_${accountId}`, accountId };
      },
      audience(seed) {
        const now = host.clock.nowMs();
        const id = update((d) => {
          const acc = account(d, seed.adAccountId);
          const subtype = seed.subtype ?? (seed.lookalikeOf ? 'LOOKALIKE' : 'CUSTOM');
          const params: Record<string, unknown> = { ...(seed.params ?? {}) };
          if (seed.rule !== undefined) params.rule = typeof seed.rule === 'string' ? seed.rule : JSON.stringify(seed.rule);
          let lookalikeSpec: Record<string, unknown> | undefined;
          if (seed.lookalikeOf) {
            const origin = getAudience(d, seed.lookalikeOf);
            if (!origin) throw new TypeError(`stuntdouble: no custom audience '${seed.lookalikeOf}' to make a lookalike of`);
            lookalikeSpec = {
              ratio: seed.ratio ?? 0.01,
              type: 'custom_ratio',
              country: 'US',
              origin: [{ id: origin.id, name: origin.name, type: 'custom_audience' }],
            };
          }
          const aid = insertAudience(d, acc.accountId, {
            name: seed.name ?? `Audience ${(chunkedLength(acc.audienceIds) + 1).toString()}`,
            ...(seed.description !== undefined ? { description: seed.description } : {}),
            subtype,
            ...(subtype === 'CUSTOM' ? { customerFileSource: seed.customerFileSource ?? 'USER_PROVIDED_ONLY' } : {}),
            params,
            baseCount: seed.count ?? (lookalikeSpec ? Math.round((seed.ratio ?? 0.01) * 20_000_000) : 0),
            ...(lookalikeSpec ? { lookalikeSpec, originId: seed.lookalikeOf as string } : {}),
            ...(seed.sharedWith ? { sharedWith: seed.sharedWith.map(bareAccountId) } : {}),
            now,
            ...(seed.unusedFor !== undefined ? { lastUsedAt: now - parseDuration(seed.unusedFor) } : {}),
          });
          if (seed.users) {
            const read = readPayload({ schema: seed.users.schema as never, data: seed.users.data });
            const a = getAudience(d, aid) as Draft<AudienceRecord>;
            for (const k of read.keys) addMember(d, a, k);
          }
          return aid;
        });
        return { id };
      },
      audiences(seed) {
        const now = host.clock.nowMs();
        const ids = update((d) => {
          const acc = account(d, seed.adAccountId);
          const out: string[] = [];
          for (let i = 0; i < seed.count; i++) {
            const name = seed.name ? seed.name(i) : `Audience ${i + 1}`;
            out.push(
              insertAudience(d, acc.accountId, {
                name,
                subtype: 'CUSTOM',
                customerFileSource: 'USER_PROVIDED_ONLY',
                params: {},
                baseCount: seed.size ?? 0,
                now,
              }),
            );
          }
          return out;
        });
        return { ids };
      },
      adSet(seed) {
        const now = host.clock.nowMs();
        const id = update((d) => {
          const acc = account(d, seed.adAccountId);
          return createAdSet(
            d,
            acc.accountId,
            {
              name: seed.name ?? `Ad set ${(chunkedLength(acc.adSetIds) + 1).toString()}`,
              status: seed.status ?? 'ACTIVE',
              targeting: { custom_audiences: (seed.audienceIds ?? []).map((x) => ({ id: x })) },
            },
            now,
            { skipTerms: true },
          );
        });
        return { id };
      },
    },
    audiences: {
      flag: (id, fields = ['name']) => update((d) => flagAudience(d, id, fields)),
      review: (id) => update((d) => reviewAudience(d, id, host.clock.nowMs())),
      share: (id, accounts) => update((d) => shareAudience(d, id, accounts)),
      get: (id) => getAudience(state(), id),
      size: (id) => {
        const a = getAudience(state(), id);
        return a ? audienceSize(a) : 0;
      },
    },
    adAccounts: {
      rateLimit: (id, opts = {}) =>
        update((d) => {
          account(d, id).rateLimitedUntil = host.clock.nowMs() + parseDuration(opts.for ?? '1h');
        }),
      rateLimitDeletes: (id, opts = {}) =>
        update((d) => {
          account(d, id).deleteRateLimitedUntil = host.clock.nowMs() + parseDuration(opts.for ?? '1h');
        }),
      setTerms: (id, terms) =>
        update((d) => {
          const acc = account(d, id);
          if (terms.customAudience !== undefined) acc.terms.customAudience = terms.customAudience;
          if (terms.corporate !== undefined) acc.terms.corporate = terms.corporate;
        }),
    },
    adSets: {
      effectiveStatus: (id) => {
        const s = getAdSet(state(), id);
        return s ? adSetEffectiveStatus(state(), s) : undefined;
      },
    },
  };
}

/** A one-line summary of the audience part of the state (for `describe()`). */
export function describeAudiences(state: AudienceSlices): string {
  let audiences = 0;
  let flagged = 0;
  for (const a of eachAudience(state)) {
    audiences += 1;
    if (a.flag) flagged += 1;
  }
  return `${state.adAccounts.size} ad accounts, ${audiences} custom audiences${flagged ? ` (${flagged} flagged)` : ''}, ${state.adSets.size} ad sets`;
}
