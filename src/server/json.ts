import type { ServerResponse } from 'node:http';

/** JSON for the admin API: bytes become `{ bytes: n }`, bigints strings, functions are left out. */
export function toJson(value: unknown, space?: number): string {
  return JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (typeof v === 'bigint') return v.toString();
      if (v instanceof Uint8Array) return { bytes: v.byteLength };
      if (v instanceof ArrayBuffer) return { bytes: v.byteLength };
      if (v instanceof Map) return Object.fromEntries(v);
      if (v instanceof Set) return [...v];
      if (v instanceof Error) return { name: v.name, message: v.message };
      return v;
    },
    space,
  );
}

/** Writes a JSON answer (never throws: a value that cannot be serialized answers 500 in the same envelope). */
export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  let text: string;
  try {
    text = toJson(value) ?? 'null';
  } catch (err) {
    status = 500;
    text = JSON.stringify({ error: { status: 500, message: `stuntdouble: could not serialize the answer: ${(err as Error).message}` } });
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** An admin API error: answered as `{ error: { status, message } }` with a 4xx status. */
export class AdminError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AdminError';
  }
}
