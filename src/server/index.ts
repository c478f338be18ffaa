/**
 * `stuntdouble/server`: the fakes on a real port, for clients in any language and end-to-end tests.
 * @example
 * import { createFakes } from 'stuntdouble';
 * import { serve } from 'stuntdouble/server';
 * const server = await serve(createFakes(), { port: 0 });
 * // point a client at server.baseUrls.github, then: await server.close();
 * @packageDocumentation
 */
export { serve } from './serve.js';
export type { ServeOptions, ServerBaseUrls, StuntdoubleServer } from './serve.js';
export { SERVER_PREFIXES } from './services.js';
export { loadSeedFile } from './seed-file.js';
export type { SeedFunction } from './seed-file.js';
