/**
 * Brand-word aliases: the seed writes neutral words, real clients send the real spelling.
 * Input accepts both; output always uses the real spelling.
 */
const PAIRS: ReadonlyArray<readonly [neutral: string, real: string]> = [
  // Whole names first: where Graph abbreviates the photo app as `ig`, not `instagram`.
  ['is_eligible_for_disable_connect_photoshare_btn_for_non_page_admin_am_web', 'is_eligible_for_disable_connect_ig_btn_for_non_page_admin_am_web'],
  ['does_viewer_have_page_permission_link_photoshare', 'does_viewer_have_page_permission_link_ig'],
  ['copyright_whitelisted_photoshare_partners', 'copyright_whitelisted_ig_partners'],
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
