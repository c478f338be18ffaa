import type { z } from 'zod';
import type { CreateHookBodySchema, UpdateHookBodySchema } from './code-hosting/hooks/schemas.js';
import type { StartImportBodySchema, UpdateImportBodySchema } from './code-hosting/imports/schemas.js';
import type { ActionsPermissionsBodySchema, CreateRepoBodySchema, UpdateRepoBodySchema } from './code-hosting/core/schemas/repo.js';
import type { CachedContentInputSchema } from './model-cache/schemas/cached-content.js';
import type { GeminiCountTokensSchema, GenerateContentRequestSchema, VertexCountTokensSchema } from './model-cache/schemas/generate.js';
import type { KnownRoute } from './route-keys.js';

type In<S extends z.ZodType> = z.input<S>;
type CachedContentBody = In<typeof CachedContentInputSchema>;
type GenerateBody = In<typeof GenerateContentRequestSchema>;

/**
 * The request body of each route whose JSON body a fake validates with a schema, as a client sends it.
 * `fakes.calls.where({ route })` types the `body` of the calls it returns from this table. A request the
 * fake refused (a 400 or 422 for a malformed body) is recorded as it was sent, whatever its type.
 */
export interface RouteBodies {
  /** Create a repository for the caller. */
  'POST /user/repos': In<typeof CreateRepoBodySchema>;
  /** Create a repository in an organization. */
  'POST /orgs/{org}/repos': In<typeof CreateRepoBodySchema>;
  /** Update a repository. */
  'PATCH /repos/{owner}/{repo}': In<typeof UpdateRepoBodySchema>;
  /** Set the repository's GitHub Actions permissions. */
  'PUT /repos/{owner}/{repo}/actions/permissions': In<typeof ActionsPermissionsBodySchema>;
  /** Start a source import. */
  'PUT /repos/{owner}/{repo}/import': In<typeof StartImportBodySchema>;
  /** Update a source import (credentials, project choice, restart). */
  'PATCH /repos/{owner}/{repo}/import': In<typeof UpdateImportBodySchema>;
  /** Create a repository webhook. */
  'POST /repos/{owner}/{repo}/hooks': In<typeof CreateHookBodySchema>;
  /** Create an organization webhook. */
  'POST /orgs/{org}/hooks': In<typeof CreateHookBodySchema>;
  /** Update a repository webhook. */
  'PATCH /repos/{owner}/{repo}/hooks/{hook_id}': In<typeof UpdateHookBodySchema>;
  /** Update an organization webhook. */
  'PATCH /orgs/{org}/hooks/{hook_id}': In<typeof UpdateHookBodySchema>;
  /** Create a cached content (Vertex AI). */
  'POST /v1/projects/{project}/locations/{location}/cachedContents': CachedContentBody;
  /** Create a cached content (Vertex AI). */
  'POST /v1beta1/projects/{project}/locations/{location}/cachedContents': CachedContentBody;
  /** Update a cached content (Vertex AI). */
  'PATCH /v1/projects/{project}/locations/{location}/cachedContents/{id}': CachedContentBody;
  /** Update a cached content (Vertex AI). */
  'PATCH /v1beta1/projects/{project}/locations/{location}/cachedContents/{id}': CachedContentBody;
  /** Create a cached content (Gemini API). */
  'POST /v1/cachedContents': CachedContentBody;
  /** Create a cached content (Gemini API). */
  'POST /v1beta/cachedContents': CachedContentBody;
  /** Update a cached content (Gemini API). */
  'PATCH /v1/cachedContents/{id}': CachedContentBody;
  /** Update a cached content (Gemini API). */
  'PATCH /v1beta/cachedContents/{id}': CachedContentBody;
  /** Generate content (Vertex AI). */
  'POST /v1/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}:generateContent': GenerateBody;
  /** Generate content (Vertex AI). */
  'POST /v1beta1/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}:generateContent': GenerateBody;
  /** Stream generated content (Vertex AI). */
  'POST /v1/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}:streamGenerateContent': GenerateBody;
  /** Stream generated content (Vertex AI). */
  'POST /v1beta1/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}:streamGenerateContent': GenerateBody;
  /** Count tokens (Vertex AI). */
  'POST /v1/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}:countTokens': In<typeof VertexCountTokensSchema>;
  /** Count tokens (Vertex AI). */
  'POST /v1beta1/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}:countTokens': In<typeof VertexCountTokensSchema>;
  /** Generate content (Gemini API). */
  'POST /v1/models/{model}:generateContent': GenerateBody;
  /** Generate content (Gemini API). */
  'POST /v1beta/models/{model}:generateContent': GenerateBody;
  /** Stream generated content (Gemini API). */
  'POST /v1/models/{model}:streamGenerateContent': GenerateBody;
  /** Stream generated content (Gemini API). */
  'POST /v1beta/models/{model}:streamGenerateContent': GenerateBody;
  /** Count tokens (Gemini API). */
  'POST /v1/models/{model}:countTokens': In<typeof GeminiCountTokensSchema>;
  /** Count tokens (Gemini API). */
  'POST /v1beta/models/{model}:countTokens': In<typeof GeminiCountTokensSchema>;
}

/** The body type recorded for calls on a route: its entry in {@link RouteBodies}, else `unknown`. */
export type BodyOf<R> = R extends keyof RouteBodies ? RouteBodies[R] : unknown;

/**
 * Every key of the table is a route some fake serves: a stale key makes this alias a compile error.
 * @internal
 */
export type NoStaleRouteBodies = OnlyNever<Exclude<keyof RouteBodies, KnownRoute>>;
type OnlyNever<T extends never> = T;
