import { codeHostingScenarios } from './code-hosting.js';
import { codeHostingCatalogScenarios } from './code-hosting-catalog.js';
import { faultScenarios } from './faults.js';
import { modelCacheScenarios } from './model-cache.js';
import { socialGraphScenarios } from './social-graph.js';
import { socialGraphAudienceScenarios } from './social-graph-audiences.js';

export { defineScenario } from './define.js';
export type { Scenario, ScenarioDefinition, ScenarioFactory } from './define.js';

/** Every named scenario, by name: `fakes.apply(scenarios.importNeedsAuth({ owner, repo }))`. */
export const scenarios = {
  ...codeHostingScenarios,
  ...codeHostingCatalogScenarios,
  ...socialGraphScenarios,
  ...socialGraphAudienceScenarios,
  ...modelCacheScenarios,
  ...faultScenarios,
};

/** The names of every scenario. */
export type ScenarioName = keyof typeof scenarios;
