import { describe, expect, it } from 'vitest';
import { REDACTED, isSecretHeader, isSecretName, redactState, redactString, redactUrl, redactValue, requestSecrets } from './redact.js';

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

describe('isSecretName / isSecretHeader: by rule, the last word decides', () => {
  it('names a credential by any word for one, in any spelling', () => {
    for (const name of [
      'access_token',
      'Access_Token',
      'ACCESS_TOKEN',
      'access_token[]',
      'accessToken',
      'accesstoken',
      'fb_exchange_token',
      'refresh_token',
      'client_secret',
      'Client-Secret',
      'appsecret_proof',
      'vcs_password',
      'password',
      'passwd',
      'api_key',
      'apiKey',
      'key',
      'private_key',
      'X-Auth',
      'x-auth-token',
      'x-session',
      'x-session-id',
      'session_id',
      'x-jwt',
      'X-Hub-Signature-256',
      'x-github-otp',
      'cookie',
      'set-cookie',
      'authorization',
      'proxy-authorization',
      'x-goog-api-key',
      'x-goog-iam-authorization-token',
      'encrypted_value',
      'code_verifier',
      'tokens',
      'secret_value',
    ])
      expect([name, isSecretName(name)]).toEqual([name, true]);
  });

  it('keeps names that only talk about a credential, paging cursors and look-alikes', () => {
    for (const name of [
      'token_type',
      'key_id',
      'keys_url',
      'gpg_key_id',
      'secret_name',
      'auth_type',
      'token_last_eight',
      'author',
      'author_association',
      'vcs_username',
      'vcs_url',
      'page_token',
      'pageToken',
      'nextPageToken',
      'next_page_token',
      'keyword',
      'monkey',
      'secret_scanning',
      'session_duration',
      'key_prefix',
      'www-authenticate',
    ])
      expect([name, isSecretName(name)]).toEqual([name, false]);
    // Header names ending in key are keys.
    expect(isSecretHeader('x-monkey')).toBe(true);
    expect(isSecretHeader('x-request-id')).toBe(false);
  });
});

describe('redactString: secrets inside values', () => {
  it('finds name=value pairs in URLs, Link headers, form strings and prose', () => {
    const r = (s: string) => redactString(s);
    expect(r('https://graph.facebook.com/v24.0/1/feed?access_token=EAAB1234&limit=2')).toBe(
      'https://graph.facebook.com/v24.0/1/feed?access_token=%5Bredacted%5D&limit=2',
    );
    expect(r('<https://x.test/p?page=2&client_secret=abc123>; rel="next"')).toBe('<https://x.test/p?page=2&client_secret=%5Bredacted%5D>; rel="next"');
    expect(r('message=hi&access_token=EAAB1234')).toBe('message=hi&access_token=%5Bredacted%5D');
    expect(r('me?%61ccess_token=EAAB1234')).toBe('me?%61ccess_token=%5Bredacted%5D');
    expect(r('set password=hunter22 now')).toBe('set password=%5Bredacted%5D now');
    // Not secret names, not touched.
    expect(r('https://x.test/?keyword=k&page_token=abc&token_type=bearer')).toBe('https://x.test/?keyword=k&page_token=abc&token_type=bearer');
  });

  it('finds JSON and inspected-object pairs, header lines and JSON inside a string', () => {
    expect(redactString('{"access_token":"EAAB1234","n":1}')).toBe('{"access_token":"[redacted]","n":1}');
    expect(redactString(`failed: { authorization: 'token ghp_abc', status: 401 }`)).toBe(`failed: { authorization: '[redacted]', status: 401 }`);
    expect(redactString('upstream refused\nAuthorization: Bearer abc.def\nX-Auth: zzz')).toBe(
      'upstream refused\nAuthorization: Bearer [redacted]\nX-Auth: [redacted]',
    );
    expect(redactString('{\\"api_key\\":\\"AIza123\\"}')).toBe('{\\"api_key\\":\\"[redacted]\\"}');
    expect(redactString('{"pin": 12345678, "n": 1}')).toBe('{"pin": 12345678, "n": 1}');
    expect(redactString('{"otp": 12345678, "n": 1}')).toBe('{"otp": "[redacted]", "n": 1}');
    const batch = JSON.stringify([{ method: 'GET', relative_url: 'me', headers: ['Authorization: OAuth EAAB1234'] }]);
    expect(redactString(batch)).toBe(JSON.stringify([{ method: 'GET', relative_url: 'me', headers: ['Authorization: OAuth [redacted]'] }]));
    // Prose that merely mentions a credential word keeps its words.
    expect(redactString('Fix auth: handle expired tokens')).toBe('Fix auth: handle expired tokens');
    expect(redactString('data: {"text":"hi"}\r\n\r\n')).toBe('data: {"text":"hi"}\r\n\r\n');
  });

  it('keeps the documented fields of GitHub imports: vcs_username stays, vcs_password and URL passwords go', () => {
    expect(redactValue({ vcs_username: 'octocat', vcs_password: 'secret', vcs_url: 'https://u:pw@svn.example.com/r', token_type: 'bearer' })).toEqual({
      vcs_username: 'octocat',
      vcs_password: REDACTED,
      vcs_url: `https://${REDACTED}@svn.example.com/r`,
      token_type: 'bearer',
    });
    // Under a secret name: strings and numbers go, booleans and null stay, objects are walked.
    expect(redactValue({ secret: null, has_secret: true, tokens: ['a', 'b'], otp: 123456, credentials: { username: 'u', password: 'p' } })).toEqual({
      secret: null,
      has_secret: true,
      tokens: [REDACTED, REDACTED],
      otp: REDACTED,
      credentials: { username: 'u', password: REDACTED },
    });
  });
});

