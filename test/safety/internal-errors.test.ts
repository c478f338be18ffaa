import { Octokit } from '@octokit/rest';
import { FakeInternalError, createFakes, scenarios } from 'stuntdouble';
import { describe, expect, it } from 'vitest';

const octokit = () => new Octokit({ auth: 'ghp_test', request: { retries: 0 } });

describe('a failure inside the fakes fails the test instead of passing as a 500', () => {
  it('an override that throws: 500 saying it was the fake, listed in fakes.errors, thrown again at uninstall()', async () => {
    const fakes = createFakes().install();
    fakes.override('codeHosting', 'GET /rate_limit', () => {
      throw new Error('boom in my override');
    });
    // Code under test that swallows errors would make this test pass silently without the rethrow.
    const swallowed = await octokit()
      .request('GET /rate_limit')
      .catch((e: { status: number; response: { data: { message: string } } }) => e);
    expect(swallowed).toMatchObject({ status: 500 });
    expect((swallowed as { response: { data: { message: string } } }).response.data.message).toMatch(
      /^stuntdouble: an override handler \(fakes\.override\) threw while answering GET \/rate_limit: boom in my override\. This is an error in the fake or the test setup, not an answer of the real service/,
    );
    expect(fakes.errors).toHaveLength(1);
    expect(fakes.errors[0]).toMatchObject({
      source: 'override',
      service: 'codeHosting',
      message: 'boom in my override',
      request: 'GET https://api.github.com/rate_limit',
    });
    expect(fakes.calls.last()?.error?.message).toBe('boom in my override');
    let thrown: unknown;
    try {
      fakes.uninstall();
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(FakeInternalError);
    expect((thrown as Error).message).toMatch(
      /1 failure\(s\) inside the fakes during this test[\s\S]*GET https:\/\/api\.github\.com\/rate_limit: boom in my override \(from override\)/,
    );
    expect(fakes.installed).toBe(false); // uninstall finished its work before throwing
    expect(() => fakes.verify()).not.toThrow(); // reported once
    fakes.reset();
    expect(fakes.errors).toEqual([]);
  });

  it('each service keeps its own 500 envelope, with the message saying it was the fake', async () => {
    const fakes = createFakes();
    fakes.override('socialGraph', 'GET /{id}', () => {
      throw new TypeError('graph override bug');
    });
    const fb = await fakes.fetch('https://graph.facebook.com/v24.0/me?access_token=EAAx');
    const body = (await fb.json()) as { error: { message: string; code: number; fbtrace_id: string } };
    expect(fb.status).toBeGreaterThanOrEqual(500);
    expect(body.error.message).toMatch(/^stuntdouble: an override handler \(fakes\.override\) threw while answering GET \/\{id\}: graph override bug/);
    expect(body.error.fbtrace_id).toEqual(expect.any(String));
    expect(fb.headers.get('x-stuntdouble-error')).toBe('override');
    expect(() => fakes.verify()).toThrow(FakeInternalError);
  });

  it('a fault hook (scenario) that throws is reported as such', async () => {
    const fakes = createFakes();
    fakes.faults.push(() => {
      throw new Error('fault hook bug');
    });
    const res = await fakes.fetch('https://api.github.com/rate_limit');
    expect(res.status).toBe(500);
    expect(fakes.errors[0]).toMatchObject({ source: 'fault', message: 'fault hook bug' });
    expect(() => fakes.verify()).toThrow(/fault hook bug \(from fault\)/);
  });

  it('a service error from an override is an answer, not a failure', async () => {
    const fakes = createFakes();
    fakes.apply(scenarios.serviceUnavailable({ service: 'codeHosting' }));
    const res = await fakes.fetch('https://api.github.com/rate_limit');
    expect(res.status).toBe(503);
    expect(fakes.errors).toEqual([]);
    expect(() => fakes.verify()).not.toThrow();
  });
});
