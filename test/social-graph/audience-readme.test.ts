// The example of docs/social-graph-audiences.md ("Custom audiences"), kept here so it cannot rot.
import bizSdk from 'facebook-nodejs-business-sdk';
import { createFakes, scenarios } from 'stuntdouble';
import { afterEach, beforeEach, expect, it } from 'vitest';

// biome-ignore lint/suspicious/noExplicitAny: the SDK ships no typings.
const { FacebookAdsApi, AdSet, CustomAudience } = bizSdk as any;

const fakes = createFakes({ clock: '2025-09-02T00:00:00Z' });
beforeEach(() => fakes.install());
afterEach(() => {
  fakes.uninstall();
  fakes.reset();
});

it('a flagged audience blocks its ad set until the flagged name changes', async () => {
  const { audienceId, adSetId, token } = fakes.apply(scenarios.audienceFlagged({ fields: ['name'] }));
  FacebookAdsApi.init(token, 'en_US', false);

  const audience = await new CustomAudience(audienceId).get(['operation_status', 'fields_violating_integrity_policy']);
  expect(audience._data.operation_status.code).toBe(471);
  expect(audience._data.fields_violating_integrity_policy).toEqual(['name']);

  const adSet = await new AdSet(adSetId).get(['effective_status', 'issues_info']);
  expect(adSet._data.effective_status).toBe('WITH_ISSUES');
  expect(adSet._data.issues_info).toHaveLength(1);

  // An edit that leaves the flagged name unchanged is refused: 100 / 1713231.
  const err = await new CustomAudience(audienceId).update([], { description: 'still the same name' }).catch((e: unknown) => e);
  expect(err).toMatchObject({ name: 'FacebookRequestError', response: { code: 100, error_subcode: 1713231 } });

  // Changing the flagged field clears the flag (the fake's choice: the seed does not show how a flag ends).
  await new CustomAudience(audienceId).update([], { name: 'Website visitors, last 30 days' });
  expect((await new AdSet(adSetId).get(['effective_status']))._data.effective_status).toBe('ACTIVE');
});
