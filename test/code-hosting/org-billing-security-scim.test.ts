import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';

// Answers built from the state, checked against GitHub's description (its example requests and
// answers, and ajv against the documented schema): a budget's create and update reflect their bodies,
// setting a code security configuration as a default answers the configuration and lists it among
// the defaults, SCIM users and groups carry SCIM's `meta` from the fake clock and take SCIM PATCH.

const dotcom = oracle('api.github.com');
const ghec = oracle('ghec');

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is untyped JSON.
type Json = any;
/** The description's example of an operation's request body (`name` of its examples) or answer. */
function requestExample(o: typeof dotcom, path: string, method: string, name: string): Json {
  const op = o.find(path, method)?.op;
  return o.deref(o.deref(op.requestBody).content['application/json'].examples[name]).value;
}
function answerExample(o: typeof dotcom, path: string, method: string, status: number): Json {
  const res = o.deref(o.find(path, method)?.op.responses[String(status)]);
  const content = res.content['application/json'] ?? res.content['application/scim+json'];
  return o.deref(Object.values(content.examples as Record<string, Json>)[0]).value;
}
function valid(o: typeof dotcom, path: string, method: string, status: number, data: unknown): void {
  const v = o.validator(path, method, status);
  expect(v?.(data), JSON.stringify(v?.errors)).toBe(true);
}

let fakes: Fakes;
let octokit: Octokit;
beforeEach(() => {
  fakes = createFakes({ clock: '2024-03-01T10:00:00Z', codeHosting: { baseUrls: ['https://api.github.com'] } });
  fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
  const auth = fakes.codeHosting.seed.token({ type: 'user', permissions: { organization_administration: 'admin', enterprise_administration: 'admin' } });
  octokit = new Octokit({ auth, request: { retries: 0, fetch: fakes.fetch } });
});

