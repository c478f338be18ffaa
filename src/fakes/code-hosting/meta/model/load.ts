import { META_JSON } from './data.js';

/** The meta routes' data sets (see scripts/generate-meta-data.mjs). */
export interface MetaData {
  /** Emoji name → image URL. */
  emojis: Record<string, string>;
  /** `.gitignore` template name → its source. */
  gitignore: Record<string, string>;
  /** License key → its text. */
  licenseBodies: Record<string, string>;
  /** The octocat of `GET /octocat`, with GitHub's speech bubble. */
  octocat: string;
}

let parsed: MetaData | undefined;

/** The data sets, parsed on first use. */
export function metaData(): MetaData {
  parsed ??= JSON.parse(META_JSON) as MetaData;
  return parsed;
}
