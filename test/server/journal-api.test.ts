/**
 * The journal over the admin API: `GET calls` paged (`after`, `limit`, `Link: rel="next"`) and
 * streamed, `GET calls/{seq}`, the event stream `GET events` (calls as recorded, resets, admin
 * changes, replay after a reconnect), `GET live`, and the readable state tree without secrets.
 */
import { createFakes } from 'stuntdouble';
import { serve } from 'stuntdouble/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Json, type ServerProcess, startServer } from './helpers.js';

let s: ServerProcess;
beforeAll(async () => {
  s = await startServer(['--clock', '2024-01-10T00:00:00Z']);
});
afterAll(async () => {
  expect(await s.stop()).toBe(0);
});
beforeEach(async () => {
  expect((await s.admin('POST', 'reset')).status).toBe(200);
});

const gh = (path: string, init: RequestInit = {}) =>
  fetch(`${s.url}/github${path}`, { ...init, headers: { authorization: 'token t', 'content-type': 'application/json', ...(init.headers ?? {}) } });

async function calls(n: number): Promise<void> {
  await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' });
  for (let i = 0; i < n; i++) expect((await gh(i % 2 ? '/repos/octo/hello' : '/rate_limit')).status).toBe(200);
}

const seqs = (body: Json) => body.map((c: { seq: number }) => c.seq);

describe('GET calls: paging', () => {
  it('after + limit walk the journal page by page, following Link rel="next" to the end', async () => {
    await calls(7);
    let next: string | undefined = '/__stuntdouble/calls?after=0&limit=3';
    const pages: number[][] = [];
    while (next) {
      const res: Response = await fetch(`${s.url}${next}`);
      expect(res.status).toBe(200);
      pages.push(seqs(await res.json()));
      next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1];
    }
    expect(pages).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('limit alone answers the most recent calls; after alone (or since) the calls after a seq; filters apply inside pages', async () => {
    await calls(6);
    expect(seqs((await s.admin('GET', 'calls?limit=2')).body)).toEqual([5, 6]);
    expect(seqs((await s.admin('GET', 'calls?after=4')).body)).toEqual([5, 6]);
    expect(seqs((await s.admin('GET', 'calls?since=4')).body)).toEqual([5, 6]);
    const page = await fetch(`${s.url}/__stuntdouble/calls?service=codeHosting&route=${encodeURIComponent('GET /rate_limit')}&after=0&limit=2`);
    expect(seqs(await page.json())).toEqual([1, 3]);
    const link = page.headers.get('link') ?? '';
    expect(link).toContain('after=3');
    expect(decodeURIComponent(link.replace(/\+/g, ' '))).toContain('route=GET /rate_limit');
    expect(seqs(await (await fetch(`${s.url}${/<([^>]+)>/.exec(link)?.[1]}`)).json())).toEqual([5]);
    const both = await s.admin('GET', 'calls?after=1&since=1');
    expect(both.status).toBe(400);
  });

  it('GET calls/{seq} answers one full entry; a seq the journal does not hold is a 404', async () => {
    await calls(2);
    const one = await s.admin('GET', 'calls/2');
    expect(one.body).toMatchObject({ seq: 2, method: 'GET', path: '/repos/octo/hello', status: 200, response: { body: { full_name: 'octo/hello' } } });
    expect(one.body.headers.authorization).toBe('token [redacted]');
    const gone = await s.admin('GET', 'calls/9');
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toContain('#1 to #2');
    expect((await s.admin('GET', 'calls/x')).status).toBe(400);
  });
});

describe('GET calls: a large journal is streamed', () => {
  it('20 MB of calls arrive chunked (no Content-Length), complete and in order', async () => {
    const fakes = createFakes({ clock: '2024-01-10T00:00:00Z' });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const server = await serve(fakes, { port: 0 });
    try {
      const text = 'x'.repeat(10_000);
      for (let i = 0; i < 1000; i++) {
        const res = await fakes.handle({
          method: 'POST',
          url: 'https://api.github.com/repos/octo/hello/issues',
          headers: { authorization: 'token t', 'content-type': 'application/json' },
          body: JSON.stringify({ title: `issue ${i}`, body: text }),
        });
        expect(res.status).toBe(201);
      }
      const res = await fetch(`${server.adminUrl}calls`);
      expect(res.headers.get('content-length')).toBeNull();
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      const raw = await res.text();
      expect(raw.length).toBeGreaterThan(20_000_000);
      const list = JSON.parse(raw) as Array<{ seq: number; body: { title: string } }>;
      expect(list).toHaveLength(1000);
      expect(list.map((c) => c.seq)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
      expect(list[999]?.body.title).toBe('issue 999');
    } finally {
      await server.close();
    }
  }, 120_000);
});

/** Reads server-sent events from a stream, one at a time. */
function eventStream(url: string, headers: Record<string, string> = {}) {
  const ctrl = new AbortController();
  const queue: Array<{ event: string; id?: string; data: Json }> = [];
  let wake: (() => void) | undefined;
  let buffer = '';
  const ready = fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: ctrl.signal }).then(async (res) => {
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done || !value) return;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = Object.fromEntries(block.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
          if (fields.event) queue.push({ event: fields.event, ...(fields.id ? { id: fields.id } : {}), data: JSON.parse(fields.data ?? 'null') });
          wake?.();
          cut = buffer.indexOf('\n\n');
        }
      }
    })();
  });
  return {
    /** The next event (skipping the periodic clock events). */
    async next(): Promise<{ event: string; id?: string; data: Json }> {
      await ready;
      for (;;) {
        const e = queue.shift();
        if (e && e.event !== 'clock') return e;
        if (!e) await new Promise<void>((r) => (wake = r));
      }
    },
    close: () => ctrl.abort(),
  };
}

