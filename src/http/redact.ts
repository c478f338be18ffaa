/**
 * Redaction: one rule set decides what is secret wherever it appears (the journal, `describe()`,
 * errors, the admin API). Names (`names.ts`), strings (`text.ts`), JSON-like values (`values.ts`) and
 * secrets known by value (`known.ts`); the rules are stated in `redact/names.ts`.
 */
export { REDACTED, isSecretHeader, isSecretName } from './redact/names.js';
export { jsonTextIsClean, redactHeaders, redactQuery, redactString, redactUrl, redactUserinfo } from './redact/text.js';
export { redactValue } from './redact/values.js';
export { KnownSecrets, collectSecrets, containsSecret, redactState, redactText, requestSecrets, scrubValue } from './redact/known.js';
