import { createHmac } from 'node:crypto';

// Graph's HMAC signatures, apart from the models that check and send them: `stuntdouble/social-graph`
// exports them without loading those (see src/fakes/lazy-service.ts).

/** The `appsecret_proof` of a token: hex HMAC-SHA256 of the token keyed with the app secret. */
export function appSecretProof(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

/** The signature header value: `sha256=` + hex HMAC-SHA256 of the exact body with the app secret. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
