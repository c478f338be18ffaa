/**
 * Setup file of the shared vitest projects (files that share a worker, `isolate: false`): fails a test
 * file that leaves the process different from how it found it, so that the next file in the worker
 * runs as it would in a fresh process. Before and after each file it compares what a file could change
 * for the files after it: timers and the clock (fake timers replace them), process.env, the working
 * directory, listeners on the process.
 *
 * The HTTP layer is not compared: stuntdouble's own guard (on under a test runner) keeps its hooks on
 * node:http, fetch, undici and sockets for the life of the process once any instance exists, by design,
 * so they differ after the first file that creates fakes. What else patches that layer (nock, msw,
 * undici's setGlobalDispatcher) is found in the source and isolated (test/support/isolation.ts), and an
 * instance left installed makes the next file's install() throw ("already faked by another installed
 * createFakes() instance") rather than pass silently.
 * A file this guard fails belongs in the isolated project: see test/support/isolation.ts.
 */
import { afterAll } from 'vitest';

type Print = Record<string, unknown>;

const EVENTS = ['unhandledRejection', 'uncaughtException', 'warning', 'exit', 'beforeExit', 'SIGINT', 'SIGTERM'] as const;

function fingerprint(): Print {
  const g = globalThis as unknown as Record<string, unknown>;
  const print: Print = {
    'globalThis.Date': g.Date,
    'Date.now': Date.now,
    setTimeout: g.setTimeout,
    setInterval: g.setInterval,
    setImmediate: g.setImmediate,
    clearTimeout: g.clearTimeout,
    clearInterval: g.clearInterval,
    queueMicrotask: g.queueMicrotask,
    'performance.now': performance.now,
    'process.nextTick': process.nextTick,
    'process.hrtime': process.hrtime,
    'process.env': JSON.stringify(Object.entries(process.env).sort(([a], [b]) => (a < b ? -1 : 1))),
    'process.cwd()': process.cwd(),
    'process.exitCode': process.exitCode,
  };
  for (const e of EVENTS) print[`process listeners: ${e}`] = process.listenerCount(e);
  return print;
}

// Taken when vitest runs this setup file, before it imports the test file (whose top level may act).
const before = fingerprint();

afterAll(() => {
  const after = fingerprint();
  const changed = Object.keys({ ...before, ...after }).filter((k) => !Object.is(before[k], after[k]));
  if (changed.length > 0)
    throw new Error(
      `this file left the process changed for the files after it in its worker: ${changed.join('; ')}. ` +
        'Restore it in an afterAll/afterEach (vi.useRealTimers(), the old env, ...), or isolate the file (test/support/isolation.ts).',
    );
});
