import type { AuthorRecord, ImportRecord, OriginRecord } from './schemas.js';

/**
 * The source imports family's part of the code hosting state: what lives at each `vcs_url`, each
 * repository's import and its commit authors, and the levers scenarios pull (retirement, spam,
 * maintenance). These fields sit at the top of `fakes.state.codeHosting`.
 */
export interface ImportFields {
  /** Remote origins keyed by normalized URL. */
  origins: Record<string, OriginRecord>;
  /** Imports keyed by repository id. */
  imports: Record<string, ImportRecord>;
  /** Commit authors of imports, keyed by id. */
  authors: Record<string, AuthorRecord>;
  /**
   * Set by `imports.retireAt()` or a scenario: import endpoints answer the retirement error from this
   * instant (epoch ms; null: never). Absent: the `importsRetireAt` option decides.
   */
  importsRetiredAt?: number | null;
  /** How many more import writes answer the "endpoint has been spammed" 422 (scenario `importSpammed`). */
  importsSpam: number;
  /** When true: import endpoints answer 503 (maintenance). */
  importsMaintenance: boolean;
}

/** No origins, no imports, the endpoints available. */
export function initialImportFields(): ImportFields {
  return { origins: {}, imports: {}, authors: {}, importsSpam: 0, importsMaintenance: false };
}
