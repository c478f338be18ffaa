/** A request as the fakes see it, whatever transport brought it (nock, fakes.fetch, handle()). */
export interface FakeRequest {
  /** Upper-case HTTP method. */
  readonly method: string;
  /** The full URL as sent. */
  readonly url: URL;
  /** `protocol://host[:port]`. */
  readonly origin: string;
  /** The raw (still percent-encoded) path, without the query. */
  readonly rawPath: string;
  /** Query parameters; a key given several times becomes an array. */
  readonly query: Record<string, string | string[]>;
  /** Lower-case header names; repeated headers joined with `, `. */
  readonly headers: Record<string, string>;
  /** The body parsed by content type (JSON, form, multipart); `undefined` when there is none. */
  readonly body: unknown;
  /** The raw body bytes (empty when none). */
  readonly rawBody: Uint8Array;
  /** Set when the body could not be parsed for its declared content type (the service answers its own error). */
  readonly bodyError?: 'invalid-json' | 'invalid-multipart' | 'too-large';
  /** Size of the body as received, in bytes (kept when a too-large body is dropped). */
  readonly bodySize?: number;
  /** The media type of the body without parameters, e.g. `application/json`. */
  readonly contentType: string | undefined;
}

/** A multipart file part, as it appears in a parsed body. */
export interface UploadedFile {
  readonly kind: 'file';
  readonly filename: string;
  readonly type: string;
  readonly size: number;
  readonly data: Uint8Array;
}

/** What a transport hands to `parseRequest`. */
export interface RawRequest {
  method: string;
  url: string | URL;
  headers?: Record<string, string | string[] | undefined> | Headers | Array<[string, string]>;
  body?: string | Uint8Array | ArrayBuffer | null;
}

/** Whether a value is an uploaded file from a multipart body. */
export function isUploadedFile(v: unknown): v is UploadedFile {
  return typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'file' && 'data' in v;
}

/** Lower-cases header names and joins repeated values. */
export function normalizeHeaders(h: RawRequest['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!h) return out;
  const add = (k: string, v: string | string[] | undefined) => {
    if (v === undefined) return;
    const key = k.toLowerCase();
    const val = Array.isArray(v) ? v.join(', ') : String(v);
    out[key] = out[key] === undefined ? val : `${out[key]}, ${val}`;
  };
  if (typeof Headers !== 'undefined' && h instanceof Headers) {
    for (const [k, v] of h) add(k, v);
  } else if (Array.isArray(h)) for (const [k, v] of h) add(k, v);
  else for (const [k, v] of Object.entries(h)) add(k, v);
  return out;
}

/** Reads a query string into a record; repeated keys become arrays. */
export function parseQuery(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of params) {
    // Own keys only: a parameter named `constructor` or `toString` is a name like any other, and
    // `__proto__` must become a property, not the object's prototype.
    const prev = Object.hasOwn(out, k) ? out[k] : undefined;
    const value = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
