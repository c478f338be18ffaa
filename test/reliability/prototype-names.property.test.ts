/**
 * Prototype member names (`constructor`, `__proto__`, ...) in path parameters are ordinary unknown
 * names, in-process (the property: suites/prototype-names.ts; server.property.test.ts sends the same
 * requests over HTTP).
 */
import { afterAll } from 'vitest';
import { stats } from './harness.js';
import { definePrototypeNameProperties } from './suites/prototype-names.js';
import { inProcess } from './transport.js';

afterAll(() => console.log(`[reliability] prototype names: ${stats.requests} request pairs`));

definePrototypeNameProperties(inProcess);
