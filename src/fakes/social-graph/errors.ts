import { json } from '../../http/response.js';
import type { FakeResponse } from '../../http/response.js';

/** Graph error types seen on the wire. */
export type GraphErrorType = 'OAuthException' | 'GraphMethodException' | 'FacebookApiException' | 'IGApiException';

/** Optional parts of a Graph error. */
export interface GraphErrorExtra {
  subcode?: number;
  type?: GraphErrorType;
  /** HTTP status; defaults by code (400, 403 for rate limits, 500 for 1/2). */
  status?: number;
  userTitle?: string;
  userMsg?: string;
  isTransient?: boolean;
  headers?: Record<string, string>;
}

const TRANSIENT = new Set([1, 2, 4, 17, 32, 341, 613, 80001, 80002, 80003, 80004, 80005, 80006, 80008, 80009, 80014]);

/** A Graph API error; `message` is given without the `(#code) ` prefix, which rendering adds. */
export class GraphError extends Error {
  readonly isServiceError = true;
  constructor(
    readonly code: number,
    message: string,
    readonly extra: GraphErrorExtra = {},
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

/** The HTTP status Graph uses for an error code. */
export function graphStatus(code: number): number {
  if (code === 1 || code === 2) return 500;
  if (code === 190 || code === 102) return 400;
  if (TRANSIENT.has(code)) return 403;
  return 400;
}

/**
 * The message as the `WWW-Authenticate` header carries it: every piece of the request that the message
 * quotes (an id, a `fields=` value, a parameter) replaced by `...`, and at most 512 characters. Input is
 * never echoed into a header: a 100,000-character id there made clients drop the connection.
 */
export function headerMessage(message: string, inputs: readonly string[]): string {
  let out = message;
  // Longest first, so a value containing a shorter one is replaced whole.
  for (const input of [...inputs].sort((a, b) => b.length - a.length)) if (input.length >= 3 && out.includes(input)) out = out.split(input).join('...');
  return out.length > 512 ? `${out.slice(0, 509)}...` : out;
}

/** The one place Graph error bodies are built; `fbtraceId` comes from the request sequence; `inputs` are the request's strings (see {@link headerMessage}). */
export function renderGraphError(err: unknown, fbtraceId: string, inputs: readonly string[] = []): FakeResponse {
  const e = err instanceof GraphError ? err : new GraphError(1, 'An unknown error occurred', { type: 'OAuthException', isTransient: true });
  const prefixed = /^\(#\d+\)/.test(e.message) || e.code === 190 ? e.message : `(#${e.code}) ${e.message}`;
  const error: Record<string, unknown> = {
    message: prefixed,
    type:
      e.extra.type ??
      (e.code === 190 || e.code === 102 || TRANSIENT.has(e.code) || e.code === 200 || e.code === 10 ? 'OAuthException' : 'GraphMethodException'),
    code: e.code,
  };
  if (e.extra.subcode !== undefined) error.error_subcode = e.extra.subcode;
  if (e.extra.isTransient ?? TRANSIENT.has(e.code)) error.is_transient = true;
  if (e.extra.userTitle) error.error_user_title = e.extra.userTitle;
  if (e.extra.userMsg) error.error_user_msg = e.extra.userMsg;
  error.fbtrace_id = fbtraceId;
  return json(
    e.extra.status ?? graphStatus(e.code),
    { error },
    {
      'www-authenticate': `OAuth "Facebook Platform" "${error.type === 'OAuthException' ? 'invalid_token' : 'invalid_request'}" "${headerMessage(prefixed, inputs).replace(/"/g, "'")}"`,
      ...(e.extra.headers ?? {}),
    },
  );
}

/** A deterministic fbtrace id from the request sequence number. */
export function fbtraceId(seq: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let n = seq * 2654435761;
  let out = 'A';
  for (let i = 0; i < 10; i++) {
    out += alphabet[n % alphabet.length];
    n = Math.floor(n / alphabet.length) + i * 7919;
  }
  return out;
}

/** Graph's answer for a path that names no node or edge it knows. */
export function unsupportedRequest(method: string, id: string): GraphError {
  return new GraphError(
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    { subcode: 33, type: 'GraphMethodException' },
  );
}

/** Typed error factories for the Graph codes the fake answers; messages as the real service words them. */
export const graphErrors = {
  /** 104: no token at all. */
  missingToken: () => new GraphError(104, 'An access token is required to request this resource.', { type: 'OAuthException' }),
  /** 190: a token the service cannot read. */
  invalidToken: () => new GraphError(190, 'Invalid OAuth access token - Cannot parse access token', { type: 'OAuthException' }),
  /** 190/463: an expired token. */
  expiredToken: (at: Date) =>
    new GraphError(190, `Error validating access token: Session has expired on ${at.toUTCString()}. The current time is later.`, {
      type: 'OAuthException',
      subcode: 463,
    }),
  /** 190/460: an invalidated session. */
  invalidatedToken: () =>
    new GraphError(
      190,
      'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
      { type: 'OAuthException', subcode: 460 },
    ),
  /** 102: session key invalid. */
  sessionInvalid: () => new GraphError(102, 'Session key invalid or no longer valid', { type: 'OAuthException' }),
  /** 200: a permission the token lacks. */
  permission: (detail: string) => new GraphError(200, detail, { type: 'OAuthException' }),
  /**
   * 190: an edge that only a Page access token of the Page may read (user information, messaging), read
   * with a user or app token. Graph's own words and envelope (no subcode), as reported in
   * https://github.com/halsandr/Facebook_Connector/issues/1 and facebook-php-business-sdk#428.
   */
  pageTokenRequired: () => new GraphError(190, '(#190) This method must be called with a Page Access Token', { type: 'OAuthException' }),
  /** 10: a feature or permission needed for public Page data. */
  publicAccess: () =>
    new GraphError(
      10,
      "This endpoint requires the 'pages_read_engagement' permission or the 'Page Public Content Access' feature or the 'Page Public Metadata Access' feature. Refer to https://developers.facebook.com/docs/apps/review/login-permissions#manage-pages, https://developers.facebook.com/docs/apps/review/feature#reference-PAGES_ACCESS and https://developers.facebook.com/docs/apps/review/feature#page-public-metadata-access for details.",
      { type: 'OAuthException' },
    ),
  /** 100: a bad parameter. */
  param: (message: string, subcode?: number) => new GraphError(100, message, { type: 'OAuthException', ...(subcode ? { subcode } : {}) }),
  /** 100: an unknown field in `fields=`. */
  nonexistingField: (field: string, nodeType: string) =>
    new GraphError(100, `Tried accessing nonexisting field (${field}) on node type (${nodeType})`, { type: 'OAuthException' }),
  /** 2500: a `fields=` expression that does not parse. */
  syntax: (detail: string) => new GraphError(2500, `Syntax error "${detail}"`, { type: 'OAuthException' }),
  /**
   * 100: wrong appsecret_proof, in Graph's words and envelope (captured in
   * facebook/facebook-python-business-sdk#528: `GraphMethodException`, code 100, no subcode).
   */
  badProof: () => new GraphError(100, 'Invalid appsecret_proof provided in the API argument', { type: 'GraphMethodException' }),
  /** 104: the document's "Incorrect signature" (subscribed_apps, number verification): a wrong appsecret_proof there. */
  incorrectSignature: () => new GraphError(104, 'Incorrect signature', { type: 'OAuthException' }),
  /** 100: appsecret_proof required but missing. */
  proofRequired: () => new GraphError(100, 'API calls from the server require an appsecret_proof argument', { type: 'GraphMethodException' }),
  /** 270: development-level app. */
  developmentApp: () =>
    new GraphError(
      270,
      'This Ads API request is not allowed for apps with development access level (Development access is by default for all apps, please request for upgrade). Make sure that the access token belongs to a user that is both admin of the app and admin of the ad account',
      {
        type: 'OAuthException',
      },
    ),
};

/** Messages of codes that only a seeded condition triggers (`seed.failure`), as the service words them. */
export const CODE_MESSAGES: Readonly<Record<number, string>> = {
  1: 'An unknown error occurred',
  2: 'An unexpected error has occurred. Please retry your request later.',
  102: 'Session key invalid or no longer valid',
  104: 'Incorrect signature',
  105: 'The number of parameters exceeded the maximum for this operation',
  160: 'Invalid geolocation type',
  192: 'Invalid phone number',
  210: 'User not visible',
  230: 'Permissions disallow message to user',
  283: 'Requires extended permission: business_management',
  320: 'Photo edit failure',
  368: 'The action attempted has been deemed abusive or is otherwise disallowed',
  371: 'Invalid page location update',
  374: 'Invalid store location descriptor',
  375: 'Store location descriptor required',
  413: 'Invalid password',
  415: 'Two factor authentication required. User have to enter a code from SMS or TOTP code generator to pass 2fac. This could happen when accessing a 2fac-protected asset like a page that is owned by a 2fac-protected business manager.',
  551: "This person isn't available right now.",
  613: 'Calls to this api have exceeded the rate limit.',
  3944: 'Your Business Manager already has access to this object.',
  3977: 'To claim a Page in Business Manager, you must already be an Admin of the Page.',
  3982: 'You do not have sufficient permissions to import this asset into the given Business Manager.',
  42001: 'This Page can’t be added to your business because it’s linked to an Instagram business profile.',
  80001:
    'There have been too many calls to this Page account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
  80002:
    'There have been too many calls to this Instagram account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
  80005:
    'There have been too many leadgen api calls to this Page account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
  80006:
    'There have been too many messenger api calls to this Page account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#pages-messenger-api-rate-limit.',
};

/** A Graph error for a code with its known message (or the given one). */
export function codeError(code: number, message?: string | null, subcode?: number | null): GraphError {
  return new GraphError(code, message ?? CODE_MESSAGES[code] ?? 'An unknown error occurred', subcode ? { subcode } : {});
}
