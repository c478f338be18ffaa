import { createRequire } from 'node:module';

// Keys the recorded sessions have that GitHub has since retired: the only allowed differences of the
// replay. Each is checked against today's description (@octokit/openapi, api.github.com): the key must
// be absent from the documented answer of the request at that place, else it is no retired key.

const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is untyped JSON.
type Json = any;
const doc: Json = require('@octokit/openapi/generated/api.github.com.json');

/** A recorded key GitHub no longer sends, with the reason. */
export interface RetiredKey {
  scenario: string;
  /** `METHOD recorded-path`. */
  request: string;
  /** Path of the key in the answer (`plan.filled_seats`, `[].permissions.maintain`). */
  key: string;
  reason: string;
}

export const RETIRED_KEYS: RetiredKey[] = [];

/** The retired key of a scenario's request at a path, if listed. */
export function retiredIn(scenario: string, request: string, key: string): RetiredKey | undefined {
  return RETIRED_KEYS.find((r) => r.scenario === scenario && r.request === request && r.key === key);
}

const deref = (x: Json): Json => {
  let y = x;
  for (let i = 0; i < 10 && y?.$ref; i++)
    y = (y.$ref as string)
      .slice(2)
      .split('/')
      .reduce((a: Json, k: string) => a?.[k], doc);
  return y;
};

/** Every schema a node stands for (allOf parts, oneOf/anyOf branches). */
function variants(s0: Json): Json[] {
  const s = deref(s0);
  if (!s) return [];
  const parts = [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])];
  return [s, ...parts.flatMap(variants)];
}

/** The description's operation for a concrete recorded path and method. */
function operation(method: string, path: string): Json {
  const bare = path.split('?')[0] as string;
  for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
    const re = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\}/g, '[^/]+')}/?$`);
    if (re.test(bare) && item[method.toLowerCase()]) return item[method.toLowerCase()];
  }
  return undefined;
}

/** Whether the documented answer of a recorded request has a key at a path (`a.b`, `[].c`). */
export function schemaHasKey(request: string, status: number, key: string): boolean {
  const [method, path] = request.split(' ') as [string, string];
  const op = operation(method, path);
  if (!op) throw new Error(`no operation in the description for ${request}`);
  const res = deref(op.responses?.[String(status)]);
  let nodes: Json[] = [res?.content?.['application/json']?.schema].filter(Boolean);
  const steps = key
    .split('.')
    .flatMap((s) => (s.startsWith('[]') ? ['[]', ...(s.length > 2 ? [s.slice(2)] : [])] : s.endsWith('[]') ? [s.slice(0, -2), '[]'] : [s]));
  for (const step of steps) {
    const next: Json[] = [];
    for (const n of nodes.flatMap(variants)) {
      if (step === '[]') {
        if (n.items) next.push(n.items);
      } else if (n.properties?.[step]) next.push(n.properties[step]);
    }
    if (next.length === 0) return false;
    nodes = next;
  }
  return true;
}
