/** `stuntdouble/scenarios`: every named scenario and the helper to define more. */
export { scenarios, defineScenario } from '../scenarios/index.js';
export type { Scenario, ScenarioDefinition, ScenarioFactory, ScenarioName } from '../scenarios/index.js';
export { renderScenarioCatalog, describeOptions } from '../scenarios/catalog-doc.js';
export { serviceErrorFor } from '../scenarios/faults.js';
export type { FaultHandle } from '../scenarios/faults.js';
