import { describe, expect, it } from 'vitest';
import { decodePageToken, encodePageToken } from './paging.js';
import { addDuration, formatTimestamp, fromMs, parseDurationString, parseTimestamp } from './time.js';

describe('model-cache time helpers', () => {
  it('formats with 0, 3, 6 or 9 fractional digits in UTC', () => {
    expect(formatTimestamp({ s: 0, n: 0 })).toBe('1970-01-01T00:00:00Z');
    expect(formatTimestamp({ s: 0, n: 500_000_000 })).toBe('1970-01-01T00:00:00.500Z');
    expect(formatTimestamp({ s: 0, n: 123_456_000 })).toBe('1970-01-01T00:00:00.123456Z');
    expect(formatTimestamp({ s: 0, n: 1 })).toBe('1970-01-01T00:00:00.000000001Z');
  });
  it('reads offsets and nine fractional digits', () => {
    expect(parseTimestamp('2026-01-01T05:00:00.123456789+05:30')).toEqual({ s: Date.parse('2025-12-31T23:30:00Z') / 1000, n: 123_456_789 });
    expect(parseTimestamp('2026-02-30T00:00:00Z')).toBeUndefined();
    expect(parseTimestamp('2026-01-01 00:00:00Z')).toBeUndefined();
  });
  it('adds durations with carry', () => {
    const d = parseDurationString('1.900000000s');
    expect(d).toEqual({ s: 1, n: 900_000_000, negative: false });
    expect(addDuration(fromMs(1500), 1, 900_000_000)).toEqual({ s: 3, n: 400_000_000 });
    expect(parseDurationString('1.0000000001s')).toBeUndefined();
  });
  it('binds page tokens to their scope', () => {
    const t = encodePageToken('projects/p/locations/l', 42);
    expect(decodePageToken('projects/p/locations/l', t)).toBe(42);
    expect(() => decodePageToken('projects/q/locations/l', t)).toThrow('Invalid page token.');
    expect(() => decodePageToken('projects/p/locations/l', 'garbage')).toThrow('Invalid page token.');
  });
});
