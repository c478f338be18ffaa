import { codeHostingScenarios } from './code-hosting.js';
import { codeHostingCatalogScenarios } from './code-hosting-catalog.js';
import { faultScenarios } from './faults.js';
import { modelCacheScenarios } from './model-cache.js';
import { socialGraphScenarios } from './social-graph.js';
import { socialGraphAudienceScenarios } from './social-graph-audiences.js';
import { typoProxy } from '../util/typo-proxy.js';

export { defineScenario } from './define.js';
export type { Scenario, ScenarioDefinition, ScenarioFactory } from './define.js';

/**
 * Every named scenario, by name: `fakes.apply(scenarios.importNeedsAuth({ owner, repo }))`. A name it
 * does not have (`scenarios.importNeedAuth`) throws an `UnknownNameError` with the nearest names, also
 * in plain JavaScript; `Object.keys(scenarios)` lists them all.
 */
export const scenarios = typoProxy(
  {
    ...codeHostingScenarios,
    ...codeHostingCatalogScenarios,
    ...socialGraphScenarios,
    ...socialGraphAudienceScenarios,
    ...modelCacheScenarios,
    ...faultScenarios,
  },
  'scenario',
  'scenarios',
);

/** The names of every scenario. */
export type ScenarioName = keyof typeof scenarios;
