import nock from 'nock';
import { createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpGet, localServer, messages, watchSockets } from './helpers.js';

// Each test sets up nock as a user's suite would, and checks install()/uninstall() leave it so.
let server: Awaited<ReturnType<typeof localServer>>;
beforeEach(async () => {
  server = await localServer();
});
afterEach(async () => {
  nock.cleanAll();
  nock.enableNetConnect();
  if (!nock.isActive()) nock.activate();
  vi.restoreAllMocks();
  await server.close();
});

describe('install() and uninstall() leave the process as they found it', () => {
  it('a suite-level nock.disableNetConnect() survives uninstall(): the real network stays off', async () => {
    nock.disableNetConnect();
    const fakes = createFakes().install();
    expect((await fetch('https://api.github.com/rate_limit')).status).toBe(200);
    fakes.uninstall();
    const err = await httpGet(`${server.url}/after`).catch((e: Error) => e);
    expect(messages(err)).toMatch(/Disallowed net connect/);
    expect(server.connections()).toBe(0);
  });

  it("the user's allow-list (enableNetConnect('127.0.0.1')) keeps working while installed and after", async () => {
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
    const fakes = createFakes().install();
    expect(await httpGet(`${server.url}/during`)).toEqual({ status: 200, text: 'ok' });
    fakes.uninstall();
    expect(await httpGet(`${server.url}/after`)).toEqual({ status: 200, text: 'ok' });
    expect(server.connections()).toBeGreaterThan(0); // one or two: Node 24 keeps the connection alive
  });

  it('loopback passes by default while installed (an app talking to its own test server works)', async () => {
    const fakes = createFakes().install();
    try {
      expect(await httpGet(`${server.url}/x`)).toEqual({ status: 200, text: 'ok' });
      expect(await (await fetch(`${server.url}/y`)).text()).toBe('ok');
    } finally {
      fakes.uninstall();
    }
  });

  it("other hosts' nock scopes, defined before or after install(), keep working and survive uninstall()", async () => {
    const before = nock('https://before.example').persist().get('/a').reply(200, { before: true });
    const fakes = createFakes().install();
    const after = nock('https://after.example').persist().get('/b').reply(200, { after: true });
    expect(await (await fetch('https://before.example/a')).json()).toEqual({ before: true });
    expect(await (await fetch('https://after.example/b')).json()).toEqual({ after: true });
    fakes.uninstall();
    expect(await (await fetch('https://before.example/a')).json()).toEqual({ before: true });
    expect(await (await fetch('https://after.example/b')).json()).toEqual({ after: true });
    before.persist(false);
    after.persist(false);
  });

  it("nock's active state and global fetch are put back: inactive before install() means inactive after", async () => {
    nock.restore();
    const original = globalThis.fetch;
    expect(nock.isActive()).toBe(false);
    const fakes = createFakes().install();
    // The nock transport needs nock active while installed; the direct one does not touch it.
    expect(nock.isActive()).toBe(fakes.options.transport === 'nock');
    expect((await fetch('https://api.github.com/rate_limit')).status).toBe(200);
    expect(fakes.calls.count()).toBe(1);
    fakes.uninstall();
    expect(nock.isActive()).toBe(false);
    expect(globalThis.fetch).toBe(original);
  });
});

describe('onUnhandledRequest governs requests to hosts no fake serves', () => {
  it("'error' (the default) refuses them with a named error and opens no socket", async () => {
    const sockets = watchSockets();
    const fakes = createFakes().install();
    try {
      const err = await fetch('https://unfaked.example.org/x?token=secret').catch((e: unknown) => e);
      expect(messages(err)).toMatch(/GET https:\/\/unfaked\.example\.org\/x matched no fake and was refused \(onUnhandledRequest: 'error'\)/);
      expect(messages(err)).not.toContain('secret');
      const viaHttp = await httpGet('http://unfaked.example.org/y').catch((e: Error) => e);
      expect(viaHttp).toMatchObject({ name: 'UnhandledRequestError' });
      expect(sockets.count()).toBe(0);
    } finally {
      fakes.uninstall();
      sockets.stop();
    }
  });

  it("'warn' warns once and leaves the decision to nock's own settings", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    nock.disableNetConnect();
    const fakes = createFakes({ onUnhandledRequest: 'warn' }).install();
    try {
      const err = await httpGet('http://unfaked.example.org/y').catch((e: Error) => e);
      expect(messages(err)).toMatch(/Disallowed net connect/);
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining("GET http://unfaked.example.org/y matched no fake and was let through (onUnhandledRequest: 'warn')"),
      );
    } finally {
      fakes.uninstall();
    }
  });

  it("'bypass' and a function: the function sees method and URL and picks a strategy", async () => {
    const seen: string[] = [];
    const fakes = createFakes({
      onUnhandledRequest: (req, print) => {
        seen.push(`${req.method} ${req.url}`);
        if (req.url.includes('blocked')) print.error();
      },
    }).install();
    try {
      const err = await fetch('https://blocked.example/no').catch((e: unknown) => e);
      expect(messages(err)).toMatch(/refused/);
      expect(seen).toEqual(['GET https://blocked.example/no']);
      expect(await httpGet(`${server.url}/fn`)).toEqual({ status: 200, text: 'ok' });
    } finally {
      fakes.uninstall();
    }
    const bypass = createFakes({ onUnhandledRequest: 'bypass', guard: false }).install();
    try {
      nock.disableNetConnect();
      nock.enableNetConnect('127.0.0.1');
      expect(await httpGet(`${server.url}/bypass`)).toEqual({ status: 200, text: 'ok' });
    } finally {
      bypass.uninstall();
    }
  });

  it('the legacy allowNetConnect option still works: true lets everything through, a host pattern lets it through', async () => {
    const fakes = createFakes({ allowNetConnect: /allowed\.example/ }).install();
    try {
      nock.disableNetConnect(); // what happens to a request let through is then nock's call
      expect(messages(await fetch('https://allowed.example/x').catch((e: unknown) => e))).toMatch(/Disallowed net connect/);
      expect(messages(await fetch('https://denied.example/x').catch((e: unknown) => e))).toMatch(/refused \(onUnhandledRequest: 'error'\)/);
    } finally {
      fakes.uninstall();
    }
    expect(createFakes({ allowNetConnect: true }).options.allowNetConnect).toBe(true);
  });
});
