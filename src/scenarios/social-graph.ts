/** Scenarios of this area, by name. */
export const socialGraphScenarios = {};
