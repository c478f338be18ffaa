/**
 * Failing the running test once, under vitest. A request sent while no fakes are installed (the guard)
 * fails at the client, and the test usually fails with that error; an uncaught copy thrown as well
 * (for code that swallows the request's error) made vitest report it a second time, as an "Unhandled
 * Error". Under vitest the copy is not thrown: a check at the end of the running test fails it with
 * the error only when the test did not already fail with it.
 */

interface VitestTask {
  type?: string;
  onFinished?: Array<() => unknown>;
  result?: { state?: string; errors?: unknown[] };
}

const deferred = new WeakSet<Error>();

/** The test vitest is running now (its worker state's `current` task), or undefined outside vitest or between tests. */
function currentVitestTest(): VitestTask | undefined {
  const worker = (globalThis as { __vitest_worker__?: { current?: VitestTask } }).__vitest_worker__;
  const task = worker?.current;
  if (!task || typeof task !== 'object' || task.type !== 'test') return undefined;
  if (task.onFinished !== undefined && !Array.isArray(task.onFinished)) return undefined;
  return task;
}

/** Whether `value` (errors as the runner keeps them: Error objects or their serialized copies, with causes) mentions `text`. */
export function mentions(value: unknown, text: string, depth = 0, seen = new Set<unknown>()): boolean {
  if (typeof value === 'string') return value.includes(text);
  if (!value || typeof value !== 'object' || depth > 8 || seen.has(value)) return false;
  seen.add(value);
  const keys = new Set<string>([...Object.keys(value), 'message', 'cause', 'errors']);
  for (const k of keys) {
    let v: unknown;
    try {
      v = (value as Record<string, unknown>)[k];
    } catch {
      continue;
    }
    if (mentions(v, text, depth + 1, seen)) return true;
  }
  return false;
}

/**
 * Under vitest, inside a test: arranges for `error` to fail that test at its end unless the test
 * already failed with it, and answers true (the caller then throws nothing more). Elsewhere answers
 * false, and the caller reports the error its own way.
 */
export function failCurrentTestOnce(error: Error): boolean {
  const task = currentVitestTest();
  if (!task) return false;
  if (deferred.has(error)) return true;
  deferred.add(error);
  task.onFinished ??= [];
  task.onFinished.push(() => {
    if (task.result?.state === 'fail' && mentions(task.result.errors, error.message)) return;
    throw error;
  });
  return true;
}
