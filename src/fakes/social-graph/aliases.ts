/**
 * Brand-word aliases: the seed writes neutral words, real clients send the real spelling.
 * Input accepts both; output always uses the real spelling.
 */
const PAIRS: ReadonlyArray<readonly [neutral: string, real: string]> = [
  ['chatapp', 'whatsapp'],
  ['CHATAPP', 'WHATSAPP'],
  ['photoshare', 'instagram'],
  ['PHOTOSHARE', 'INSTAGRAM'],
  ['chatmsg', 'messenger'],
  ['CHATMSG', 'MESSENGER'],
  ['platformlogin', 'fblogin'],
  ['media_platformid', 'media_fbid'],
];

/** Rewrites a name (field, edge, parameter or enum value) to the real spelling. */
export function toReal(name: string): string {
  let out = name;
  for (const [neutral, real] of PAIRS) if (out.includes(neutral)) out = out.split(neutral).join(real);
  return out;
}

/** Rewrites every key of a parameter record to the real spelling. */
export function realKeys<T>(rec: Record<string, T>): Record<string, T> {
  let out: Record<string, T> | undefined;
  for (const k of Object.keys(rec)) {
    const r = toReal(k);
    if (r !== k) {
      out ??= { ...rec };
      out[r] = rec[k] as T;
      delete out[k];
    }
  }
  return out ?? rec;
}
