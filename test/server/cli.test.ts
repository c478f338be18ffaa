import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, exited, run, startServer } from './helpers.js';

describe('stuntdouble serve (command line)', () => {
  it('--help prints the usage and exits 0', async () => {
    const r = await run(process.execPath, [CLI, 'serve', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: stuntdouble serve');
    expect(r.stdout).toContain('--port');
    expect(r.stdout).toContain('/__stuntdouble/');
  });

  it('a mistyped flag or command exits 2 naming the nearest spelling', async () => {
    const flag = await run(process.execPath, [CLI, 'serve', '--prot', '0']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("Did you mean '--port'?");
    const cmd = await run(process.execPath, [CLI, 'serv']);
    expect(cmd.code).toBe(2);
    expect(cmd.stderr).toContain("Did you mean 'serve'?");
    const service = await run(process.execPath, [CLI, 'serve', '--service', 'code-hostin']);
    expect(service.code).toBe(2);
    expect(service.stderr).toContain("Did you mean 'code-hosting'?");
    const auth = await run(process.execPath, [CLI, 'serve', '--auth', 'strcit']);
    expect(auth.code).toBe(2);
    expect(auth.stderr).toContain("Did you mean 'strict'?");
    const port = await run(process.execPath, [CLI, 'serve', '--port', 'abc']);
    expect(port.code).toBe(2);
  });

  it('a taken port exits 1 with a clear message', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const r = await run(process.execPath, [CLI, 'serve', '--port', String(port)]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(r.stdout).toBe('');
    } finally {
      blocker.close();
    }
  });

  it('announces its URL on the first stdout line, answers, and stops with exit 0 on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const s = await startServer();
      expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(s.port).toBeGreaterThan(0);
      const health = await s.admin('GET', 'health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ ok: true, url: s.url, services: ['codeHosting', 'socialGraph', 'modelCache'] });
      s.proc.kill(signal);
      expect(await exited(s.proc)).toBe(0);
      await expect(fetch(`${s.url}/__stuntdouble/health`)).rejects.toThrow();
    }
  });

  it('--service serves only the named fakes; --clock freezes the clock; --auth strict refuses unseeded tokens', async () => {
    const s = await startServer(['--service', 'code-hosting', '--clock', '2024-01-01T00:00:00Z', '--auth', 'strict']);
    try {
      const graph = await fetch(`${s.url}/graph/v24.0/me?access_token=x`);
      expect(graph.status).toBe(404);
      expect(((await graph.json()) as { error: { message: string } }).error.message).toContain('/github (codeHosting)');
      const clock = await s.admin('GET', 'clock');
      expect(clock.body).toEqual({ now: '2024-01-01T00:00:00.000Z', mode: 'frozen' });
      const gh = await fetch(`${s.url}/github/user`, { headers: { authorization: 'token ghp_unseeded' } });
      expect(gh.status).toBe(401);
      expect(((await gh.json()) as { message: string }).message).toBe('Bad credentials');
    } finally {
      await s.stop();
    }
  });

  it('--seed applies a JSON seed document at start and again after a reset', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sd-seed-'));
    const file = path.join(dir, 'seed.json');
    await writeFile(
      file,
      JSON.stringify({
        seed: {
          codeHosting: {
            repo: [
              { owner: 'octo', repo: 'hello' },
              { owner: 'octo', repo: 'world', private: true },
            ],
          },
        },
        scenarios: [{ name: 'importNeedsAuth', options: { owner: 'octo', repo: 'legacy' } }],
      }),
    );
    const s = await startServer(['--seed', file]);
    try {
      const get = async (p: string) =>
        (await fetch(`${s.url}/github${p}`, { headers: { authorization: 'token t' } })).json() as Promise<Record<string, unknown>>;
      expect((await get('/repos/octo/world')).private).toBe(true);
      expect((await get('/repos/octo/legacy/import')).status).toBe('detection_needs_auth');
      await fetch(`${s.url}/github/repos/octo/hello`, { method: 'DELETE', headers: { authorization: 'token t' } });
      expect((await s.admin('POST', 'reset')).status).toBe(200);
      expect((await get('/repos/octo/hello')).full_name).toBe('octo/hello');
      expect((await s.admin('GET', 'applied')).body.map((a: { name: string }) => a.name)).toEqual(['importNeedsAuth']);
    } finally {
      await s.stop();
    }
  });

  it('--seed loads a JavaScript module whose default export seeds the fakes', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sd-seed-'));
    const file = path.join(dir, 'seed.mjs');
    await writeFile(file, `export default (fakes) => { fakes.socialGraph.seed.page({ id: '1234', name: 'Cafe' }); };\n`);
    const s = await startServer(['--seed', file]);
    try {
      const res = await fetch(`${s.url}/graph/v24.0/1234?fields=name&access_token=t`);
      expect(await res.json()).toEqual({ name: 'Cafe', id: '1234' });
    } finally {
      await s.stop();
    }
  });

  it('a bad seed file exits 1 naming the mistake', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sd-seed-'));
    const file = path.join(dir, 'seed.json');
    await writeFile(file, JSON.stringify({ scenarios: ['importNeedAuth'] }));
    const r = await run(process.execPath, [CLI, 'serve', '--port', '0', '--seed', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("unknown scenario 'importNeedAuth'. Did you mean 'importNeedsAuth'?");
    const missingFile = await run(process.execPath, [CLI, 'serve', '--port', '0', '--seed', path.join(dir, 'nope.json')]);
    expect(missingFile.code).toBe(1);
    expect(missingFile.stderr).toContain('cannot read seed file');
  });
});
