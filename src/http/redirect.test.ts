import { describe, expect, it } from 'vitest';
import { type Hop, nextHop } from './redirect.js';

const hop = (method = 'GET', body?: string): Hop => ({
  url: new URL('https://api.github.com/repos/o/r/tarball/main'),
  method,
  headers: new Headers({ authorization: 'token t', 'content-type': 'application/json', accept: '*/*' }),
  body: body === undefined ? undefined : new TextEncoder().encode(body),
});

// The expected behaviour is the fetch standard's "HTTP-redirect fetch" (undici's lib/web/fetch/index.js).
describe('nextHop', () => {
  it('a final answer, or manual mode, is not followed', () => {
    expect(nextHop(200, 'https://x.test/', hop(), 'follow', 0)).toBeUndefined();
    expect(nextHop(302, null, hop(), 'follow', 0)).toBeUndefined();
    expect(nextHop(302, 'https://x.test/', hop(), 'manual', 0)).toBeUndefined();
  });
  it('error mode and the 21st redirect reject as fetch does', () => {
    expect(() => nextHop(302, '/a', hop(), 'error', 0)).toThrow(TypeError);
    expect(() => nextHop(302, '/a', hop(), 'follow', 20)).toThrow('fetch failed');
  });
  it('another origin loses the credentials; the same origin keeps them', () => {
    const cross = nextHop(302, 'https://codeload.github.com/o/r/legacy.tar.gz/main', hop(), 'follow', 0);
    expect(cross?.headers.get('authorization')).toBeNull();
    expect(cross?.headers.get('accept')).toBe('*/*');
    expect(nextHop(302, '/other', hop(), 'follow', 0)?.headers.get('authorization')).toBe('token t');
    expect(nextHop(302, '/other', hop(), 'follow', 0)?.url.href).toBe('https://api.github.com/other');
  });
  it('303, and a POST answered 301/302, become a GET without body; 307/308 keep method and body', () => {
    const post = nextHop(302, '/a', hop('POST', '{}'), 'follow', 0);
    expect([post?.method, post?.body, post?.headers.get('content-type')]).toEqual(['GET', undefined, null]);
    expect(nextHop(303, '/a', hop('PUT', '{}'), 'follow', 0)?.method).toBe('GET');
    expect(nextHop(303, '/a', hop('HEAD'), 'follow', 0)?.method).toBe('HEAD');
    const kept = nextHop(307, '/a', hop('POST', '{}'), 'follow', 0);
    expect([kept?.method, kept?.body?.length]).toEqual(['POST', 2]);
  });
});
