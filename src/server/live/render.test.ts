import { describe, expect, it } from 'vitest';
import { callRow, esc } from './render.js';

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
