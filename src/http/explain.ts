import { type FakeFailure, UnhandledRequestError } from '../errors.js';
import type { FakeResponse } from './response.js';
import { hasLiteral } from './route-index.js';
import { type BaseUrl, type ServiceEntry, safePrepared } from './services.js';

// Blaming and explaining failures: who failed (the fake, an override, a fault hook), and why a request
// matched nothing (a prefix the base URL lacks, a client built for another API, a host no fake serves).

/** Service errors carry a `service` brand; anything else thrown inside a fake is a bug in the fake. */
export function isServiceError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { isServiceError?: unknown }).isServiceError === true;
}

/** A thrown value as a message (and its stack, when it has one). */
export function describeError(err: unknown): { message: string; stack?: string } {
  if (err instanceof Error) return { message: err.message, ...(err.stack ? { stack: err.stack } : {}) };
  return { message: String(err) };
}

/** A header value: one line of printable ASCII. */
export function asciiHeader(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 2000);
}

/**
 * Adds the diagnosis to the message of a not-found answer, in the service's envelope (GitHub's
 * `message`, Graph's and Google's `error.message`): `Not Found (stuntdouble: no route ...)`.
 */
export function withExplanation(res: FakeResponse, text: string): FakeResponse {
  const body = res.body;
  if (!body || typeof body !== 'object' || body instanceof Uint8Array) return res;
  const b = body as Record<string, unknown>;
  const error = b.error as { message?: unknown } | undefined;
  if (error && typeof error === 'object' && typeof error.message === 'string')
    return { ...res, body: { ...b, error: { ...error, message: `${error.message} (${text})` } } };
  if (typeof b.message === 'string') return { ...res, body: { ...b, message: `${b.message} (${text})` } };
  return res;
}

const SOURCE_TEXT: Record<FakeFailure['source'], string> = {
  override: 'an override handler (fakes.override)',
  route: 'a custom route handler (fakes.route)',
  fault: 'a fault hook or scenario',
  fake: 'stuntdouble itself (a bug in the fake)',
  guard: 'the guard',
  connection: 'a connection no fake could intercept',
};

/**
 * Keeps the service's 500 envelope but says in its message who failed: the fake, not the service,
 * so a test reading the error (or a log) does not chase a real outage.
 */
export function blameTheFake(res: FakeResponse, source: FakeFailure['source'], request: string, message: string): FakeResponse {
  const text = `stuntdouble: ${SOURCE_TEXT[source]} threw while answering ${request}: ${message}. This is an error in the fake or the test setup, not an answer of the real service; it is listed in fakes.errors and fails the test at uninstall().`;
  const body = res.body;
  const headers = { ...(res.headers ?? {}), 'x-stuntdouble-error': source };
  if (body && typeof body === 'object' && !(body instanceof Uint8Array)) {
    const b = body as Record<string, unknown>;
    if (b.error && typeof b.error === 'object' && typeof (b.error as { message?: unknown }).message === 'string')
      return { ...res, headers, body: { ...b, error: { ...(b.error as object), message: text } } };
    if (typeof b.message === 'string') return { ...res, headers, body: { ...b, message: text } };
  }
  return { ...res, headers };
}

/** The routes worth suggesting for a request to `url` (those of the API it speaks), out of a service's listed routes. */
export function suggestable(
  entry: ServiceEntry,
  url: URL,
  base: BaseUrl,
  all: ReadonlyArray<{ method: string; template: string }>,
): ReadonlyArray<{ method: string; template: string }> {
  const suggests = entry.def.suggests;
  if (!suggests) return all;
  const own = all.filter((r) => suggests(url, base.href, r.template));
  return own.length ? own : all;
}

