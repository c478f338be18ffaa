import type { ServiceHost } from '../../service.js';
import type { SocialGraphOptions } from '../options.js';
import type { SocialGraphState } from '../state.js';

/** The service host of a fakes instance, found from its resolved options object (shared by host and request contexts). */
const HOSTS = new WeakMap<object, ServiceHost<SocialGraphState, SocialGraphOptions>>();

/** Remembers the host of an instance (called by the facade builder). */
export function rememberHost(host: ServiceHost<SocialGraphState, SocialGraphOptions>): void {
  HOSTS.set(host.options as object, host);
}

/**
 * The instance host behind a request context: post-commit work (webhook results) must change state
 * through it, since a request's own `update` may run only once.
 */
export function hostOf(ctx: { options: SocialGraphOptions }): ServiceHost<SocialGraphState, SocialGraphOptions> {
  const host = HOSTS.get(ctx.options as object);
  if (!host) throw new Error('stuntdouble bug: social graph host not registered');
  return host;
}
