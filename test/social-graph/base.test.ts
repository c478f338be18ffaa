import bizSdk from 'facebook-nodejs-business-sdk';
import { describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';

const { FacebookAdsApi, Page } = bizSdk;

describe('social graph base', () => {
  const fakes = useFakes({ clock: '2024-04-01T00:00:00Z' });

  it('reads a page, posts and pages the feed to the end with the SDK cursor', async () => {
    const { id } = fakes.socialGraph.seed.page({ name: 'Cafe' });
    fakes.socialGraph.seed.posts({ pageId: id, count: 7 });
    FacebookAdsApi.init('tok', 'en_US', false);
    const page = await new Page(id).get(['name', 'fan_count']);
    expect(page._data).toMatchObject({ id, name: 'Cafe', fan_count: 0 });
    const created = await new Page(id).createFeed([], { message: 'hello' });
    expect(created._data.id).toMatch(new RegExp(`^${id}_\\d+$`));
    const cursor = await new Page(id).getFeed(['message'], { limit: 3 });
    const seen: string[] = cursor.map((p) => String(p._data.message));
    let c = cursor;
    while (c.hasNext()) {
      c = await c.next();
      seen.push(...c.map((p) => String(p._data.message)));
    }
    expect(seen).toEqual(['hello', 'Post 7', 'Post 6', 'Post 5', 'Post 4', 'Post 3', 'Post 2', 'Post 1']);
    expect(fakes.calls.at(-1)?.version).toBe('v24.0');
    expect(fakes.calls.at(-1)?.operation).toBe('page/feed.list');
  });
});