/** One line on why a request on a faked base URL matched nothing, when there is an obvious reason. */
export function likelyCause(entry: ServiceEntry, base: BaseUrl, method: string, path: string): string {
  const segs = path.split('/').filter(Boolean);
  for (let cut = 1; cut <= Math.min(2, segs.length - 1); cut++) {
    const rest = `/${segs.slice(cut).join('/')}`;
    const m = entry.router.match(method, rest);
    if (m.kind !== 'match') continue;
    // A template of bare parameters (Graph's `/{id}/{edge}`) matches anything: no evidence of a prefix.
    if (!hasLiteral(m.match.template)) continue;
    const prefix = `/${segs.slice(0, cut).join('/')}`;
    const ghes = prefix === '/api/v3' ? ' (a GitHub Enterprise Server prefix)' : '';
    return `the path starts with '${prefix}'${ghes}, which the base URL ${base.href} does not have: point the client at ${base.href}, or add '${base.origin}${base.prefix}${prefix}' to createFakes({ ${entry.def.name}: { baseUrls } })`;
  }
  if (entry.def.name === 'modelCache') {
    const vertexPath = /^\/v1(beta1)?\/projects\//.test(path);
    const geminiHost = base.origin.includes('generativelanguage');
    const env = process.env.GOOGLE_GENAI_USE_VERTEXAI;
    if (vertexPath && geminiHost)
      return `a Vertex AI path on the Gemini API host: the client was built for Vertex AI but sent to ${base.origin} (GOOGLE_GENAI_USE_VERTEXAI=${env ?? 'unset'}; check vertexai/baseUrl options)`;
    if (!vertexPath && !geminiHost && /^\/v1(beta1?|alpha)?\/(cachedContents|models)/.test(path)) {
      // @google/genai with vertexai on and an API key but no project/location: Vertex AI express mode, Gemini-shaped paths.
      if (/^(1|true)$/i.test(env ?? ''))
        return `a Gemini API path (no /projects/{project}/locations/{location}) on the Vertex AI host ${base.origin}: GOOGLE_GENAI_USE_VERTEXAI=${env} with an API key and no project and location makes @google/genai use Vertex AI express mode, which sends Gemini-shaped paths; set project and location (GOOGLE_CLOUD_PROJECT, GOOGLE_CLOUD_LOCATION), or unset GOOGLE_GENAI_USE_VERTEXAI to call the Gemini API`;
      return `a Gemini API path on a Vertex AI host: the client was built for the Gemini API but sent to ${base.origin} (GOOGLE_GENAI_USE_VERTEXAI=${env ?? 'unset'}; with Vertex AI set project and location)`;
    }
  }
  return '';
}

/** One line on why a URL on no faked base URL may have been meant for a fake (GHES prefix, a missing base URL). */
export function hostHint(entries: readonly ServiceEntry[], url: URL): string {
  const segs = url.pathname.split('/').filter(Boolean);
  for (const entry of entries) {
    for (let cut = 0; cut <= Math.min(2, segs.length - 1); cut++) {
      const rest = `/${segs.slice(cut).join('/')}`;
      const path = entry.def.prepare ? safePrepared(entry.def, url, rest) : rest;
      const m = entry.router.match('GET', path);
      const matched = m.kind === 'match' ? m.match.template : m.kind === 'method-not-allowed' ? m.template : '';
      // A template of bare parameters (Graph's `/{id}/{edge}`) matches anything: no evidence.
      if (!hasLiteral(matched)) continue;
      const base = `${url.origin}${cut ? `/${segs.slice(0, cut).join('/')}` : ''}`;
      return `It looks like a ${entry.def.title} request on a host no fake serves: to fake it, add '${base}' to createFakes({ ${entry.def.name}: { baseUrls: [...] } }) (now ${entry.baseUrls
        .filter((b) => !b.companion)
        .map((b) => b.href)
        .join(', ')}).`;
    }
  }
  return '';
}

/** The error for a URL on a faked origin but outside every base URL (e.g. a GHES path without its /api/v3 prefix). */
export function unservedError(entries: readonly ServiceEntry[], method: string, url: URL): Error {
  const bases = entries.flatMap((e) => e.baseUrls.filter((b) => b.origin === url.origin).map((b) => b.href));
  return new UnhandledRequestError(
    `stuntdouble: ${method} ${url.origin}${url.pathname} is on a faked host but outside its base URLs (${bases.join(', ')}); it was refused so it could not reach the real service. Check the client's base URL (a GitHub Enterprise Server client needs the /api/v3 prefix).`,
  );
}
