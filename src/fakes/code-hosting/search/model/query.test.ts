import { describe, expect, it } from 'vitest';
import { parseQuery, sortOrder, textMatches, values } from './query.js';

describe('search query syntax', () => {
  it('splits qualifiers of the search type from words; quoted values and phrases stay whole', () => {
    const q = parseQuery('Crash repo:octo/hello label:"help wanted" -label:wontfix "on start" frobnicate:yes AND', 'issues');
    expect(q.words).toEqual(['crash', 'on start', 'frobnicate:yes']);
    expect(values(q, 'repo')).toEqual(['octo/hello']);
    expect(values(q, 'label')).toEqual(['help wanted']);
    expect(values(q, 'label', true)).toEqual(['wontfix']);
  });

  it('reads a key another search type knows as text', () => {
    expect(parseQuery('topic:go', 'issues').words).toEqual(['topic:go']);
    expect(values(parseQuery('topic:go', 'repositories'), 'topic')).toEqual(['go']);
    expect(parseQuery('label:bug', 'users').words).toEqual(['label:bug']);
  });

  it('orders by sort and order, else a sort: qualifier; order alone and unknown sorts are best match', () => {
    const offered = ['created', 'updated'];
    expect(sortOrder(parseQuery('x', 'issues'), 'created', 'asc', offered)).toEqual({ sort: 'created', desc: false });
    expect(sortOrder(parseQuery('x', 'issues'), 'created', undefined, offered)).toEqual({ sort: 'created', desc: true });
    expect(sortOrder(parseQuery('x sort:updated-asc', 'issues'), undefined, undefined, offered)).toEqual({ sort: 'updated', desc: false });
    expect(sortOrder(parseQuery('x', 'issues'), undefined, 'asc', offered)).toEqual({ sort: undefined, desc: true });
    expect(sortOrder(parseQuery('x', 'issues'), 'reactions', 'asc', offered)).toEqual({ sort: undefined, desc: true });
  });

  it('matches when every word is in one of the texts, case-insensitively', () => {
    expect(textMatches(['crash', 'start'], ['Crash on', 'START'])).toBe(true);
    expect(textMatches(['crash', 'stop'], ['Crash on start', null])).toBe(false);
    expect(textMatches([], [undefined])).toBe(true);
  });
});

describe('range values', () => {
  const day = (s: string) => Date.parse(s);
  it('compares numbers and times; a date alone is its whole day', async () => {
    const { inRange } = await import('./range.js');
    expect(inRange(3, '>=3', false)).toBe(true);
    expect(inRange(3, '>3', false)).toBe(false);
    expect(inRange(10, '10..50', false)).toBe(true);
    expect(inRange(51, '10..*', false)).toBe(true);
    expect(inRange(day('2024-01-01T12:00:00Z'), '2024-01-01', true)).toBe(true);
    expect(inRange(day('2024-01-01T12:00:00Z'), '>2024-01-01', true)).toBe(false);
    expect(inRange(day('2024-01-02T00:00:00Z'), '>2024-01-01', true)).toBe(true);
    expect(inRange(day('2024-01-01T23:00:00Z'), '<=2024-01-01', true)).toBe(true);
    expect(inRange(day('2024-01-05T00:00:00Z'), '2024-01-01..2024-01-05', true)).toBe(true);
    expect(inRange(day('2024-01-05T00:00:00Z'), '>soon', true)).toBe(false);
  });
});
