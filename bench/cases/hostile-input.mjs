// Hostile input (issue 33): a request no route answers costs the same whatever the length of its path,
// and a URL over the service's limit is answered 414 at once, on every transport. Baseline: a short
// misspelt path through fakes.handle (its not-found with the closest routes). Before the bound, a path
// cost ~170 us per character in the closest-route suggestion, and any http/https URL over ~16 KiB hung.
import https from 'node:https';

const GITHUB = 'https://api.github.com';
const GRAPH = 'https://graph.facebook.com/v24.0';
const AUTH = { authorization: 'token t' };

function httpsStatus(url) {
  return new Promise((resolve, reject) => {
    const req = https.get(url, { headers: AUTH }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
  });
}

export default async function register(h) {
  const group = 'hostile input: unmatched and over-long URLs';
  let fakes;
  const handled = (url, status) => async () => {
    const res = await fakes.handle({ method: 'GET', url, headers: AUTH });
    if (res.status !== status) throw new Error(`${group}: ${url.slice(0, 60)}... answered ${res.status}, expected ${status}`);
  };
  const make = () => {
    fakes = h.createFakes({ journal: { limit: 100 } });
  };
  h.add({ group, name: 'fakes.handle: unmatched GitHub path, 16 characters', baseline: true, setup: make, fn: handled(`${GITHUB}/repos/o/r/isues`, 404) });
  h.add({
    group,
    name: 'fakes.handle: unmatched GitHub path, 8,000 characters',
    setup: make,
    fn: handled(`${GITHUB}/repos/o/r/isues/${'q'.repeat(8_000)}`, 404),
  });
  h.add({
    group,
    name: 'fakes.handle: unmatched Graph path, 15,000 characters',
    setup: make,
    fn: handled(`${GRAPH}/${'p'.repeat(15_000)}/fed?access_token=t`, 400),
  });
  h.add({ group, name: 'fakes.handle: 60 KB path segment (414)', setup: make, fn: handled(`${GITHUB}/repos/o/r/issues/${'x'.repeat(60_000)}`, 414) });
  const installed = () => {
    fakes = h.createFakes({ journal: { limit: 100 } }).install();
  };
  const uninstall = () => fakes.uninstall();
  const long = `${GITHUB}/repos/o/r/issues?q=${'y'.repeat(20_000)}`;
  h.add({
    group,
    name: 'fetch, direct transport: 20 KB URL (414)',
    setup: installed,
    teardown: uninstall,
    fn: async () => {
      const res = await fetch(long, { headers: AUTH });
      await res.arrayBuffer();
      if (res.status !== 414) throw new Error(`${group}: fetch answered ${res.status}`);
    },
  });
  h.add({
    group,
    name: 'node:https, direct transport: 20 KB URL (414)',
    setup: installed,
    teardown: uninstall,
    fn: async () => {
      const status = await httpsStatus(long);
      if (status !== 414) throw new Error(`${group}: https answered ${status}`);
    },
  });
}
