// Reads the recorded exchanges of ./recordings (see README.md there): `<sha>.req`/`<sha>.resp` pairs
// (an HTTP request and response as text) and named `.json` files of `interactions[]`.
import fs from 'node:fs';
import path from 'node:path';

/** A JSON value as recorded. */
export type Json = Record<string, unknown>;

/** One recorded exchange. */
export interface Exchange {
  /** `<sha>` of a pair, `<file>.json#<i>` of an interaction. */
  id: string;
  host: string;
  method: string;
  /** Path and query as recorded (project and location REDACTED). */
  url: string;
  body: Json | undefined;
  status: number;
  contentType: string;
  /** The JSON body, or the events of a `text/event-stream` answer. */
  response: Json | undefined;
  events: Json[] | undefined;
}

/** The folder of the recordings. */
export const RECORDINGS = path.join(path.dirname(new URL(import.meta.url).pathname), 'recordings');

const split = (text: string) => {
  const m = /\r?\n\r?\n/.exec(text);
  return m ? { head: text.slice(0, m.index).split(/\r?\n/), body: text.slice(m.index + m[0].length) } : { head: text.split(/\r?\n/), body: '' };
};

/** The events of a server-sent events body (`data: {json}` blocks). */
export function parseSse(body: string): Json[] {
  return body
    .split(/\r?\n\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => JSON.parse(s.replace(/^data:\s*/, '')) as Json);
}

function pair(file: string): Exchange {
  const req = fs.readFileSync(path.join(RECORDINGS, file), 'utf8');
  const host = /Server Address: (\S+)/.exec(req)?.[1] ?? '';
  const r = split(req.slice(req.indexOf('\n', req.indexOf('*****')) + 1));
  const [method = '', url = ''] = (r.head[0] ?? '').split(' ');
  const res = split(fs.readFileSync(path.join(RECORDINGS, file.replace(/\.req$/, '.resp')), 'utf8'));
  const status = Number(/Status code: (\d+)/.exec(res.head[0] ?? '')?.[1]);
  const contentType = (res.head.find((h) => /^content-type:/i.test(h)) ?? '').replace(/^content-type:\s*/i, '');
  const sse = contentType.includes('event-stream');
  return {
    id: file.replace(/\.req$/, ''),
    host,
    method,
    url,
    body: r.body.trim() ? (JSON.parse(r.body) as Json) : undefined,
    status,
    contentType,
    response: sse || !res.body.trim() ? undefined : (JSON.parse(res.body) as Json),
    events: sse ? parseSse(res.body) : undefined,
  };
}

interface Interaction {
  request: { method: string; url: string; serverAddress: string; bodySegments?: Json[] };
  response: { statusCode: number; headers: Record<string, string>; bodySegments?: Json[] };
}

function named(file: string): Exchange[] {
  const j = JSON.parse(fs.readFileSync(path.join(RECORDINGS, file), 'utf8')) as { interactions: Interaction[] };
  return j.interactions.map((it, i) => {
    const contentType = it.response.headers['Content-Type'] ?? '';
    const sse = contentType.includes('event-stream');
    return {
      id: `${file}#${i}`,
      host: it.request.serverAddress,
      method: it.request.method,
      url: it.request.url,
      body: it.request.bodySegments?.[0],
      status: it.response.statusCode,
      contentType,
      response: sse ? undefined : it.response.bodySegments?.[0],
      events: sse ? (it.response.bodySegments ?? []) : undefined,
    };
  });
}

/** Every recorded exchange, in file-name order. */
export function loadExchanges(): Exchange[] {
  const out: Exchange[] = [];
  for (const f of fs.readdirSync(RECORDINGS).sort()) {
    if (f.endsWith('.req')) out.push(pair(f));
    else if (f.endsWith('.json')) out.push(...named(f));
  }
  return out;
}

/**
 * The key paths of a JSON value, arrays collapsed (`candidates[].content.parts[].text`). Free-form
 * values (function arguments, embeddings' numbers) are the caller's data, so their insides are not keys.
 */
export function keyPaths(v: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) keyPaths(x, `${prefix}[]`, out);
  else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const p = prefix ? `${prefix}.${k}` : k;
      out.add(p);
      if (k !== 'args' && k !== 'response' && k !== 'values') keyPaths(x, p, out);
    }
  }
  return out;
}
