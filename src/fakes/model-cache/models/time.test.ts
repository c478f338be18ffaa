import { describe, expect, it } from 'vitest';
import { decodePageToken, encodePageToken } from './paging.js';
import { addDuration, formatTimestamp, fromMs, parseDurationString, parseTimestamp, readDuration, readTimestamp } from './time.js';

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
  it("reads Durations as protobuf's JSON parser does, with its texts", () => {
    expect(readDuration('1.s')).toEqual({ s: 1, n: 0, negative: false });
    expect(readDuration('-0.5s')).toEqual({ s: 0, n: 500_000_000, negative: true });
    expect(readDuration('2.0000000000s')).toEqual({ s: 2, n: 0, negative: false });
    expect(readDuration('315576000000.999999999s')).toEqual({ s: 315_576_000_000, n: 999_999_999, negative: false });
    expect(readDuration('315576000001s')).toEqual({ problem: 'Duration value exceeds limits' });
    expect(readDuration('1.1000000000s')).toEqual({ problem: 'Duration value exceeds limits' });
    expect(readDuration('1.12345678901s')).toEqual({ problem: 'Invalid duration format, failed to parse nano seconds' });
    expect(readDuration('1.5xs')).toEqual({ problem: 'Invalid duration format, failed to parse nano seconds' });
    expect(readDuration('18446744073709551616s')).toEqual({ problem: 'Invalid duration format, failed to parse seconds' });
    expect(readDuration('.5s')).toEqual({ problem: 'Invalid duration format, failed to parse seconds' });
    expect(readDuration('60')).toEqual({ problem: "Illegal duration format; duration must end with 's'" });
    expect(readDuration(60)).toEqual({ problem: 'Invalid data type for duration, value is 60' });
  });
  it('reads Timestamps of years 0001..9999 only (years below 100 are not 19xx)', () => {
    expect(readTimestamp('0099-01-01T00:00:00Z')).toEqual({ s: -59_042_995_200, n: 0 });
    expect(readTimestamp('0001-01-01T00:00:00Z')).toEqual({ s: -62_135_596_800, n: 0 });
    expect(readTimestamp('9999-12-31T23:59:59.999999999Z')).toEqual({ s: 253_402_300_799, n: 999_999_999 });
    expect(readTimestamp('0001-01-01T00:00:00+00:01')).toEqual({ problem: 'Invalid time format: Failed to parse input' });
    expect(readTimestamp('9999-12-31T23:59:59-00:01')).toEqual({ problem: 'Invalid time format: Failed to parse input' });
    expect(readTimestamp('2026-01-01T00:00:00')).toEqual({
      problem: "Illegal timestamp format; timestamps must end with 'Z' or have a valid timezone offset.",
    });
  });
  it('binds page tokens to their scope', () => {
    const t = encodePageToken('projects/p/locations/l', 42);
    expect(decodePageToken('projects/p/locations/l', t)).toBe(42);
    expect(() => decodePageToken('projects/q/locations/l', t)).toThrow('Invalid page token.');
    expect(() => decodePageToken('projects/p/locations/l', 'garbage')).toThrow('Invalid page token.');
  });
});
