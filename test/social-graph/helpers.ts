import bizSdk from 'facebook-nodejs-business-sdk';
import { expect } from 'vitest';

/** The versioned Graph base the Business SDK uses. */
export const BASE = 'https://graph.facebook.com/v24.0';

/** Points the Business SDK at a token (crash reporter off). */
export function sdk(token: string): typeof bizSdk {
  bizSdk.FacebookAdsApi.init(token, 'en_US', false);
  return bizSdk;
}

/** What a plain-fetch call answered. */
export interface Answer {
  status: number;
  body: Record<string, unknown> & { error?: { message: string; code: number; type: string; error_subcode?: number; fbtrace_id: string } };
  headers: Headers;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
}

/** A form-encoded POST/DELETE with `access_token` in the body, as non-SDK Graph clients send it. */
export async function form(method: 'POST' | 'DELETE', path: string, params: Record<string, string>, token?: string): Promise<Answer> {
  const body = new URLSearchParams({ ...params, ...(token !== undefined ? { access_token: token } : {}) });
  return answer(await fetch(`${BASE}${path}`, { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }));
}

/** A GET with the token in the query (or none). */
export async function get(path: string, query: Record<string, string> = {}, token?: string, base = BASE): Promise<Answer> {
  const q = new URLSearchParams({ ...query, ...(token !== undefined ? { access_token: token } : {}) });
  return answer(await fetch(`${base}${path}?${q}`));
}

/** The Graph error of a rejected SDK call: `{ status, code, subcode, message, type }`. */
export async function sdkError(p: Promise<unknown>): Promise<{ status: number; code: number; subcode?: number; message: string; type: string; name: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { name: string; status: number; response: { code: number; error_subcode?: number; message: string; type: string } };
    return {
      name: err.name,
      status: err.status,
      code: err.response?.code,
      subcode: err.response?.error_subcode,
      message: err.response?.message,
      type: err.response?.type,
    };
  }
  throw new Error('expected the SDK call to fail');
}

/** A Graph error as the Business SDK throws it (`FacebookRequestError`). */
export interface GraphErr {
  name: string;
  status: number;
  headers?: Record<string, string>;
  response: {
    code: number;
    error_subcode?: number;
    message: string;
    error_user_title?: string;
    error_user_msg?: string;
    type?: string;
    is_transient?: boolean;
  };
}

/** Awaits a call that must fail with a `FacebookRequestError` and returns it. */
export async function fbError(p: Promise<unknown>): Promise<GraphErr> {
  try {
    await p;
  } catch (e) {
    const err = e as GraphErr;
    expect(err.name).toBe('FacebookRequestError');
    return err;
  }
  throw new Error('expected the call to fail with a FacebookRequestError');
}
