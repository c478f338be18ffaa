/**
 * `stuntdouble/server`: the fakes on a real port, for clients in any language and end-to-end tests.
 * @example
 * import { createFakes } from 'stuntdouble';
 * import { serve } from 'stuntdouble/server';
 * const server = await serve(createFakes(), { port: 0 });
 * // point a client at server.baseUrls.github, then: await server.close();
 * @packageDocumentation
 */
export { serve } from '../server/serve.js';
export type { ServeOptions, ServerBaseUrls, StuntdoubleServer } from '../server/serve.js';
export { SERVER_PREFIXES } from '../server/services.js';
export { loadSeedFile } from '../server/seed-file.js';
export type { SeedFunction } from '../server/seed-file.js';
