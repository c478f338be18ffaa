// fetch's abort rules, for the fetch functions the fakes answer themselves (fakes.fetch, and the global
// fetch the direct transport wraps when no fetch interceptor runs): an aborted request rejects with the
// signal's reason (an `AbortError` DOMException unless `abort(reason)` gave another), and a body not yet
// read when the signal aborts errors with that reason too, as undici's fetch does. A body read to its end
// before the abort stays read.

/** Rejects with the signal's reason when it has aborted (what `fetch` rejects with), else rethrows `err`. */
export function abortReason(signal: AbortSignal, err: unknown): unknown {
  return signal.aborted ? signal.reason : err;
}

/** The same answer, its body erroring with the signal's reason if the signal aborts before the body is read to its end. */
export function abortableResponse(response: Response, signal: AbortSignal): Response {
  const source = response.body;
  if (!source || signal.aborted) {
    if (source && signal.aborted) void source.cancel(signal.reason).catch(() => undefined);
    return response;
  }
  const reader = source.getReader();
  let onAbort: (() => void) | undefined;
  const stop = () => {
    if (onAbort) signal.removeEventListener('abort', onAbort);
    onAbort = undefined;
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      onAbort = () => {
        stop();
        controller.error(signal.reason);
        reader.cancel(signal.reason).catch(() => undefined);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        stop();
        controller.close();
      } else controller.enqueue(value);
    },
    cancel(reason) {
      stop();
      return reader.cancel(reason);
    },
  });
  const out = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  for (const key of ['url', 'redirected'] as const) {
    const own = Object.getOwnPropertyDescriptor(response, key);
    if (own) Object.defineProperty(out, key, own);
  }
  return out;
}
