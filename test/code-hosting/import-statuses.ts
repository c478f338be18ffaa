/**
 * The ten states of a source import, as the source-import document's state table names them: the
 * list the tests check the fake against (never the fake's own `ImportStatusSchema`), written once.
 * import-states.test.ts also checks each against GitHub's OpenAPI `import.status` enum.
 */
export const DOCUMENT_IMPORT_STATES = [
  'detecting',
  'importing',
  'mapping',
  'pushing',
  'complete',
  'auth_failed',
  'error',
  'detection_needs_auth',
  'detection_found_nothing',
  'detection_found_multiple',
] as const;
