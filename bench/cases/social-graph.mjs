// Social graph benchmarks: a feed page read through facebook-nodejs-business-sdk, fake vs a plain
// nock `.reply(200, sameJson)`; and a feed of 100,000 posts read at the first page and at a deep cursor.
import bizSdk from 'facebook-nodejs-business-sdk';
import { addTransportCases } from '../transports.mjs';

const ORIGIN = 'https://graph.facebook.com';

/** @param {{ add: Function, nock: any, createFakes: Function, scenarios: any }} h */
export default async function register(h) {
  const { FacebookAdsApi, Page } = bizSdk;

  // Group 1: one feed page through the SDK.
  const small = h.createFakes({ clock: '2024-04-01T00:00:00Z' });
  const { pageId } = small.apply(h.scenarios.pageWithFeed({ posts: 50 }));
  const sample = await small.handle({ method: 'GET', url: `${ORIGIN}/v24.0/${pageId}/feed?limit=25&fields=message&access_token=bench` });
  const sameJson = sample.json;
  let interceptor;
  const readSmall = async () => {
    FacebookAdsApi.init('bench', 'en_US', false);
    const cursor = await new Page(pageId).getFeed(['message'], { limit: 25 });
    if (cursor.length !== 25) throw new Error(`expected 25 posts, got ${cursor.length}`);
  };
  h.add({
    group: 'social-graph: feed page via FB SDK',
    name: 'plain nock .reply(200, sameJson)',
    baseline: true,
    setup: () => {
      interceptor = h.nock(ORIGIN).persist().get(`/v24.0/${pageId}/feed`).query(true);
      interceptor.reply(200, sameJson, { 'content-type': 'application/json; charset=utf-8' });
    },
    teardown: () => {
      h.nock.removeInterceptor(interceptor);
    },
    fn: readSmall,
  });
  addTransportCases(h, {
    group: 'social-graph: feed page via FB SDK',
    fn: readSmall,
    // Every task gets the same page id: pageWithFeed on a fresh instance seeds the same ids.
    makeFakes: (extra = {}, create = h.createFakes) => {
      const f = create({ clock: '2024-04-01T00:00:00Z', ...extra });
      f.apply(h.scenarios.pageWithFeed({ posts: 50 }));
      return f;
    },
    url: `${ORIGIN}/v24.0/${pageId}/feed`,
    body: () => sameJson,
  });

  // Group 2: 100,000 posts seeded in ONE update; the deep cursor sits ~90,000 posts in. Built lazily
  // in the group's first setup so filtered-out runs do not pay for it.
  let big;
  let bigPage;
  let deepCursor;
  const prepareBig = async () => {
    if (big) return;
    big = h.createFakes({ clock: '2024-04-01T00:00:00Z' });
    bigPage = big.socialGraph.seed.page({ name: 'Big' }).id;
    big.socialGraph.seed.posts({ pageId: bigPage, count: 100_000 });
    let after;
    for (let i = 0; i < 900; i++) {
      const q = `limit=100&access_token=bench${after ? `&after=${after}` : ''}`;
      const r = await big.handle({ method: 'GET', url: `${ORIGIN}/v24.0/${bigPage}/feed?${q}` });
      after = r.json.paging.cursors.after;
    }
    deepCursor = after;
  };
  const readBig = (deep) => async () => {
    FacebookAdsApi.init('bench', 'en_US', false);
    const cursor = await new Page(bigPage).getFeed(['message'], { limit: 25, ...(deep ? { after: deepCursor } : {}) });
    if (cursor.length !== 25) throw new Error(`expected 25 posts, got ${cursor.length}`);
  };
  h.add({
    group: 'social-graph: feed of 100,000 posts',
    name: 'first page',
    baseline: true,
    setup: async () => {
      await prepareBig();
      big.install();
    },
    teardown: () => {
      big.uninstall();
    },
    fn: readBig(false),
  });
  h.add({
    group: 'social-graph: feed of 100,000 posts',
    name: 'deep cursor (~90,000 in)',
    setup: async () => {
      await prepareBig();
      big.install();
    },
    teardown: () => {
      big.uninstall();
    },
    fn: readBig(true),
  });
}
