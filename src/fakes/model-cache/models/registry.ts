/** A published base model that can back a cache, with its minimum cacheable token count. */
export interface KnownModel {
  readonly id: string;
  readonly minTokens: number;
}

/**
 * Published base models the fake knows (from the current Vertex AI / Gemini API caching docs:
 * 1,024 tokens for Flash models, 4,096 for Pro; the 2.0 generation needs 2,048). Add more with
 * `fakes.modelCache.seed.model({ id, minTokens })`.
 */
export const KNOWN_MODELS: readonly KnownModel[] = [
  { id: 'gemini-2.5-flash', minTokens: 1024 },
  { id: 'gemini-2.5-flash-lite', minTokens: 1024 },
  { id: 'gemini-2.5-pro', minTokens: 4096 },
  { id: 'gemini-2.0-flash', minTokens: 2048 },
  { id: 'gemini-2.0-flash-001', minTokens: 2048 },
  { id: 'gemini-2.0-flash-lite', minTokens: 2048 },
  { id: 'gemini-2.0-flash-lite-001', minTokens: 2048 },
  { id: 'gemini-3-flash-preview', minTokens: 1024 },
  { id: 'gemini-3-pro-preview', minTokens: 4096 },
];

/** The built-in registry as a record, the initial `models` of the state. */
export function initialModels(): Record<string, number> {
  return Object.fromEntries(KNOWN_MODELS.map((m) => [m.id, m.minTokens]));
}
