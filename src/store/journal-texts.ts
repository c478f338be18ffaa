import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { type KnownSecrets, jsonTextIsClean } from '../http/redact.js';
import { jsonText } from '../http/response.js';
import { memoizeRecent } from '../util/memo.js';

/**
 * The JSON texts of the answers a journal keeps, packed: the newest texts are held as they are, and
 * every {@link PACK_TEXTS} of them (or {@link PACK_CHARS} characters) are deflated together into one
 * pack. Answers of one service look alike (the same field names, URLs and users), so a pack of 32 issue
 * answers of 2.2 KB each deflates to about 80 bytes an answer: a full journal of 10,000 entries holds
 * well under a megabyte of answer text instead of 22 MB. A text is inflated when its entry's
 * `response.body` is read; the last pack read is kept inflated, so reading a journal in order inflates
 * each pack once. A text the open pack already holds (the same answer sent again) is kept once.
 */

/** Texts per pack. */
const PACK_TEXTS = 32;
/** Characters per pack (a pack of large answers is sealed sooner, so reading one answer inflates little). */
const PACK_CHARS = 256 * 1024;

/** A group of answer texts: open (the texts themselves) until sealed (one deflated buffer). */
export class TextPack {
  /** The texts while the pack is open (each once). */
  #texts: string[] | undefined = [];
  #chars = 0;
  /** Once sealed: the deflated UTF-8 of all texts joined, and where each text ends in the joined string. */
  #deflated: Uint8Array | undefined;
  #ends: Uint32Array | undefined;

  /** Whether the pack takes no more texts. */
  get sealed(): boolean {
    return this.#texts === undefined;
  }
  /** Whether the pack is full and should be sealed. */
  get full(): boolean {
    return this.#texts !== undefined && (this.#texts.length >= PACK_TEXTS || this.#chars >= PACK_CHARS);
  }
  /** Adds a text; returns its index in the pack (the index it already has when the pack holds it). */
  add(text: string): number {
    const texts = this.#texts;
    if (!texts) throw new Error('stuntdouble bug: a text added to a sealed pack');
    // A test that reads one object again and again sends the same text each time: kept (and deflated)
    // once. Found by comparing (texts of other lengths cost nothing), not by a Map, which would hash
    // every character of each new text.
    for (let i = texts.length - 1; i >= 0; i--) if (texts[i] === text) return i;
    texts.push(text);
    this.#chars += text.length;
    return texts.length - 1;
  }
  /** Deflates the texts into one buffer; the texts themselves go. */
  seal(): void {
    const texts = this.#texts;
    if (!texts) return;
    const ends = new Uint32Array(texts.length);
    let at = 0;
    for (let i = 0; i < texts.length; i++) {
      at += (texts[i] as string).length;
      ends[i] = at;
    }
    const joined = texts.join('');
    // A copy of exactly its size: zlib's result may be a view on a larger chunk.
    this.#deflated = new Uint8Array(deflateRawSync(Buffer.from(joined, 'utf8'), { level: 1 }));
    this.#ends = ends;
    this.#texts = undefined;
    if (lastRead?.pack === this) lastRead = undefined;
  }
  /** The text at an index. */
  text(index: number): string {
    if (this.#texts) return this.#texts[index] as string;
    const ends = this.#ends as Uint32Array;
    let joined: string;
    if (lastRead?.pack === this) joined = lastRead.joined;
    else {
      joined = inflateRawSync(this.#deflated as Uint8Array).toString('utf8');
      lastRead = { pack: this, joined };
    }
    return joined.slice(index === 0 ? 0 : ends[index - 1], ends[index]);
  }
}

/** The pack last inflated, kept so that reading a journal in order inflates each pack once. */
let lastRead: { pack: TextPack; joined: string } | undefined;

/** Forgets the pack kept inflated (when a journal is cleared, its texts need not stay in memory). */
export function forgetInflated(): void {
  lastRead = undefined;
}

/** The JSON text of an answer's body when it surely holds no secret (no hint of one, no known secret in it); else undefined. */
export function cleanJsonText(body: unknown, known: KnownSecrets | undefined): string | undefined {
  if (body === null || typeof body !== 'object' || ArrayBuffer.isView(body)) return undefined;
  const text = jsonText(body);
  if (!isClean(text) || (known?.size && !known.absentFrom(text))) return undefined;
  return text;
}

/**
 * {@link jsonTextIsClean}, remembered for the 4 most recent texts: a test reads the same object again
 * and again, and comparing a text with a remembered one costs far less than matching every secret hint
 * in it.
 */
const isClean = memoizeRecent(jsonTextIsClean, 4);

const SENT = Symbol('sent');
const SENT_AT = Symbol('sentAt');

/** `response.body` of an answer kept as its text: parsed on each read (a fresh copy; the entry keeps only the packed text). */
function parseSent(this: { readonly [SENT]: TextPack; readonly [SENT_AT]: number }): unknown {
  return JSON.parse(this[SENT].text(this[SENT_AT]));
}

/** An entry's `response` whose body is the text at the end of `pack`; `body` reads it parsed. Seals the pack once full. */
export function sentResponse<H>(pack: TextPack, headers: H, text: string): { readonly headers: H; readonly body: unknown } {
  const out = { headers };
  Object.defineProperty(out, SENT, { value: pack });
  Object.defineProperty(out, SENT_AT, { value: pack.add(text) });
  Object.defineProperty(out, 'body', { get: parseSent, enumerable: true, configurable: false });
  if (pack.full) pack.seal();
  return out as { readonly headers: H; readonly body: unknown };
}
