import { z } from 'zod';
import { DoubleSchema, Int32Schema } from './proto.js';
import { type AddIssue, checkFunctionDeclaration, FunctionDeclarationSchema } from './schema.js';

/** Declarations per Tool, excluded domains per search tool, results per managed search (the limits the real service enforces). */
export const LIMITS = { functionDeclarations: 512, excludeDomains: 2000, maxResults: 10 } as const;

const PhishBlockThresholdSchema = z.enum([
  'PHISH_BLOCK_THRESHOLD_UNSPECIFIED',
  'BLOCK_LOW_AND_ABOVE',
  'BLOCK_MEDIUM_AND_ABOVE',
  'BLOCK_HIGH_AND_ABOVE',
  'BLOCK_HIGHER_AND_ABOVE',
  'BLOCK_VERY_HIGH_AND_ABOVE',
  'BLOCK_ONLY_EXTREMELY_HIGH',
]);

const excludeDomains = z.array(z.string()).max(LIMITS.excludeDomains, `exclude_domains accepts at most ${LIMITS.excludeDomains} domains.`).optional();

const SearchSchema = z.strictObject({
  excludeDomains,
  blockingConfidence: PhishBlockThresholdSchema.optional(),
  timeRangeFilter: z.looseObject({}).optional(),
});

const GoogleSearchRetrievalSchema = z.strictObject({
  dynamicRetrievalConfig: z
    .strictObject({ mode: z.enum(['MODE_UNSPECIFIED', 'MODE_DYNAMIC']).optional(), dynamicThreshold: DoubleSchema.optional() })
    .optional(),
});

const GoogleMapsSchema = z.strictObject({ enableWidget: z.boolean().optional(), authConfig: z.looseObject({}).optional() });

const DATASTORE_RE = /^projects\/[^/]+\/locations\/[^/]+\/collections\/[^/]+\/dataStores\/[^/]+$/;
const ENGINE_RE = /^projects\/[^/]+\/locations\/[^/]+\/collections\/[^/]+\/engines\/[^/]+$/;
const RAG_CORPUS_RE = /^projects\/[^/]+\/locations\/[^/]+\/ragCorpora\/[^/]+$/;

const VertexAiSearchSchema = z.strictObject({
  datastore: z
    .string()
    .regex(DATASTORE_RE, 'datastore must be projects/{project}/locations/{location}/collections/{collection}/dataStores/{dataStore}.')
    .optional(),
  engine: z.string().regex(ENGINE_RE, 'engine must be projects/{project}/locations/{location}/collections/{collection}/engines/{engine}.').optional(),
  maxResults: Int32Schema.optional(),
  filter: z.string().optional(),
  dataStoreSpecs: z
    .array(
      z.strictObject({
        dataStore: z
          .string()
          .regex(DATASTORE_RE, 'data_store must be projects/{project}/locations/{location}/collections/{collection}/dataStores/{dataStore}.'),
        filter: z.string().optional(),
      }),
    )
    .optional(),
});

