// The fields a generate answer carries beyond text, through the real @google/genai on both wires:
// usage on every streamed chunk, thoughts and thought signatures of thinking models, the family's
// candidate fields, and the function-calling histories the real services accept.
import type { GoogleGenAI } from '@google/genai';
import { createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, geminiClient, vertexClient } from './helpers.js';

let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes({ clock: '2026-01-01T00:00:00Z' }).install();
});
afterEach(() => fakes.uninstall());

const WIRES: Array<{ api: 'vertex' | 'gemini'; client: () => GoogleGenAI }> = [
  { api: 'vertex', client: () => vertexClient() },
  { api: 'gemini', client: () => geminiClient() },
];

/** A call on the wire (gemini-2.0-flash): what the SDK does not keep of an answer. */
async function raw(api: 'vertex' | 'gemini', method: string, body: unknown): Promise<Record<string, unknown>> {
  const url =
    api === 'vertex'
      ? `https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/publishers/google/models/gemini-2.0-flash:${method}`
      : `https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:${method}`;
  const auth: Record<string, string> = api === 'vertex' ? { authorization: 'Bearer t' } : { 'x-goog-api-key': 'k' };
  const res = await fakes.fetch(url, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

// "one two three four five six seven eight nine" → 3 chunks of four words; 44 characters → 11 tokens of prompt.
const PROMPT = 'one two three four five six seven eight nine';

describe.each(WIRES)('$api wire', ({ api, client }) => {
  it('streams usageMetadata on every chunk, as the real services do; the last one complete', async () => {
    fakes.modelCache.seed.reply({ text: 'alpha beta gamma delta epsilon zeta eta theta iota' });
    const chunks = [];
    for await (const c of await client().models.generateContentStream({ model: 'gemini-2.0-flash', contents: PROMPT })) chunks.push(c);
    expect(chunks.length).toBe(3);
    for (const c of chunks) expect(c.usageMetadata).toBeDefined();
    const last = chunks[2]?.usageMetadata;
    // 51 characters of reply → 13 tokens; gemini-2.0-flash does not think.
    expect(last).toMatchObject({
      promptTokenCount: 11,
      candidatesTokenCount: 13,
      totalTokenCount: 24,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: 11 }],
      candidatesTokensDetails: [{ modality: 'TEXT', tokenCount: 13 }],
    });
    expect(last?.thoughtsTokenCount).toBeUndefined();
    if (api === 'vertex') {
      expect(chunks[0]?.usageMetadata).toEqual({ billablePromptUsage: { textCount: 36 }, trafficType: 'ON_DEMAND' });
      expect(chunks[1]?.usageMetadata).toEqual({ trafficType: 'ON_DEMAND' });
      expect(last?.trafficType).toBe('ON_DEMAND');
    } else {
      for (const c of chunks.slice(0, 2))
        expect(c.usageMetadata).toEqual({ promptTokenCount: 11, totalTokenCount: 11, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 11 }] });
    }
    // Only the last chunk finishes; ids and versions are on every chunk.
    expect(chunks.map((c) => c.candidates?.[0]?.finishReason)).toEqual([undefined, undefined, 'STOP']);
    expect(new Set(chunks.map((c) => c.responseId)).size).toBe(1);
  });

  it('breaks prompt tokens down by modality, consistently with countTokens', async () => {
    const image = { inlineData: { mimeType: 'image/png', data: Buffer.from('png').toString('base64') } };
    const contents = [{ role: 'user', parts: [{ text: 'describe this picture' }, image] }];
    const ai = client();
    const res = await ai.models.generateContent({ model: 'gemini-2.0-flash', contents });
    // 21 characters → 6 text tokens; one image → 258.
    expect(res.usageMetadata?.promptTokenCount).toBe(264);
    expect(res.usageMetadata?.promptTokensDetails).toEqual([
      { modality: 'TEXT', tokenCount: 6 },
      { modality: 'IMAGE', tokenCount: 258 },
    ]);
    const count = await ai.models.countTokens({ model: 'gemini-2.0-flash', contents });
    expect(count.totalTokens).toBe(264);
    // The SDK keeps only totalTokens of a countTokens answer: the breakdown is read on the wire.
    const wire = await raw(api, 'countTokens', { contents });
    expect(wire.promptTokensDetails).toEqual(res.usageMetadata?.promptTokensDetails);
  });

  it('a thinking model counts its thoughts, shows them with includeThoughts, and signs its function call', async () => {
    fakes.modelCache.seed.reply({ match: 'weather', functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughts: 'The user wants the weather.' });
    const ai = client();
    const config = { tools: [{ functionDeclarations: [{ name: 'get_weather' }] }] };
    const plain = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'weather in Paris?', config });
    // "The user wants the weather." is 27 characters → 7 tokens, in the total too.
    const u = plain.usageMetadata;
    expect(u?.thoughtsTokenCount).toBe(7);
    expect(u?.totalTokenCount).toBe((u?.promptTokenCount ?? 0) + (u?.candidatesTokenCount ?? 0) + 7);
    const parts = plain.candidates?.[0]?.content?.parts ?? [];
    expect(parts.length).toBe(1);
    expect(parts[0]?.functionCall).toEqual({ name: 'get_weather', args: { city: 'Paris' } });
    expect(parts[0]?.thoughtSignature).toMatch(/^[A-Za-z0-9+/]+=*$/);

    const shown = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'weather in Paris?',
      config: { ...config, thinkingConfig: { includeThoughts: true } },
    });
    const shownParts = shown.candidates?.[0]?.content?.parts ?? [];
    expect(shownParts[0]).toEqual({ text: 'The user wants the weather.', thought: true });
    expect(shownParts[1]?.functionCall?.name).toBe('get_weather');
    expect(shown.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }]);

    // Thoughts shown on a text answer: the thought part carries the signature (as recorded on the real service).
    const text = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hello', config: { thinkingConfig: { includeThoughts: true } } });
    const textParts = text.candidates?.[0]?.content?.parts ?? [];
    expect(textParts[0]).toMatchObject({ text: 'Thinking about: hello', thought: true, thoughtSignature: expect.any(String) });
    expect(textParts[1]).toEqual({ text: 'echo: hello' });
    expect(text.text).toBe('echo: hello');

    // A budget of 0 turns 2.5 Flash's thinking off: no thoughts, no signature.
    const off = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'weather in Paris?',
      config: { ...config, thinkingConfig: { thinkingBudget: 0 } },
    });
    expect(off.usageMetadata?.thoughtsTokenCount).toBeUndefined();
    expect(off.candidates?.[0]?.content?.parts?.[0]?.thoughtSignature).toBeUndefined();
    // 2.5 Pro cannot stop thinking.
    const refused = await apiError(ai.models.generateContent({ model: 'gemini-2.5-pro', contents: 'hi', config: { thinkingConfig: { thinkingBudget: 0 } } }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Budget 0 is invalid. This model only works in thinking mode.');
  });

  it('a seeded thought signature is answered as seeded and goes back in the chat history', async () => {
    const signature = Buffer.from('seeded-signature').toString('base64');
    fakes.modelCache.seed.reply({ match: 'weather', functionCall: { name: 'get_weather', args: {} }, thoughtSignature: signature });
    const chat = client().chats.create({ model: 'gemini-3-flash-preview', config: { tools: [{ functionDeclarations: [{ name: 'get_weather' }] }] } });
    const first = await chat.sendMessage({ message: 'weather?' });
    expect(first.candidates?.[0]?.content?.parts?.[0]?.thoughtSignature).toBe(signature);
    const second = await chat.sendMessage({ message: [{ functionResponse: { name: 'get_weather', response: { temperature: 21 } } }] });
    // Generation 3 signs a text answer on its last part.
    expect(second.candidates?.[0]?.content?.parts?.at(-1)?.thoughtSignature).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const sent = fakes.calls.at(-1)?.body as { contents: Array<{ parts: Array<Record<string, unknown>> }> };
    // The chat sent the signed call back (the journal redacts signature values, so only its presence shows).
    expect(sent.contents[1]?.parts[0]).toMatchObject({ functionCall: { name: 'get_weather' } });
    expect(sent.contents[1]?.parts[0]).toHaveProperty('thoughtSignature');
  });

  it('streams a thinking model: thought chunks first, the signature on the call, thoughts in every chunk usage', async () => {
    fakes.modelCache.seed.reply({ functionCall: { name: 'f', args: { a: 1 } }, thoughts: 'think think' });
    const chunks = [];
    for await (const c of await client().models.generateContentStream({
      model: 'gemini-2.5-flash',
      contents: 'go',
      config: { tools: [{ functionDeclarations: [{ name: 'f' }] }], thinkingConfig: { includeThoughts: true } },
    }))
      chunks.push(c);
    const parts = chunks.flatMap((c) => c.candidates?.[0]?.content?.parts ?? []);
    expect(parts[0]).toEqual({ text: 'think think', thought: true });
    expect(parts[1]?.functionCall).toEqual({ name: 'f', args: { a: 1 } });
    expect(parts[1]?.thoughtSignature).toBeDefined();
    expect(chunks.at(-1)?.usageMetadata?.thoughtsTokenCount).toBe(3);
    if (api === 'gemini') expect(chunks[0]?.usageMetadata?.thoughtsTokenCount).toBe(3);
  });

  it('candidate fields by family: avgLogprobs, index, finishMessage, logprobsResult', async () => {
    const ai = client();
    const old = await ai.models.generateContent({ model: 'gemini-2.0-flash', contents: 'hello' });
    const c0 = old.candidates?.[0];
    expect(c0?.avgLogprobs).toBeLessThan(0);
    // The Gemini API omits the index for 2.0 models and writes it for 2.5 (Vertex never writes it).
    expect(c0?.index).toBeUndefined();
    const newer = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hello' });
    expect(newer.candidates?.[0]?.index).toBe(api === 'gemini' ? 0 : undefined);
    // Vertex writes avgLogprobs on every generateContent candidate; the Gemini API only before 2.5.
    expect(newer.candidates?.[0]?.avgLogprobs === undefined).toBe(api === 'gemini');
    // The same text gives the same number: it is derived from the answer, not random.
    const again = await ai.models.generateContent({ model: 'gemini-2.0-flash', contents: 'hello' });
    expect(again.candidates?.[0]?.avgLogprobs).toBe(c0?.avgLogprobs);

    fakes.modelCache.seed.reply({ match: 'broken', text: 'print(', finishReason: 'MALFORMED_FUNCTION_CALL' });
    const broken = await ai.models.generateContent({ model: 'gemini-2.0-flash', contents: 'broken' });
    expect(broken.candidates?.[0]?.finishReason).toBe('MALFORMED_FUNCTION_CALL');
    // The SDK reads finishMessage only from Vertex answers: on the wire both carry it.
    if (api === 'vertex') expect(broken.candidates?.[0]?.finishMessage).toBe('Malformed function call: print(');
    const wire = await raw(api, 'generateContent', { contents: [{ role: 'user', parts: [{ text: 'broken' }] }] });
    expect((wire.candidates as Array<Record<string, unknown>>)[0]?.finishMessage).toBe('Malformed function call: print(');

    const lp = await ai.models.generateContent({ model: 'gemini-2.0-flash', contents: 'abcd', config: { responseLogprobs: true, logprobs: 2 } });
    const result = lp.candidates?.[0]?.logprobsResult;
    // "echo: abcd" → tokens of four characters: "echo", ": ab", "cd".
    expect(result?.chosenCandidates?.map((t) => t.token)).toEqual(['echo', ': ab', 'cd']);
    expect(result?.topCandidates?.length).toBe(3);
  });

  it('accepts the histories the real services accept: a call left unanswered, a model turn with calls, responses and text', async () => {
    const ai = client();
    const unanswered = await ai.models.generateContent({
      model: 'gemini-2.0-flash',
      contents: [
        { role: 'user', parts: [{ text: 'what is 100/2' }] },
        { role: 'model', parts: [{ functionCall: { name: 'divide', args: { a: 100, b: 2 } } }] },
        { role: 'user', parts: [{ text: 'what is 50/2?' }] },
      ],
      config: { tools: [{ functionDeclarations: [{ name: 'divide' }] }] },
    });
    expect(unanswered.text).toBe('echo: what is 50/2?');
    // Server-side MCP tools: the model turn carries the call, its result and the text about it.
    const mcp = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: [
        { role: 'user', parts: [{ text: 'print hello' }] },
        {
          role: 'model',
          parts: [
            { functionCall: { name: 'print', args: { text: 'hello' } } },
            { functionResponse: { name: 'print', response: { ok: true } } },
            { text: 'Printed.' },
          ],
        },
        { role: 'user', parts: [{ text: 'thanks' }] },
      ],
    });
    expect(mcp.text).toBe('echo: thanks');
    // Still refused, as the real services refuse them: too few responses, a response nobody asked for.
    const short = await apiError(
      ai.models.generateContent({
        model: 'gemini-2.0-flash',
        contents: [
          { role: 'user', parts: [{ text: 'a' }] },
          { role: 'model', parts: [{ functionCall: { name: 'f' } }, { functionCall: { name: 'g' } }] },
          { role: 'user', parts: [{ functionResponse: { name: 'f', response: {} } }] },
        ],
      }),
    );
    expect(short.body.error.message).toBe(
      'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
    );
    const orphan = await apiError(
      ai.models.generateContent({ model: 'gemini-2.0-flash', contents: [{ role: 'user', parts: [{ functionResponse: { name: 'f', response: {} } }] }] }),
    );
    expect(orphan.body.error.message).toBe('Please ensure that function response turn comes immediately after a function call turn.');
  });
});