describe('GET events: the journal as it happens', () => {
  it('hello, then each call, a change for each admin call, a reset when the journal is cleared', async () => {
    const es = eventStream(`${s.url}/__stuntdouble/events`);
    try {
      const hello = await es.next();
      expect(hello).toMatchObject({ event: 'hello', data: { lastSeq: 0, clock: { now: '2024-01-10T00:00:00.000Z', mode: 'frozen' } } });
      await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' });
      expect(await es.next()).toMatchObject({ event: 'change', data: { what: 'seed' } });
      expect((await gh('/repos/octo/hello?per_page=1')).status).toBe(200);
      const call = await es.next();
      expect(call).toMatchObject({
        event: 'call',
        id: `${hello.data.epoch}.1`,
        data: { seq: 1, method: 'GET', path: '/repos/octo/hello', search: '?per_page=1', route: '/repos/{owner}/{repo}', status: 200, operation: 'repos/get' },
      });
      await s.admin('POST', 'clock/advance', { by: '2h' });
      expect(await es.next()).toMatchObject({ event: 'change', data: { what: 'clock', clock: { now: '2024-01-10T02:00:00.000Z' } } });
      await gh('/no/such/thing');
      expect(await es.next()).toMatchObject({ event: 'call', data: { seq: 2, operation: 'unmatched', note: expect.stringContaining('no route') } });
      await s.admin('POST', 'reset');
      const events = [await es.next(), await es.next()].map((e) => e.event).sort();
      expect(events).toEqual(['change', 'reset']);
    } finally {
      es.close();
    }
  });

  it('a client that reconnects with Last-Event-ID gets the calls it missed; after a reset, a reset first', async () => {
    await calls(3);
    const first = eventStream(`${s.url}/__stuntdouble/events?after=0`);
    const hello = await first.next();
    const replayed = [await first.next(), await first.next(), await first.next()];
    first.close();
    expect(replayed.map((e) => e.data.seq)).toEqual([1, 2, 3]);
    await gh('/rate_limit');
    await gh('/rate_limit');
    const again = eventStream(`${s.url}/__stuntdouble/events`, { 'last-event-id': replayed[2]?.id as string });
    await again.next();
    expect([(await again.next()).data.seq, (await again.next()).data.seq]).toEqual([4, 5]);
    again.close();
    await s.admin('POST', 'reset');
    await gh('/rate_limit');
    const afterReset = eventStream(`${s.url}/__stuntdouble/events?after=5&epoch=${hello.data.epoch}`);
    expect((await afterReset.next()).event).toBe('hello');
    expect((await afterReset.next()).event).toBe('reset');
    expect(await afterReset.next()).toMatchObject({ event: 'call', data: { seq: 1 } });
    afterReset.close();
    expect((await s.admin('GET', 'events?aftr=1')).status).toBe(400);
  });
});

