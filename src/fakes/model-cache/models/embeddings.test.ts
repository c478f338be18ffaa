import { describe, expect, it } from 'vitest';
import { EMBEDDING_MODELS, embeddingValues, truncateText } from './embeddings.js';
import { PUBLISHED_MODELS } from './registry.js';

const model = (id: string) => EMBEDDING_MODELS.find((m) => m.id === id) as (typeof EMBEDDING_MODELS)[number];
const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe('embeddingValues', () => {
  it('is a unit vector of the published size, the same for the same text and model', () => {
    const m = model('gemini-embedding-001');
    const v = embeddingValues(m, 'hello');
    expect(v).toHaveLength(3072);
    expect(norm(v)).toBeCloseTo(1, 5);
    expect(embeddingValues(m, 'hello')).toEqual(v);
    expect(embeddingValues(m, 'hello!')).not.toEqual(v);
    expect(embeddingValues(model('text-embedding-004'), 'hello')).toHaveLength(768);
  });

  it('a smaller outputDimensionality is the first values of the full vector', () => {
    const m = model('text-embedding-004');
    expect(embeddingValues(m, 'abc', 16)).toEqual(embeddingValues(m, 'abc').slice(0, 16));
  });

  it('truncates at the model input limit (4 characters a token)', () => {
    const m = model('text-embedding-004');
    expect(truncateText(m, 'abcdefgh')).toEqual({ text: 'abcdefgh', truncated: false, tokens: 2 });
    const long = truncateText(m, 'x'.repeat(2048 * 4 + 1));
    expect(long).toMatchObject({ truncated: true, tokens: 2048 });
    expect(long.text).toHaveLength(2048 * 4);
  });

  it('every embedding model the Gemini API serves is in the model list with embedContent, its input limit as published', () => {
    for (const m of EMBEDDING_MODELS.filter((e) => e.apis.includes('gemini'))) {
      const listed = PUBLISHED_MODELS.find((p) => p.id === m.id);
      expect(listed?.methods).toContain('embedContent');
      expect(listed?.inputTokenLimit).toBe(m.maxTokens);
    }
  });
});
