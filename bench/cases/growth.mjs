// Growth: what one write costs next to a collection of 1,000 items (baseline) and of 100,000, per
// service, through `fakes.fetch` with the journal off (only the fake's own work is measured). A
// write that copies or scans its collection costs ~100× more at 100,000; the target is ≤ 1.2×.
// Each instance is seeded once (the first round) and keeps growing by what the rounds create.

const GITHUB = 'https://api.github.com';
const GRAPH = 'https://graph.facebook.com/v19.0';
const VERTEX = 'https://us-central1-aiplatform.googleapis.com/v1beta1/projects/p/locations/us-central1';
const JSON_HEADERS = { authorization: 'token ghp_lenient', 'content-type': 'application/json' };
const MODEL = 'projects/p/locations/us-central1/publishers/google/models/gemini-2.0-flash-001';
const LONG = 'x'.repeat(10_000); // ~2,500 tokens: above the 2,048 a cache needs

/** One fakes instance per size, made on first use. */
function lazily(make) {
  let made;
  return () => {
    made ??= make();
    return made;
  };
}

/** Every 4,000 GitHub writes, an hour passes on the fake clock (the primary rate limit is 5,000/h). */
function ticking(fakes) {
  let n = 0;
  return () => {
    n += 1;
    if (n % 4_000 === 0) fakes.clock.advance('1h');
  };
}

export default async function register(h) {
  const sizes = [
    ['next to 1,000', 1_000, true],
    ['next to 100,000', 100_000, false],
  ];

  // Code hosting: an issue (sorted indexes by state, creator, ... in every order) and a generic
  // catalog item (an Actions variable) created in one repository.
  for (const [label, n, baseline] of sizes) {
    const issues = lazily(() => {
      const fakes = h.createFakes({ clock: '2024-01-10T00:00:00Z', journal: false });
      fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
      const items = [];
      for (let i = 1; i <= n; i++) items.push([`/repos/octo/hello/issues/${i}`, { number: i, title: `issue ${i}`, state: 'open' }]);
      fakes.codeHosting.seed.resources(items);
      return { fakes, tick: ticking(fakes) };
    });
    h.add({
      group: 'growth: code hosting POST /repos/{owner}/{repo}/issues via fakes.fetch',
      name: `create ${label} issues`,
      baseline,
      setup: issues,
      fn: async () => {
        const { fakes, tick } = issues();
        tick();
        const res = await fakes.fetch(`${GITHUB}/repos/octo/hello/issues`, { method: 'POST', headers: JSON_HEADERS, body: '{"title":"new"}' });
        if (res.status !== 201) throw new Error(`issue create answered ${res.status}`);
      },
    });
    let seq = 0;
    const variables = lazily(() => {
      const fakes = h.createFakes({ clock: '2024-01-10T00:00:00Z', journal: false });
      fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
      const items = [];
      for (let i = 1; i <= n; i++) items.push([`/repos/octo/hello/actions/variables/V${i}`, { name: `V${i}`, value: 'x' }]);
      fakes.codeHosting.seed.resources(items);
      return { fakes, tick: ticking(fakes) };
    });
    h.add({
      group: 'growth: code hosting POST /repos/{owner}/{repo}/actions/variables via fakes.fetch',
      name: `create ${label} variables`,
      baseline,
      setup: variables,
      fn: async () => {
        const { fakes, tick } = variables();
        tick();
        seq += 1;
        const res = await fakes.fetch(`${GITHUB}/repos/octo/hello/actions/variables`, {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify({ name: `NEW_${seq}`, value: 'y' }),
        });
        if (res.status !== 201) throw new Error(`variable create answered ${res.status}`);
      },
    });
  }

  // Code hosting: issues created through the API with labels and assignees (each write adds the issue
  // to a label list and an assignee list in every order), next to 100 (baseline) and 20,000 such
  // issues, seeded the same way. The target: ≤ 1.3× at 20,000.
  const labelled = (i) => ({ title: `issue ${i}`, labels: ['bug', `area-${i % 20}`], assignees: ['octo', i % 2 ? 'alice' : 'bob'] });
  let labelledSeq = 0;
  for (const [label, n, baseline] of [
    ['next to 100', 100, true],
    ['next to 20,000', 20_000, false],
  ]) {
    const issues = lazily(() => {
      const fakes = h.createFakes({ clock: '2024-01-10T00:00:00Z', journal: false });
      fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
      const items = [];
      for (let i = 1; i <= n; i++) items.push([`/repos/octo/hello/issues/${i}`, { number: i, state: 'open', ...labelled(i) }]);
      fakes.codeHosting.seed.resources(items);
      return { fakes, tick: ticking(fakes) };
    });
    h.add({
      group: 'growth: code hosting POST /repos/{owner}/{repo}/issues with labels and assignees via fakes.fetch',
      name: `create labelled, assigned ${label} issues`,
      baseline,
      setup: issues,
      fn: async () => {
        const { fakes, tick } = issues();
        tick();
        labelledSeq += 1;
        const res = await fakes.fetch(`${GITHUB}/repos/octo/hello/issues`, {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify(labelled(labelledSeq)),
        });
        if (res.status !== 201) throw new Error(`labelled issue create answered ${res.status}`);
      },
    });
  }

  // Social graph: a Page post published next to the Page's other posts (Graph refuses a repeated message).
  let postSeq = 0;
  for (const [label, n, baseline] of sizes) {
    const graph = lazily(() => {
      const fakes = h.createFakes({ clock: '2024-01-10T00:00:00Z', journal: false });
      const page = fakes.socialGraph.seed.page({ name: 'Big' }).id;
      fakes.socialGraph.seed.posts({ pageId: page, count: n });
      return { fakes, page };
    });
    h.add({
      group: 'growth: social graph POST /{page-id}/feed via fakes.fetch',
      name: `publish ${label} posts`,
      baseline,
      setup: graph,
      fn: async () => {
        const { fakes, page } = graph();
        postSeq += 1;
        const res = await fakes.fetch(`${GRAPH}/${page}/feed`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `message=hello+${postSeq}&access_token=bench`,
        });
        if (res.status !== 200) throw new Error(`post answered ${res.status}`);
      },
    });
  }

  // Model cache: a cached content created next to the project's other caches.
  for (const [label, n, baseline] of sizes) {
    const caches = lazily(() => {
      const fakes = h.createFakes({ clock: '2024-01-10T00:00:00Z', journal: false });
      fakes.modelCache.seed.cachedContents(n, { ttl: '86400s' });
      return fakes;
    });
    const body = JSON.stringify({ model: MODEL, contents: [{ role: 'user', parts: [{ text: LONG }] }], ttl: '86400s' });
    h.add({
      group: 'growth: model cache POST cachedContents via fakes.fetch',
      name: `create ${label} caches`,
      baseline,
      setup: caches,
      fn: async () => {
        const res = await caches().fetch(`${VERTEX}/cachedContents`, {
          method: 'POST',
          headers: { authorization: 'Bearer b', 'content-type': 'application/json' },
          body,
        });
        if (res.status !== 200) throw new Error(`cache create answered ${res.status}`);
      },
    });
  }
}
