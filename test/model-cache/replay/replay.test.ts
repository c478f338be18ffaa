// Replays real recorded Gemini API and Vertex AI exchanges (the system-test recordings of
// googleapis/js-genai, see recordings/README.md) against the fake, as the wire carried them: the
// recorded request body to the recorded route, with the recorded reply seeded through the public
// seeding API (`seed.reply`: its parts, thoughts, finish). Then the fake's answer must have the
// recorded status, framing and content type, and every key the real answer had (recursively).
import { createFakes } from 'stuntdouble';
import { describe, expect, it } from 'vitest';
import { type Exchange, type Json, keyPaths, loadExchanges, parseSse } from './recordings.js';

const EXCHANGES = loadExchanges();

/**
 * What the replay does not compare, with the reason. Values are never compared, only keys: ids
 * (`responseId`), times (`createTime`), model versions (`gemini-1.5-flash-002`), token counts,
 * log-probabilities and signatures are the real backend's randomness or its own tokenizer, while the
 * fake derives them deterministically. Keys: recorded key paths no fake answer can carry (`*` ends a
 * prefix); none are needed today. Exchanges: account state of the recording's project that no seed
 * describes.
 */
const EXCEPTIONS = {
  keys: {} as Record<string, string>,
  exchanges: {} as Record<string, string>,
};

/** Models the services served when the recordings were made and have retired since: the replay seeds them. */
const SERVED_AT_RECORDING = /^(gemini-1\.5-|gemini-2\.0-flash-thinking-exp|gemini-2\.0-flash-exp)/;

const modelOf = (url: string) => /models\/([^:/?]+):/.exec(url)?.[1] ?? '';
const apiOf = (e: Exchange) => (e.host.startsWith('generativelanguage') ? 'gemini' : 'vertex');

/**
 * The URL on the fake: REDACTED project and location become `p` and the host's region. A recording
 * whose URL names location `global` went to the global host (the SDK's choice for `global`), whatever
 * its `serverAddress` says.
 */
