import type { Api } from '../errors.js';

/**
 * What a model family answers beyond the common fields, as the real services answer it:
 * - `generation`: 1.5, 2, 2.5, 3 (from the id; an unknown id is taken as the newest generation).
 * - `thinking`: `never` (1.5, 2.0), `off` (thinks only when `thinkingConfig.thinkingBudget` asks:
 *   2.5 Flash-Lite), `on` (thinks unless the budget is 0: 2.5 Flash), `always` (2.5 Pro, 3: the
 *   budget cannot turn it off).
 * - `avgLogprobs`: the Gemini API puts `avgLogprobs` on generateContent candidates of generations
 *   before 2.5 that do not think (Vertex AI on every generateContent candidate).
 * - `geminiIndex`: the Gemini API writes `candidates[].index` for 2.5 and later; for 1.5 and 2.0 it
 *   omits it, except on thinking models (Vertex never writes it).
 */
export interface ModelFamily {
  generation: number;
  thinking: 'never' | 'off' | 'on' | 'always';
  avgLogprobs: boolean;
  geminiIndex: boolean;
}

/** The family of a model id (`gemini-2.0-flash-001`, `gemini-2.5-pro`, `gemini-3-flash-preview`). */
export function familyOf(modelId: string): ModelFamily {
  const m = /^gemini-(\d+(?:\.\d+)?)/.exec(modelId);
  const generation = m ? Number(m[1]) : 3;
  const thinking =
    generation < 2.5
      ? modelId.includes('thinking')
        ? 'always'
        : 'never'
      : generation >= 3 || modelId.includes('pro')
        ? 'always'
        : modelId.includes('lite')
          ? 'off'
          : 'on';
  return { generation, thinking, avgLogprobs: generation < 2.5 && thinking === 'never', geminiIndex: generation >= 2.5 || thinking !== 'never' };
}

/** The part of `generationConfig.thinkingConfig` that decides whether a model thinks and shows it. */
export interface ThinkingConfig {
  thinkingBudget?: number;
  thinkingLevel?: string;
  includeThoughts?: boolean;
}

/** Whether a call thinks: the family's rule, then the budget (0 turns `on` off, any other budget turns `off` on). */
export function thinks(family: ModelFamily, config: ThinkingConfig | undefined): boolean {
  const budget = config?.thinkingBudget;
  switch (family.thinking) {
    case 'never':
      return false;
    case 'always':
      return true;
    case 'on':
      return budget !== 0;
    case 'off':
      return budget !== undefined && budget !== 0;
  }
}

/** The API flavour and family a response is shaped for. */
export interface Flavour {
  api: Api;
  family: ModelFamily;
}
