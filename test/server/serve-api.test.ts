import { request } from 'node:http';
import { Octokit } from '@octokit/rest';
import { createFakes } from 'stuntdouble';
import { serve } from 'stuntdouble/server';
import { describe, expect, it } from 'vitest';

/** A raw GET with a chosen Host header (fetch does not let a test set Host). */
function getWithHost(url: string, host: string, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, headers: { host, authorization: 'token t' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serve(fakes) in-process', () => {
  it('serves the same instance: calls through the port land in fakes.calls, state set in-process is seen over HTTP', async () => {
    const fakes = createFakes();
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const server = await serve(fakes, { port: 0 });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.baseUrls).toEqual({
        github: `${server.url}/github`,
        githubEnterprise: `${server.url}/github/api/v3`,
        graph: `${server.url}/graph`,
        vertex: `${server.url}/vertex`,
        gemini: `${server.url}/gemini`,
      });
      const octokit = new Octokit({ auth: 't', baseUrl: server.baseUrls.github });
      const { data } = await octokit.rest.repos.get({ owner: 'octo', repo: 'hello' });
      expect(data.url).toBe(`${server.baseUrls.github}/repos/octo/hello`);
      expect(fakes.calls.where({ operation: 'repos/get' }).count()).toBe(1);
      expect(fakes.calls.last()?.url).toBe(`${server.baseUrls.github}/repos/octo/hello`);
      // The server's base URLs are not the fakes' own: nock installs on the real hosts only.
      expect(fakes.codeHosting.baseUrls).toEqual(['https://api.github.com', 'https://codeload.github.com']);
    } finally {
      await server.close();
    }
    await expect(fetch(`${server.url}/__stuntdouble/health`)).rejects.toThrow();
  });

  it('nock interception and the server work side by side on one instance', async () => {
    // nock refuses connections it does not fake: let the loopback port through.
    const fakes = createFakes({ allowNetConnect: /^127\.0\.0\.1:/ }).install();
    const server = await serve(fakes, { port: 0 });
    try {
      fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
      const viaNock = await new Octokit({ auth: 't' }).rest.repos.get({ owner: 'octo', repo: 'hello' });
      const viaServer = await new Octokit({ auth: 't', baseUrl: server.baseUrls.github }).rest.repos.get({ owner: 'octo', repo: 'hello' });
      expect(viaNock.data.url).toBe('https://api.github.com/repos/octo/hello');
      expect(viaServer.data.url).toBe(`${server.baseUrls.github}/repos/octo/hello`);
      expect(fakes.calls.map((c) => c.url)).toEqual([viaNock.data.url, viaServer.data.url]);
    } finally {
      await server.close();
      fakes.uninstall();
    }
  });

  it('answers by Host header: a faked host at the root path, another name for the server at the prefixes', async () => {
    const fakes = createFakes();
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const server = await serve(fakes, { port: 0, hostNames: ['stuntdouble'] });
    try {
      const real = await getWithHost(server.url, 'api.github.com', '/repos/octo/hello');
      expect(real.status).toBe(200);
      expect(real.body.url).toBe('https://api.github.com/repos/octo/hello');
      // A name given with hostNames (a container name) is served at the prefixes, and named in bodies.
      const named = await getWithHost(server.url, `stuntdouble:${server.port}`, '/github/repos/octo/hello');
      expect(named.status).toBe(200);
      expect(named.body.url).toBe(`http://stuntdouble:${server.port}/github/repos/octo/hello`);
      // A name nobody gave is refused: a web page reaching the server under its own name (DNS rebinding).
      expect((await getWithHost(server.url, `other:${server.port}`, '/github/repos/octo/hello')).status).toBe(421);
    } finally {
      await server.close();
    }
  });

  it('services limits what the server answers; a mistyped option names the nearest one', async () => {
    const fakes = createFakes();
    await expect(serve(fakes, { prot: 0 } as never)).rejects.toThrow("unknown option 'prot'. Did you mean 'port'?");
    await expect(serve(fakes, { services: ['social-grahp'] })).rejects.toThrow("Did you mean 'social-graph'?");
    await expect(serve({} as never)).rejects.toThrow('needs a fakes instance made by createFakes()');
    const page = fakes.socialGraph.seed.page({ name: 'Cafe' });
    const server = await serve(fakes, { port: 0, services: ['graph'] });
    try {
      expect((await fetch(`${server.baseUrls.github}/repos/octo/hello`)).status).toBe(404);
      expect((await fetch(`${server.baseUrls.graph}/v24.0/${page.id}?access_token=EAAtoken`)).status).toBe(200);
      expect(fakes.calls.map((c) => c.service)).toEqual(['socialGraph']);
    } finally {
      await server.close();
    }
  });

  it('close() waits for a request in flight, then frees the port', async () => {
    const fakes = createFakes({ clock: 'real' });
    const page = fakes.socialGraph.seed.page({ name: 'Cafe' });
    const server = await serve(fakes, { port: 0 });
    // A fault hook that says when the request has arrived, and holds it 200 ms.
    let arrived: () => void = () => undefined;
    const inside = new Promise<void>((r) => {
      arrived = r;
    });
    fakes.faults.push(() => {
      arrived();
      return { tag: 'slow', delayMs: 200 };
    });
    const slow = fetch(`${server.baseUrls.graph}/v24.0/${page.id}?access_token=EAAtoken`);
    await inside;
    const closed = server.close();
    expect((await slow).status).toBe(200);
    await closed;
    const again = await serve(createFakes(), { port: server.port });
    expect(again.port).toBe(server.port);
    await again.close();
  });
});