function urlOf(e: Exchange): string {
  const global = /\/locations\/global\//.test(e.url);
  const host = global ? 'aiplatform.googleapis.com' : e.host;
  const region = /^([a-z0-9-]+)-aiplatform\.googleapis\.com$/.exec(host)?.[1] ?? 'global';
  const path = e.url.replace(/\/projects\/REDACTED\//, '/projects/p/').replace(/\/locations\/REDACTED\//, `/locations/${region}/`);
  return `https://${host}${path}`;
}

/** The answers of a recording: its JSON body or its events. */
const answersOf = (e: Exchange): Json[] => e.events ?? (e.response ? [e.response] : []);

/** Streamed argument pieces (`partialArgs` with a JSONPath `$.a.b`) put back into the call they belong to. */
function addPieces(parts: Json[], piece: Json): void {
  const call = [...parts].reverse().find((p) => p.functionCall)?.functionCall as Json | undefined;
  if (!call) return;
  for (const a of (piece.partialArgs as Json[] | undefined) ?? []) {
    const keys = String(a.jsonPath)
      .replace(/^\$\.?/, '')
      .split('.');
    call.args ??= {};
    let at = call.args as Json;
    for (const k of keys.slice(0, -1)) {
      at[k] ??= {};
      at = at[k] as Json;
    }
    const k = keys[keys.length - 1] as string;
    if ('stringValue' in a) at[k] = `${typeof at[k] === 'string' ? at[k] : ''}${a.stringValue}`;
    else if ('numberValue' in a) at[k] = a.numberValue;
    else if ('boolValue' in a) at[k] = a.boolValue;
    else at[k] = null;
  }
}

/** The recorded reply as a `seed.reply` input: text parts joined, thoughts apart, finish as recorded. */
function seedOf(e: Exchange): Json | undefined {
  const answers = answersOf(e);
  const candidates = answers.map((a) => (a.candidates as Json[] | undefined)?.[0]).filter((c): c is Json => c !== undefined);
  if (candidates.length === 0) return undefined;
  const parts: Json[] = [];
  let thoughts = '';
  let signature: string | undefined;
  for (const c of candidates) {
    for (const p of ((c.content as Json | undefined)?.parts as Json[] | undefined) ?? []) {
      if (typeof p.thoughtSignature === 'string' && signature === undefined) signature = p.thoughtSignature;
      if (p.thought === true) {
        thoughts += typeof p.text === 'string' ? p.text : '';
        continue;
      }
      const { thoughtSignature: _s, ...rest } = p;
      const last = parts[parts.length - 1];
      if (typeof rest.text === 'string' && Object.keys(rest).length === 1 && last && typeof last.text === 'string' && Object.keys(last).length === 1)
        last.text = `${last.text}${rest.text}`;
      else if (rest.functionCall && (rest.functionCall as Json).name === undefined) addPieces(parts, rest.functionCall as Json);
      else if (rest.functionCall) {
        const { willContinue: _w, ...call } = rest.functionCall as Json;
        parts.push({ ...rest, functionCall: call });
      } else if (Object.keys(rest).length > 0) parts.push(rest);
    }
  }
  const final = candidates.find((c) => c.finishReason !== undefined) ?? {};
  const seed: Json = { finishReason: final.finishReason ?? 'STOP' };
  if (parts.length > 0) seed.parts = parts;
  else seed.text = '';
  if (typeof final.finishMessage === 'string') seed.finishMessage = final.finishMessage;
  if (thoughts) seed.thoughts = thoughts;
  if (signature) seed.thoughtSignature = signature;
  return seed;
}

interface Outcome {
  id: string;
  statusEqual: boolean;
  framingEqual: boolean;
  recorded: number;
  missing: string[];
}

const exempt = (path: string) => Object.keys(EXCEPTIONS.keys).some((k) => (k.endsWith('*') ? path.startsWith(k.slice(0, -1)) : path === k));

async function replay(e: Exchange): Promise<Outcome> {
  const fakes = createFakes({ clock: '2026-01-01T00:00:00Z' }).install();
  try {
    const api = apiOf(e);
    const model = modelOf(e.url);
    if (SERVED_AT_RECORDING.test(model)) fakes.modelCache.seed.model({ id: model, minTokens: 1024 });
    const seed = e.status === 200 ? seedOf(e) : undefined;
    if (seed) fakes.modelCache.seed.reply(seed as never);
    const recordedError = (e.response?.error as Json | undefined)?.details as Json[] | undefined;
    // The recording ran with a key the service did not know: strict auth with a seeded key, then another one.
    const badKey = recordedError?.some((d) => d.reason === 'API_KEY_INVALID') === true;
    if (badKey) fakes.modelCache.seed.credential({ apiKey: 'AIza-seeded' });
    // The recording's project had the API turned off: a key of such a project.
    const disabled = recordedError?.find((d) => d.reason === 'SERVICE_DISABLED');
    if (disabled)
      fakes.modelCache.seed.credential({ apiKey: 'AIza-replay', project: String((disabled.metadata as Json).containerInfo), serviceDisabled: true });
    const auth: Record<string, string> = api === 'gemini' ? { 'x-goog-api-key': badKey ? 'AIza-unknown' : 'AIza-replay' } : { authorization: 'Bearer replay' };
    const res = await fakes.fetch(urlOf(e), {
      method: e.method,
      headers: { 'content-type': 'application/json', ...auth },
      ...(e.body === undefined ? {} : { body: JSON.stringify(e.body) }),
    });
    const text = await res.text();
    const contentType = res.headers.get('content-type') ?? '';
    const sse = contentType.includes('event-stream');
    const got: Json[] = sse ? parseSse(text) : text ? [JSON.parse(text) as Json] : [];
    const want = new Set<string>();
    for (const a of answersOf(e)) keyPaths(a, '', want);
    const have = new Set<string>();
    for (const a of got) keyPaths(a, '', have);
    const counted = [...want].filter((k) => !exempt(k));
    return {
      id: e.id,
      statusEqual: res.status === e.status,
      framingEqual: sse === e.contentType.includes('event-stream') && contentType.split(';')[0] === e.contentType.split(';')[0],
      recorded: counted.length,
      missing: counted.filter((k) => !have.has(k)),
    };
  } finally {
    fakes.uninstall();
  }
}

const outcomes: Outcome[] = [];
const replayed = EXCHANGES.filter((e) => !Object.hasOwn(EXCEPTIONS.exchanges, e.id));

describe('replay of real recorded exchanges', () => {
  it('has recordings to replay, the exchanges on v1alpha, :computeTokens and :predict (embeddings) among them', () => {
    expect(replayed.length).toBeGreaterThan(40);
    const onNewRoutes = replayed.filter((e) => /^\/v1alpha\//.test(e.url) || /:(computeTokens|predict)\b/.test(e.url));
    expect(onNewRoutes.length).toBeGreaterThanOrEqual(3);
  });

  it.each(replayed.map((e) => [e.id, e] as const))('%s', async (_id, e) => {
    const o = await replay(e);
    outcomes.push(o);
    expect({ status: o.statusEqual, framing: o.framingEqual }).toEqual({ status: true, framing: true });
  });

  it('meets the acceptance: every status, ≥ 95 % of recorded keys, ≥ 80 % of exchanges with every key', () => {
    const recorded = outcomes.reduce((n, o) => n + o.recorded, 0);
    const missing = outcomes.reduce((n, o) => n + o.missing.length, 0);
    const complete = outcomes.filter((o) => o.missing.length === 0).length;
    const share = (recorded - missing) / recorded;
    const summary = `statuses equal ${outcomes.filter((o) => o.statusEqual).length}/${outcomes.length}, keys present ${(100 * share).toFixed(1)} % (${recorded - missing}/${recorded}), exchanges with every key ${complete}/${outcomes.length}`;
    if (process.env.REPLAY_REPORT) {
      console.log(summary);
      for (const o of outcomes) if (o.missing.length > 0) console.log(o.id, o.missing.join(' '));
    }
    expect(outcomes.length).toBe(replayed.length);
    expect(
      outcomes.every((o) => o.statusEqual && o.framingEqual),
      summary,
    ).toBe(true);
    expect(share, summary).toBeGreaterThanOrEqual(0.95);
    expect(complete / outcomes.length, summary).toBeGreaterThanOrEqual(0.8);
  });
});
