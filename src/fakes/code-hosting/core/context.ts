import type { RouteContext, ServiceHost } from '../../service.js';
import type { CodeHostingOptions } from './options.js';
import type { CodeHostingState } from '../state.js';

/** The route context of the code hosting fake. */
export type GitHubRouteContext = RouteContext<CodeHostingState, CodeHostingOptions>;
/** The host (facade/scenario side) of the code hosting fake. */
export type GitHubHost = ServiceHost<CodeHostingState, CodeHostingOptions>;
