import { describe, expect, it } from 'vitest';
import { familyOf, thinks } from './family.js';
import { modalityDetails } from './usage.js';

describe('familyOf / thinks', () => {
  it.each([
    ['gemini-1.5-flash', 'never', true, false],
    ['gemini-2.0-flash-001', 'never', true, false],
    ['gemini-2.0-flash-thinking-exp', 'always', false, true],
    ['gemini-2.5-flash', 'on', false, true],
    ['gemini-2.5-flash-lite', 'off', false, true],
    ['gemini-2.5-pro', 'always', false, true],
    ['gemini-3-flash-preview', 'always', false, true],
  ] as const)('%s: thinking %s, Gemini avgLogprobs %s, Gemini index %s', (id, thinking, avg, index) => {
    expect(familyOf(id)).toMatchObject({ thinking, avgLogprobs: avg, geminiIndex: index });
  });
  it('the budget turns 2.5 Flash off and Flash-Lite on; Pro cannot be turned off', () => {
    expect(thinks(familyOf('gemini-2.5-flash'), undefined)).toBe(true);
    expect(thinks(familyOf('gemini-2.5-flash'), { thinkingBudget: 0 })).toBe(false);
    expect(thinks(familyOf('gemini-2.5-flash-lite'), undefined)).toBe(false);
    expect(thinks(familyOf('gemini-2.5-flash-lite'), { thinkingBudget: 512 })).toBe(true);
    expect(thinks(familyOf('gemini-2.5-pro'), { thinkingBudget: 0 })).toBe(true);
    expect(thinks(familyOf('gemini-2.0-flash'), { thinkingBudget: 512 })).toBe(false);
  });
  it('modality details list non-zero modalities in the real order, TEXT 0 when empty', () => {
    expect(modalityDetails({ IMAGE: 258, TEXT: 3, AUDIO: 0 })).toEqual([
      { modality: 'TEXT', tokenCount: 3 },
      { modality: 'IMAGE', tokenCount: 258 },
    ]);
    expect(modalityDetails({})).toEqual([{ modality: 'TEXT', tokenCount: 0 }]);
  });
});
