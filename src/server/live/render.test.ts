import { describe, expect, it } from 'vitest';
import { redactValue } from '../../http/redact.js';
import { callRow, esc, maskSecrets } from './render.js';

describe('maskSecrets (the page script’s copy of the redaction rule)', () => {
  // The oracle is the journal's own redaction: every name it treats as secret, the page masks, and no other.
  const names = [
    'token',
    'access_token',
    'fb_exchange_token',
    'X-Auth-Token',
    'refresh_token',
    'client_secret',
    'appsecret_proof',
    'vcs_password',
    'password',
    'passwd',
    'pwd',
    'key',
    'api_key',
    'apiKey',
    'x-goog-api-key',
    'private_key',
    'credential',
    'credentials',
    'authorization',
    'set-cookie',
    'code_verifier',
    'encrypted_value',
    'page_token',
    'pageToken',
    'nextPageToken',
    'keyword',
    'monkey',
    'tokens',
    'login',
    'owner',
    'repo',
    'vcsUrl',
    'secretary',
    'token_type',
    'passwords',
    'name',
    'id',
  ];
  it('masks exactly the fields redactValue redacts, at any depth', () => {
    for (const name of names) {
      const value = { [name]: 'v', nested: [{ [name]: 7, other: { [name]: 'w' }, url: 'https://u:pw@svn.example.com/a?x=1' }] };
      expect({ name, masked: maskSecrets(value) }).toEqual({ name, masked: redactValue(value) });
    }
  });
  it('walks objects under secret names (their secret fields masked, the rest kept)', () => {
    expect(maskSecrets({ credentials: { username: 'octocat', password: 'secret' }, token: 'ghp_x' })).toEqual({
      credentials: { username: 'octocat', password: '[redacted]' },
      token: '[redacted]',
    });
  });
});

describe('callRow', () => {
  it('escapes what a client sent', () => {
    const row = callRow({
      seq: 1,
      at: '2024-01-01T00:00:00.000Z',
      service: 'codeHosting',
      method: 'GET',
      path: '/<script>',
      search: '?q="x"',
      route: null,
      status: 404,
      operation: 'unmatched',
      tags: [],
      token: null,
    });
    expect(row).not.toContain('<script>');
    expect(row).toContain(esc('/<script>'));
    expect(row).toContain('&#34;x&#34;');
  });
});