describe('organization budgets', () => {
  const B = '/organizations/{org}/settings/billing/budgets';

  it('creates a budget from its body, answered as the description’s example answer is', async () => {
    const body = requestExample(dotcom, B, 'post', 'create-organization-budget');
    const res = await octokit.request(`POST ${B}`, { org: 'acme', data: body });
    valid(dotcom, B, 'post', 200, res.data);
    expect(res.data.message).toBe(answerExample(dotcom, B, 'post', 200).message);
    const { id, ...settings } = res.data.budget as Json;
    expect(settings).toEqual(body);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Read back, alone and in the list, as the same budget.
    const one = await octokit.request(`GET ${B}/{budget_id}`, { org: 'acme', budget_id: id });
    expect(one.data).toMatchObject({ id, ...body });
    const all = await octokit.request(`GET ${B}`, { org: 'acme' });
    expect((all.data as Json).budgets).toEqual([expect.objectContaining({ id, budget_type: 'ProductPricing', budget_amount: 500 })]);
  });

  it('a new budget without alerting or scope gets GitHub’s values for one; another budget gets another id', async () => {
    const a = await octokit.request(`POST ${B}`, { org: 'acme', data: { budget_amount: 5, budget_type: 'SkuPricing', budget_product_sku: 'actions_linux' } });
    expect(a.data.budget).toMatchObject({ budget_scope: 'organization', budget_entity_name: '', budget_alerting: { will_alert: false, alert_recipients: [] } });
    const b = await octokit.request(`POST ${B}`, { org: 'acme', data: { budget_amount: 6 } });
    expect((b.data.budget as Json).id).not.toBe((a.data.budget as Json).id);
  });

  it('updates the settings its body names, keeps the others (the description’s update example)', async () => {
    const created = await octokit.request(`POST ${B}`, { org: 'acme', data: requestExample(dotcom, B, 'post', 'create-organization-budget') });
    const id = (created.data.budget as Json).id;
    const patch = requestExample(dotcom, `${B}/{budget_id}`, 'patch', 'update-budget');
    const res = await octokit.request(`PATCH ${B}/{budget_id}`, { org: 'acme', budget_id: id, data: patch });
    valid(dotcom, `${B}/{budget_id}`, 'patch', 200, res.data);
    expect(res.data.message).toBe(answerExample(dotcom, `${B}/{budget_id}`, 'patch', 200).message);
    // The update answer's schema documents more of a budget (its consumption): the budget as created, changed by the body.
    expect(res.data.budget).toMatchObject({ ...(created.data.budget as Json), ...patch });
    const again = await octokit.request(`GET ${B}/{budget_id}`, { org: 'acme', budget_id: id });
    expect(again.data).toMatchObject({ budget_amount: 10, prevent_further_usage: false, budget_type: 'ProductPricing' });
  });

  it('refuses a budget type or scope GitHub does not take (422), and an update of a budget that does not exist (404)', async () => {
    await expect(octokit.request(`POST ${B}`, { org: 'acme', data: { budget_type: 'Cheap' } })).rejects.toMatchObject({ status: 422 });
    await expect(octokit.request(`POST ${B}`, { org: 'acme', data: { budget_scope: 'galaxy' } })).rejects.toMatchObject({ status: 422 });
    await expect(octokit.request(`PATCH ${B}/{budget_id}`, { org: 'acme', budget_id: 'nope', data: { budget_amount: 1 } })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('default code security configurations', () => {
  const C = '/orgs/{org}/code-security/configurations';
  const create = async (name: string) => (await octokit.request(`POST ${C}`, { org: 'acme', name, description: `${name} settings` })).data as Json;

  it('answers what the configuration is the default for and the configuration itself, and lists it', async () => {
    const conf = await create('High risk');
    const body = requestExample(dotcom, `${C}/{configuration_id}/defaults`, 'put', 'default');
    const res = await octokit.request(`PUT ${C}/{configuration_id}/defaults`, { org: 'acme', configuration_id: conf.id, data: body });
    valid(dotcom, `${C}/{configuration_id}/defaults`, 'put', 200, res.data);
    // The description's example answer: the value set and the configuration, by its id and name.
    expect(Object.keys(res.data).sort()).toEqual(Object.keys(answerExample(dotcom, `${C}/{configuration_id}/defaults`, 'put', 200)).sort());
    expect(res.data).toMatchObject({ default_for_new_repos: 'all', configuration: { id: conf.id, name: 'High risk', description: 'High risk settings' } });
    const list = await octokit.request(`GET ${C}/defaults`, { org: 'acme' });
    valid(dotcom, `${C}/defaults`, 'get', 200, list.data);
    expect(list.data).toEqual([{ default_for_new_repos: 'all', configuration: expect.objectContaining({ id: conf.id, name: 'High risk' }) }]);
  });

  it('a default for one type replaces that type’s default only; `none` removes it', async () => {
    const a = await create('A');
    const b = await create('B');
    const put = (id: number, v: string) =>
      octokit.request(`PUT ${C}/{configuration_id}/defaults`, { org: 'acme', configuration_id: id, data: { default_for_new_repos: v } });
    await put(a.id, 'all');
    expect((await put(b.id, 'public')).data.default_for_new_repos).toBe('public');
    const list = async () =>
      ((await octokit.request(`GET ${C}/defaults`, { org: 'acme' })).data as Json[]).map((d) => [d.default_for_new_repos, d.configuration.name]);
    expect(await list()).toEqual([
      ['public', 'B'],
      ['private_and_internal', 'A'],
    ]);
    expect((await put(a.id, 'none')).data.default_for_new_repos).toBe('none');
    expect(await list()).toEqual([['public', 'B']]);
  });

  it('404 for a configuration that does not exist, 422 for a value GitHub does not take', async () => {
    await expect(
      octokit.request(`PUT ${C}/{configuration_id}/defaults`, { org: 'acme', configuration_id: 999, data: { default_for_new_repos: 'all' } }),
    ).rejects.toMatchObject({
      status: 404,
    });
    const conf = await create('C');
    await expect(
      octokit.request(`PUT ${C}/{configuration_id}/defaults`, { org: 'acme', configuration_id: conf.id, data: { default_for_new_repos: 'everyone' } }),
    ).rejects.toMatchObject({ status: 422 });
  });
});

describe('SCIM provisioning of an enterprise (GHE.com description)', () => {
  const G = '/scim/v2/enterprises/{enterprise}/Groups';
  const U = '/scim/v2/enterprises/{enterprise}/Users';

  it('a provisioned group carries meta (type, created, last modified, location) from the fake clock', async () => {
    const body = requestExample(ghec, G, 'post', 'group');
    const res = await octokit.request(`POST ${G}`, { enterprise: 'acme-ent', data: body });
    expect(res.status).toBe(201);
    valid(ghec, G, 'post', 201, res.data);
    const example = answerExample(ghec, G, 'post', 201);
    const meta = (res.data as Json).meta;
    expect(Object.keys(meta).sort()).toEqual(Object.keys(example.meta).sort());
    expect(meta).toMatchObject({ resourceType: 'Group', created: '2024-03-01T10:00:00.000Z', lastModified: '2024-03-01T10:00:00.000Z' });
    expect(meta.location).toMatch(/^https:\/\/api\.github\.com\/scim\/v2\/enterprises\/acme-ent\/Groups\/[^/]+$/);
    expect((res.data as Json).displayName).toBe(body.displayName);
    // Modified later: lastModified moves, created stays.
    fakes.clock.advance('1h');
    const path = new URL(meta.location).pathname;
    const patch = requestExample(ghec, `${G}/{scim_group_id}`, 'patch', 'updateGroup');
    const up = await octokit.request(`PATCH ${path}`, { data: patch });
    valid(ghec, `${G}/{scim_group_id}`, 'patch', 200, up.data);
    expect(up.data).toMatchObject({ displayName: 'Employees', meta: { created: '2024-03-01T10:00:00.000Z', lastModified: '2024-03-01T11:00:00.000Z' } });
    const add = requestExample(ghec, `${G}/{scim_group_id}`, 'patch', 'addMembers');
    const members = await octokit.request(`PATCH ${path}`, { data: add });
    expect(((members.data as Json).members as Json[]).map((m) => m.value)).toEqual(expect.arrayContaining(add.Operations[0].value.map((m: Json) => m.value)));
    const got = await octokit.request(`GET ${path}`);
    expect((got.data as Json).meta).toEqual((members.data as Json).meta);
  });

  it('a user’s PATCH sets a filtered multi-valued attribute and a sub-attribute (the description’s example); meta says User', async () => {
    const res = await octokit.request(`POST ${U}`, {
      enterprise: 'acme-ent',
      data: requestExample(ghec, U, 'post', Object.keys(ghec.deref(ghec.find(U, 'post')?.op.requestBody).content['application/json'].examples)[0] as string),
    });
    const user = res.data as Json;
    expect(user.meta.resourceType).toBe('User');
    expect(user.meta.created).toBe('2024-03-01T10:00:00.000Z');
    const patch = requestExample(ghec, `${U}/{scim_user_id}`, 'patch', 'userMultiValuedProperties');
    const up = await octokit.request(`PATCH ${new URL(user.meta.location).pathname}`, { data: patch });
    valid(ghec, `${U}/{scim_user_id}`, 'patch', 200, up.data);
    const out = up.data as Json;
    expect(out.name.familyName).toBe('updatedFamilyName');
    expect(out.emails.filter((e: Json) => e.type === 'work').map((e: Json) => e.value)).toEqual(['updatedEmail@microsoft.com']);
    const bad = await octokit
      .request(`PATCH ${new URL(user.meta.location).pathname}`, {
        data: { schemas: patch.schemas, Operations: [{ op: 'move', path: 'userName', value: 'x' }] },
      })
      .catch((e) => e);
    expect(bad.status).toBe(400);
    // SCIM's error, as the description's scim-error: the status a number, SCIM's error schema.
    valid(ghec, `${U}/{scim_user_id}`, 'patch', 400, bad.response.data);
    expect(bad.response.data).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: 400, scimType: 'invalidSyntax' });
    const badPath = await octokit
      .request(`PATCH ${new URL(user.meta.location).pathname}`, { data: { schemas: patch.schemas, Operations: [{ op: 'replace', path: 'id', value: 'x' }] } })
      .catch((e) => e);
    valid(ghec, `${U}/{scim_user_id}`, 'patch', 400, badPath.response.data);
    expect(badPath.response.data.scimType).toBe('invalidPath');
  });
});
