import { parseArgs } from 'node:util';
import { didYouMean } from './nearest.js';
import type { StuntdoubleServer } from './serve.js';
import { parseServiceName } from './services.js';

const USAGE = `Usage: stuntdouble serve [options]

Serves the stuntdouble fakes over HTTP, for clients in any language and for end-to-end tests:
GitHub REST at /github (GHES style: /github/api/v3), Facebook Graph at /graph, Vertex AI
cachedContents at /vertex, the Gemini API at /gemini, and the admin API and live page at
/__stuntdouble/. The first line on stdout names the URL: "stuntdouble listening on http://HOST:PORT".

Options:
  --port <n>        port to listen on (default 4010; 0 picks a free one)
  --host <addr>     interface to listen on (default 127.0.0.1; 0.0.0.0 inside a container)
  --host-name <n>   another name clients reach the server under (a container name such as
                    stuntdouble; *.example.test; * for any), comma-separated or repeated. IP
                    addresses, localhost and the faked hosts always work; other names answer 421
  --service <list>  fakes to serve, comma-separated: code-hosting, social-graph, model-cache (default all)
  --auth <mode>     lenient (default: any non-empty token works) or strict (only seeded tokens)
  --clock <instant> start a frozen fake clock there, e.g. 2024-01-01T00:00:00Z (default: real time)
  --seed <file>     a .json seed document or a .js/.mjs/.ts module (default export (fakes) => ...),
                    applied at start and after every POST /__stuntdouble/reset
  -h, --help        this help

Admin POSTs need 'content-type: application/json', or the admin token printed at start in the
header x-stuntdouble-token.

Exit codes: 0 stopped by SIGINT/SIGTERM; 1 could not start (port taken, bad seed); 2 bad command line.
Docs: docs/server.md`;

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'host-name': { type: 'string', multiple: true },
  service: { type: 'string', multiple: true },
  auth: { type: 'string' },
  clock: { type: 'string' },
  seed: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** A command-line mistake: printed with the usage hint, exit code 2. */
class UsageError extends Error {}

interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Parses `serve` options into what {@link serve} and `createFakes` take. */
export function parseServeArgs(args: string[]) {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true; args: string[] }>>;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    const m = /option '([^']+)'/.exec((err as Error).message);
    const flag = m?.[1]?.replace(/^-+/, '').split('=')[0] ?? '';
    const hint = flag ? didYouMean(flag, Object.keys(OPTIONS)).replace(/'([^']+)'/, "'--$1'") : '';
    if ((err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`unknown option '${m?.[1] ?? ''}'.${hint}`);
    throw new UsageError(`${(err as Error).message.replace(/\.$/, '')}.${hint}`);
  }
  const v = parsed.values;
  if (parsed.positionals.length) throw new UsageError(`unexpected argument '${parsed.positionals[0]}'`);
  const port = v.port === undefined ? 4010 : Number(v.port);
  if (!/^\d+$/.test(v.port ?? '4010') || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, got '${v.port}'`);
  const auth = v.auth ?? 'lenient';
  if (auth !== 'lenient' && auth !== 'strict') throw new UsageError(`--auth is lenient or strict, got '${auth}'.${didYouMean(auth, ['lenient', 'strict'])}`);
  if (v.clock !== undefined && v.clock !== 'real' && !Number.isFinite(Date.parse(v.clock)))
    throw new UsageError(`--clock must be an instant such as 2024-01-01T00:00:00Z, got '${v.clock}'`);
  let services: string[] | undefined;
  try {
    services = v.service?.flatMap((s) => s.split(',')).filter(Boolean);
    for (const s of services ?? []) parseServiceName(s);
  } catch (err) {
    throw new UsageError((err as Error).message.replace(/^stuntdouble: /, '--service: '));
  }
  const hostNames = v['host-name']
    ?.flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of hostNames ?? [])
    if (!/^(\*|(\*\.)?[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])$/.test(name))
      throw new UsageError(`--host-name takes host names such as stuntdouble, *.example.test or *, got '${name}'`);
  return {
    port,
    host: v.host ?? '127.0.0.1',
    hostNames,
    services,
    auth: auth as 'lenient' | 'strict',
    clock: v.clock ?? 'real',
    seed: v.seed,
    help: v.help === true,
  };
}

/** Runs the command line; resolves with the exit code once the server has stopped (or failed to start). */
export async function main(
  argv: string[],
  io: CliIo = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) },
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    (command === undefined ? io.err : io.out)(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command !== 'serve') {
    io.err(`stuntdouble: unknown command '${command}'.${didYouMean(command, ['serve'])}\n\n${USAGE}`);
    return 2;
  }
  let opts: ReturnType<typeof parseServeArgs>;
  try {
    opts = parseServeArgs(rest);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`stuntdouble serve: ${err.message}\nRun 'stuntdouble serve --help' for the options.`);
    return 2;
  }
  if (opts.help) {
    io.out(USAGE);
    return 0;
  }
  let server: StuntdoubleServer;
  try {
    // Loaded only now: --help and usage errors answer without loading the fakes.
    const [{ createFakes }, { loadSeedFile }, { serve }] = await Promise.all([import('../create-fakes.js'), import('./seed-file.js'), import('./serve.js')]);
    const seed = opts.seed ? await loadSeedFile(opts.seed) : undefined;
    const fakes = createFakes({ auth: opts.auth, clock: opts.clock });
    server = await serve(fakes, {
      port: opts.port,
      host: opts.host,
      ...(opts.hostNames ? { hostNames: opts.hostNames } : {}),
      ...(opts.services ? { services: opts.services } : {}),
      ...(seed ? { seed } : {}),
    });
  } catch (err) {
    io.err((err as Error).message.startsWith('stuntdouble') ? (err as Error).message : `stuntdouble: could not start: ${(err as Error).stack ?? err}`);
    return 1;
  }
  io.out(`stuntdouble listening on ${server.url}`);
  const b = server.baseUrls;
  io.out(`  GitHub REST     ${b.github}  (GHES style: ${b.githubEnterprise})`);
  io.out(`  Facebook Graph  ${b.graph}`);
  io.out(`  Vertex AI       ${b.vertex}`);
  io.out(`  Gemini API      ${b.gemini}`);
  io.out(`  admin + live    ${server.adminUrl}`);
  io.out(`  admin token     ${server.adminToken}  (header x-stuntdouble-token: admin POSTs without a JSON content type)`);
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        // A second Ctrl-C: stop now, without waiting for requests in flight.
        process.exit(130);
      }
      stopping = true;
      io.err(`stuntdouble: ${signal}, shutting down`);
      server.close().then(() => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve(0);
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
