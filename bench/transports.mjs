// The transports side by side in one group (issue: a transport 5-10x faster than nock, and the fakes
// as msw handlers): each group already has its plain nock `.reply()` baseline; this adds the fake on
// the nock transport, on the direct transport (beside an active nock, and with nock inactive as in a
// project that does not use it), through msw (`fakes.handlers()`, compared with a plain msw handler
// answering the same JSON), and `fakes.fetch` where the client takes a fetch function.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createFakes as createMswFakes } from 'stuntdouble/msw';

/**
 * @param {object} h the bench harness
 * @param {object} o
 * @param {string} o.group
 * @param {() => Promise<unknown>} o.fn one request through the client under test
 * @param {(options?: object) => object} o.makeFakes createFakes with the group's options and state (given extra options)
 * @param {string} o.url the URL plain msw answers (pathname matched; query ignored)
 * @param {() => unknown} o.body the JSON plain msw answers
 * @param {(fakesFetch: Function) => Promise<unknown>} [o.viaFakesFetch] the same request through fakes.fetch
 * @param {boolean} [o.directWithoutNock] also measure the direct transport with nock inactive
 */
export function addTransportCases(h, o) {
  const { group, fn, makeFakes } = o;
  let fakes;
  let server;
  h.add({
    group,
    name: 'stuntdouble, nock transport',
    setup: () => {
      fakes = makeFakes({ transport: 'nock' }).install();
    },
    teardown: () => fakes.uninstall(),
    fn,
  });
  h.add({
    group,
    name: 'stuntdouble, direct transport (beside nock)',
    setup: () => {
      fakes = makeFakes({ transport: 'direct' }).install();
    },
    teardown: () => fakes.uninstall(),
    fn,
  });
  if (o.directWithoutNock)
    h.add({
      group,
      name: 'stuntdouble, direct transport (nock not active)',
      setup: () => {
        h.nock.restore();
        fakes = makeFakes({ transport: 'direct' }).install();
      },
      teardown: () => {
        fakes.uninstall();
        h.nock.activate();
      },
      fn,
    });
  // msw runs alone, as in a project that intercepts with msw: nock is inactive meanwhile.
  const url = new URL(o.url);
  h.add({
    group,
    name: 'plain msw http.get(...) → HttpResponse.json(sameJson)',
    setup: () => {
      h.nock.restore();
      const json = o.body();
      server = setupServer(http.get(`${url.origin}${url.pathname}`, () => HttpResponse.json(json)));
      server.listen({ onUnhandledRequest: 'error' });
    },
    teardown: () => {
      server.close();
      h.nock.activate();
    },
    fn,
  });
  h.add({
    group,
    name: 'stuntdouble through msw (fakes.handlers())',
    compareTo: 'plain msw http.get(...) → HttpResponse.json(sameJson)',
    setup: () => {
      h.nock.restore();
      fakes = makeFakes({ guard: false }, createMswFakes);
      server = setupServer(...fakes.handlers());
      server.listen({ onUnhandledRequest: 'error' });
    },
    teardown: () => {
      server.close();
      h.nock.activate();
    },
    fn,
  });
  if (o.viaFakesFetch) {
    let f;
    h.add({
      group,
      name: 'stuntdouble fakes.fetch given to the client',
      setup: () => {
        f = makeFakes({});
      },
      fn: () => o.viaFakesFetch(f.fetch),
    });
  }
}
