/**
 * stuntdouble: in-process, stateful fakes of GitHub REST, Facebook Graph and Vertex AI / Gemini
 * cachedContents, for unit tests that drive the real SDKs.
 * @packageDocumentation
 */
export { createFakes, describeFakes } from '../create-fakes.js';
export type { AppliedScenario, Calls, Fakes, FakesSnapshot, FakesState, HandledResponse } from '../create-fakes.js';
export type { CodeHostingRoute, KnownRoute, ModelCacheRoute, RouteKey, RoutesByService, SocialGraphRoute } from '../fakes/route-keys.js';
export type { BodyOf, RouteBodies } from '../fakes/route-bodies.js';
export type { FakesOptions, ResolvedFakesOptions, ServiceOptions } from '../options.js';
export {
  StuntdoubleError,
  UnknownNameError,
  RouteExistsError,
  UnhandledRequestError,
  NotInstalledError,
  UninterceptableRequestError,
  UnsupportedNockError,
  FakeInternalError,
} from '../errors.js';
export type { FakeFailure } from '../errors.js';
export type { OnUnhandledRequest, UnhandledRequest, UnhandledRequestCallback, UnhandledPrint, UnhandledStrategy } from '../http/interception.js';
export { scenarios, defineScenario } from '../scenarios/index.js';
export type { Scenario, ScenarioDefinition, ScenarioFactory, ScenarioName } from '../scenarios/index.js';
export { CallList } from '../store/journal.js';
export type { CallFilter, RecordedCall } from '../store/journal.js';
export type { Clock, ClockOption } from '../store/clock.js';
export { parseDuration } from '../store/duration.js';
export type { Duration } from '../store/duration.js';
export type { FakeResponse } from '../http/response.js';
export type { RawRequest, FakeRequest, UploadedFile } from '../http/request.js';
export type { OverrideHandler, FaultHook, FaultDecision, FaultProbe } from '../http/dispatch.js';
export type { FakeFetch } from '../http/transport-fetch.js';
export type { ServiceName } from '../fakes/service-name.js';
export type { RouteContext, AuthMode } from '../fakes/service.js';
export { REDACTED } from '../http/redact.js';
export { assertReceived, assertReceivedTimes, assertNoUnmatched } from '../assert/index.js';
export type { ReceivedExpectation } from '../assert/index.js';
