/** Neutral tool names and the real ones clients send; input accepts both, output never echoes tools. */
export const TOOL_ALIASES: Readonly<Record<string, string>> = {
  platformSearch: 'googleSearch',
  platformSearchRetrieval: 'googleSearchRetrieval',
  platformMaps: 'googleMaps',
};

/** Retrieval source aliases (seed name → real name). */
export const RETRIEVAL_ALIASES: Readonly<Record<string, string>> = {
  managedSearch: 'vertexAiSearch',
  managedRagStore: 'vertexRagStore',
};
