import { SERVICE_NAMES, type ServiceName } from '../fakes/service-name.js';
import { didYouMean } from './nearest.js';

/** Where each fake answers on a server, as path prefixes of the server's origin. */
export const SERVER_PREFIXES: Readonly<Record<ServiceName, readonly string[]>> = {
  // GitHub REST at /github; GHES-style clients (gh, PyGithub's enterprise habits) add /api/v3.
  // Archive redirects (tarball/zipball) point at the origin's /_codeload, log and artifact redirects
  // at its /_logs, as on GHES.
  codeHosting: ['/github', '/github/api/v3', '/_codeload', '/_logs'],
  socialGraph: ['/graph'],
  // The model cache speaks Vertex AI at /vertex and the Gemini API at /gemini (see apiOf).
  modelCache: ['/vertex', '/gemini'],
};

/** The spellings `--service` and `serve({ services })` accept for each fake. */
const SPELLINGS: Readonly<Record<string, ServiceName>> = {
  codeHosting: 'codeHosting',
  'code-hosting': 'codeHosting',
  github: 'codeHosting',
  socialGraph: 'socialGraph',
  'social-graph': 'socialGraph',
  graph: 'socialGraph',
  modelCache: 'modelCache',
  'model-cache': 'modelCache',
  vertex: 'modelCache',
  gemini: 'modelCache',
};

/** Reads a service name in any accepted spelling; throws a named error with the nearest spelling. */
export function parseServiceName(raw: string): ServiceName {
  const name = serviceOrUndefined(raw.trim());
  if (name) return name;
  throw new TypeError(`stuntdouble: unknown service '${raw}'.${didYouMean(raw, Object.keys(SPELLINGS))} Services: ${SERVICE_NAMES.join(', ')}`);
}

/** Reads a service name in a URL segment of the admin API (same spellings). */
export function serviceOrUndefined(raw: string): ServiceName | undefined {
  // Own spellings only: `__proto__`, `constructor` or `hasOwnProperty` name no service.
  return Object.hasOwn(SPELLINGS, raw) ? SPELLINGS[raw] : undefined;
}

/** Every spelling, for hints. */
export const SERVICE_SPELLINGS: readonly string[] = Object.keys(SPELLINGS);
