import { createFakes, type Scenario, scenarios } from 'stuntdouble';
import { describe, expect, it } from 'vitest';

type AnyFactory = (options?: unknown) => Scenario<unknown>;

const SOCIAL = Object.entries(scenarios).filter(([, f]) => (f as unknown as { service: string }).service === 'socialGraph');

function fresh() {
  return createFakes({ clock: '2024-03-01T00:00:00Z' });
}

describe('social graph scenario checks', () => {
  it('cover every social graph scenario', () => {
    expect(SOCIAL.length).toBeGreaterThanOrEqual(20);
    for (const [name, factory] of SOCIAL) expect((factory as unknown as AnyFactory)().check, name).toBeTypeOf('function');
  });

  for (const [name, factory] of SOCIAL) {
    it(`${name}: check() passes and leaves the state and the clock as they were`, async () => {
      const fakes = fresh();
      const scenario = (factory as unknown as AnyFactory)();
      const handles = fakes.apply(scenario);
      const state = fakes.state.socialGraph;
      const now = fakes.clock.nowMs();
      await scenario.check?.(fakes, handles);
      expect(fakes.state.socialGraph).toBe(state);
      expect(fakes.clock.nowMs()).toBe(now);
    });
  }

  it('audienceFlagged: check() rejects once the audience has been reviewed (operation_status back to 200)', async () => {
    const fakes = fresh();
    const s = scenarios.audienceFlagged();
    const h = fakes.apply(s);
    fakes.socialGraph.audiences.review(h.audienceId);
    await expect(s.check?.(fakes, h)).rejects.toThrow(/audienceFlagged: the audience should read operation_status.code 471/);
  });

  it('audienceInUse: check() rejects a flagged audience and passes an unflagged one', async () => {
    const fakes = fresh();
    const s = scenarios.audienceInUse();
    const h = fakes.apply(s);
    await s.check?.(fakes, h);
    fakes.socialGraph.audiences.flag(h.audienceId, ['name']);
    await expect(s.check?.(fakes, h)).rejects.toThrow(/operation_status.code 200/);
  });

  it('scheduledPost: check() rejects a post that already published, and otherwise does not publish it', async () => {
    const fakes = fresh();
    const s = scenarios.scheduledPost({ in: '2h' });
    const h = fakes.apply(s);
    await s.check?.(fakes, h);
    expect(fakes.socialGraph.scheduled()).toHaveLength(1);
    fakes.clock.advance('3h');
    await expect(s.check?.(fakes, h)).rejects.toThrow(/scheduledPost: the post should read is_published false/);
  });

  it('publishedPost: the post published at its scheduled time; check() rejects a post still scheduled', async () => {
    const fakes = fresh();
    const s = scenarios.publishedPost({ ago: '30m' });
    const h = fakes.apply(s);
    expect(fakes.clock.now().toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(fakes.socialGraph.scheduled()).toHaveLength(0);
    await s.check?.(fakes, h);
    const scheduled = fakes.apply(scenarios.scheduledPost({ pageId: h.pageId }));
    await expect(s.check?.(fakes, { ...h, postId: scheduled.postId })).rejects.toThrow(/publishedPost: the post should read is_published true/);
  });

  it('pageWithFeed: check() pages through the feed and rejects a feed of another size', async () => {
    const fakes = fresh();
    const s = scenarios.pageWithFeed({ posts: 230 });
    const h = fakes.apply(s);
    await s.check?.(fakes, h);
    expect(fakes.calls.count()).toBe(3);
    fakes.socialGraph.seed.post({ pageId: h.pageId, message: 'one more' });
    await expect(s.check?.(fakes, h)).rejects.toThrow(/the feed lists 231 posts, expected 230/);
  });

  it('pageRateLimited: check() rejects once the throttle window has passed', async () => {
    const fakes = fresh();
    const s = scenarios.pageRateLimited({ for: '10m' });
    const h = fakes.apply(s);
    await s.check?.(fakes, h);
    fakes.clock.advance('11m');
    await expect(s.check?.(fakes, h)).rejects.toThrow(/pageRateLimited: expected Graph error 80001/);
  });

  it('audienceTermsNotAccepted: once the terms are accepted, check() rejects and puts back the audience its probe created', async () => {
    const fakes = fresh();
    const s = scenarios.audienceTermsNotAccepted();
    const h = fakes.apply(s);
    fakes.socialGraph.adAccounts.setTerms(h.adAccountId, { customAudience: true });
    const state = fakes.state.socialGraph;
    await expect(s.check?.(fakes, h)).rejects.toThrow(/expected to be refused without a change/);
    expect(fakes.state.socialGraph).toBe(state);
    expect(fakes.calls.last()?.status).toBe(200);
  });

  it('audienceWithLookalikes: check() rejects once a lookalike is gone, and keeps the source audience', async () => {
    const fakes = fresh();
    const s = scenarios.audienceWithLookalikes();
    const h = fakes.apply(s);
    const [lookalike] = h.lookalikeIds;
    const del = await fakes.fetch(`https://graph.facebook.com/v24.0/${lookalike}?access_token=${h.token}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    await expect(s.check?.(fakes, h)).rejects.toThrow(/lookalike_audience_ids should list the lookalikes/);
    expect(fakes.socialGraph.audiences.get(h.audienceId)).toBeDefined();
  });

  it('staleAudience: check() rejects once the audience has been deleted by age', async () => {
    const fakes = fresh();
    const s = scenarios.staleAudience({ dueIn: '1h' });
    const h = fakes.apply(s);
    await s.check?.(fakes, h);
    expect(fakes.socialGraph.audiences.get(h.audienceId)).toBeDefined();
    fakes.clock.advance('2h');
    await expect(s.check?.(fakes, h)).rejects.toThrow(/staleAudience: the audience should read delete_time/);
  });

  it('audienceDeleteRateLimited: check() rejects once deletes are let through, and keeps the audience', async () => {
    const fakes = fresh();
    const s = scenarios.audienceDeleteRateLimited({ for: '10m' });
    const h = fakes.apply(s);
    fakes.clock.advance('11m');
    await expect(s.check?.(fakes, h)).rejects.toThrow(/audienceDeleteRateLimited/);
    expect(fakes.socialGraph.audiences.get(h.audienceId)).toBeDefined();
  });

  it('unpublishedPage / restrictedPage / invalidToken: a check run against another scenario’s handles rejects', async () => {
    const fakes = fresh();
    const published = fakes.apply(scenarios.restrictedPage());
    const unpublished = scenarios.unpublishedPage();
    await expect(unpublished.check?.(fakes, { pageId: published.pageId, pageToken: published.pageToken, appToken: published.appToken })).rejects.toThrow(
      /unpublishedPage: the Page token should read is_published false/,
    );
    const invalid = scenarios.invalidToken();
    await expect(
      invalid.check?.(fakes, { pageId: published.pageId, token: published.pageToken, expiredToken: published.pageToken, validToken: published.pageToken }),
    ).rejects.toThrow(/invalidToken: expected Graph error 190/);
  });
});
