import { describe, expect, it } from 'vitest';
import { createFakes } from '../create-fakes.js';
import { UnknownNameError } from '../errors.js';
import { routeKeyError } from './route-names.js';

describe('route-typo errors read as English for every caller', () => {
  it('one service: "<Title> has no route"', () => {
    const err = routeKeyError('GitHub', 'fakes.override()', 'GET', '/repos/{owner}/{repo}/isues', ['GET /repos/{owner}/{repo}/issues'], []);
    expect(err).toBeInstanceOf(UnknownNameError);
    expect(err.message).toBe(
      "stuntdouble: GitHub has no route 'GET /repos/{owner}/{repo}/isues' (in fakes.override()). Did you mean 'GET /repos/{owner}/{repo}/issues'? fakes.routes() lists them all.",
    );
  });

  it('no service named and none has it: "no fake has a route", never "No fake has no route"', () => {
    const err = routeKeyError(undefined, 'calls.where()', 'GET', '/nope/nada', ['GET /rate_limit'], []);
    expect(err.message).toBe("stuntdouble: no fake has a route 'GET /nope/nada' (in calls.where()). fakes.routes() lists them all.");
  });

  it.each([
    ['calls.where()', (f: ReturnType<typeof createFakes>) => f.calls.where({ route: 'GET /nope/nada/{x}' })],
    ['a selector over every service', (f: ReturnType<typeof createFakes>) => f.calls.where({ route: 'GTE /x' })],
  ])('%s', (_name, call) => {
    const fakes = createFakes();
    let message = '';
    try {
      call(fakes);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^stuntdouble: /);
    expect(message).not.toMatch(/has no route.*has no|No fake has no/i);
  });

  it('a misspelt route over every service names the nearest routes in a sentence', () => {
    const fakes = createFakes();
    expect(() => fakes.calls.where({ route: 'GET /repos/{owner}/{repo}/isues' })).toThrow(
      /^stuntdouble: no fake has a route 'GET \/repos\/\{owner\}\/\{repo\}\/isues' \(in calls\.where\(\)\)\. Did you mean 'GET \/repos\/\{owner\}\/\{repo\}\/issues'/,
    );
  });
});
