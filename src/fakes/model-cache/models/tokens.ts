import type { Content, Part } from '../schemas/cached-content.js';
import type { TokensInfo } from '../schemas/tokens.js';
import { computeUsage, STRUCTURED_PARTS, TOKEN_RULE } from './usage.js';

/** The size of the fake vocabulary token ids are drawn from (the Gemini tokenizer's is 256,000). */
export const VOCABULARY_SIZE = 256_000;

/** A token's id: FNV-1a of its bytes, modulo {@link VOCABULARY_SIZE}; the same piece always has the same id. */
export function tokenIdOf(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return String(h % VOCABULARY_SIZE);
}

/** Media parts (images, documents, audio, video) have no text: they count as countTokens counts them, each token an empty piece. */
function mediaTokens(part: Part): number {
  if (part.inlineData === undefined && part.fileData === undefined) return 0;
  return computeUsage([{ role: 'user', parts: [part] }]).totalTokenCount;
}

/**
 * Splits contents into tokens by the rule countTokens counts with (see `computeUsage`): the text of
 * all text parts, in order, is cut into pieces of {@link TOKEN_RULE.charsPerToken} characters, and so
 * is the JSON of the structured parts (function calls and responses, code); each piece belongs to the
 * Content it starts in. A media part adds its tokens as empty pieces. So the tokens of all contents
 * number exactly countTokens' `totalTokens` for the same contents.
 */
export function computeTokens(contents: readonly Content[]): TokensInfo[] {
  const per = TOKEN_RULE.charsPerToken;
  const out: TokensInfo[] = contents.map((c) => ({ tokens: [], tokenIds: [], role: c.role ?? '' }));
  // Two streams of characters, as computeUsage sums them: text, and the JSON of structured parts.
  // Text counts code points, the JSON of structured parts UTF-16 units (as computeUsage measures them).
  const text = { chars: [] as string[], owner: [] as number[] };
  const structured = { chars: [] as string[], owner: [] as number[] };
  const push = (s: typeof text, chars: string[], owner: number) => {
    for (const ch of chars) {
      s.chars.push(ch);
      s.owner.push(owner);
    }
  };
  const empty = new Uint8Array();
  contents.forEach((content, i) => {
    for (const part of content.parts) {
      if (part.text !== undefined) push(text, [...part.text], i);
      for (const key of STRUCTURED_PARTS) if (part[key] !== undefined) push(structured, JSON.stringify(part[key]).split(''), i);
      const info = out[i] as TokensInfo;
      for (let n = mediaTokens(part); n > 0; n--) {
        info.tokens.push('');
        info.tokenIds.push(tokenIdOf(empty));
      }
    }
  });
  for (const s of [text, structured]) {
    for (let at = 0; at < s.chars.length; at += per) {
      const bytes = Buffer.from(s.chars.slice(at, at + per).join(''), 'utf8');
      const info = out[s.owner[at] as number] as TokensInfo;
      info.tokens.push(bytes.toString('base64'));
      info.tokenIds.push(tokenIdOf(bytes));
    }
  }
  return out;
}
