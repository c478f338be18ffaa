import { describe, expect, it } from 'vitest';
import { UnknownNameError } from '../errors.js';
import type { ServiceHost } from '../fakes/service.js';
import { RouteCatalog } from './route-catalog.js';
import { routeKeyError } from './route-names.js';
import { type AnyService, ServiceRegistry } from './services.js';

/** Two services with a few routes each, as the catalog sees them. */
function catalog(): RouteCatalog {
  const services = new ServiceRegistry();
  const handler = () => ({ status: 200 });
  const def = (name: string, title: string, routes: Array<[string, string]>) =>
    ({ name, title, routes: routes.map(([method, path]) => ({ method, path, operation: `${name} ${method} ${path}`, handler })) }) as unknown as AnyService;
  const host = {} as ServiceHost<unknown, unknown>;
  services.add(
    def('codeHosting', 'GitHub', [
      ['GET', '/repos/{owner}/{repo}/issues'],
      ['GET', '/rate_limit'],
    ]),
    host,
    ['https://api.github.com'],
  );
  services.add(def('socialGraph', 'Facebook Graph', [['GET', '/{page-id}/feed']]), host, ['https://graph.facebook.com']);
  return new RouteCatalog(services);
}

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  return '';
}

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
    ['a misspelt template', 'GET /nope/nada/{x}'],
    ['a misspelt method', 'GTE /x'],
    ['a path no route answers', 'GET /nope/nada'],
  ])('a selector over every service, %s: one sentence', (_name, route) => {
    const message = messageOf(() => catalog().routeSelector(undefined, route, 'calls.where()'));
    expect(message).toMatch(/^stuntdouble: /);
    expect(message).not.toMatch(/has no route.*has no|No fake has no/i);
  });

  it('a misspelt route over every service names the nearest routes in a sentence', () => {
    expect(messageOf(() => catalog().routeSelector(undefined, 'GET /repos/{owner}/{repo}/isues', 'calls.where()'))).toMatch(
      /^stuntdouble: no fake has a route 'GET \/repos\/\{owner\}\/\{repo\}\/isues' \(in calls\.where\(\)\)\. Did you mean 'GET \/repos\/\{owner\}\/\{repo\}\/issues'/,
    );
  });

  it('one service named: "<Title> has no route"', () => {
    expect(messageOf(() => catalog().routeSelector('codeHosting', 'GET /repos/{owner}/{repo}/isues', 'toHaveReceived()'))).toMatch(
      /^stuntdouble: GitHub has no route 'GET \/repos\/\{owner\}\/\{repo\}\/isues' \(in toHaveReceived\(\)\)/,
    );
  });
});
