// Server mode: GitHub REST `GET /repos/{owner}/{repo}` answered by `serve(fakes)` over loopback.
// Throughput: requests per second with 50 concurrent clients on keep-alive connections, next to the
// same requests through `fakes.handle()` in-process (the baseline; ratio = server / in-process
// throughput) and to a plain node:http JSON server (the cost of loopback HTTP itself).
// Per request: one request at a time over a keep-alive connection vs `fakes.handle()` (ratio =
// server / in-process time per request).
import http from 'node:http';
import { serve } from 'stuntdouble/server';

const CONCURRENCY = 50;
const PER_RUN = 2000;

/** Runs `total` calls of `one()` with `CONCURRENCY` workers; answers requests per second. */
async function throughput(one, total = PER_RUN) {
  let left = total;
  const worker = async () => {
    while (left > 0) {
      left -= 1;
      await one();
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return total / ((performance.now() - t0) / 1000);
}

/** A keep-alive GET that reads the whole body. */
function getter(agent, url) {
  const u = new URL(url);
  const options = { host: u.hostname, port: u.port, path: `${u.pathname}${u.search}`, agent, headers: { authorization: 'token t' } };
  return () =>
    new Promise((resolve, reject) => {
      const req = http.get(options, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
      });
      req.on('error', reject);
    });
}

export default async function register(h) {
  const rps = `server: GET /repos/{owner}/{repo}, ${CONCURRENCY} concurrent keep-alive clients (req/s; ratio to in-process)`;
  const perRequest = 'server: GET /repos/{owner}/{repo}, one request at a time (ratio server / in-process)';
  let fakes;
  let server;
  let agent;
  let plain;
  let get;
  const setup = async () => {
    fakes = h.createFakes({ clock: '2024-01-10T00:00:00Z' });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    server = await serve(fakes, { port: 0 });
    agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    get = getter(agent, `${server.baseUrls.github}/repos/octo/hello`);
  };
  const teardown = async () => {
    agent.destroy();
    await server.close();
  };
  const inProcess = () => fakes.handle({ method: 'GET', url: 'https://api.github.com/repos/octo/hello', headers: { authorization: 'token t' } });
  const overHttp = () => get();

  h.add({ group: rps, name: 'in-process fakes.handle()', baseline: true, unit: 'req/s', repeat: 5, setup, teardown, measure: () => throughput(inProcess) });
  h.add({ group: rps, name: 'serve(fakes) over loopback', unit: 'req/s', repeat: 5, setup, teardown, measure: () => throughput(overHttp) });
  h.add({
    group: rps,
    name: 'plain node:http JSON server (reference)',
    unit: 'req/s',
    repeat: 5,
    setup: async () => {
      const body = JSON.stringify({ full_name: 'octo/hello', url: 'http://127.0.0.1/repos/octo/hello' });
      plain = http.createServer({ keepAlive: true }, (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
      await new Promise((r) => plain.listen(0, '127.0.0.1', r));
      agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    },
    teardown: async () => {
      agent.destroy();
      await new Promise((r) => plain.close(r));
    },
    measure: () => throughput(getter(agent, `http://127.0.0.1:${plain.address().port}/repos/octo/hello`)),
  });

  h.add({ group: perRequest, name: 'in-process fakes.handle()', baseline: true, setup, teardown, fn: inProcess });
  h.add({ group: perRequest, name: 'serve(fakes) over a keep-alive connection', setup, teardown, fn: overHttp });
}
