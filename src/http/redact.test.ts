import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from './redact.js';

describe('redactUrl', () => {
  it('returns the href unchanged when nothing secret is in it', () => {
    expect(redactUrl(new URL('https://graph.facebook.com/v24.0/1/feed?limit=25&after=abc'))).toBe('https://graph.facebook.com/v24.0/1/feed?limit=25&after=abc');
  });
  it('redacts secret query keys, also when the key is percent-encoded', () => {
    const plain = redactUrl(new URL('https://graph.facebook.com/me?fields=id&access_token=EAAB'));
    expect(plain).not.toContain('EAAB');
    expect(plain).toContain(`access_token=${encodeURIComponent(REDACTED)}`);
    expect(redactUrl(new URL('https://x.test/a?%61ccess_token=EAAB'))).not.toContain('EAAB');
    expect(redactUrl(new URL('https://x.test/a?key=AIza&x=1'))).not.toContain('AIza');
  });
  it('re-serializes the query like URLSearchParams (repeated secrets collapse, the fragment stays)', () => {
    expect(redactUrl(new URL('https://graph.facebook.com/v24.0/1/feed?access_token=a&access_token=b&fields=message,from#f'))).toBe(
      'https://graph.facebook.com/v24.0/1/feed?access_token=%5Bredacted%5D&fields=message%2Cfrom#f',
    );
    expect(redactUrl(new URL('http://127.0.0.1:3000/p?api_key=t&a=%26&b=c%3Dd&flag'))).toBe(
      'http://127.0.0.1:3000/p?api_key=%5Bredacted%5D&a=%26&b=c%3Dd&flag=',
    );
    expect(redactUrl(new URL('https://x.test/a?access_token=1#'))).toBe('https://x.test/a?access_token=%5Bredacted%5D#');
  });
  it('does not mistake a longer key for a secret one', () => {
    expect(redactUrl(new URL('https://x.test/a?keyword=k&monkey=1'))).toBe('https://x.test/a?keyword=k&monkey=1');
  });
  it('drops a password from the userinfo', () => {
    expect(redactUrl(new URL('https://u:pw@x.test/a'))).not.toContain('pw');
  });
});
