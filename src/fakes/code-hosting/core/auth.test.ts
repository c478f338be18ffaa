import { describe, expect, it } from 'vitest';
import {
  type AccessRule,
  acceptedScopes,
  extractToken,
  forbiddenMessage,
  formatAcceptedPermissions,
  isWriteRule,
  permissionModelOn,
  satisfies,
} from './auth.js';
import { requestId } from './wire.js';

describe('auth helpers', () => {
  it('formats accepted permissions like GitHub', () => {
    expect(formatAcceptedPermissions([{ contents: 'read' }])).toBe('contents=read');
    expect(
      formatAcceptedPermissions([
        { pull_requests: 'read', contents: 'read' },
        { issues: 'read', contents: 'read' },
      ]),
    ).toBe('pull_requests=read,contents=read; issues=read,contents=read');
    expect(formatAcceptedPermissions([])).toBe('');
  });

  it('reads token, bearer and basic authorization', () => {
    expect(extractToken({ authorization: 'token ghp_a' })).toBe('ghp_a');
    expect(extractToken({ authorization: 'Bearer a.b.c' })).toBe('a.b.c');
    expect(extractToken({ authorization: `Basic ${Buffer.from('user:ghp_b').toString('base64')}` })).toBe('ghp_b');
    expect(extractToken({})).toBeNull();
  });

  it('checks permission sets: alternatives, implied levels, implied metadata', () => {
    const rule: AccessRule = { permissions: [{ pull_requests: 'read', contents: 'read' }, { issues: 'write' }] };
    expect(satisfies({ issues: 'admin' }, rule)).toBe(true);
    expect(satisfies({ pull_requests: 'write', contents: 'read' }, rule)).toBe(true);
    expect(satisfies({ pull_requests: 'write' }, rule)).toBe(false);
    expect(satisfies({}, { permissions: [{ metadata: 'read' }] })).toBe(true);
    expect(isWriteRule(rule)).toBe(true);
    expect(isWriteRule({ permissions: [{ contents: 'read' }] })).toBe(false);
  });

  it('messages, scopes and the model switch', () => {
    expect(forbiddenMessage('fine-grained')).toBe('Resource not accessible by personal access token');
    expect(forbiddenMessage('installation')).toBe('Resource not accessible by integration');
    expect(acceptedScopes({ permissions: [{ contents: 'write' }] }, { private: true })).toEqual(['repo']);
    expect(acceptedScopes({ permissions: [{ contents: 'read' }] }, { private: false })).toEqual([]);
    expect(permissionModelOn({ tokenCount: 0 }, 'lenient')).toBe(false);
    expect(permissionModelOn({ tokenCount: 1 }, 'lenient')).toBe(true);
    expect(permissionModelOn({ tokenCount: 0 }, 'strict')).toBe(true);
  });

  it('request ids are deterministic and distinct', () => {
    expect(requestId(1)).toBe(requestId(1));
    expect(requestId(1)).not.toBe(requestId(2));
    expect(requestId(123)).toMatch(/^[0-9A-F]{4}:[0-9A-F]{4}:[0-9A-F]{6}:[0-9A-F]{6}:[0-9A-F]{8}$/);
  });
});
