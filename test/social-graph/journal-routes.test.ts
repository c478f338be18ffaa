// Regression: the journal names Graph calls by the specific route template of the node type, so the
// vitest matchers can say what a test means ('POST /act_{ad_account_id}/customaudiences').
import bizSdk from 'facebook-nodejs-business-sdk';
import { scenarios } from 'stuntdouble';
import 'stuntdouble/vitest';
import { expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';

// biome-ignore lint/suspicious/noExplicitAny: the SDK ships no typings.
const { FacebookAdsApi, AdAccount, CustomAudience, Page } = bizSdk as any;

const fakes = useFakes({ clock: '2025-09-02T00:00:00Z' });

it('journals audience, ad account and page calls under their own templates', async () => {
  const { adAccountId, audienceId, token } = fakes.apply(scenarios.audienceFlagged({ fields: ['name'] }));
  FacebookAdsApi.init(token, 'en_US', false);
  await new CustomAudience(audienceId).get(['name']);
  const created = await new AdAccount(adAccountId).createCustomAudience([], { name: 'Buyers', subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY' });
  expect(created._data?.id ?? created.id).toBeTruthy();

  expect(fakes).toHaveReceived('GET /{custom_audience_id}', { status: 200 });
  expect(fakes).toHaveReceived('POST /act_{ad_account_id}/customaudiences', { body: expect.objectContaining({ name: 'Buyers' }) });
  expect(fakes.calls.where({ route: 'POST /act_{ad_account_id}/customaudiences' }).last()?.path).toBe(
    `/${adAccountId.startsWith('act_') ? adAccountId : `act_${adAccountId}`}/customaudiences`,
  );

  const { pageId, token: pageToken } = fakes.apply(scenarios.pageWithFeed({ posts: 2, pageToken: true }));
  FacebookAdsApi.init(pageToken, 'en_US', false);
  await new Page(pageId).getFeed(['message'], { limit: 1 });
  expect(fakes).toHaveReceivedTimes('GET /{page_id}/feed', 1);
});
