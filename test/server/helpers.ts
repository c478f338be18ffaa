/**
 * Starts `node dist/cli.js serve` as a child process (as CI scripts and other languages would) and
 * reads the chosen port from its first stdout line. Also: which non-Node clients this machine has.
 */
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built CLI. */
export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** Parsed JSON of an admin answer (tests read into it freely). */
// biome-ignore lint/suspicious/noExplicitAny: admin answers are JSON documents the tests index into.
export type Json = any;

/** A server child process. */
export interface ServerProcess {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  port: number;
  proc: ChildProcess;
  /** Everything the process wrote so far. */
  stdout: () => string;
  stderr: () => string;
  /** SIGTERM, then resolves with the exit code. */
  stop(): Promise<number | null>;
  /** GET/POST an admin route, answering parsed JSON. */
  admin(method: string, route: string, body?: unknown): Promise<{ status: number; body: Json }>;
}

/** The process's exit code (or null when killed), once it has exited. */
export function exited(proc: ChildProcess): Promise<number | null> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(proc.exitCode);
  return new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
}

/** Starts `stuntdouble serve` with extra arguments; resolves once the first stdout line names the URL. */
export async function startServer(args: string[] = []): Promise<ServerProcess> {
  const proc = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout?.setEncoding('utf8');
  proc.stderr?.setEncoding('utf8');
  proc.stderr?.on('data', (d: string) => {
    err += d;
  });
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout?.on('data', (d: string) => {
      out += d;
      const first = out.split('\n')[0] ?? '';
      if (out.includes('\n')) {
        const m = /^stuntdouble listening on (http:\/\/\S+)$/.exec(first);
        if (m) resolve(m[1] as string);
        else reject(new Error(`unexpected first line: ${first}`));
      }
    });
    proc.once('exit', (code) => reject(new Error(`server exited with ${code} before listening: ${err}`)));
    proc.once('error', reject);
  });
  const port = Number(new URL(url).port);
  return {
    url,
    port,
    proc,
    stdout: () => out,
    stderr: () => err,
    async stop() {
      if (proc.exitCode !== null) return proc.exitCode;
      proc.kill('SIGTERM');
      return exited(proc);
    },
    async admin(method, route, body) {
      // Admin writes carry the JSON content type even without a body (no web page can send that cross-site).
      const write = method !== 'GET' && method !== 'HEAD';
      const res = await fetch(`${url}/__stuntdouble/${route}`, {
        method,
        ...(write ? { headers: { 'content-type': 'application/json' } } : {}),
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
  };
}

/** Runs a command, resolving with its exit code and output (never rejects). */
export function run(
  cmd: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      cmd,
      args,
      { env: opts.env ?? process.env, timeout: opts.timeoutMs ?? 30_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout: String(stdout), stderr: String(stderr) });
      },
    );
    if (opts.input !== undefined) child.stdin?.end(opts.input);
  });
}

/** Whether a command exists on PATH (or at an absolute path). */
export function has(cmd: string): boolean {
  if (cmd.startsWith('/')) return existsSync(cmd);
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/**
 * A Python 3 with the given modules importable: Debian's /usr/bin/python3 (where python3-github and
 * python3-requests install) first, then whatever `python3` is on PATH. Undefined when none has them.
 */
export function pythonWith(...modules: string[]): string | undefined {
  for (const py of ['/usr/bin/python3', 'python3']) {
    if (!has(py)) continue;
    const r = spawnSync(py, ['-c', modules.map((m) => `import ${m}`).join('; ')], { stdio: 'ignore' });
    if (r.status === 0) return py;
  }
  return undefined;
}

/** A message for a test that skips because a client is missing (printed once per file). */
export function missing(what: string, install: string): string {
  const msg = `skipped: ${what} is not installed on this machine (CI installs it: ${install})`;
  console.warn(`[stuntdouble server tests] ${msg}`);
  return msg;
}

/**
 * The environment that points the gh CLI at a running server: gh talks plain HTTP only to its
 * development host `github.localhost` (REST at http://api.github.localhost/), so GH_HOST is that host
 * and HTTP_PROXY the server, which answers `Host: api.github.localhost` as GitHub REST. A fresh home
 * (config, and TMPDIR, where gh caches some GraphQL answers) per call keeps tests apart.
 */
export async function ghEnv(server: ServerProcess, prefix = 'sd-gh-'): Promise<NodeJS.ProcessEnv> {
  const home = await mkdtemp(path.join(tmpdir(), prefix));
  return {
    PATH: process.env.PATH,
    HOME: home,
    GH_CONFIG_DIR: home,
    TMPDIR: home,
    GH_HOST: 'github.localhost',
    GH_TOKEN: 'ghp_from_gh_cli',
    HTTP_PROXY: server.url,
    http_proxy: server.url,
    GH_NO_UPDATE_NOTIFIER: '1',
    GH_PROMPT_DISABLED: '1',
    NO_COLOR: '1',
  };
}
