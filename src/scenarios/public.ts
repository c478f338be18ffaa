/** `stuntdouble/scenarios`: every named scenario and the helper to define more. */
export { scenarios, defineScenario } from './index.js';
export type { Scenario, ScenarioDefinition, ScenarioFactory, ScenarioName } from './index.js';
export { renderScenarioCatalog, describeOptions } from './catalog-doc.js';
export { serviceErrorFor } from './faults.js';
export type { FaultHandle } from './faults.js';
