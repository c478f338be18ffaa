/** `stuntdouble/scenarios`: every named scenario and the helper to define more. */
export { scenarios, defineScenario } from './index.js';
export type { Scenario, ScenarioDefinition, ScenarioFactory, ScenarioName } from './index.js';