describe('known secrets and state', () => {
  it('requestSecrets collects a request’s credentials, and scrubs them where an answer echoes them', () => {
    const known = requestSecrets({
      url: new URL('https://user:pa55word-long@x.test/p?access_token=EAAB12345678'),
      headers: { authorization: `Basic ${Buffer.from('octocat:hunter2hunter2').toString('base64')}`, 'x-auth': 'xauth-value-1' },
      body: { config: { secret: 'hook-secret-1' } },
    });
    expect(known.scrub('echo EAAB12345678 hunter2hunter2 xauth-value-1 hook-secret-1 pa55word-long')).toBe(
      `echo ${REDACTED} ${REDACTED} ${REDACTED} ${REDACTED} ${REDACTED}`,
    );
    // Short values are not tracked: a lenient 'token t' must not blank every t.
    expect(requestSecrets({ headers: { authorization: 'token t' } }).scrub('the test')).toBe('the test');
  });

  it('redactState hides seeded credentials, map keys included (numbered when they collide)', () => {
    const state = {
      tokens: { ghp_aaaaaaaaaaaa: { token: 'ghp_aaaaaaaaaaaa', label: 'a' }, ghp_bbbbbbbbbbbb: { token: 'ghp_bbbbbbbbbbbb', label: 'b' } },
      index: { ':ghp_aaaaaaaaaaaa': 1 },
      hooks: [{ config: { url: 'https://h.test', secret: 'hook-secret-1' } }],
      repos: { hello: { name: 'hello' } },
    };
    const shown = redactState(state) as typeof state;
    const text = JSON.stringify(shown);
    for (const s of ['ghp_aaaaaaaaaaaa', 'ghp_bbbbbbbbbbbb', 'hook-secret-1']) expect(text).not.toContain(s);
    expect(Object.keys(shown.tokens)).toEqual([REDACTED, `${REDACTED}#2`]);
    expect(Object.values(shown.tokens).map((t) => t.label)).toEqual(['a', 'b']);
    expect(shown.index).toEqual({ [`:${REDACTED}`]: 1 });
    expect(shown.repos).toBe(state.repos);
    expect(state.tokens.ghp_aaaaaaaaaaaa.token).toBe('ghp_aaaaaaaaaaaa');
  });
});
