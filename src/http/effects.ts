import type { Draft } from 'immer';
import type { ServiceName } from '../fakes/service-name.js';
import type { Clock } from '../store/clock.js';
import type { Store } from '../store/store.js';

// What a request leaves behind besides its answer: the one state change, the work queued after it
// (webhook deliveries), and the latency waits of faults, all ended together by reset() and uninstall().

// Captured at load so vi.useFakeTimers() cannot stall a latency fault on a real clock.
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/** A latency wait on the real clock, tracked so abort, reset() and uninstall() can end it. */
interface Wait {
  timer: ReturnType<typeof setTimeout>;
  finish(outcome: 'done' | 'aborted' | 'cancelled'): void;
}

/** How a latency wait ended. */
export type WaitOutcome = 'done' | 'aborted' | 'cancelled';

/** State changes, side effects and latency waits of one instance. */
export class Effects {
  readonly #pending = new Set<Promise<unknown>>();
  readonly #waits = new Set<Wait>();
  #afterQueue: Array<(signal: AbortSignal) => void | Promise<void>> | undefined;
  /** Aborted (and replaced) by {@link cancel}: side effects still in flight at reset()/uninstall() end with it. */
  #sideEffects = new AbortController();

  constructor(
    private readonly store: Store<Record<ServiceName, unknown>>,
    private readonly clock: Clock,
  ) {}

  /** One atomic state change; work queued with `after()` inside it runs only if it lands. */
  update<R>(recipe: (draft: Draft<Record<ServiceName, unknown>>) => R): R {
    const outer = this.#afterQueue;
    const queue: Array<(signal: AbortSignal) => void | Promise<void>> = [];
    this.#afterQueue = queue;
    let result: R;
    try {
      result = this.store.update(recipe);
    } finally {
      this.#afterQueue = outer;
    }
    for (const fn of queue) this.after(fn);
    return result;
  }

  /**
   * Runs work after the current change lands; `flush()` awaits it. The work gets a signal that aborts
   * on reset() and uninstall(), so a delivery still in flight when a test ends cannot reach the next
   * test's receiver (or the network after the interceptors are gone).
   */
  after(fn: (signal: AbortSignal) => void | Promise<void>): void {
    if (this.#afterQueue) {
      this.#afterQueue.push(fn);
      return;
    }
    const { signal } = this.#sideEffects;
    const p = Promise.resolve()
      .then(() => (signal.aborted ? undefined : fn(signal)))
      .catch(() => undefined)
      .finally(() => this.#pending.delete(p));
    this.#pending.add(p);
  }

  /**
   * Ends every latency wait in progress: its timer is cleared and its request fails at the connection
   * level, so no timer of the fakes outlives them. Side effects still in flight are aborted the same way.
   */
  cancel(): void {
    this.#sideEffects.abort(new Error('stuntdouble: the fakes were reset or uninstalled'));
    this.#sideEffects = new AbortController();
    for (const w of [...this.#waits]) w.finish('cancelled');
  }

  /** How many latency waits are in progress. */
  get waiting(): number {
    return this.#waits.size;
  }

  /** Resolves when every queued side effect has finished. */
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  /**
   * Waits `ms` on a real clock (on a frozen one the fake clock advances instead). The timer is tracked,
   * unref'd (a pending wait never keeps the process alive) and ends early on the client's abort or on
   * {@link cancel}.
   */
  delay(ms: number, signal?: AbortSignal): Promise<WaitOutcome> {
    if (this.clock.mode === 'frozen') {
      this.clock.advance(ms);
      return Promise.resolve('done');
    }
    if (signal?.aborted) return Promise.resolve('aborted');
    return new Promise((resolve) => {
      const onAbort = () => wait.finish('aborted');
      const wait: Wait = {
        timer: realSetTimeout(() => wait.finish('done'), ms),
        finish: (outcome) => {
          if (!this.#waits.delete(wait)) return;
          realClearTimeout(wait.timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(outcome);
        },
      };
      (wait.timer as { unref?: () => void }).unref?.();
      this.#waits.add(wait);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
