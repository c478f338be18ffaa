/**
 * Every write route answers a malformed JSON body with its service's own parse error and changes
 * nothing, in-process (the property: suites/bad-json.ts; server.property.test.ts sends the same
 * requests over HTTP).
 */
import { afterAll } from 'vitest';
import { stats } from './harness.js';
import { defineBadJsonProperties } from './suites/bad-json.js';
import { inProcess } from './transport.js';

afterAll(() => console.log(`[reliability] bad JSON: ${stats.requests} requests to write routes`));

defineBadJsonProperties(inProcess);
