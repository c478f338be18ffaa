import { describe, expect, it } from 'vitest';
import type { Content } from '../schemas/cached-content.js';
import { computeTokens, tokenIdOf, VOCABULARY_SIZE } from './tokens.js';
import { computeUsage } from './usage.js';

const count = (contents: Content[]) => computeTokens(contents).reduce((n, i) => n + i.tokens.length, 0);

describe('computeTokens', () => {
  it('numbers exactly the tokens computeUsage counts, for text split across contents, structured and media parts', () => {
    const cases: Content[][] = [
      [{ role: 'user', parts: [{ text: 'a' }] }],
      [
        { role: 'user', parts: [{ text: 'a' }] },
        { role: 'model', parts: [{ text: 'b' }] },
      ],
      [
        { role: 'user', parts: [{ text: 'x'.repeat(13) }, { text: '😀'.repeat(5) }] },
        { role: 'model', parts: [{ functionCall: { name: 'f', args: { a: 'é' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'f', response: { ok: true } } }] },
      ],
      [{ role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: 'AAAA' } }, { text: 'what is this?' }] }],
      [{ role: 'user', parts: [{ fileData: { mimeType: 'audio/mp3', fileUri: 'gs://b/a.mp3' } }] }],
    ];
    for (const contents of cases) expect(count(contents)).toBe(computeUsage(contents).totalTokenCount);
  });

  it('keeps one TokensInfo per content with its role, even a content whose text all went into an earlier piece', () => {
    const infos = computeTokens([
      { role: 'user', parts: [{ text: 'abc' }] },
      { role: 'model', parts: [{ text: 'd' }] },
    ]);
    expect(infos.map((i) => i.role)).toEqual(['user', 'model']);
    expect(infos[0]?.tokens.map((t) => Buffer.from(t, 'base64').toString())).toEqual(['abcd']);
    expect(infos[1]?.tokens).toEqual([]);
  });

  it('token ids are decimal strings within the vocabulary, a function of the bytes', () => {
    const id = tokenIdOf(Buffer.from('abcd'));
    expect(id).toMatch(/^\d+$/);
    expect(Number(id)).toBeLessThan(VOCABULARY_SIZE);
    expect(tokenIdOf(Buffer.from('abcd'))).toBe(id);
  });
});