describe('GET live and GET state?view=tree', () => {
  it('GET live: counts, clock, unmatched requests with their closest routes, applied scenarios, faults', async () => {
    await calls(1);
    await gh('/repos/octo/hello/issuez');
    await s.admin('POST', 'scenarios/importNeedsAuth', { owner: 'octo', repo: 'legacy' });
    const fault = await s.admin('POST', 'faults', { kind: 'flaky', service: 'codeHosting', failures: 1, status: 503 });
    const live = (await s.admin('GET', 'live?calls=5')).body;
    expect(live).toMatchObject({ calls: 2, unmatched: 1, lastSeq: 2, clock: { mode: 'frozen' } });
    expect(live.recent.map((c: Json) => c.seq)).toEqual([1, 2]);
    expect(live.misses[0]).toMatchObject({ path: '/repos/octo/hello/issuez', note: expect.stringContaining('/repos/{owner}/{repo}/issues') });
    expect(live.applied.map((a: Json) => a.name)).toEqual(['importNeedsAuth', 'flaky']);
    expect(live.faults).toEqual([expect.objectContaining({ id: fault.body.id, scenario: 'flaky', hits: 0 })]);
  });

  it('the state tree lists resources per service, leaves indexes out and shows no secret', async () => {
    const token = (await s.admin('POST', 'seed/codeHosting/token', { type: 'classic', scopes: ['repo'] })).body.result as string;
    await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' });
    await s.admin('POST', 'scenarios/importNeedsAuth', { owner: 'octo', repo: 'legacy' });
    await s.admin('POST', 'seed/socialGraph/page', { id: '1234', name: 'Cafe' });
    await s.admin('POST', 'scenarios/cacheReady', {});
    expect(token).toMatch(/^ghp_/);
    const tree = (await s.admin('GET', 'state?view=tree')).body;
    const text = JSON.stringify(tree);
    expect(text).not.toContain(token);
    // The import origin's password ('secret') and the Graph app's secret are redacted too.
    expect(text).not.toMatch(/"(password|secret)":"(?!\[redacted\])/);
    const ch = tree.codeHosting;
    const child = (n: Json, name: string) => n.children.find((c: Json) => c.name === name);
    expect(child(ch, 'repos')).toMatchObject({ count: 2, children: expect.arrayContaining([expect.objectContaining({ label: 'octo/hello' })]) });
    expect(child(ch, 'tokens').children[0]).toMatchObject({ name: '[redacted]', label: 'classic-1' });
    expect(ch.hidden).toEqual(expect.arrayContaining(['repoIndex', 'reposByOwner', 'counters']));
    expect(ch.empty).toContain('hooks');
    expect(child(tree.socialGraph, 'pages').children[0]).toMatchObject({ name: '1234', label: 'Cafe' });
    expect(child(tree.modelCache, 'caches')).toMatchObject({ count: 1 });
    // One service, in any spelling.
    expect((await s.admin('GET', 'state/github?view=tree')).body).toEqual(ch);
    const bad = await s.admin('GET', 'state?view=trea');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("Did you mean 'tree'?");
  });
});
