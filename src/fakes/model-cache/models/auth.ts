import { type Api, errorInfo, GoogleError } from '../errors.js';
import type { ModelCacheState } from './state.js';

/** Who made a request: the journal label and the project the credential is bound to. */
export interface Identity {
  label: string | null;
  project: string | null;
}

/** What authentication looks at in a request. */
export interface AuthInput {
  api: Api;
  strict: boolean;
  headers: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string | string[]>>;
  /** The URL's project (Vertex), to check a credential bound to another project. */
  project?: string | undefined;
  location?: string | undefined;
  /** RPC name, e.g. `CreateCachedContent`; `verb` is the IAM verb, e.g. `create`. */
  rpc: string;
  verb: string;
  version: string;
  /** `predict` for generateContent/countTokens (PredictionService / GenerativeService); default the cache service. */
  surface?: 'cache' | 'predict';
  /** The IAM resource a predict call names (the publisher model), for the 403 text. */
  resource?: string;
  /** The RPC service when it is neither the cache nor the predict service (`ModelService`, `LlmUtilityService`). */
  service?: string;
}

const DEVCONSOLE = 'See https://developers.google.com/identity/sign-in/web/devconsole-project.';

function secretOf(input: AuthInput): { secret: string; kind: 'token' | 'apiKey' } | undefined {
  const auth = input.headers.authorization;
  const bearer = auth ? /^Bearer\s+(.+)$/i.exec(auth)?.[1]?.trim() : undefined;
  if (bearer) return { secret: bearer, kind: 'token' };
  const key = input.headers['x-goog-api-key'] ?? (typeof input.query.key === 'string' ? input.query.key : undefined);
  if (key) return { secret: key, kind: 'apiKey' };
  return undefined;
}

/**
 * The 403 of a project whose API is turned off, as the real hosts write it (recorded by
 * googleapis/js-genai's system tests): ErrorInfo SERVICE_DISABLED, the message localized, a Help link.
 */
export function serviceDisabled(api: Api, project: string): GoogleError {
  const service = api === 'vertex' ? 'aiplatform.googleapis.com' : 'generativelanguage.googleapis.com';
  const title = api === 'vertex' ? 'Vertex AI API' : 'Generative Language API';
  const url = `https://console.developers.google.com/apis/api/${service}/overview?project=${project}`;
  const message = `${title} has not been used in project ${project} before or it is disabled. Enable it by visiting ${url} then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.`;
  return new GoogleError('PERMISSION_DENIED', message, [
    errorInfo('SERVICE_DISABLED', 'googleapis.com', {
      activationUrl: url,
      consumer: `projects/${project}`,
      containerInfo: project,
      service,
      serviceTitle: title,
    }),
    { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'en-US', message },
    { '@type': 'type.googleapis.com/google.rpc.Help', links: [{ description: 'Google developers console API activation', url }] },
  ]);
}

/**
 * Authenticates a request. Lenient mode lets any credential through; strict mode (or any seeded
 * credential) answers as the real hosts do: Vertex 401 UNAUTHENTICATED / 403 PERMISSION_DENIED,
 * the Gemini API 403 for no key and 400 API_KEY_INVALID for an unknown key.
 */
export function authenticate(state: ModelCacheState, input: AuthInput): Identity {
  const service = input.api === 'vertex' ? 'aiplatform.googleapis.com' : 'generativelanguage.googleapis.com';
  const predict = input.surface === 'predict';
  const method =
    input.api === 'vertex'
      ? `google.cloud.aiplatform.${input.version}.${input.service ?? (predict ? 'PredictionService' : 'GenAiCacheService')}.${input.rpc}`
      : `google.ai.generativelanguage.${input.version}.${input.service ?? (predict ? 'GenerativeService' : 'CacheService')}.${input.rpc}`;
  const found = secretOf(input);
  if (!found) {
    if (input.api === 'gemini')
      throw new GoogleError(
        'PERMISSION_DENIED',
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
        [errorInfo('CREDENTIALS_MISSING', 'googleapis.com', { service, method })],
      );
    throw new GoogleError(
      'UNAUTHENTICATED',
      `Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. ${DEVCONSOLE}`,
      [errorInfo('CREDENTIALS_MISSING', 'googleapis.com', { service, method })],
    );
  }
  // Own keys only: a secret such as 'constructor' must not find Object.prototype's members.
  const cred = Object.hasOwn(state.credentials, found.secret) ? state.credentials[found.secret] : undefined;
  if (cred?.serviceDisabled) throw serviceDisabled(input.api, cred.project ?? input.project ?? '0');
  if (!input.strict) return { label: cred?.label ?? 'unseeded', project: cred?.project ?? null };
  if (!cred) {
    if (found.kind === 'apiKey')
      throw new GoogleError('INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
        errorInfo('API_KEY_INVALID', 'googleapis.com', { service }),
        // The real answer also carries the message localized (recorded by googleapis/js-genai's system tests).
        { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'en-US', message: 'API key not valid. Please pass a valid API key.' },
      ]);
    throw new GoogleError(
      'UNAUTHENTICATED',
      `Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. ${DEVCONSOLE}`,
      [errorInfo('ACCESS_TOKEN_TYPE_UNSUPPORTED', 'googleapis.com', { service, method })],
    );
  }
  if (input.api === 'vertex' && cred.project !== null && input.project !== undefined && cred.project !== input.project) {
    const permission = predict ? 'aiplatform.endpoints.predict' : `aiplatform.cachedContents.${input.verb}`;
    const resource = input.resource ?? `projects/${input.project}/locations/${input.location ?? '-'}`;
    throw new GoogleError(
      'PERMISSION_DENIED',
      `Permission '${permission}' denied on resource '//aiplatform.googleapis.com/${resource}' (or it may not exist).`,
      [errorInfo('IAM_PERMISSION_DENIED', 'aiplatform.googleapis.com', { permission, resource })],
    );
  }
  return { label: cred.label, project: cred.project };
}
