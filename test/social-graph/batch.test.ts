import bizSdk from 'facebook-nodejs-business-sdk';
import { describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';
import { BASE, form } from './helpers.js';

const fakes = useFakes({ clock: '2024-04-01T00:00:00Z' });

interface BatchAnswer {
  code: number;
  headers?: Array<{ name: string; value: string }>;
  body: string;
}

describe('batch requests (POST / with batch=[...])', () => {
  it('runs 50 operations with dependencies through the real routes: 50 answers in order, one failure isolated, each journaled', async () => {
    const pageId = fakes.socialGraph.seed.page({ name: 'Cafe' }).id;
    const token = fakes.socialGraph.seed.token({ type: 'page', pageId });
    const ops: Array<Record<string, unknown>> = [
      { method: 'POST', relative_url: `${pageId}/feed`, body: 'message=first', name: 'first', omit_response_on_success: false },
      // Reads the post the first operation created, through a JSONPath reference.
      { method: 'GET', relative_url: '{result=first:$.id}?fields=message', depends_on: 'first' },
      // A failing operation (unknown field) must not fail the others.
      { method: 'GET', relative_url: `${pageId}?fields=zz_not_a_field` },
    ];
    for (let i = ops.length; i < 50; i++) ops.push({ method: 'POST', relative_url: `${pageId}/feed`, body: `message=post ${i}` });
    const before = fakes.calls.length;
    const res = await form('POST', '/', { batch: JSON.stringify(ops), include_headers: 'false' }, token);
    expect(res.status).toBe(200);
    const answers = res.body as unknown as BatchAnswer[];
    expect(answers).toHaveLength(50);
    const first = JSON.parse(answers[0]?.body ?? '{}');
    expect(first.id).toMatch(new RegExp(`^${pageId}_\\d+$`));
    expect(answers[1]?.code).toBe(200);
    expect(JSON.parse(answers[1]?.body ?? '{}')).toEqual({ message: 'first', id: first.id });
    expect(answers[2]?.code).toBe(400);
    expect(JSON.parse(answers[2]?.body ?? '{}').error).toMatchObject({ code: 100, type: 'OAuthException' });
    for (let i = 3; i < 50; i++) {
      expect(answers[i]?.code).toBe(200);
      expect(answers[i]).not.toHaveProperty('headers');
      expect(fakes.socialGraph.post(JSON.parse(answers[i]?.body ?? '{}').id)?.fields.message).toBe(`post ${i}`);
    }
    // The journal shows the batch call and each operation as a call of its own, in order.
    const calls = fakes.calls.slice(before);
    expect(calls).toHaveLength(51);
    expect(calls.filter((c) => c.method === 'POST' && c.path === `/${pageId}/feed`)).toHaveLength(48);
    expect(calls.find((c) => c.path === `/${first.id}`)?.status).toBe(200);
    expect(calls.at(-1)?.operation).toBe('batch');
  });

  it('answers headers by default, null for a dependent of a failed operation and for a referenced one', async () => {
    const pageId = fakes.socialGraph.seed.page({ name: 'Cafe' }).id;
    const token = fakes.socialGraph.seed.token({ type: 'page', pageId });
    const ops = [
      { method: 'GET', relative_url: `${pageId}/feed?limit=1`, name: 'latest' },
      { method: 'GET', relative_url: `${pageId}?fields=name` },
      { method: 'GET', relative_url: 'nope_not_a_node', name: 'broken' },
      { method: 'GET', relative_url: `${pageId}?fields=name`, depends_on: 'broken' },
      { method: 'GET', relative_url: `${pageId}?fields=id&x={result=latest:$.data.*.id}` },
    ];
    const res = await form('POST', '/', { batch: JSON.stringify(ops) }, token);
    const answers = res.body as unknown as Array<BatchAnswer | null>;
    expect(answers).toHaveLength(5);
    // `latest` is referenced by a later operation: its own answer is omitted.
    expect(answers[0]).toBeNull();
    expect(answers[1]?.headers).toEqual(expect.arrayContaining([{ name: 'content-type', value: expect.stringContaining('application/json') }]));
    expect(JSON.parse(answers[1]?.body ?? '{}')).toEqual({ name: 'Cafe', id: pageId });
    expect(answers[2]?.code).toBe(400);
    expect(answers[3]).toBeNull();
  });

  it('works with the Business SDK batch client', async () => {
    const pageId = fakes.socialGraph.seed.page({ name: 'Cafe' }).id;
    const token = fakes.socialGraph.seed.token({ type: 'page', pageId });
    const sdk = bizSdk as unknown as {
      FacebookAdsApi: { init(t: string, l?: string, c?: boolean): unknown };
      FacebookAdsApiBatch: new (
        api: unknown,
        ok?: (r: { body: unknown }) => void,
        fail?: (r: { body: unknown }) => void,
      ) => {
        add(method: string, path: string, params?: object, files?: object, ok?: (r: { body: unknown }) => void, fail?: (r: { body: unknown }) => void): void;
        execute(): Promise<unknown>;
      };
    };
    const api = sdk.FacebookAdsApi.init(token, 'en_US', false);
    const seen: unknown[] = [];
    const failed: unknown[] = [];
    const batch = new sdk.FacebookAdsApiBatch(api);
    batch.add(
      'GET',
      pageId,
      { fields: 'name' },
      undefined,
      (r) => seen.push(r.body),
      (r) => failed.push(r.body),
    );
    batch.add(
      'POST',
      `${pageId}/feed`,
      { message: 'via batch' },
      undefined,
      (r) => seen.push(r.body),
      (r) => failed.push(r.body),
    );
    batch.add(
      'GET',
      `${pageId}/photos`,
      { fields: 'zz' },
      undefined,
      (r) => seen.push(r.body),
      (r) => failed.push(r.body),
    );
    expect(await batch.execute()).toBeNull();
    expect(seen[0]).toEqual({ name: 'Cafe', id: pageId });
    expect(seen[1]).toMatchObject({ id: expect.stringMatching(/_\d+$/) });
    expect(failed).toHaveLength(1);
  });

  it('refuses more than 50 operations and a batch that is not a JSON array, with Graph errors', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const token = fakes.socialGraph.seed.token({ type: 'page', pageId });
    const many = Array.from({ length: 51 }, () => ({ method: 'GET', relative_url: pageId }));
    const before = fakes.calls.length;
    const big = await form('POST', '/', { batch: JSON.stringify(many) }, token);
    expect(big.body.error).toMatchObject({ code: 100, message: '(#100) Too many requests in batch message. Maximum batch size is 50' });
    expect(fakes.calls.length).toBe(before + 1);
    const bad = await form('POST', '/', { batch: '{not json' }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe(100);
    const res = await fetch(`${BASE}/?access_token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ batch: [{ method: 'GET', relative_url: pageId }] }),
    });
    expect(((await res.json()) as BatchAnswer[])[0]?.code).toBe(200);
  });
});
