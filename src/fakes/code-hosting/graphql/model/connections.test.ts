import { describe, expect, it } from 'vitest';
import { GqlError } from './errors.js';
import { decodeCursor, encodeCursor, pageArgs, windowOf } from './connections.js';

describe('cursors', () => {
  it('have GitHub’s form (base64 of cursor:v2: and a MessagePack array) and decode back, whatever the size of the position', () => {
    expect(encodeCursor(0)).toBe(Buffer.from([...Buffer.from('cursor:v2:'), 0x91, 0x01]).toString('base64'));
    for (const i of [0, 1, 126, 127, 254, 255, 65534, 65535, 1_000_000]) expect(decodeCursor(encodeCursor(i))).toBe(i);
    // A cursor of GitHub's form holding a uint32 decodes; a truncated one does not.
    expect(decodeCursor('Y3Vyc29yOnYyOpHOAAAB')).toBeUndefined();
    expect(decodeCursor(Buffer.from([...Buffer.from('cursor:v2:'), 0x91, 0xce, 0, 0, 0, 5]).toString('base64'))).toBe(4);
    for (const bad of ['', 'nope', Buffer.from('cursor:v1:x').toString('base64'), Buffer.from([...Buffer.from('cursor:v2:'), 0x91, 0x00]).toString('base64')])
      expect(decodeCursor(bad)).toBeUndefined();
  });
});

describe('pagination arguments', () => {
  it('select windows as Relay does: first after, last before, both', () => {
    expect(windowOf({ first: 2 }, 5)).toEqual({ start: 0, end: 2 });
    expect(windowOf({ first: 2, after: 1 }, 5)).toEqual({ start: 2, end: 4 });
    expect(windowOf({ last: 2 }, 5)).toEqual({ start: 3, end: 5 });
    expect(windowOf({ last: 2, before: 3 }, 5)).toEqual({ start: 1, end: 3 });
    expect(windowOf({ first: 3, last: 1 }, 5)).toEqual({ start: 2, end: 3 });
    expect(windowOf({ first: 2, after: 9 }, 5)).toEqual({ start: 5, end: 5 });
  });

  it('refuse what GitHub refuses, with its types and messages', () => {
    const err = (args: Record<string, unknown>) => {
      try {
        pageArgs(args, 'issues');
      } catch (e) {
        return e instanceof GqlError ? [e.type, e.message] : e;
      }
      return undefined;
    };
    expect(err({ first: 101 })).toEqual([
      'EXCESSIVE_PAGINATION',
      'Requesting 101 records on the `issues` connection exceeds the `first` limit of 100 records.',
    ]);
    expect(err({ last: -1 })).toEqual(['INVALID_PAGINATION', '`last` on the `issues` connection cannot be less than zero.']);
    expect(err({ first: 1, after: 'x' })).toEqual(['INVALID_CURSOR_ARGUMENTS', '`x` does not appear to be a valid cursor.']);
    expect(pageArgs({}, 'issues')).toEqual({ first: 0 });
  });
});
