/**
 * The admin API's event stream (`GET /__stuntdouble/events`, server-sent events): each call the
 * journal records (as a one-line summary), a `reset` when the journal is cleared, a `change` when an
 * admin call changed the fakes, and the clock now and then. The live page listens to it instead of
 * polling; any other client can too (`curl -N`).
 */
import type { ServerResponse } from 'node:http';
import type { Journal, RecordedCall } from '../../store/journal.js';
import { toJson } from '../json.js';
import { type CallSummary, summarize } from './summary.js';

/** What a client missed while it was away is sent again, up to this many calls. */
export const MAX_REPLAY = 1000;
// A client whose socket has this much unsent is too slow: it is dropped (EventSource reconnects and catches up).
const MAX_BACKLOG = 4 * 1024 * 1024;
const HEARTBEAT_MS = 15_000;

/**
 * Event ids are `epoch.seq`: the epoch counts journal resets, so a client that reconnects after a reset
 * (its seq may still be below the journal's) is told to start over.
 */
export class EventHub {
  readonly #clients = new Set<ServerResponse>();
  #epoch = 1;
  #pending = '';
  #scheduled = false;
  #heartbeat: NodeJS.Timeout | undefined;
  readonly #unsubscribe: () => void;

  constructor(
    private readonly journal: Journal,
    private readonly clock: () => unknown,
  ) {
    this.#unsubscribe = journal.subscribe((call) => this.#onJournal(call));
  }

  /** Journal resets since the server started (part of each event id). */
  get epoch(): number {
    return this.#epoch;
  }

  /**
   * Starts a stream: `from` is where the client is (`Last-Event-ID`, or `?after=` with `?epoch=`);
   * calls after it are sent first.
   */
  open(res: ServerResponse, from: { epoch?: number; after?: number }): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    let out = `retry: 1000\nevent: hello\ndata: ${toJson({ epoch: this.#epoch, lastSeq: this.journal.calls.last()?.seq ?? 0, clock: this.clock() })}\n\n`;
    const calls = this.journal.calls;
    let after = from.after;
    const stale = from.epoch !== undefined ? from.epoch !== this.#epoch : (after ?? 0) > (calls.last()?.seq ?? 0);
    if (after !== undefined && stale) {
      out += `event: reset\ndata: {}\n\n`;
      after = 0;
    }
    if (after !== undefined) {
      let i = calls.length;
      while (i > 0 && (calls[i - 1] as RecordedCall).seq > after && calls.length - i < MAX_REPLAY) i--;
      for (; i < calls.length; i++) out += this.#callEvent(summarize(calls[i] as RecordedCall));
    }
    res.write(out);
    this.#clients.add(res);
    res.on('close', () => {
      this.#clients.delete(res);
      if (!this.#clients.size) this.#stopHeartbeat();
    });
    this.#heartbeat ??= setInterval(() => this.#send(`event: clock\ndata: ${toJson(this.clock())}\n\n`), HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /** Tells every client that an admin call changed something (`clock`, `scenarios`, `faults`, `seed`, ...). */
  change(what: string): void {
    if (!this.#clients.size) return;
    this.#send(`event: change\ndata: ${toJson({ what, clock: this.clock() })}\n\n`);
  }

  /** Ends every stream and stops listening (the server is closing). */
  close(): void {
    this.#unsubscribe();
    this.#stopHeartbeat();
    for (const res of this.#clients) res.end();
    this.#clients.clear();
  }

  #onJournal(call: RecordedCall | null): void {
    if (call === null) {
      this.#epoch += 1;
      // Calls queued before the reset belong to the old journal.
      this.#pending = '';
      this.#send(`event: reset\ndata: {}\n\n`);
      return;
    }
    if (!this.#clients.size) return;
    this.#send(this.#callEvent(summarize(call)));
  }

  #callEvent(s: CallSummary): string {
    return `id: ${this.#epoch}.${s.seq}\nevent: call\ndata: ${toJson(s)}\n\n`;
  }

  /** Queues an event; the queue goes out once per turn of the event loop (a burst of calls is one write). */
  #send(text: string): void {
    if (!this.#clients.size) return;
    this.#pending += text;
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      const out = this.#pending;
      this.#pending = '';
      if (!out) return;
      for (const res of this.#clients) {
        if (res.writableLength > MAX_BACKLOG) res.destroy();
        else res.write(out);
      }
    });
  }

  #stopHeartbeat(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }
}

/** Reads where a client is from `Last-Event-ID` (`epoch.seq`) or `?after=` and `?epoch=`. */
export function streamPosition(lastEventId: string | undefined, q: URLSearchParams): { epoch?: number; after?: number } {
  const m = lastEventId ? /^(\d+)\.(\d+)$/.exec(lastEventId) : null;
  if (m) return { epoch: Number(m[1]), after: Number(m[2]) };
  const out: { epoch?: number; after?: number } = {};
  const after = q.get('after');
  const epoch = q.get('epoch');
  if (after !== null && /^\d+$/.test(after)) out.after = Number(after);
  if (epoch !== null && /^\d+$/.test(epoch)) out.epoch = Number(epoch);
  return out;
}