describe('Vertex only', () => {
  it('score is the candidate log-probability (average times tokens) when candidateCount is set', async () => {
    const res = await vertexClient().models.generateContent({ model: 'gemini-2.5-flash', contents: 'hello', config: { candidateCount: 1 } });
    const c = res.candidates?.[0] as { score?: number; avgLogprobs?: number } | undefined;
    expect(typeof c?.score).toBe('number');
    expect(c?.score).toBeCloseTo((c?.avgLogprobs ?? 0) * (res.usageMetadata?.candidatesTokenCount ?? 0), 10);
  });

  it('streamFunctionCallArguments streams the call: name, then each argument in partialArgs, then an empty call', async () => {
    fakes.modelCache.seed.reply({ functionCall: { name: 'getWeather', args: { city: 'Paris', days: 2 } } });
    const res = await fakes.fetch(
      'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/publishers/google/models/gemini-2.0-flash:streamGenerateContent?alt=sse',
      {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: JSON.stringify({
          contents: [{ role: 'user', parts: [{ text: 'weather' }] }],
          tools: [{ functionDeclarations: [{ name: 'getWeather' }] }],
          toolConfig: { functionCallingConfig: { streamFunctionCallArguments: true } },
        }),
      },
    );
    const events = (await res.text())
      .split('\r\n\r\n')
      .filter(Boolean)
      .map((e) => JSON.parse(e.replace(/^data: /, '')) as { candidates: Array<{ content: { parts: Array<{ functionCall: unknown }> } }> });
    expect(events.map((e) => e.candidates[0]?.content.parts[0]?.functionCall)).toEqual([
      { name: 'getWeather', willContinue: true },
      { partialArgs: [{ jsonPath: '$.city', stringValue: 'Paris', willContinue: true }], willContinue: true },
      { partialArgs: [{ jsonPath: '$.city', stringValue: '' }], willContinue: true },
      { partialArgs: [{ jsonPath: '$.days', numberValue: 2 }], willContinue: true },
      {},
    ]);
  });
});
