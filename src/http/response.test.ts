import { describe, expect, it } from 'vitest';
import { json, serialize } from './response.js';

describe('serialize', () => {
  it('serializes JSON bodies with the JSON content type', () => {
    expect(serialize(json(201, { a: 1 }))).toEqual({ status: 201, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"a":1}' });
    expect(serialize({ status: 204 })).toEqual({ status: 204, headers: {}, body: '' });
  });

  it('keeps header values Latin-1 so no transport hangs on a curly quote (regression)', () => {
    const out = serialize(json(400, {}, { 'www-authenticate': 'OAuth "Facebook Platform" "invalid_request" "It’s not allowed"' }));
    expect(out.headers['www-authenticate']).toBe('OAuth "Facebook Platform" "invalid_request" "It?s not allowed"');
    expect(serialize(json(200, {}, { x: 'café' })).headers.x).toBe('café');
  });
});
