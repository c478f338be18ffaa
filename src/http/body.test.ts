import { describe, expect, it } from 'vitest';
import { parseRequest } from './body.js';
import { REDACTED, redactHeaders, redactUrl, redactValue } from './redact.js';

describe('parseRequest', () => {
  it('parses JSON, form and multipart bodies and the query', async () => {
    const j = await parseRequest({
      method: 'post',
      url: 'https://x.test/a?b=1&b=2&c=3',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{"vcs":"git"}',
    });
    expect(j).toMatchObject({ method: 'POST', body: { vcs: 'git' }, query: { b: ['1', '2'], c: '3' }, contentType: 'application/json' });
    const f = await parseRequest({
      method: 'POST',
      url: 'https://x.test/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'message=hi+there&published=false',
    });
    expect(f.body).toEqual({ message: 'hi there', published: 'false' });
    const fd = new FormData();
    fd.append('message', 'hello');
    fd.append('thumbnail', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'a.png');
    const req = new Request('https://x.test/', { method: 'POST', body: fd });
    const m = await parseRequest({ method: 'POST', url: req.url, headers: req.headers, body: new Uint8Array(await req.arrayBuffer()) });
    expect(m.body).toMatchObject({ message: 'hello', thumbnail: { kind: 'file', filename: 'a.png', type: 'image/png', size: 3 } });
  });

  it('reports bad JSON instead of throwing', async () => {
    const r = await parseRequest({ method: 'PUT', url: 'https://x.test/', headers: { 'content-type': 'application/json' }, body: '{"vcs":' });
    expect(r.bodyError).toBe('invalid-json');
    expect(r.body).toBeUndefined();
  });
});

describe('redaction', () => {
  it('keeps the auth scheme but not the secret', () => {
    expect(redactHeaders({ authorization: 'token ghp_abc', 'x-goog-api-key': 'k', accept: 'a' })).toEqual({
      authorization: `token ${REDACTED}`,
      'x-goog-api-key': REDACTED,
      accept: 'a',
    });
  });
  it('redacts secrets in URLs and nested bodies', () => {
    expect(redactUrl(new URL('https://g.test/v24.0/1/feed?limit=2&access_token=EAAB'))).toBe(
      `https://g.test/v24.0/1/feed?limit=2&access_token=${encodeURIComponent(REDACTED)}`,
    );
    const body = { vcs_url: 'u', vcs_password: 'p', config: { url: 'h', secret: 's' }, list: [{ access_token: 't' }] };
    expect(redactValue(body)).toEqual({ vcs_url: 'u', vcs_password: REDACTED, config: { url: 'h', secret: REDACTED }, list: [{ access_token: REDACTED }] });
    const clean = { a: { b: 1 } };
    expect(redactValue(clean)).toBe(clean);
  });
});

describe('query and form names of Object.prototype members', () => {
  it('are parameters like any other: own keys, no prototype change, no crash', async () => {
    const { parseQuery } = await import('./request.js');
    const q = parseQuery(new URLSearchParams('constructor=a&toString=b&toString=c&__proto__=d&hasOwnProperty=e'));
    expect(Object.keys(q)).toEqual(['constructor', 'toString', '__proto__', 'hasOwnProperty']);
    expect(q.constructor).toBe('a');
    expect(q.toString).toEqual(['b', 'c']);
    expect(Object.getPrototypeOf(q)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(q, '__proto__')?.value).toBe('d');
  });
});
