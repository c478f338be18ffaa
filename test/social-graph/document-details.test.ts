/**
 * Details (issue 32) and prototype field names (issue 33): custom audience rules, post tags and
 * mentions, Page fields, appsecret_proof, batch references, seeds and the picture redirect. Each
 * test names the rule it checks and where it comes from (the document, or Graph where it is silent).
 */
import { createHash } from 'node:crypto';
import bizSdk from 'facebook-nodejs-business-sdk';
import { scenarios } from 'stuntdouble';
import { appSecretProof } from 'stuntdouble/social-graph';
import { describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';
import { BASE, fbError, form, get, sdk } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: the SDK ships no typings; these tests drive it as plain JavaScript.
const { FacebookAdsApi, AdAccount, CustomAudience } = bizSdk as any;

const fakes = useFakes({ clock: '2025-10-01T00:00:00Z' });
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

function pageWithToken(name = 'Cafe') {
  const pageId = fakes.socialGraph.seed.page({ name }).id;
  const token = fakes.socialGraph.seed.token({ type: 'page', pageId });
  return { pageId, token };
}

describe('document 5: "Development-level apps are refused (error 270)" for custom audiences', () => {
  it('refuses every audience operation, not only reads: create, update, delete, user upload, sharing, lists', async () => {
    const h = fakes.apply(scenarios.developmentApp());
    FacebookAdsApi.init(h.token, 'en_US', false);
    const before = fakes.snapshot();
    const ca = new CustomAudience(h.audienceId);
    const calls: Array<Promise<unknown>> = [
      new AdAccount(h.adAccountId).createCustomAudience([], { name: 'New', subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY' }),
      new AdAccount(h.adAccountId).getCustomAudiences(['name']),
      ca.update([], { name: 'Renamed' }),
      ca.createUser([], { payload: { schema: 'EMAIL_SHA256', data: [sha('a@b.c')] } }),
      ca.deleteUsers([], { payload: { schema: 'EMAIL_SHA256', data: [sha('a@b.c')] } }),
      ca.createAdAccount([], { adaccounts: ['act_222'] }),
      ca.delete([]),
    ];
    // Every promise gets its handler now (awaiting one by one leaves the later ones unhandled for a while).
    for (const e of await Promise.all(calls.map(fbError))) expect(e.response.code).toBe(270);
    expect(fakes.snapshot()).toBe(before);
  });
});

describe('document 4.5: an audience update "Accepts" its listed parameters only', () => {
  it('refuses create-only parameters (retention_days, use_for_products, inclusions, subtype) with (#100) naming them, nothing changed', async () => {
    FacebookAdsApi.init('tok', 'en_US', false);
    const adAccountId = fakes.socialGraph.seed.adAccount({ name: 'Shop' }).id;
    const { id } = fakes.socialGraph.seed.audience({ adAccountId, name: 'Buyers', count: 500 });
    for (const [key, value] of [
      ['retention_days', 30],
      ['use_for_products', ['ADS']],
      ['inclusions', [{ id: '1' }]],
      ['exclusions', [{ id: '1' }]],
      ['subtype', 'WEBSITE'],
    ] as const) {
      const e = await fbError(new CustomAudience(id).update([], { [key]: value }));
      expect(e.response.code).toBe(100);
      expect(e.response.message).toContain(key);
    }
    expect(fakes.socialGraph.audiences.get(id)?.params.retention_days).toBeUndefined();
    // Every listed parameter is taken (name, description, opt_out_link, use_in_campaigns, ...).
    const ok = await new CustomAudience(id).update([], { name: 'Buyers 2', description: 'd', opt_out_link: 'https://x.test/o', use_in_campaigns: true });
    expect(ok).toMatchObject({ success: true, message: expect.any(String) });
  });
});

describe('document 4.5: audience create answers "{ id: numeric string } (plus a message string in the return type)"', () => {
  it('answers id and message', async () => {
    const adAccountId = fakes.socialGraph.seed.adAccount({ name: 'Shop' }).id;
    const r = await form('POST', `/${adAccountId}/customaudiences`, { name: 'Buyers', subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY' }, 'tok');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: expect.stringMatching(/^\d+$/), message: expect.any(String) });
    expect((r.body.message as string).length).toBeGreaterThan(0);
  });
});

describe('document 4.1/2.1: tags and mentions', () => {
  it('users tagged with `tags` (with a place) appear in `to` for a Page token; a user token sees only its own user', async () => {
    const { pageId, token } = pageWithToken();
    const place = fakes.socialGraph.seed.page({ name: 'Plaza' }).id;
    const ann = fakes.socialGraph.seed.user({ name: 'Ann' }).id;
    const bob = fakes.socialGraph.seed.user({ name: 'Bob' }).id;
    const id = (await form('POST', `/${pageId}/feed`, { message: 'team day', place, tags: `${ann},${bob}` }, token)).body.id as string;
    expect((await get(`/${id}`, { fields: 'to' }, token)).body.to).toEqual({
      data: [
        { name: 'Ann', id: ann },
        { name: 'Bob', id: bob },
      ],
    });
    const annToken = fakes.socialGraph.seed.token({ type: 'user', pageId, userId: ann, tasks: ['MODERATE'] });
    expect((await get(`/${id}`, { fields: 'to' }, annToken)).body.to).toEqual({ data: [{ name: 'Ann', id: ann }] });
  });

  it('"message ... may mention Pages": @[page-id] becomes the Page name and reaches message_tags with its offset and length', async () => {
    const { pageId, token } = pageWithToken();
    const roaster = fakes.socialGraph.seed.page({ name: 'Roaster Co' }).id;
    const id = (await form('POST', `/${pageId}/feed`, { message: `Beans by @[${roaster}]!` }, token)).body.id as string;
    const post = await get(`/${id}`, { fields: 'message,message_tags' }, token);
    expect(post.body.message).toBe('Beans by Roaster Co!');
    expect(post.body.message_tags).toEqual([{ id: roaster, name: 'Roaster Co', type: 'page', offset: 9, length: 10 }]);
    // The mentioned Page lists the post on its tagged edge (once).
    expect(fakes.socialGraph.edge(roaster, 'tagged')).toEqual([id]);
    // An id that is no Page stays as written and is no tag.
    const plain = (await form('POST', `/${pageId}/feed`, { message: 'hi @[999]' }, token)).body.id as string;
    expect((await get(`/${plain}`, { fields: 'message,message_tags' }, token)).body).toEqual({ message: 'hi @[999]', id: plain });
  });
});

describe('document 2.2: Page fields', () => {
  it('a Page token reading its own Page access_token gets it (Graph answers the token)', async () => {
    const { pageId, token } = pageWithToken();
    expect((await get(`/${pageId}`, { fields: 'access_token' }, token)).body).toEqual({ access_token: token, id: pageId });
    const other = pageWithToken('Other');
    expect((await get(`/${pageId}`, { fields: 'access_token' }, other.token)).body).toEqual({ id: pageId });
  });

  it('overall_star_rating: "scale 1-5, normalized, omitted with few or no ratings", computed from the ratings', async () => {
    const { pageId, token } = pageWithToken();
    expect((await get(`/${pageId}`, { fields: 'overall_star_rating,rating_count' }, token)).body).toEqual({ rating_count: 0, id: pageId });
    for (const rating of [5, 4, 4]) fakes.socialGraph.seed.rating({ pageId, rating });
    // Few ratings: omitted.
    expect((await get(`/${pageId}`, { fields: 'overall_star_rating' }, token)).body).toEqual({ id: pageId });
    fakes.socialGraph.seed.rating({ pageId, rating: 3 });
    fakes.socialGraph.seed.rating({ pageId, recommendationType: 'positive' });
    const r = await get(`/${pageId}`, { fields: 'overall_star_rating,rating_count' }, token);
    // (5 + 4 + 4 + 3 + 5) / 5 = 4.2
    expect(r.body).toEqual({ overall_star_rating: 4.2, rating_count: 5, id: pageId });
  });

  it('fields=picture on the Page node answers what the picture edge does (Graph serves the field)', async () => {
    const { pageId, token } = pageWithToken();
    const edge = await get(`/${pageId}/picture`, { redirect: 'false' }, token);
    const field = await get(`/${pageId}`, { fields: 'name,picture' }, token);
    expect(field.status).toBe(200);
    expect(field.body).toEqual({ name: 'Cafe', picture: edge.body, id: pageId });
    const large = await get(`/${pageId}`, { fields: 'picture.type(large){url,width}' }, token);
    expect(large.body.picture).toEqual({ data: { url: expect.stringMatching(/^https:\/\//), width: 200 } });
    expect((await get(`/${pageId}`, { fields: 'picture.type(huge)' }, token)).body.error?.code).toBe(100);
    // The Business SDK reads it as Graph's shape.
    const viaSdk = await new (sdk(token).Page)(pageId).get(['name', 'picture']);
    expect(viaSdk._data).toMatchObject({ name: 'Cafe', picture: { data: { url: expect.any(String), is_silhouette: false } } });
  });
});

describe('document 4.1: object_attachment is "ID of an existing picture owned by the person"', () => {
  it('refuses an id with no photo (or a photo of another Page) with (#100); a photo of the Page is taken', async () => {
    const { pageId, token } = pageWithToken();
    const other = fakes.socialGraph.seed.page({ name: 'Other' }).id;
    const theirs = fakes.socialGraph.seed.photo({ pageId: other, name: 'not ours' }).id;
    for (const id of ['123456789', theirs]) {
      const r = await form('POST', `/${pageId}/feed`, { message: 'look', object_attachment: id }, token);
      expect(r.body.error).toMatchObject({ code: 100 });
      expect(r.body.error?.message).toContain('object_attachment');
    }
    expect(fakes.socialGraph.edge(pageId, 'feed')).toEqual([]);
    const photo = fakes.socialGraph.seed.photo({ pageId, name: 'latte' }).id;
    const ok = await form('POST', `/${pageId}/feed`, { message: 'look', object_attachment: photo }, token);
    expect(ok.body.id).toEqual(expect.stringMatching(new RegExp(`^${pageId}_`)));
  });
});

describe('appsecret_proof', () => {
  function app() {
    const { id: appId, secret } = fakes.socialGraph.seed.app({ secret: 's3cret' });
    const pageId = fakes.socialGraph.seed.page({ name: 'Cafe' }).id;
    const token = fakes.socialGraph.seed.token({ type: 'page', pageId, appId });
    return { pageId, token, secret };
  }

  it('document 7: a bad proof on subscribed_apps and number verification is (#104) "Incorrect signature"; elsewhere Graph\'s (#100) "Invalid appsecret_proof provided in the API argument"', async () => {
    const { pageId, token, secret } = app();
    for (const [path, params] of [
      [`/${pageId}/subscribed_apps`, { subscribed_fields: 'feed' }],
      [`/${pageId}/page_chatapp_number_verification`, { chatapp_number: '+15550102030' }],
    ] as const) {
      const bad = await form('POST', path, { ...params, appsecret_proof: 'f'.repeat(64) }, token);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: 104, message: '(#104) Incorrect signature' });
      const good = await form('POST', path, { ...params, appsecret_proof: appSecretProof(token, secret) }, token);
      expect(good.status).toBe(200);
    }
    // Where the document is silent, Graph's recorded answer (GraphMethodException, code 100).
    const r = await get(`/${pageId}`, { appsecret_proof: 'f'.repeat(64) }, token);
    expect(r.body.error).toMatchObject({ code: 100, type: 'GraphMethodException', message: '(#100) Invalid appsecret_proof provided in the API argument' });
  });
});

interface BatchAnswer {
  code: number;
  body: string;
}

describe('batch requests (Graph: relative_url with a version; references that resolve)', () => {
  it('an unresolvable {result=...} reference answers Graph error 100 for that operation, not null; the others run', async () => {
    const { pageId, token } = pageWithToken();
    const ops = [
      { method: 'GET', relative_url: `${pageId}?fields=name`, name: 'page', omit_response_on_success: false },
      { method: 'GET', relative_url: '{result=page:$.nope}?fields=name' },
      { method: 'GET', relative_url: '{result=ghost:$.id}' },
      { method: 'GET', relative_url: `${pageId}?fields=id` },
    ];
    const res = await form('POST', '/', { batch: JSON.stringify(ops), include_headers: 'false' }, token);
    const answers = res.body as unknown as Array<BatchAnswer | null>;
    expect(answers).toHaveLength(4);
    for (const a of [answers[1], answers[2]]) {
      expect(a?.code).toBe(400);
      expect(JSON.parse(a?.body ?? '{}').error).toMatchObject({ code: 100, type: 'OAuthException', fbtrace_id: expect.any(String) });
    }
    expect(JSON.parse(answers[3]?.body ?? '{}')).toEqual({ id: pageId });
  });

  it('a v24.0/-prefixed relative_url is accepted, as in Graph’s own batch examples', async () => {
    const { pageId, token } = pageWithToken();
    const ops = [
      { method: 'GET', relative_url: `v24.0/${pageId}?fields=name` },
      { method: 'POST', relative_url: `/v24.0/${pageId}/feed`, body: 'message=batched' },
    ];
    const answers = (await form('POST', '/', { batch: JSON.stringify(ops), include_headers: 'false' }, token)).body as unknown as BatchAnswer[];
    expect(answers.map((a) => a.code)).toEqual([200, 200]);
    expect(JSON.parse(answers[0]?.body ?? '{}')).toEqual({ name: 'Cafe', id: pageId });
    expect(fakes.socialGraph.post(JSON.parse(answers[1]?.body ?? '{}').id)?.fields.message).toBe('batched');
    expect(fakes.calls.where({ path: `/${pageId}` }).last()?.version).toBe('v24.0');
  });
});

describe('seed.page({ fields }) in the document’s neutral spelling', () => {
  it('stores chatapp_number, connected_photoshare_account, ... under Graph’s names, readable in either spelling', async () => {
    const pageId = fakes.socialGraph.seed.page({
      name: 'Cafe',
      fields: { chatapp_number: '+15550102030', has_chatapp_number: true, copyright_whitelisted_photoshare_partners: ['p1'] },
    }).id;
    const token = fakes.socialGraph.seed.token({ type: 'page', pageId });
    expect((await get(`/${pageId}`, { fields: 'whatsapp_number,has_whatsapp_number,copyright_whitelisted_ig_partners' }, token)).body).toEqual({
      whatsapp_number: '+15550102030',
      has_whatsapp_number: true,
      copyright_whitelisted_ig_partners: ['p1'],
      id: pageId,
    });
    expect((await get(`/${pageId}`, { fields: 'chatapp_number' }, token)).body.whatsapp_number).toBe('+15550102030');
  });

  it('an unknown field is a named error with the nearest spelling, not silently dropped', () => {
    expect(() => fakes.socialGraph.seed.page({ fields: { chatap_number: '1' } })).toThrow(/unknown Page field 'chatap_number'.*whatsapp_number/);
    expect(() => fakes.socialGraph.seed.page({ fields: { abuot: 'x' } })).toThrow(/'about'/);
  });
});

describe('fakes.fetch on /{page-id}/picture (Graph: a 302 to the image on its CDN)', () => {
  it('follows the redirect as fetch does and gets the image; redirect: manual answers the 302', async () => {
    const { pageId, token } = pageWithToken();
    const res = await fakes.fetch(`${BASE}/${pageId}/picture?access_token=${token}`);
    expect(res.status).toBe(200);
    expect(res.redirected).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([bytes[0], bytes[1], bytes.at(-2), bytes.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    const manual = await fakes.fetch(`${BASE}/${pageId}/picture?access_token=${token}`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe(res.url);
    // The global fetch the fakes intercept behaves the same.
    expect((await fetch(`${BASE}/${pageId}/picture?type=large&access_token=${token}`)).headers.get('content-type')).toBe('image/jpeg');
    // The image host's paths are not Graph's: on the API host they are an unknown node.
    const onGraph = await get('/__cdn/v/t39.30808-1/x.jpg', {}, token);
    expect(onGraph.body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });
});

describe('issue 33: prototype names in fields= are unknown fields like any other', () => {
  it.each(['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty'])(
    'fields=%s answers (#100) on a Page, a post, a feed, an edge and an audience',
    async (name) => {
      const { pageId, token } = pageWithToken();
      const post = fakes.socialGraph.seed.post({ pageId, message: 'hi' }).id;
      fakes.socialGraph.seed.photo({ pageId, name: 'latte' });
      const adAccountId = fakes.socialGraph.seed.adAccount({ name: 'Shop' }).id;
      const { id: audience } = fakes.socialGraph.seed.audience({ adAccountId, name: 'Buyers', count: 500 });
      for (const path of [`/${pageId}`, `/${post}`, `/${pageId}/feed`, `/${pageId}/photos`, `/${audience}`]) {
        const r = await get(path, { fields: `id,${name}` }, token);
        expect(r.status, path).toBe(400);
        expect(r.body.error).toMatchObject({ code: 100, message: expect.stringContaining(`nonexisting field (${name})`) });
      }
      expect((await get(`/${pageId}`, { fields: `feed{${name}}` }, token)).body.error?.code).toBe(100);
    },
  );
});
