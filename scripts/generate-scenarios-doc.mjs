// Writes docs/scenarios.md from the scenario definitions of the built package (run `npm run build` first).
import { writeFileSync } from 'node:fs';
import { renderScenarioCatalog, scenarios } from 'stuntdouble/scenarios';

writeFileSync(new URL('../docs/scenarios.md', import.meta.url), renderScenarioCatalog(scenarios));
console.log(`docs/scenarios.md: ${Object.keys(scenarios).length} scenarios`);
