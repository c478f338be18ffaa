// Types of scripts/snippets.mjs, for the tests that read its plan.
export interface Fence {
  page: string;
  line: number;
  lang: string;
  attrs: Record<string, string | string[] | true | undefined> & { runnable?: string; install?: true; file?: string; group?: string; server?: true };
  code: string;
}
export interface Group {
  page: string;
  group: string;
  specs: string[];
  variant: string | undefined;
  files: Fence[];
  blocks: Fence[];
}
export const RUNNERS: string[];
export function pages(root: string): string[];
export function parseInfo(info: string): { lang: string; attrs: Fence['attrs'] };
export function fences(root: string, page: string): Fence[];
export function installSpecs(code: string): string[];
export function specName(spec: string): string;
export function mergeSpecs(...lists: string[][]): string[];
export function plan(root: string, options?: { major?: number; only?: string[] }): Group[];
