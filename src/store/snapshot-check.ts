// restore()'s check that what it is given looks like a snapshot of this version's state.

/** The kind of a state node, for the shape check of restore(). */
function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/**
 * Refuses what no snapshot of this version looks like: a snapshot holds the three service slices, each
 * with every key of the initial state's slice, of the same kind (object, array, number...). Two levels
 * deep, so the check costs the same for any amount of state.
 */
export function checkSnapshot(snap: unknown, current: Readonly<Record<string, unknown>>): void {
  const fail = (why: string): never => {
    throw new TypeError(`stuntdouble: restore() takes a snapshot from fakes.snapshot() (or fakes.state); ${why}`);
  };
  if (typeof snap !== 'object' || snap === null || Array.isArray(snap)) fail(`got ${snap === null ? 'null' : kindOf(snap)}`);
  const s = snap as Record<string, unknown>;
  for (const [name, slice] of Object.entries(current)) {
    const given = Object.hasOwn(s, name) ? s[name] : undefined;
    if (typeof given !== 'object' || given === null || Array.isArray(given)) fail(`'${name}' is missing or not an object`);
    const g = given as Record<string, unknown>;
    for (const [key, value] of Object.entries(slice as Record<string, unknown>)) {
      const expected = kindOf(value);
      const actual = Object.hasOwn(g, key) ? kindOf(g[key]) : 'missing';
      // Optional fields may be absent from either side.
      if (expected !== actual && expected !== 'undefined' && actual !== 'undefined')
        fail(`'${name}.${key}' is ${actual === 'missing' ? 'missing' : `a ${actual}, expected a ${expected}`}`);
    }
  }
}