const VertexRagStoreSchema = z.strictObject({
  ragResources: z
    .array(
      z.strictObject({
        ragCorpus: z.string().regex(RAG_CORPUS_RE, 'rag_corpus must be projects/{project}/locations/{location}/ragCorpora/{ragCorpus}.').optional(),
        ragFileIds: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  ragRetrievalConfig: z
    .strictObject({
      topK: Int32Schema.optional(),
      hybridSearch: z.looseObject({}).optional(),
      filter: z
        .strictObject({
          metadataFilter: z.string().optional(),
          vectorDistanceThreshold: DoubleSchema.optional(),
          vectorSimilarityThreshold: DoubleSchema.optional(),
        })
        .optional(),
      ranking: z
        .strictObject({
          rankService: z.strictObject({ modelName: z.string().optional() }).optional(),
          llmRanker: z.strictObject({ modelName: z.string().optional() }).optional(),
        })
        .optional(),
    })
    .optional(),
  similarityTopK: Int32Schema.optional(),
  vectorDistanceThreshold: DoubleSchema.optional(),
  storeContext: z.boolean().optional(),
});

const RetrievalSchema = z.strictObject({
  disableAttribution: z.boolean().optional(),
  vertexAiSearch: VertexAiSearchSchema.optional(),
  vertexRagStore: VertexRagStoreSchema.optional(),
});
/** A parsed Retrieval tool. */
export type Retrieval = z.infer<typeof RetrievalSchema>;

/** A Tool: exactly one kind per object (real names; the neutral ones are rewritten before parsing). */
export const ToolSchema = z.strictObject({
  functionDeclarations: z
    .array(FunctionDeclarationSchema)
    .max(LIMITS.functionDeclarations, `A Tool accepts at most ${LIMITS.functionDeclarations} function declarations.`)
    .optional(),
  retrieval: RetrievalSchema.optional(),
  googleSearch: SearchSchema.optional(),
  googleSearchRetrieval: GoogleSearchRetrievalSchema.optional(),
  googleMaps: GoogleMapsSchema.optional(),
  enterpriseWebSearch: SearchSchema.optional(),
  codeExecution: z.strictObject({}).optional(),
  urlContext: z.strictObject({}).optional(),
  // Real tool kinds beyond the seed; accepted as sent (never echoed).
  computerUse: z.looseObject({}).optional(),
  fileSearch: z.looseObject({}).optional(),
  exaAiSearch: z.looseObject({}).optional(),
  parallelAiSearch: z.looseObject({}).optional(),
  mcpServers: z.array(z.looseObject({})).optional(),
});
/** A parsed Tool. */
export type Tool = z.infer<typeof ToolSchema>;

/** ToolConfig, shared by all tools. */
export const ToolConfigSchema = z.strictObject({
  functionCallingConfig: z
    .strictObject({
      mode: z.enum(['MODE_UNSPECIFIED', 'AUTO', 'ANY', 'NONE', 'VALIDATED']).optional(),
      allowedFunctionNames: z.array(z.string()).optional(),
      streamFunctionCallArguments: z.boolean().optional(),
    })
    .optional(),
  retrievalConfig: z.looseObject({}).optional(),
  includeServerSideToolInvocations: z.boolean().optional(),
});
/** A parsed ToolConfig. */
export type ToolConfig = z.infer<typeof ToolConfigSchema>;

function checkRetrieval(r: Retrieval, path: Array<string | number>, add: AddIssue): void {
  const sources = (['vertexAiSearch', 'vertexRagStore'] as const).filter((k) => r[k] !== undefined);
  if (sources.length !== 1) add(path, `Retrieval must set exactly one source (vertex_ai_search or vertex_rag_store), got ${sources.length}.`);
  const s = r.vertexAiSearch;
  if (s) {
    const p = [...path, 'vertexAiSearch'];
    if ((s.datastore === undefined) === (s.engine === undefined)) add(p, 'Exactly one of datastore and engine must be set; they are mutually exclusive.');
    if (s.maxResults !== undefined && (s.maxResults < 1 || s.maxResults > LIMITS.maxResults))
      add([...p, 'maxResults'], `max_results must be between 1 and ${LIMITS.maxResults}.`);
    if (s.dataStoreSpecs !== undefined && s.engine === undefined) add([...p, 'dataStoreSpecs'], 'data_store_specs may only be set together with engine.');
  }
  const rag = r.vertexRagStore;
  if (rag) {
    const p = [...path, 'vertexRagStore'];
    const resources = rag.ragResources ?? [];
    // "one corpus, or multiple files of one corpus": resources may be several, as long as they name one corpus.
    if (resources.length === 0) add([...p, 'ragResources'], 'rag_resources must name a RAG corpus (or files of one corpus).');
    const corpora = new Set(resources.map((x) => x.ragCorpus).filter((c) => c !== undefined));
    if (corpora.size > 1) add([...p, 'ragResources'], 'Only one RAG corpus (or several files of one corpus) is supported.');
    resources.forEach((x, i) => {
      if (x.ragCorpus === undefined)
        add([...p, 'ragResources', i, 'ragCorpus'], x.ragFileIds?.length ? 'rag_file_ids need the rag_corpus they belong to.' : 'rag_corpus is required.');
    });
    const f = rag.ragRetrievalConfig?.filter;
    if (f && f.vectorDistanceThreshold !== undefined && f.vectorSimilarityThreshold !== undefined)
      add([...p, 'ragRetrievalConfig', 'filter'], 'vector_distance_threshold and vector_similarity_threshold are mutually exclusive; set only one.');
    const rk = rag.ragRetrievalConfig?.ranking;
    if (rk && rk.rankService !== undefined && rk.llmRanker !== undefined)
      add([...p, 'ragRetrievalConfig', 'ranking'], 'rank_service and llm_ranker are mutually exclusive; set only one.');
  }
}

/** Tool rules: one kind per Tool, declarations, retrieval unions, and tool_config's allowed function names. */
export function checkTools(tools: Tool[] | undefined, toolConfig: ToolConfig | undefined, add: AddIssue): void {
  const declared = new Set<string>();
  (tools ?? []).forEach((tool, i) => {
    const kinds = Object.keys(tool).filter((k) => tool[k as keyof Tool] !== undefined);
    if (kinds.length !== 1) add(['tools', i], `A Tool must set exactly one kind of tool, got ${kinds.length === 0 ? 'none' : kinds.join(', ')}.`);
    (tool.functionDeclarations ?? []).forEach((fd, j) => {
      declared.add(fd.name);
      checkFunctionDeclaration(fd, ['tools', i, 'functionDeclarations', j], add);
    });
    if (tool.retrieval) checkRetrieval(tool.retrieval, ['tools', i, 'retrieval'], add);
  });
  const fcc = toolConfig?.functionCallingConfig;
  if (fcc?.mode === 'MODE_UNSPECIFIED') add(['toolConfig', 'functionCallingConfig', 'mode'], 'MODE_UNSPECIFIED should not be used; set AUTO, ANY or NONE.');
  if (fcc?.allowedFunctionNames !== undefined) {
    const p = ['toolConfig', 'functionCallingConfig', 'allowedFunctionNames'];
    if (fcc.mode !== 'ANY') add(p, 'allowed_function_names may only be set when mode is ANY.');
    else
      fcc.allowedFunctionNames.forEach((n, i) => {
        if (!declared.has(n)) add([...p, i], `allowed_function_names contains '${n}', which is not a declared function.`);
      });
  }
}
