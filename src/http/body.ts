import { MAX_JSON_DEPTH, jsonDepth } from './limits.js';
import { type FakeRequest, type RawRequest, type UploadedFile, normalizeHeaders, parseQuery } from './request.js';

const EMPTY = new Uint8Array(0);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toBytes(body: RawRequest['body']): Uint8Array {
  if (body === undefined || body === null || body === '') return EMPTY;
  if (typeof body === 'string') return encoder.encode(body);
  if (body instanceof Uint8Array) return body;
  return new Uint8Array(body);
}

/** Whether a body of this media type (lower case, no parameters) is read as JSON. */
export function isJsonContentType(contentType: string): boolean {
  return contentType === 'application/json' || contentType.endsWith('+json') || contentType === 'text/plain';
}

/**
 * Parses a JSON body text: blank text is no body (`undefined`); text that is no JSON, or nested deeper
 * than {@link MAX_JSON_DEPTH}, is `ok: false` (each service answers it with its own 400).
 */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  if (value !== null && typeof value === 'object' && jsonDepth(value) > MAX_JSON_DEPTH) return { ok: false };
  return { ok: true, value };
}

/** Reads `a[b]=1` style keys as plain keys: Graph and GitHub form bodies use flat names. */
function parseForm(text: string): Record<string, string | string[]> {
  return parseQuery(new URLSearchParams(text));
}

async function parseMultipart(bytes: Uint8Array, contentTypeHeader: string): Promise<Record<string, unknown>> {
  // undici's Response.formData() is Node's own, spec-compliant multipart parser.
  const fd = await new Response(bytes as unknown as BodyInit, { headers: { 'content-type': contentTypeHeader } }).formData();
  const out: Record<string, unknown> = {};
  for (const [k, v] of fd) {
    let value: unknown = v;
    if (typeof v !== 'string') {
      const data = new Uint8Array(await v.arrayBuffer());
      const file: UploadedFile = { kind: 'file', filename: v.name, type: v.type, size: v.size, data };
      value = file;
    }
    const prev = out[k];
    out[k] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/**
 * Builds a {@link FakeRequest} from raw parts: parses the URL, query, headers and the body by its
 * content type. A body that does not parse is reported in `bodyError`, never thrown.
 */
export async function parseRequest(raw: RawRequest, opts: { maxBodyBytes?: number } = {}): Promise<FakeRequest> {
  const url = raw.url instanceof URL ? raw.url : new URL(raw.url);
  const headers = normalizeHeaders(raw.headers);
  let rawBody = toBytes(raw.body);
  const ctHeader = headers['content-type'];
  const contentType = ctHeader?.split(';')[0]?.trim().toLowerCase() || undefined;
  let body: unknown;
  let bodyError: FakeRequest['bodyError'];
  const bodySize = rawBody.length;
  if (opts.maxBodyBytes !== undefined && bodySize > opts.maxBodyBytes) {
    // Refused before decoding: nothing of it is parsed or kept.
    bodyError = 'too-large';
    rawBody = EMPTY;
  } else if (rawBody.length > 0) {
    const isJsonType = contentType === undefined || isJsonContentType(contentType);
    if (contentType === 'application/x-www-form-urlencoded') {
      body = parseForm(decoder.decode(rawBody));
    } else if (contentType === 'multipart/form-data' && ctHeader) {
      try {
        body = await parseMultipart(rawBody, ctHeader);
      } catch {
        bodyError = 'invalid-multipart';
      }
    } else if (isJsonType) {
      const text = decoder.decode(rawBody);
      const parsed = parseJsonText(text);
      if (parsed.ok) body = parsed.value;
      // A client that sends text without a type may still mean a form (curl -d).
      else if (contentType === undefined && /^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(text)) body = parseForm(text);
      else bodyError = 'invalid-json';
    } else {
      body = rawBody;
    }
  }
  return {
    method: raw.method.toUpperCase(),
    url,
    origin: url.origin,
    rawPath: url.pathname,
    // Most requests have no query: `url.searchParams` would be built (an object per request) for nothing.
    query: url.search === '' ? {} : parseQuery(url.searchParams),
    headers,
    body,
    rawBody,
    contentType,
    bodySize,
    ...(bodyError ? { bodyError } : {}),
  };
}
